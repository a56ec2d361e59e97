import { it as msg } from '@lexpath/shared/messages/it';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

const SUPPORT_EMAIL = 'assistenza@lexpath.test';

function signedIn(role: 'user' | 'editor' | 'admin', name: string) {
  return {
    headers: { authorization: `Bearer access-${role}`, refresh: `refresh-${role}` },
    body: {
      data: {
        id: `${role}-1`,
        name,
        surname: 'Rossi',
        status: 'confermato',
        role,
        newsletter: false,
      },
    },
  };
}

/** The API's answers per PEC, as the real server gives them. */
const LOGIN_ANSWERS: Record<string, ReturnType<typeof signedIn> | ReturnType<typeof apiError>> = {
  'avvocato@pec.it': signedIn('user', 'Giulia'),
  'editor@pec.it': signedIn('editor', 'Marco'),
  'admin@pec.it': signedIn('admin', 'Anna'),
  'nuovo@pec.it': apiError(403, msg.auth.emailNotVerified),
  'sospeso@pec.it': apiError(403, msg.auth.accountSuspended),
  'attesa@pec.it': apiError(403, msg.auth.accountPending),
};

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    'GET /api/app-config': () => ({
      body: {
        data: {
          supportEmail: SUPPORT_EMAIL,
          faqUrl: 'https://lexpath.test/faq',
          termsUrl: 'https://lexpath.test/termini',
          privacyUrl: 'https://lexpath.test/privacy',
        },
      },
    }),
    'POST /api/auth/login': (_request, body) => {
      const { pec } = body as { pec: string };
      return LOGIN_ANSWERS[pec] ?? apiError(401, msg.auth.invalidCredentials);
    },
  });
  pointPageAt(api.origin);
});

afterAll(async () => {
  await api.close();
});

async function openLogin() {
  const user = userEvent.setup();
  const { router } = renderApp('/login');
  await screen.findByRole('heading', { name: msg.web.login.title });
  return { user, router };
}

async function submitLogin(pec: string, password = 'Segreta1!') {
  const page = await openLogin();
  await page.user.type(screen.getByLabelText(/PEC/), pec);
  await page.user.type(screen.getByLabelText(/Password/), password);
  await page.user.click(screen.getByRole('button', { name: msg.web.login.submit }));
  return page;
}

describe('login form', () => {
  it('labels its fields and links to password recovery and registration', async () => {
    await openLogin();

    expect(screen.getByLabelText(/PEC/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Password dimenticata?' })).toHaveAttribute(
      'href',
      '/recupero-password',
    );
    expect(screen.getByRole('link', { name: msg.web.login.register })).toHaveAttribute(
      'href',
      '/registrazione',
    );
  });

  it('says a field is required when it is left empty', async () => {
    const { user } = await openLogin();

    await user.click(screen.getByLabelText(/PEC/));
    await user.tab();

    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();
  });

  it('rejects a PEC that is not an e-mail address on blur', async () => {
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/PEC/), 'mario.rossi');
    await user.tab();

    expect(await screen.findByText('Indirizzo PEC non valido.')).toBeVisible();
    expect(screen.getByLabelText(/PEC/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows both messages when submitted empty', async () => {
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: msg.web.login.submit }));

    expect(await screen.findAllByText('Campo obbligatorio.')).toHaveLength(2);
  });
});

describe('login outcomes', () => {
  it('shows wrong credentials under the form', async () => {
    await submitLogin('sconosciuto@pec.it');

    expect(await screen.findByRole('alert')).toHaveTextContent(msg.auth.invalidCredentials);
    expect(screen.getByRole('button', { name: msg.web.login.submit })).toBeEnabled();
  });

  it('shows an account awaiting approval under the form', async () => {
    await submitLogin('attesa@pec.it');

    expect(await screen.findByRole('alert')).toHaveTextContent(msg.auth.accountPending);
  });

  it('asks to confirm the identity when the PEC is not verified yet', async () => {
    await submitLogin('nuovo@pec.it');

    expect(await screen.findByRole('heading', { name: 'Conferma la tua identità' })).toBeVisible();
    expect(screen.getByText(/apri il link/)).toBeVisible();
    expect(screen.queryByLabelText(/PEC/)).not.toBeInTheDocument();
  });

  it('explains a suspended account and how to reach support', async () => {
    const { user } = await submitLogin('sospeso@pec.it');

    expect(await screen.findByRole('heading', { name: 'Account sospeso' })).toBeVisible();
    await expect.poll(() => document.title).toBe('Account sospeso | LexPath');
    expect(await screen.findByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );

    await user.click(screen.getByRole('button', { name: 'Torna al login' }));
    expect(await screen.findByLabelText(/PEC/)).toBeVisible();
    // The title follows the screen back to the form, for screen readers.
    await expect.poll(() => document.title).toBe('Accedi a LexPath | LexPath');
  });

  it.each([
    ['avvocato@pec.it', 'Giulia Rossi', 'Nuovo documento', '/user/contratti'],
    ['editor@pec.it', 'Marco Rossi', 'Master inseriti', '/admin/master-inseriti'],
    ['admin@pec.it', 'Anna Rossi', 'Documenti generati', '/admin/contratti-utenti'],
  ])('signs %s in and opens the landing page of the role', async (pec, fullName, title, path) => {
    const { router } = await submitLogin(pec);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByText(fullName)).toBeInTheDocument();
    expect(localStorage.getItem('userToken')).toMatch(/^access-/);
    expect(localStorage.getItem('userRefreshToken')).toMatch(/^refresh-/);
  });
});
