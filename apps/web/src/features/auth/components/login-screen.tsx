import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { homePathFor } from '../../../lib/paths.ts';
import { useSessionStore } from '../../../lib/storage.ts';
import { classifyLoginError, useLoginMutation } from '../api.ts';
import { AccountSuspendedMessage } from './account-suspended-message.tsx';
import { ConfirmIdentityMessage } from './confirm-identity-message.tsx';
import { LoginForm } from './login-form.tsx';

/** The login page: the form, or the screen an account state leads to (SPEC §2). */
export function LoginScreen() {
  const mutation = useLoginMutation();
  const queryClient = useQueryClient();
  const signIn = useSessionStore((state) => state.signIn);
  const navigate = useNavigate();
  const failure = mutation.error ? classifyLoginError(mutation.error) : null;

  if (failure === 'verify-email') return <ConfirmIdentityMessage onBack={mutation.reset} />;
  if (failure === 'suspended') return <AccountSuspendedMessage onBack={mutation.reset} />;

  return (
    <LoginForm
      pending={mutation.isPending}
      errorMessage={failure === 'message' ? errorMessage(mutation.error) : null}
      onSubmit={(credentials) =>
        mutation.mutate(credentials, {
          onSuccess: ({ tokens, user }) => {
            // Nothing cached for a previous visitor may leak into this session.
            queryClient.clear();
            signIn(tokens, user);
            void navigate(homePathFor(user.role), { replace: true });
          },
        })
      }
    />
  );
}
