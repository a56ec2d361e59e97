import { toRegisterPayload } from '@lexpath/shared/schemas/registration';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useRegisterMutation } from '../api.ts';
import { ConfirmIdentityMessage } from './confirm-identity-message.tsx';
import { RegistrationForm } from './registration-form.tsx';

/** The registration page: the form, then the request to open the link sent to the PEC. */
export function RegistrationScreen() {
  const mutation = useRegisterMutation();
  const navigate = useNavigate();

  if (mutation.isSuccess) {
    return <ConfirmIdentityMessage onBack={() => void navigate(PATHS.login)} />;
  }
  return (
    <RegistrationForm
      pending={mutation.isPending}
      errorMessage={mutation.isError ? errorMessage(mutation.error) : null}
      onSubmit={(form) => mutation.mutate(toRegisterPayload(form))}
    />
  );
}
