import { VerifyEmailScreen } from '../../features/auth/components/verify-email-screen.tsx';

export function VerifyEmailRoute() {
  return <VerifyEmailScreen />;
}
