import { FlowLayout } from '../../features/purchase/components/flow-layout.tsx';
import { QuestionnaireScreen } from '../../features/purchase/components/questionnaire-screen.tsx';

export function QuestionnaireRoute() {
  return (
    <FlowLayout step={0}>
      <QuestionnaireScreen />
    </FlowLayout>
  );
}
