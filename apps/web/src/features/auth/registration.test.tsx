import { it as msg } from '@lexpath/shared/messages/it';
import type { TRegister } from '@lexpath/shared/schemas/registration';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfigRoute, TEST_APP_CONFIG } from '../../test/app-config-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

const TAKEN_PEC = 'gia.registrato@pec.it';

/** What the API stored, keyed by PEC, as the users table would hold it. */
let accounts: Map<string, TRegister>;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    ...appConfigRoute,
    'POST /api/auth/register': (_request, body) => {
      const account = body as TRegister;
      if (account.pec === TAKEN_PEC || accounts.has(account.pec)) {
        return apiError(409, msg.auth.pecAlreadyRegistered);
      }
      accounts.set(account.pec, account);
      return { status: 201, body: { data: { id: 'new-user', ...account } } };
    },
  });
  pointPageAt(api.origin);
});

beforeEach(() => {
  accounts = new Map();
});

afterAll(async () => {
  await api.close();
});

const field = {
  name: () => screen.getByLabelText('Nome'),
  lastName: () => screen.getByLabelText('Cognome'),
  pec: () => screen.getByLabelText('PEC'),
  password: () => screen.getByLabelText('Password'),
};

async function openRegistration() {
  const user = userEvent.setup();
  const view = renderApp('/registrazione');
  await screen.findByRole('heading', { level: 1, name: 'Registrazione' });
  return { user, ...view };
}

function consent(name: RegExp) {
  return screen.getByRole('checkbox', { name });
}

const TERMS = /^Ho letto e accetto i Termini e condizioni/;
const SPECIFIC_TERMS = /artt\. 1341 e 1342 c\.c\..*articoli 2, 3, 8, 9 e 14/;
const PRIVACY = /Informativa sulla privacy/;
const NEWSLETTER = /newsletter/;

async function fillValidForm(user: ReturnType<typeof userEvent.setup>, pec: string) {
  await user.type(field.name(), 'Mario');
  await user.type(field.lastName(), 'Rossi');
  await user.type(field.pec(), pec);
  await user.type(field.password(), 'Sicura2026!');
  await user.click(consent(TERMS));
  await user.click(consent(SPECIFIC_TERMS));
  await user.click(consent(PRIVACY));
}

describe('registration form', () => {
  it('labels the fields, states the password rule and links terms and privacy', async () => {
    await openRegistration();

    expect(field.pec()).toHaveAttribute('type', 'email');
    expect(field.password()).toHaveAttribute('type', 'password');
    expect(field.password()).toHaveAccessibleDescription(msg.web.registration.passwordHelp);
    expect(consent(NEWSLETTER)).not.toBeChecked();
    const termsLinks = await screen.findAllByRole('link', { name: /Termini e condizioni/ });
    expect(termsLinks).toHaveLength(2);
    for (const link of termsLinks) expect(link).toHaveAttribute('href', TEST_APP_CONFIG.termsUrl);
    expect(screen.getByRole('link', { name: PRIVACY })).toHaveAttribute(
      'href',
      TEST_APP_CONFIG.privacyUrl,
    );
    expect(screen.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', '/login');
  });

  it('says a field is required once it has been left empty', async () => {
    const { user } = await openRegistration();

    await user.click(field.name());
    await user.tab();

    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();
    expect(field.name()).toHaveAttribute('aria-invalid', 'true');
  });

  it('rejects a PEC that is not an address and a weak password when they are left', async () => {
    const { user } = await openRegistration();

    await user.type(field.pec(), 'mario.rossi');
    await user.type(field.password(), 'password');
    await user.tab();

    expect(await screen.findByText('Indirizzo PEC non valido.')).toBeVisible();
    expect(
      await screen.findByText('La password non rispetta i requisiti minimi di sicurezza.'),
    ).toBeVisible();
  });

  it('asks to confirm the three required acceptances, not the newsletter', async () => {
    const { user } = await openRegistration();

    await user.click(screen.getByRole('button', { name: 'Registrati' }));

    expect(await screen.findAllByText('Conferma questo campo per poter procedere.')).toHaveLength(
      3,
    );
    expect(screen.getAllByText('Campo obbligatorio.')).toHaveLength(4);
    expect(consent(TERMS)).toHaveAttribute('aria-invalid', 'true');
    expect(consent(NEWSLETTER)).not.toHaveAttribute('aria-invalid', 'true');

    await user.click(consent(TERMS));
    expect(screen.getAllByText('Conferma questo campo per poter procedere.')).toHaveLength(2);
  });
});

describe('registration outcome', () => {
  it('registers the lawyer and asks to open the link sent to the PEC', async () => {
    const { user } = await openRegistration();
    await fillValidForm(user, 'Mario.Rossi@PEC.it');
    await user.click(consent(NEWSLETTER));

    await user.click(screen.getByRole('button', { name: 'Registrati' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Conferma la tua identità' }),
    ).toBeVisible();
    expect(screen.getByText(/apri il link/)).toBeVisible();
    expect(screen.queryByLabelText('Nome')).not.toBeInTheDocument();
    expect(accounts.get('mario.rossi@pec.it')).toEqual({
      name: 'Mario',
      surname: 'Rossi',
      pec: 'mario.rossi@pec.it',
      password: 'Sicura2026!',
      terms_acceptance: true,
      terms_art_9_10: true,
      privacy: true,
      newsletter: true,
    });

    await user.click(screen.getByRole('button', { name: 'Torna al login' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();
  });

  it('shows a PEC already registered under the form', async () => {
    const { user } = await openRegistration();
    await fillValidForm(user, TAKEN_PEC);

    await user.click(screen.getByRole('button', { name: 'Registrati' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Esiste già un account registrato con questa PEC.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    expect(field.pec()).toHaveValue(TAKEN_PEC);
    expect(accounts.size).toBe(0);
  });
});
