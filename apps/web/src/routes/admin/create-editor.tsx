import { CreateEditorScreen } from '../../features/users/components/create-editor-screen.tsx';

export function CreateEditorRoute() {
  return <CreateEditorScreen />;
}
