import { UsersContractsScreen } from '../../features/users-contracts/components/users-contracts-screen.tsx';

export function UsersContractsRoute() {
  return <UsersContractsScreen />;
}
