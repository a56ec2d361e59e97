import {
  TryOutLayout,
  TryOutSummaryScreen,
} from '../../features/templates/components/try-out-screens.tsx';

export function TemplateSummaryRoute() {
  return (
    <TryOutLayout step={1}>
      <TryOutSummaryScreen />
    </TryOutLayout>
  );
}
