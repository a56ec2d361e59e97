import { DocumentDetailScreen } from '../../features/purchase/components/document-detail-screen.tsx';

export function DocumentDetailRoute() {
  return <DocumentDetailScreen />;
}
