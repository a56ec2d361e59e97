import { NewClientScreen } from '../../features/clients/components/client-form-screen.tsx';

export function NewClientRoute() {
  return <NewClientScreen />;
}
