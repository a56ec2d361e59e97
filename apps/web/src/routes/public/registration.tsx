import { RegistrationScreen } from '../../features/auth/components/registration-screen.tsx';

export function RegistrationRoute() {
  return <RegistrationScreen />;
}
