import { FlowLayout } from '../../features/purchase/components/flow-layout.tsx';
import { SummaryScreen } from '../../features/purchase/components/summary-screen.tsx';

export function SummaryRoute() {
  return (
    <FlowLayout step={1}>
      <SummaryScreen />
    </FlowLayout>
  );
}
