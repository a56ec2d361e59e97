import { UsersContractDetailScreen } from '../../features/users-contracts/components/users-contract-detail-screen.tsx';

export function UsersContractDetailRoute() {
  return <UsersContractDetailScreen />;
}
