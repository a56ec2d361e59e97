import { ResetPasswordScreen } from '../../features/auth/components/reset-password-screen.tsx';

export function ResetPasswordRoute() {
  return <ResetPasswordScreen />;
}
