import { FlowLayout } from '../../features/purchase/components/flow-layout.tsx';
import { PreviewScreen } from '../../features/purchase/components/preview-screen.tsx';

export function PreviewRoute() {
  return (
    <FlowLayout step={2}>
      <PreviewScreen />
    </FlowLayout>
  );
}
