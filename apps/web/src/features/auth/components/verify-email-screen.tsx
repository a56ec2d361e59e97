import { Center, Spinner, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { MessageScreen } from '../../../components/feedback/message-screen.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { verifyEmailQuery } from '../api.ts';

const texts = it.web.verifyEmail;

/** SPEC §2: confirms the PEC with the link's token as soon as the page opens. */
export function VerifyEmailScreen() {
  const token = useSearchParams()[0].get('token') ?? '';
  const verification = useQuery({ ...verifyEmailQuery(token), enabled: token !== '' });
  const navigate = useNavigate();
  const toLogin = <Button onClick={() => void navigate(PATHS.login)}>{texts.toLogin}</Button>;

  if (verification.isSuccess) {
    return (
      <MessageScreen title={texts.successTitle} action={toLogin}>
        <Text>{texts.successBody}</Text>
        <Text>{texts.successNext}</Text>
      </MessageScreen>
    );
  }
  if (!token || verification.isError) {
    return (
      <MessageScreen title={texts.failureTitle} action={toLogin}>
        <Text role="alert">
          {token ? errorMessage(verification.error) : it.account.verifyEmailInvalid}
        </Text>
      </MessageScreen>
    );
  }
  return (
    <>
      <PageTitle>{it.web.titles.verifyEmail}</PageTitle>
      <Center gap="12" role="status" minH="120">
        <Spinner size="md" color="navy.700" />
        <Text>{texts.inProgress}</Text>
      </Center>
    </>
  );
}
