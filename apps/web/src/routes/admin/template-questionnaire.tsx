import {
  TryOutLayout,
  TryOutQuestionnaireScreen,
} from '../../features/templates/components/try-out-screens.tsx';

export function TemplateQuestionnaireRoute() {
  return (
    <TryOutLayout step={0}>
      <TryOutQuestionnaireScreen />
    </TryOutLayout>
  );
}
