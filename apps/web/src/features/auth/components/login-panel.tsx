import { zodResolver } from '@hookform/resolvers/zod';
import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import { type TLogin, ZLogin } from '@lexpath/shared/schemas/login';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod/mini';
import { errorMessage } from '../../../lib/api-client.ts';
import { PageLink } from '../../../lib/page-navigation.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useSessionStore } from '../../../lib/storage.ts';
import { setPageTitle } from '../../../lib/use-page-title.ts';
import { classifyLoginError, login } from '../login-request.ts';
import { AccountSuspendedMessage } from './account-suspended-message.tsx';
import { ConfirmIdentityMessage } from './confirm-identity-message.tsx';
import './login-panel.css';
import { PlainErrorAlert } from './plain-alert.tsx';
import { PlainField } from './plain-field.tsx';

const texts = itPublic.web.login;

type LoginState =
  | { kind: 'form'; pending: boolean; error: string | null }
  | { kind: 'verify-email' }
  | { kind: 'suspended' };

const INITIAL: LoginState = { kind: 'form', pending: false, error: null };

export interface LoginPanelProps {
  /** Called once the session is stored: where the visitor goes next is the host's choice. */
  onSignedIn(user: TSessionUser): void;
}

/**
 * The login page's content (SPEC §2/§5): PEC and password validated on blur with the shared
 * schema, 360px wide; or the screen an account state leads to. Plain elements, no router, no
 * query cache: the same component is the stand-alone page /login (login-main.tsx, prerendered,
 * issue 13) and the app's /login route after a logout or a link.
 */
export function LoginPanel({ onSignedIn }: LoginPanelProps) {
  const [state, setState] = useState<LoginState>(INITIAL);
  const signIn = useSessionStore((store) => store.signIn);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TLogin, unknown, z.output<typeof ZLogin>>({
    mode: 'onBlur',
    resolver: zodResolver(ZLogin),
    defaultValues: { pec: '', password: '' },
  });
  // The messages set their own title; the form sets its own again on the way back.
  useEffect(() => {
    if (state.kind === 'form') setPageTitle(texts.title);
  }, [state.kind]);

  if (state.kind === 'verify-email')
    return <ConfirmIdentityMessage onBack={() => setState(INITIAL)} />;
  if (state.kind === 'suspended')
    return <AccountSuspendedMessage onBack={() => setState(INITIAL)} />;

  const submit = handleSubmit(async (credentials) => {
    setState({ kind: 'form', pending: true, error: null });
    try {
      const { tokens, user } = await login(credentials);
      signIn(tokens, user);
      onSignedIn(user);
    } catch (error) {
      const failure = classifyLoginError(error);
      setState(
        failure === 'message'
          ? { kind: 'form', pending: false, error: errorMessage(error) }
          : { kind: failure },
      );
    }
  });

  return (
    <div className="lp-panel">
      <h1 className="lp-title">{texts.title}</h1>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <div className="lp-stack">
          <PlainField
            label={texts.pec}
            type="email"
            autoComplete="username"
            required
            error={errors.pec?.message}
            {...register('pec')}
          />
          <PlainField
            label={texts.password}
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...register('password')}
          />
          <PageLink to={PATHS.forgotPassword} className="lp-link lp-link-end">
            {texts.forgotPassword}
          </PageLink>
          {state.error ? <PlainErrorAlert>{state.error}</PlainErrorAlert> : null}
          <button
            type="submit"
            className="lp-button lp-button-primary"
            disabled={state.pending}
            aria-busy={state.pending || undefined}
            data-loading={state.pending || undefined}
          >
            <span className="lp-button-label">{texts.submit}</span>
            {state.pending ? <span className="lp-spinner" aria-hidden="true" /> : null}
          </button>
          <p className="lp-center">
            {texts.noAccount}{' '}
            <PageLink to={PATHS.registration} className="lp-link lp-link-strong">
              {texts.register}
            </PageLink>
          </p>
        </div>
      </form>
    </div>
  );
}
