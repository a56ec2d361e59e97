import { UsersScreen } from '../../features/users/components/users-screen.tsx';

export function UsersRoute() {
  return <UsersScreen />;
}
