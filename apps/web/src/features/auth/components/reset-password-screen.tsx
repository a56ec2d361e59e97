import { Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useNavigate, useSearchParams } from 'react-router';
import { MessageScreen } from '../../../components/feedback/message-screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useResetPasswordMutation } from '../api.ts';
import { ResetPasswordForm } from './reset-password-form.tsx';

const texts = it.web.resetPassword;

/**
 * SPEC §2: the form submits only with the token of the mailed link. Without one the link is
 * broken, so the failure screen shows at once with the server's own "invalid link" text.
 */
export function ResetPasswordScreen() {
  const token = useSearchParams()[0].get('token') ?? '';
  const mutation = useResetPasswordMutation(token);
  const navigate = useNavigate();

  if (mutation.isSuccess) {
    return (
      <MessageScreen
        title={texts.successTitle}
        action={<Button onClick={() => void navigate(PATHS.login)}>{texts.toLogin}</Button>}
      >
        <Text>{texts.success}</Text>
      </MessageScreen>
    );
  }
  if (!token || mutation.isError) {
    return (
      <MessageScreen
        title={texts.failureTitle}
        action={
          <Button variant="secondary" onClick={() => void navigate(PATHS.forgotPassword)}>
            {texts.newLink}
          </Button>
        }
      >
        <Text role="alert">
          {token ? errorMessage(mutation.error) : it.account.resetPasswordInvalid}
        </Text>
      </MessageScreen>
    );
  }
  return (
    <ResetPasswordForm
      pending={mutation.isPending}
      onSubmit={({ password }) => mutation.mutate({ password })}
    />
  );
}
