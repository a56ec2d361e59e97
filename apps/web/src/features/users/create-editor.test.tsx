import { it as msg } from '@lexpath/shared/messages/it';
import type { TCreateEditor } from '@lexpath/shared/schemas/user-admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { buildPublicUser, signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/** The accounts the API holds, by PEC. */
let accounts: Map<string, Record<string, unknown>>;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    ...appConfigRoute,
    'POST /api/user': (_request, body) => {
      const editor = body as TCreateEditor & Record<string, unknown>;
      if (accounts.has(editor.pec)) return apiError(409, msg.auth.pecAlreadyRegistered);
      accounts.set(editor.pec, editor);
      // Slow enough for the loading toast to be seen.
      return {
        status: 201,
        body: { data: buildPublicUser({ ...editor, role: 'editor' }) },
        delayMs: 150,
      };
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
  surname: () => screen.getByLabelText('Cognome'),
  pec: () => screen.getByLabelText('PEC'),
  password: () => screen.getByLabelText('Password'),
};

async function openCreateEditor() {
  signInAs('admin');
  const user = userEvent.setup();
  renderApp('/admin/crea-editor');
  await screen.findByRole('heading', { level: 1, name: 'Crea utente editor' });
  return user;
}

async function fillEditor(user: ReturnType<typeof userEvent.setup>, pec: string) {
  await user.type(field.name(), 'Paolo');
  await user.type(field.surname(), 'Gialli');
  await user.type(field.pec(), pec);
  await user.type(field.password(), 'Editor2026!');
  await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
}

describe('create editor', () => {
  it('requires every field and a strong password', async () => {
    const user = await openCreateEditor();

    await user.click(screen.getByRole('button', { name: 'Aggiungi' }));
    expect(await screen.findAllByText('Campo obbligatorio.')).toHaveLength(4);

    await user.type(field.pec(), 'paolo');
    await user.type(field.password(), 'semplice');
    expect(await screen.findByText('Indirizzo PEC non valido.')).toBeVisible();
    expect(
      await screen.findByText('La password non rispetta i requisiti minimi di sicurezza.'),
    ).toBeVisible();
    expect(accounts.size).toBe(0);
  });

  it('shows the loading toast, then the success toast, and empties the form', async () => {
    const user = await openCreateEditor();

    await fillEditor(user, 'paolo.gialli@pec.it');

    expect(await screen.findByText('Caricamento')).toBeVisible();
    expect(screen.getByText('Creazione di un nuovo utente editor in corso...')).toBeVisible();
    expect(await screen.findByText('Tutto ok!')).toBeVisible();
    expect(screen.getByText('Nuovo utente editor creato con successo')).toBeVisible();
    expect(screen.queryByText('Caricamento')).not.toBeInTheDocument();
    await waitFor(() => expect(field.name()).toHaveValue(''));
    expect(field.pec()).toHaveValue('');
    expect(accounts.get('paolo.gialli@pec.it')).toMatchObject({
      name: 'Paolo',
      surname: 'Gialli',
      role: 'editor',
      email_verified: true,
      status: 'confermato',
    });
  });

  it("shows the server's refusal in the failure toast and keeps the form", async () => {
    accounts.set('occupata@pec.it', {});
    const user = await openCreateEditor();

    await fillEditor(user, 'occupata@pec.it');

    expect(await screen.findByText('Si è verificato un problema')).toBeVisible();
    expect(screen.getByText('Esiste già un account registrato con questa PEC.')).toBeVisible();
    expect(screen.queryByText('Tutto ok!')).not.toBeInTheDocument();
    expect(field.pec()).toHaveValue('occupata@pec.it');
  });
});
