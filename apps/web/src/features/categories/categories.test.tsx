import { it as msg } from '@lexpath/shared/messages/it';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
});

/** The categories API over an in-memory table, with creation. */
async function startCategoriesApi(table: TCategory[], { pageSize = 12 } = {}) {
  let nextId = table.length + 1;
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      const page = Number(query.get('page') ?? '1');
      const limit = Number(query.get('limit') ?? pageSize);
      const results = table.slice((page - 1) * limit, page * limit);
      return {
        body: { data: { results, page, totalPages: Math.max(1, Math.ceil(table.length / limit)) } },
      };
    },
    'POST /api/category': (_request, body) => {
      const category = { id: `cat-${nextId++}`, name: (body as { name: string }).name };
      table.push(category);
      return { status: 201, body: { data: category }, delayMs: 150 };
    },
  });
  pointPageAt(api.origin);
}

/** Listing, plus DELETE and PUT per known category (the id is in the path); `inUse` ones
 * refuse deletion with 409. */
async function startWithIds(
  table: TCategory[],
  options: { pageSize?: number; inUse?: string[] } = {},
) {
  const routes: Record<string, Parameters<typeof startTestApi>[0][string]> = {
    ...appConfigRoute,
  };
  const pageSize = options.pageSize ?? 12;
  routes['GET /api/category'] = (request) => {
    const query = new URL(request.url ?? '', 'http://api').searchParams;
    const page = Number(query.get('page') ?? '1');
    const limit = Number(query.get('limit') ?? pageSize);
    return {
      body: {
        data: {
          results: table.slice((page - 1) * limit, page * limit),
          page,
          totalPages: Math.max(1, Math.ceil(table.length / limit)),
        },
      },
    };
  };
  for (const category of [...table]) {
    routes[`DELETE /api/category/${category.id}`] = () => {
      if (options.inUse?.includes(category.id)) return apiError(409, msg.categories.inUse(2));
      table.splice(table.indexOf(category), 1);
      return { body: { data: { id: category.id } } };
    };
    routes[`PUT /api/category/${category.id}`] = (_request, body) => {
      category.name = (body as { name: string }).name;
      return { body: { data: category }, delayMs: 150 };
    };
  }
  api = await startTestApi(routes);
  pointPageAt(api.origin);
}

const names = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('categories list', () => {
  it('says when there are no categories', async () => {
    await startCategoriesApi([]);
    signInAs('admin');
    renderApp('/admin/categorie');
    expect(await screen.findByText('Non ci sono dei Categorie inserite')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the pager only when there is more than one page', async () => {
    await startWithIds(
      [
        { id: 'a', name: 'Famiglia' },
        { id: 'b', name: 'Lavoro' },
        { id: 'c', name: 'Societario' },
      ],
      { pageSize: 2 },
    );
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/categorie');
    const pager = await screen.findByRole('navigation', { name: 'Paginazione' });
    expect(screen.getByRole('heading', { level: 1, name: 'Categorie inserite' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nome',
      'Azioni',
    ]);
    expect(names()).toEqual(['Famiglia', 'Lavoro']);
    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));
    expect(await screen.findByRole('cell', { name: 'Societario' })).toBeVisible();
  });

  it('has no pager for a single page, and no write buttons for an editor', async () => {
    await startWithIds([{ id: 'a', name: 'Famiglia' }]);
    signInAs('editor');
    renderApp('/admin/categorie');
    expect(await screen.findByRole('cell', { name: 'Famiglia' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Modifica|Elimina/ })).not.toBeInTheDocument();
  });

  it('deletes a category after confirmation and reloads the list', async () => {
    await startWithIds([
      { id: 'a', name: 'Famiglia' },
      { id: 'b', name: 'Lavoro' },
    ]);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/categorie');
    await user.click(await screen.findByRole('button', { name: 'Elimina Famiglia' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare la categoria?' });
    expect(within(dialog).getByText('La categoria «Famiglia» sarà eliminata.')).toBeVisible();
    expect(within(dialog).getByText("L'operazione è irreversibile.")).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Famiglia' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('cell', { name: 'Lavoro' })).toBeVisible();
  });

  it("shows the server's refusal of a category in use", async () => {
    await startWithIds([{ id: 'a', name: 'Famiglia' }], { inUse: ['a'] });
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/categorie');
    await user.click(await screen.findByRole('button', { name: 'Elimina Famiglia' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Conferma' }),
    );
    expect(await screen.findByText('Si è verificato un problema')).toBeVisible();
    expect(screen.getByText(msg.categories.inUse(2))).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Famiglia' })).toBeVisible();
  });
});

describe('new category', () => {
  it('requires the name', async () => {
    await startCategoriesApi([]);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/nuova-categoria');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuova categoria' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();
  });

  it('creates a category with the loading and success toasts, then lists it', async () => {
    await startCategoriesApi([]);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/nuova-categoria');
    await user.type(await screen.findByLabelText('Nome'), 'Immobiliare');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Caricamento')).toBeVisible();
    expect(screen.getByText('Creazione di una nuova categoria in corso...')).toBeVisible();
    expect(await screen.findByText('Tutto ok!')).toBeVisible();
    expect(screen.getByText('Nuova categoria creata con successo')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Immobiliare' })).toBeVisible();
  });

  it('edits a category from the list', async () => {
    await startWithIds([{ id: 'a', name: 'Famiglia' }]);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/categorie');
    await user.click(await screen.findByRole('button', { name: 'Modifica Famiglia' }));
    const name = await screen.findByLabelText('Nome');
    expect(name).toHaveValue('Famiglia');
    expect(screen.getByRole('heading', { level: 1, name: 'Modifica categoria' })).toBeVisible();
    await user.clear(name);
    await user.type(name, 'Diritto di famiglia');
    await user.click(screen.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Modifica di una categoria in corso...')).toBeVisible();
    expect(await screen.findByText('Categoria modificata con successo')).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'Diritto di famiglia' })).toBeVisible();
  });
});
