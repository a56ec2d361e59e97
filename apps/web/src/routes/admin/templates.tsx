import { TemplatesScreen } from '../../features/templates/components/templates-screen.tsx';

export function TemplatesRoute() {
  return <TemplatesScreen />;
}
