import { ContractsScreen } from '../../features/purchase/components/contracts-screen.tsx';

export function ContractsRoute() {
  return <ContractsScreen />;
}
