import { ClientsScreen } from '../../features/clients/components/clients-screen.tsx';

export function ClientsRoute() {
  return <ClientsScreen />;
}
