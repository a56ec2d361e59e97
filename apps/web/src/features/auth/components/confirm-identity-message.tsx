import { Text } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { MessageScreen } from '../../../components/feedback/message-screen.tsx';
import { Button } from '../../../components/ui/button.tsx';

const texts = itPublic.web.confirmIdentity;

/** SPEC §2: the PEC is not confirmed yet; the link in the PEC message does it. */
export function ConfirmIdentityMessage({ onBack }: { onBack?: () => void }) {
  return (
    <MessageScreen
      title={texts.title}
      action={
        onBack ? (
          <Button variant="secondary" onClick={onBack}>
            {texts.back}
          </Button>
        ) : null
      }
    >
      <Text>{texts.body}</Text>
      <Text>{texts.next}</Text>
    </MessageScreen>
  );
}
