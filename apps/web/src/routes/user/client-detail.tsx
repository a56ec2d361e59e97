import { useParams } from 'react-router';
import { EditClientScreen } from '../../features/clients/components/client-form-screen.tsx';

export function ClientDetailRoute() {
  const { id = '' } = useParams();
  // A new client's form starts empty: another client's values never linger in it.
  return <EditClientScreen key={id} id={id} />;
}
