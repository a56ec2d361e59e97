import {
  TryOutLayout,
  TryOutPreviewScreen,
} from '../../features/templates/components/try-out-screens.tsx';

export function TemplatePreviewRoute() {
  return (
    <TryOutLayout step={2}>
      <TryOutPreviewScreen />
    </TryOutLayout>
  );
}
