import { it as msg } from '@lexpath/shared/messages/it';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

const VALID_TOKEN = 'token-valido';

/** What the API did: recovery mails queued, and the password each reset left behind. */
let mailsTo: string[];
let newPassword: string | null;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    ...appConfigRoute,
    'POST /api/auth/forgot-password': (_request, body) => {
      mailsTo.push((body as { pec: string }).pec);
      return { body: { data: null } };
    },
    'POST /api/auth/reset-password': (request, body) => {
      const token = new URL(request.url ?? '', api.origin).searchParams.get('token');
      if (token !== VALID_TOKEN) return apiError(422, msg.account.resetPasswordExpired);
      newPassword = (body as { password: string }).password;
      return { body: { data: null } };
    },
  });
  pointPageAt(api.origin);
});

beforeEach(() => {
  mailsTo = [];
  newPassword = null;
});

afterAll(async () => {
  await api.close();
});

async function open(path: string, title: string) {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: title });
  return { user, ...view };
}

describe('forgot password', () => {
  it('validates the PEC', async () => {
    const { user } = await open('/recupero-password', 'Recupero password');

    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();

    await user.type(screen.getByLabelText('PEC'), 'non-una-pec');
    expect(await screen.findByText('Indirizzo PEC non valido.')).toBeVisible();
    expect(mailsTo).toEqual([]);
  });

  it('says the e-mail with the instructions was sent', async () => {
    const { user } = await open('/recupero-password', 'Recupero password');

    await user.type(screen.getByLabelText('PEC'), 'avvocato@pec.it');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Controlla la tua PEC' }),
    ).toBeVisible();
    expect(screen.getByText(/e-mail con le istruzioni/)).toBeVisible();
    expect(mailsTo).toEqual(['avvocato@pec.it']);
  });

  it('goes back to login with Annulla', async () => {
    const { user, router } = await open('/recupero-password', 'Recupero password');

    await user.click(screen.getByRole('button', { name: 'Annulla' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('reset password', () => {
  const password = () => screen.getByLabelText('Nuova password');
  const confirmation = () => screen.getByLabelText('Conferma la nuova password');

  it('rejects a weak password and a confirmation that does not match', async () => {
    const { user } = await open(`/reset-password?token=${VALID_TOKEN}`, 'Reset password');

    await user.type(password(), 'debole');
    await user.type(confirmation(), 'Diversa2026!');
    await user.tab();

    expect(
      await screen.findByText('La password non rispetta i requisiti minimi di sicurezza.'),
    ).toBeVisible();
    expect(await screen.findByText('Le password non combaciano')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Conferma' }));
    expect(newPassword).toBeNull();
  });

  it('sets the new password and offers the way to login', async () => {
    const { user, router } = await open(`/reset-password?token=${VALID_TOKEN}`, 'Reset password');

    await user.type(password(), 'Nuova2026!');
    await user.type(confirmation(), 'Nuova2026!');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));

    expect(await screen.findByText('Hai impostato una nuova password.')).toBeVisible();
    expect(newPassword).toBe('Nuova2026!');

    await user.click(screen.getByRole('button', { name: 'Vai al login' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's reason when the link no longer works", async () => {
    const { user } = await open('/reset-password?token=scaduto', 'Reset password');

    await user.type(password(), 'Nuova2026!');
    await user.type(confirmation(), 'Nuova2026!');
    await user.click(screen.getByRole('button', { name: 'Conferma' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset della password fallito' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(msg.account.resetPasswordExpired);
    expect(screen.getByRole('button', { name: 'Richiedi un nuovo link' })).toBeVisible();
  });

  it('shows the failure at once when the link carries no token', async () => {
    const resetsBefore = api.hits('POST /api/auth/reset-password');
    await open('/reset-password', 'Reset della password fallito');

    expect(screen.getByRole('alert')).toHaveTextContent(msg.account.resetPasswordInvalid);
    expect(screen.queryByLabelText('Nuova password')).not.toBeInTheDocument();
    expect(api.hits('POST /api/auth/reset-password')).toBe(resetsBefore);
  });
});
