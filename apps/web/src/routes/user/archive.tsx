import { ArchiveScreen } from '../../features/purchase/components/archive-screen.tsx';

export function ArchiveRoute() {
  return <ArchiveScreen />;
}
