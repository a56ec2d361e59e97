import { it as msg } from '@lexpath/shared/messages/it';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import type { TUpdateUser } from '@lexpath/shared/schemas/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/storage.ts';
import { appConfigRoute, TEST_APP_CONFIG } from '../../test/app-config-api.ts';
import { buildPublicUser, signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

const SUPPORT = TEST_APP_CONFIG.supportEmail;

/** The signed-in lawyer's row, as the API holds it; `broken` makes the next calls fail. */
let record: TUserPublic;
let broken: { update: boolean; recovery: boolean; load: boolean; suspended: boolean };
let recoveryMailsTo: string[];
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/user/user-1': () => {
      if (broken.suspended) return apiError(401, msg.auth.unauthenticated);
      return broken.load ? apiError(404, msg.errors.notFound) : { body: { data: record } };
    },
    // No billing data yet: the fourth card's empty state (billing-card.test.tsx tests it).
    'GET /api/user/user-1/billing': () => ({ body: { data: null } }),
    // A suspended account's refresh tokens are revoked.
    'POST /api/auth/refresh-tokens': () => apiError(401, msg.auth.invalidRefreshToken),
    'PUT /api/user/user-1': (_request, body) => {
      if (broken.update) return apiError(500, msg.errors.databaseUnavailable);
      record = { ...record, ...(body as TUpdateUser) };
      return { body: { data: record }, delayMs: 30 };
    },
    'POST /api/auth/forgot-password': (_request, body) => {
      if (broken.recovery) return apiError(503, msg.errors.databaseUnavailable);
      recoveryMailsTo.push((body as { pec: string }).pec);
      return { body: { data: null } };
    },
  });
  pointPageAt(api.origin);
});

beforeEach(() => {
  record = buildPublicUser({
    id: 'user-1',
    name: 'Giulia',
    surname: 'Bianchi',
    pec: 'giulia.bianchi@pec.it',
    newsletter: false,
  });
  broken = { update: false, recovery: false, load: false, suspended: false };
  recoveryMailsTo = [];
});

afterAll(async () => {
  await api.close();
});

async function openProfile() {
  signInAs('user');
  const user = userEvent.setup();
  renderApp('/user/area-personale');
  await screen.findByRole('heading', { level: 1, name: 'Profilo' });
  await screen.findByDisplayValue('giulia.bianchi@pec.it');
  return user;
}

const nameField = () => screen.getByLabelText('Nome');
const surnameField = () => screen.getByLabelText('Cognome');
const newsletterBox = () => screen.getByRole('checkbox', { name: msg.web.profile.newsletter });

describe('profile', () => {
  it('shows the three cards with every field locked until Modifica', async () => {
    const user = await openProfile();

    for (const title of ['Dati personali', 'Account', 'Marketing']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    expect(nameField()).toHaveValue('Giulia');
    expect(nameField()).toBeDisabled();
    expect(surnameField()).toBeDisabled();
    expect(newsletterBox()).toBeDisabled();
    expect(screen.getByLabelText('PEC')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Salva' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modifica' }));

    expect(nameField()).toBeEnabled();
    expect(nameField()).toHaveFocus();
    expect(surnameField()).toBeEnabled();
    expect(newsletterBox()).toBeEnabled();
    expect(screen.getByLabelText('PEC')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Salva' })).toBeVisible();
  });

  it('saves the edited fields, confirms it and updates the header after 2 seconds', async () => {
    const user = await openProfile();
    expect(screen.getByText('Giulia Bianchi')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Modifica' }));
    await user.clear(nameField());
    await user.type(nameField(), 'Giuliana');
    await user.click(newsletterBox());
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Modifica avvenuta con successo.')).toBeVisible();
    expect(nameField()).toHaveValue('Giuliana');
    expect(nameField()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Modifica' })).toHaveFocus();
    expect(record).toMatchObject({ name: 'Giuliana', surname: 'Bianchi', newsletter: true });

    // SPEC §8: the stored user (and so the header) changes 2 seconds later, not at once.
    expect(screen.getByText('Giulia Bianchi')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Giuliana Bianchi')).toBeInTheDocument(), {
      timeout: 3000,
    });
    expect(useSessionStore.getState().user).toMatchObject({ name: 'Giuliana', newsletter: true });
  });

  it('asks to retry when saving fails and puts the saved values back', async () => {
    broken.update = true;
    const user = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Modifica' }));
    await user.clear(nameField());
    await user.type(nameField(), 'Altro');
    await user.click(newsletterBox());
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La modifica non è andata a buon fine, per favore riprova.');
    expect(alert).toHaveTextContent(/dare o revocare il consenso/);
    expect(within(alert).getByRole('link', { name: SUPPORT })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT}`,
    );
    expect(nameField()).toHaveValue('Giulia');
    expect(nameField()).toBeDisabled();
    expect(newsletterBox()).not.toBeChecked();
    expect(record.name).toBe('Giulia');
  });

  it('puts the values back on Annulla', async () => {
    const user = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Modifica' }));
    await user.clear(surnameField());
    await user.type(surnameField(), 'Verdi');
    await user.click(screen.getByRole('button', { name: 'Annulla' }));

    expect(surnameField()).toHaveValue('Bianchi');
    expect(surnameField()).toBeDisabled();
  });

  it('requires the name while editing', async () => {
    const user = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Modifica' }));
    await user.clear(nameField());
    await user.click(screen.getByRole('button', { name: 'Salva' }));

    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();
    expect(record.name).toBe('Giulia');
  });

  it('sends the recovery e-mail to the PEC for a password change', async () => {
    const user = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Richiedi il cambio password' }));

    expect(await screen.findByText(/istruzioni per reimpostare la password/)).toBeVisible();
    expect(recoveryMailsTo).toEqual(['giulia.bianchi@pec.it']);
  });

  it('says when the password change request fails, with the support address', async () => {
    broken.recovery = true;
    const user = await openProfile();

    await user.click(screen.getByRole('button', { name: 'Richiedi il cambio password' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Operazione non andata a buon fine, per favore riprova...');
    expect(within(alert).getByRole('link', { name: SUPPORT })).toBeVisible();
  });

  it('explains how to change the PEC or delete the account by e-mail', async () => {
    await openProfile();

    expect(screen.getByText(/Per modificare la PEC/)).toHaveTextContent('«Modifica PEC»');
    expect(screen.getByText(/Per cancellare l'account/)).toHaveTextContent(
      '«Cancellazione Account»',
    );
    const links = screen.getAllByRole('link', { name: SUPPORT });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      `mailto:${SUPPORT}?subject=Modifica%20PEC`,
      `mailto:${SUPPORT}?subject=Cancellazione%20Account`,
    ]);
  });

  it('offers to retry when the profile cannot be loaded', async () => {
    broken.load = true;
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/area-personale');

    expect(await screen.findByText('Non è stato possibile caricare il profilo.')).toBeVisible();
    broken.load = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByDisplayValue('giulia.bianchi@pec.it')).toBeVisible();
  });

  it('ends the session and opens the login form when the account was suspended', async () => {
    broken.suspended = true;
    signInAs('user');
    const { router } = renderApp('/user/area-personale');

    expect(
      await screen.findByRole('heading', { level: 1, name: msg.web.login.title }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('userRefreshToken')).toBeNull();
  });
});
