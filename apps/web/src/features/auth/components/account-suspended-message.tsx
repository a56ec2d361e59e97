import { Link, Text } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { MessageScreen } from '../../../components/feedback/message-screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';

const texts = itPublic.web.suspended;

/** SPEC §2: suspended under the terms; support answers only from the registered PEC. */
export function AccountSuspendedMessage({ onBack }: { onBack: () => void }) {
  const supportEmail = useAppConfig()?.supportEmail;
  return (
    <MessageScreen
      title={texts.title}
      action={
        <Button variant="secondary" onClick={onBack}>
          {texts.back}
        </Button>
      }
    >
      <Text>{texts.body}</Text>
      {supportEmail ? (
        <Text>
          {texts.contact}{' '}
          <Link href={`mailto:${supportEmail}`} color="navy.700" textDecoration="underline">
            {supportEmail}
          </Link>
        </Text>
      ) : (
        <Text>{texts.contactWithoutAddress}</Text>
      )}
    </MessageScreen>
  );
}
