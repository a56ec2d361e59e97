import { it as msg } from '@lexpath/shared/messages/it';
import type { TUserStatus } from '@lexpath/shared/roles';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { canChangeUserStatus, type TChangeUserStatus } from '@lexpath/shared/schemas/user-admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { buildPublicUser, signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  setViewportWidth,
  startTestApi,
  type TestApi,
} from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
});

/** The users API over an in-memory table: pages of `pageSize`, the verified filter, and the
 * SPEC §4 transitions. `failing` users refuse any change. */
async function startUsersApi(table: TUserPublic[], { pageSize = 12, failing = '' } = {}) {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/user': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      const page = Number(query.get('page') ?? '1');
      const verifiedOnly = query.get('email_verified') === 'true';
      const listed = table.filter((user) => !verifiedOnly || user.email_verified);
      const results = listed.slice((page - 1) * pageSize, page * pageSize);
      const totalPages = Math.max(1, Math.ceil(listed.length / pageSize));
      return { body: { data: { results, page, totalPages } } };
    },
    'POST /api/auth/change-user-status': (_request, body) => {
      const { userId, status } = body as TChangeUserStatus;
      const user = table.find((row) => row.id === userId);
      if (!user) return apiError(404, msg.errors.notFound);
      if (userId === failing || !canChangeUserStatus(user.status, status as TUserStatus)) {
        return apiError(409, msg.account.statusTransitionNotAllowed(user.status, status));
      }
      user.status = status as TUserStatus;
      return { body: { data: { id: user.id, status: user.status } } };
    },
  });
  pointPageAt(api.origin);
}

async function openUsers() {
  signInAs('admin');
  const user = userEvent.setup();
  renderApp('/admin/utenti');
  await screen.findByRole('heading', { level: 1, name: 'Utenti' });
  return user;
}

function rowOf(pec: string): HTMLElement {
  const row = screen.getByRole('cell', { name: pec }).closest('tr');
  if (!row) throw new Error(`no row for ${pec}`);
  return row;
}

function buttonsIn(row: HTMLElement): string[] {
  return within(row)
    .queryAllByRole('button')
    .map((button) => button.textContent ?? '');
}

describe('users list', () => {
  it('lists verified users with their PEC, marketing consent and status', async () => {
    await startUsersApi([
      buildPublicUser({ name: 'Mario', surname: 'Rossi', pec: 'mario@pec.it', newsletter: true }),
      buildPublicUser({ name: 'Lucia', surname: 'Neri', pec: 'lucia@pec.it', newsletter: false }),
      buildPublicUser({ pec: 'non.verificato@pec.it', email_verified: false }),
    ]);
    await openUsers();

    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Nome',
      'Cognome',
      'Email',
      'Ruolo',
      'Consenso Marketing',
      'Status',
      'Azioni',
    ]);
    expect(within(rowOf('mario@pec.it')).getByRole('cell', { name: 'Sì' })).toBeVisible();
    expect(within(rowOf('lucia@pec.it')).getByRole('cell', { name: 'No' })).toBeVisible();
    expect(within(rowOf('mario@pec.it')).getByRole('cell', { name: 'Mario' })).toBeVisible();
    expect(screen.queryByText('non.verificato@pec.it')).not.toBeInTheDocument();
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).not.toBeInTheDocument();
  });

  it('offers the actions each status allows', async () => {
    await startUsersApi([
      buildPublicUser({ pec: 'attesa@pec.it', status: 'in attesa' }),
      buildPublicUser({ pec: 'confermato@pec.it', status: 'confermato' }),
      buildPublicUser({ pec: 'sospeso@pec.it', status: 'sospeso' }),
      buildPublicUser({ pec: 'rifiutato@pec.it', status: 'rifiutato' }),
    ]);
    await openUsers();
    await screen.findByRole('table');

    expect(buttonsIn(rowOf('attesa@pec.it'))).toEqual(['Accetta', 'Rifiuta']);
    expect(buttonsIn(rowOf('confermato@pec.it'))).toEqual(['Sospendi']);
    expect(buttonsIn(rowOf('sospeso@pec.it'))).toEqual(['Riattiva']);
    expect(buttonsIn(rowOf('rifiutato@pec.it'))).toEqual([]);
  });

  it("offers no action on the admin's own row", async () => {
    await startUsersApi([buildPublicUser({ id: 'admin-1', pec: 'io@pec.it', role: 'admin' })]);
    await openUsers();
    await screen.findByRole('table');

    expect(buttonsIn(rowOf('io@pec.it'))).toEqual([]);
  });

  it('shows the new status and its actions after accepting, suspending and reactivating', async () => {
    await startUsersApi([
      buildPublicUser({
        name: 'Mario',
        surname: 'Rossi',
        pec: 'mario@pec.it',
        status: 'in attesa',
      }),
    ]);
    const user = await openUsers();
    await screen.findByRole('table');

    await user.click(within(rowOf('mario@pec.it')).getByRole('button', { name: 'Accetta' }));
    expect(
      await within(rowOf('mario@pec.it')).findByRole('cell', { name: 'confermato' }),
    ).toBeVisible();
    expect(buttonsIn(rowOf('mario@pec.it'))).toEqual(['Sospendi']);
    expect(await screen.findByText('Lo stato di Mario Rossi ora è «confermato».')).toBeVisible();

    await user.click(within(rowOf('mario@pec.it')).getByRole('button', { name: 'Sospendi' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sospendi' }),
    );
    expect(
      await within(rowOf('mario@pec.it')).findByRole('cell', { name: 'sospeso' }),
    ).toBeVisible();

    await user.click(within(rowOf('mario@pec.it')).getByRole('button', { name: 'Riattiva' }));
    expect(
      await within(rowOf('mario@pec.it')).findByRole('cell', { name: 'confermato' }),
    ).toBeVisible();
  });

  it('shows a refused change in the failure toast and keeps the status', async () => {
    const mario = buildPublicUser({ pec: 'mario@pec.it', status: 'in attesa' });
    await startUsersApi([mario], { failing: mario.id });
    const user = await openUsers();
    await screen.findByRole('table');

    await user.click(within(rowOf('mario@pec.it')).getByRole('button', { name: 'Rifiuta' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rifiuta' }),
    );

    expect(await screen.findByText('Si è verificato un problema')).toBeVisible();
    expect(
      screen.getByText(msg.account.statusTransitionNotAllowed('in attesa', 'rifiutato')),
    ).toBeVisible();
    expect(within(rowOf('mario@pec.it')).getByRole('cell', { name: 'in attesa' })).toBeVisible();
  });

  it('pages through the list with previous and next', async () => {
    await startUsersApi(
      [
        buildPublicUser({ pec: 'primo@pec.it' }),
        buildPublicUser({ pec: 'secondo@pec.it' }),
        buildPublicUser({ pec: 'terzo@pec.it' }),
      ],
      { pageSize: 2 },
    );
    const user = await openUsers();
    const pager = await screen.findByRole('navigation', { name: 'Paginazione' });

    expect(within(pager).getByText('Pagina 1 di 2')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Precedente' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));

    expect(await screen.findByRole('cell', { name: 'terzo@pec.it' })).toBeVisible();
    expect(within(pager).getByText('Pagina 2 di 2')).toBeVisible();
    expect(screen.queryByRole('cell', { name: 'primo@pec.it' })).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Successiva' })).toBeDisabled();
  });

  it('says when there is nobody to list', async () => {
    await startUsersApi([buildPublicUser({ email_verified: false })]);
    await openUsers();

    expect(await screen.findByText('Non ci sono utenti registrati')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

/** The CSS rules Emotion wrote for the element's classes (happy-dom computes no styles). */
function cssRulesOf(element: HTMLElement): string {
  const classes = [...element.classList].filter((name) => name.startsWith('css-'));
  return [...document.styleSheets]
    .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText))
    .filter((text) => classes.some((name) => text.includes(`.${name}`)))
    .join('\n');
}

describe('users list: roles, confirmations and phones', () => {
  afterEach(() => {
    setViewportWidth(1024);
  });

  it('shows the role of each user in Italian', async () => {
    await startUsersApi([
      buildPublicUser({ pec: 'avvocato@pec.it', role: 'user' }),
      buildPublicUser({ pec: 'editor@pec.it', role: 'editor' }),
      buildPublicUser({ pec: 'admin@pec.it', role: 'admin' }),
    ]);
    await openUsers();
    await screen.findByRole('table');

    expect(within(rowOf('avvocato@pec.it')).getByRole('cell', { name: 'Avvocato' })).toBeVisible();
    expect(within(rowOf('editor@pec.it')).getByRole('cell', { name: 'Editor' })).toBeVisible();
    expect(
      within(rowOf('admin@pec.it')).getByRole('cell', { name: 'Amministratore' }),
    ).toBeVisible();
  });

  it('asks before refusing, naming the user, with a red button; Escape changes nothing', async () => {
    await startUsersApi([
      buildPublicUser({
        name: 'Mario',
        surname: 'Rossi',
        pec: 'mario@pec.it',
        status: 'in attesa',
      }),
    ]);
    const user = await openUsers();
    await screen.findByRole('table');
    const refuse = within(rowOf('mario@pec.it')).getByRole('button', { name: 'Rifiuta' });

    await user.click(refuse);
    const dialog = await screen.findByRole('alertdialog', { name: "Rifiutare l'utente?" });
    expect(within(dialog).getByText(msg.web.users.refuseText('Mario Rossi'))).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Rifiuta' });
    // Danger style: the confirm button's palette is Chakra's red.
    expect(cssRulesOf(confirm)).toContain(
      '--chakra-colors-color-palette-700: var(--chakra-colors-red-700)',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api?.hits('POST /api/auth/change-user-status')).toBe(0);
    expect(within(rowOf('mario@pec.it')).getByRole('cell', { name: 'in attesa' })).toBeVisible();
    await waitFor(() => expect(refuse).toHaveFocus());

    await user.click(refuse);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Rifiuta' }),
    );
    expect(
      await within(rowOf('mario@pec.it')).findByRole('cell', { name: 'rifiutato' }),
    ).toBeVisible();
  });

  it('asks before suspending; Annulla changes nothing and gives the focus back to Sospendi', async () => {
    await startUsersApi([
      buildPublicUser({
        name: 'Lucia',
        surname: 'Neri',
        pec: 'lucia@pec.it',
        status: 'confermato',
      }),
    ]);
    const user = await openUsers();
    await screen.findByRole('table');
    const suspend = within(rowOf('lucia@pec.it')).getByRole('button', { name: 'Sospendi' });

    await user.click(suspend);
    const dialog = await screen.findByRole('alertdialog', { name: "Sospendere l'utente?" });
    expect(within(dialog).getByText(msg.web.users.suspendText('Lucia Neri'))).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api?.hits('POST /api/auth/change-user-status')).toBe(0);
    expect(within(rowOf('lucia@pec.it')).getByRole('cell', { name: 'confermato' })).toBeVisible();
    await waitFor(() => expect(suspend).toHaveFocus());
  });

  it('shows a card per user on a 390 px phone, its actions under the data', async () => {
    setViewportWidth(390);
    await startUsersApi([
      buildPublicUser({
        name: 'Mario',
        surname: 'Rossi',
        pec: 'mario@pec.it',
        status: 'in attesa',
      }),
    ]);
    await openUsers();

    const cards = await screen.findByRole('list', { name: msg.web.users.caption });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByText('Mario Rossi')).toBeVisible();
    expect(within(card).getByText('mario@pec.it')).toBeVisible();
    expect(within(card).getByText('Avvocato')).toBeVisible();
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accetta', 'Rifiuta']);
  });
});
