import { LogoutScreen } from '../../features/auth/components/logout-screen.tsx';

export function LogoutRoute() {
  return <LogoutScreen />;
}
