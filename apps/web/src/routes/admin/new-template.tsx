import { MasterFormScreen } from '../../features/templates/components/master-form-screen.tsx';

export function NewTemplateRoute() {
  return <MasterFormScreen />;
}
