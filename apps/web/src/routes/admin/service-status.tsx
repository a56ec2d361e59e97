import { ServiceStatusScreen } from '../../features/service-status/components/service-status-screen.tsx';

export function ServiceStatusRoute() {
  return <ServiceStatusScreen />;
}
