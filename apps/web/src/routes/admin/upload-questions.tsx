import { QuestionEditorScreen } from '../../features/templates/components/question-editor-screen.tsx';

export function UploadQuestionsRoute() {
  return <QuestionEditorScreen />;
}
