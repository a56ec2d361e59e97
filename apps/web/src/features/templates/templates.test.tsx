import { it as messages } from '@lexpath/shared/messages/it';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useMasterFilesStore, useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  setViewportWidth,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';
import { pickedFiles } from './draft.ts';

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
});

function buildCard(overrides: Partial<TTemplateCard>): TTemplateCard {
  return {
    id: 'tpl-1',
    name: 'Contratto di locazione',
    description: 'Locazione abitativa',
    price: 49,
    price_cents: 4900,
    categoryId: { id: 'cat-1', name: 'Immobiliare' },
    status: 'PUBLISHED',
    min_time: 5,
    max_time: 10,
    min_questions: 2,
    max_questions: 3,
    stripe_url: 'https://pay.example/x',
    userId: { name: 'Marco', surname: 'Rossi' },
    createdAt: '2026-03-05T09:07:00',
    updatedAt: '2026-03-05T09:07:00',
    latestVersionAt: '2026-03-05T09:07:00',
    ...overrides,
  };
}

const categoriesRoute: Record<string, TestHandler> = {
  'GET /api/category': () => ({
    body: { data: { results: [{ id: 'cat-1', name: 'Immobiliare' }], page: 1, totalPages: 1 } },
  }),
};

async function startTemplatesApi(table: TTemplateCard[], extra: Record<string, TestHandler> = {}) {
  const routes: Record<string, TestHandler> = {
    ...appConfigRoute,
    ...categoriesRoute,
    'GET /api/template': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      const name = query.get('name') ?? '';
      const status = query.get('status');
      const results = table.filter(
        (t) =>
          t.name.toLowerCase().includes(name.toLowerCase()) && (!status || t.status === status),
      );
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    ...extra,
  };
  for (const template of [...table]) {
    routes[`DELETE /api/template/${template.id}`] = () => {
      table.splice(table.indexOf(template), 1);
      return { body: { data: { id: template.id } } };
    };
    routes[`GET /api/template/${template.id}`] = () => ({
      body: {
        data: {
          ...template,
          json_questions: [question('tipo', ['A', 'B'])],
          file_name: 'master-locazione.docx',
          preview_name: 'anteprima-locazione.docx',
        },
      },
    });
    // A test's own status route (a 409 to confirm) wins over this one.
    routes[`PUT /api/template/${template.id}/status`] ??= (_request, body) => {
      template.status = (body as { status: TTemplateCard['status'] }).status;
      return { body: { data: { id: template.id, status: template.status } }, delayMs: 150 };
    };
  }
  api = await startTestApi(routes);
  pointPageAt(api.origin);
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByRole('cell', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('templates created', () => {
  it('says when there are no masters', async () => {
    await startTemplatesApi([]);
    signInAs('editor');
    renderApp('/admin/master-inseriti');
    expect(await screen.findByText('Non ci sono dei Master inseriti')).toBeVisible();
  });

  it('lists title, editor, creation date and the actions each status allows', async () => {
    await startTemplatesApi([
      buildCard({ id: 'tpl-1', name: 'Locazione', status: 'PUBLISHED' }),
      buildCard({ id: 'tpl-2', name: 'Comodato', status: 'SUSPENDED' }),
    ]);
    signInAs('admin');
    renderApp('/admin/master-inseriti');
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: 'Master inseriti' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Titolo', 'Editor', 'Data e ora di creazione', 'Stato', 'Azioni']);
    const buttons = (name: string) =>
      within(rowOf(name))
        .getAllByRole('button')
        .map((button) => button.textContent);
    expect(buttons('Locazione')).toEqual(['Sospendi', 'Prova', 'Modifica', 'Elimina']);
    expect(buttons('Comodato')).toEqual(['Pubblica', 'Prova', 'Modifica', 'Elimina']);
    expect(within(rowOf('Locazione')).getByRole('cell', { name: 'Marco Rossi' })).toBeVisible();
    expect(
      within(rowOf('Locazione')).getByRole('cell', { name: '05/03/2026 - 09:07' }),
    ).toBeVisible();
  });

  it('shows each master as Pubblicato or Sospeso and filters by status', async () => {
    await startTemplatesApi([
      buildCard({ id: 'tpl-1', name: 'Locazione', status: 'PUBLISHED' }),
      buildCard({ id: 'tpl-2', name: 'Comodato', status: 'SUSPENDED' }),
    ]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    expect(within(rowOf('Locazione')).getByRole('cell', { name: 'Pubblicato' })).toBeVisible();
    expect(within(rowOf('Comodato')).getByRole('cell', { name: 'Sospeso' })).toBeVisible();

    const filter = screen.getByRole('combobox', { name: 'Filtra per stato' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Tutti gli stati', 'Pubblicato', 'Sospeso']);
    await user.selectOptions(filter, 'SUSPENDED');
    await expect.poll(() => screen.queryByRole('cell', { name: 'Locazione' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Comodato' })).toBeVisible();
  });

  it('says no master matches the search, not that there are none', async () => {
    await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione' })]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Cerca per nome' }), 'zzz{Enter}');

    expect(await screen.findByText('Nessun risultato per questa ricerca.')).toBeVisible();
    expect(screen.queryByText('Non ci sono dei Master inseriti')).not.toBeInTheDocument();
  });

  it('keeps every action of a master in a card on a 390 px phone', async () => {
    setViewportWidth(390);
    try {
      await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione', status: 'SUSPENDED' })]);
      signInAs('editor');
      renderApp('/admin/master-inseriti');
      const cards = await screen.findByRole('list', { name: 'Master inseriti' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const card = within(cards).getByRole('listitem');
      expect(within(card).getByText('Locazione')).toBeVisible();
      expect(within(card).getByText('Sospeso')).toBeVisible();
      expect(
        within(card)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Pubblica', 'Prova', 'Modifica', 'Elimina']);
    } finally {
      setViewportWidth(1024);
    }
  });

  it('publishes a suspended master with the status toasts', async () => {
    await startTemplatesApi([buildCard({ id: 'tpl-2', name: 'Comodato', status: 'SUSPENDED' })]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Comodato')).getByRole('button', { name: 'Pubblica' }));
    expect(await screen.findByText('Caricamento')).toBeVisible();
    expect(screen.getByText('Aggiorno lo stato del template...')).toBeVisible();
    expect(await screen.findByText('Tutto ok!')).toBeVisible();
    expect(screen.getByText('Stato del template aggiornato')).toBeVisible();
    expect(
      await within(rowOf('Comodato')).findByRole('button', { name: 'Sospendi' }),
    ).toBeVisible();
  });

  it('asks to confirm publishing a master with blanks left, naming how many, then publishes', async () => {
    const table = [buildCard({ id: 'tpl-2', name: 'Comodato', status: 'SUSPENDED' })];
    const bodies: unknown[] = [];
    const warning = messages.documents.blanks.publishWithBlanks(12);
    await startTemplatesApi(table, {
      'PUT /api/template/tpl-2/status': (_request, body) => {
        bodies.push(body);
        if (!(body as { confirmBlanks?: boolean }).confirmBlanks) return apiError(409, warning);
        (table[0] as TTemplateCard).status = 'PUBLISHED';
        return { body: { data: { id: 'tpl-2', status: 'PUBLISHED' } } };
      },
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Comodato')).getByRole('button', { name: 'Pubblica' }));

    const dialog = await screen.findByRole('alertdialog', {
      name: 'Spazi da compilare nel master',
    });
    expect(within(dialog).getByText(warning)).toBeVisible();
    expect(warning).toContain('12 spazi da compilare');
    expect(screen.queryByText('Si è verificato un problema')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Pubblica comunque' }));
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();

    expect(
      await within(rowOf('Comodato')).findByRole('button', { name: 'Sospendi' }),
    ).toBeVisible();
    expect(bodies).toEqual([{ status: 'PUBLISHED' }, { status: 'PUBLISHED', confirmBlanks: true }]);
  });

  it('searches by name', async () => {
    await startTemplatesApi([
      buildCard({ id: 'tpl-1', name: 'Locazione' }),
      buildCard({ id: 'tpl-2', name: 'Comodato' }),
    ]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Cerca per nome' }), 'comod{Enter}');
    await expect.poll(() => screen.queryByRole('cell', { name: 'Locazione' })).toBeNull();
    expect(screen.getByRole('cell', { name: 'Comodato' })).toBeVisible();
  });

  it('filters by category from the Seleziona categoria selector', async () => {
    await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione' })]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    const selector = await screen.findByRole('combobox', { name: 'Categoria' });
    await within(selector).findByRole('option', { name: 'Immobiliare' });
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Seleziona categoria', 'Immobiliare']);
    await user.selectOptions(selector, 'cat-1');
    expect(selector).toHaveValue('cat-1');
  });

  it('deletes a master after the irreversible confirmation', async () => {
    await startTemplatesApi([
      buildCard({ id: 'tpl-1', name: 'Locazione' }),
      buildCard({ id: 'tpl-2', name: 'Comodato' }),
    ]);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Comodato')).getByRole('button', { name: 'Elimina' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare il master?' });
    expect(within(dialog).getByText('Il master «Comodato» sarà eliminato.')).toBeVisible();
    expect(within(dialog).getByText("L'operazione è irreversibile.")).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    await expect.poll(() => screen.queryByRole('cell', { name: 'Comodato' })).toBeNull();
    expect(await screen.findByRole('cell', { name: 'Locazione' })).toBeVisible();
    expect(api?.hits('DELETE /api/template/tpl-2')).toBe(1);
  });
});

describe('master editor', () => {
  it('shows its sections, the category placeholder and the empty question list', async () => {
    await startTemplatesApi([]);
    signInAs('editor');
    renderApp('/admin/nuovo-documento');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }),
    ).toBeVisible();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual([
      'Dati generali',
      'Dati del documento',
      'Dati di pagamento',
      'File del master',
      "Documenti dell'insieme",
      'Elenco domande',
    ]);
    const category = screen.getByRole('combobox', { name: /^Categoria/ });
    await within(category).findByRole('option', { name: 'Immobiliare' });
    expect(within(category).getAllByRole('option')[0]).toHaveTextContent('Seleziona categoria');
    expect(category).toHaveValue('');
    expect(screen.getByText('Non ci sono ancora domande.')).toBeVisible();
  });

  it('saves a draft with Salva temporanemente', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set({ json_questions: [question('tipo', ['A', 'B'])] });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await user.type(await screen.findByLabelText(/^Titolo/), 'Locazione');
    await user.click(screen.getByRole('button', { name: 'Salva temporanemente' }));
    expect(await screen.findByText('Tutto ok!')).toBeVisible();
    expect(screen.getByText('Bozza salvata')).toBeVisible();
    expect(useTemplateDraftStore.getState().value.name).toBe('Locazione');
  });

  it('saves an edited master with Salva e concludi and says so', async () => {
    const saved: unknown[] = [];
    await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione' })], {
      'PUT /api/template/tpl-1': (_request, body) => {
        saved.push(body);
        return { body: { data: { ...buildCard({ id: 'tpl-1' }), ...(body as object) } } };
      },
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Locazione')).getByRole('button', { name: 'Modifica' }));

    const title = await screen.findByLabelText(/^Titolo/);
    expect(title).toHaveValue('Locazione');
    expect(screen.getByText('File caricato: master-locazione.docx')).toBeVisible();
    await user.clear(title);
    await user.type(title, 'Locazione abitativa');
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    expect(await screen.findByText('Master salvato con successo')).toBeVisible();
    expect(screen.getByText('Tutto ok!')).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Master inseriti' })).toBeVisible();
    expect(saved).toHaveLength(1);
  });

  it('saves a new master with a price and no payment link (stripe_url)', async () => {
    const saved: Array<Record<string, unknown>> = [];
    await startTemplatesApi([], {
      'POST /api/template': (_request, body) => {
        saved.push(body as Record<string, unknown>);
        return {
          status: 201,
          body: { data: { ...buildCard({ id: 'tpl-9' }), ...(body as object) } },
        };
      },
    });
    // The files were uploaded earlier in this draft.
    useMasterFilesStore
      .getState()
      .set({ file_name: `${'a'.repeat(64)}.docx`, preview_name: `${'b'.repeat(64)}.docx` });
    const { stripe_url: _none, ...withoutLink } = FILLED_DRAFT;
    useTemplateDraftStore.getState().set(withoutLink);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' });
    // stripe_url stays in the model, but nothing uses it: the form does not ask for it.
    expect(screen.queryByLabelText(/^URL di pagamento/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    expect(await screen.findByText('Master salvato con successo')).toBeVisible();
    expect(saved).toHaveLength(1);
    // The Italian amount leaves as the canonical decimal the API turns into cents.
    expect(saved[0]).toMatchObject({ name: 'Locazione', price: '49.00', stripe_url: '' });
  });

  it('re-saves a master without a payment link, as the seeded demo templates are', async () => {
    const saved: Array<Record<string, unknown>> = [];
    await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione', stripe_url: null })], {
      'PUT /api/template/tpl-1': (_request, body) => {
        saved.push(body as Record<string, unknown>);
        return { body: { data: { ...buildCard({ id: 'tpl-1' }), ...(body as object) } } };
      },
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Locazione')).getByRole('button', { name: 'Modifica' }));
    expect(await screen.findByLabelText(/^Titolo/)).toHaveValue('Locazione');
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    expect(await screen.findByText('Master salvato con successo')).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ stripe_url: '' });
  });

  it('shows every message of a refused save in its own red box', async () => {
    await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione' })], {
      'PUT /api/template/tpl-1': () =>
        apiError(422, [
          'Master, tag «parte»: la chiave «parte» non corrisponde a nessuna domanda. Paragrafo: «Tra le parti»',
          'La domanda «tipo» non è usata nel master.',
        ]),
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Locazione')).getByRole('button', { name: 'Modifica' }));
    await screen.findByLabelText(/^Titolo/);
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    await expect.poll(() => screen.queryAllByRole('alert')).toHaveLength(2);
    const alerts = screen.getAllByRole('alert');
    expect(alerts[0]).toHaveTextContent(
      'Master, tag «parte»: la chiave «parte» non corrisponde a nessuna domanda.',
    );
    expect(alerts[1]).toHaveTextContent('La domanda «tipo» non è usata nel master.');
    expect(screen.getByRole('heading', { level: 1, name: 'Modifica master' })).toBeVisible();
  });

  it('asks before deleting a question', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set({
      json_questions: [question('primo', ['Sì', 'No']), question('secondo', ['A', 'B'])],
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await user.click(await screen.findByRole('button', { name: 'Elimina primo' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Eliminare la domanda?' });
    expect(
      within(dialog).getByText(
        'Le condizioni delle altre domande che dipendono da questa domanda saranno rimosse o modificate.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await expect.poll(() => screen.queryByRole('button', { name: 'Elimina primo' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Elimina secondo' })).toBeVisible();
  });

  it('empties every field and the stored draft after confirming Svuota il modulo', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set(FILLED_DRAFT);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    const title = await screen.findByLabelText(/^Titolo/);
    const category = screen.getByRole('combobox', { name: /^Categoria/ });
    await within(category).findByRole('option', { name: 'Immobiliare' });
    expect(title).toHaveValue('Locazione');
    expect(category).toHaveValue('cat-1');
    await user.upload(screen.getByLabelText(/^Master/), new File(['x'.repeat(2048)], 'a.docx'));
    expect(screen.getByText('a.docx (2.00 KB)')).toBeVisible();
    expect(localStorage.getItem('newTemplate')).toContain('Locazione');

    await user.click(screen.getByRole('button', { name: 'Svuota il modulo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Svuotare il modulo?' });
    expect(
      within(dialog).getByText('Tutti i dati inseriti e non salvati andranno persi.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Annulla' })).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Svuota' }));

    expect(await screen.findByText('Il modulo è stato svuotato.')).toBeVisible();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    for (const label of [/^Titolo/, /^Descrizione/, /^Prezzo/]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByLabelText('Numero massimo di domande')).toHaveValue('');
    expect(screen.getByLabelText('Tempo minimo di compilazione (minuti)')).toHaveValue('');
    expect(category).toHaveValue('');
    expect(screen.queryByText('a.docx (2.00 KB)')).not.toBeInTheDocument();
    expect((screen.getByLabelText(/^Master/) as HTMLInputElement).files).toHaveLength(0);
    expect(screen.getByText('Non ci sono ancora domande.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Elimina tipo' })).not.toBeInTheDocument();
    expect(localStorage.getItem('newTemplate')).toBeNull();
    expect(localStorage.getItem('masterFiles')).toBeNull();
  });

  it('keeps everything when Svuota il modulo is cancelled', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set(FILLED_DRAFT);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    const title = await screen.findByLabelText(/^Titolo/);
    await user.type(title, ' abitativa');

    await user.click(screen.getByRole('button', { name: 'Svuota il modulo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Svuotare il modulo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));

    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    expect(title).toHaveValue('Locazione abitativa');
    expect(screen.getByLabelText(/^Prezzo/)).toHaveValue('49');
    expect(screen.getByRole('button', { name: 'Elimina tipo' })).toBeVisible();
    expect(JSON.parse(localStorage.getItem('newTemplate') ?? '{}').state.value).toMatchObject({
      name: 'Locazione',
      price: '49',
    });
  });

  it('restores the saved master when Svuota il modulo is confirmed while editing', async () => {
    await startTemplatesApi([buildCard({ id: 'tpl-1', name: 'Locazione' })]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');
    await screen.findByRole('table');
    await user.click(within(rowOf('Locazione')).getByRole('button', { name: 'Modifica' }));
    const title = await screen.findByLabelText(/^Titolo/);
    await user.clear(title);
    await user.type(title, 'Bozza cambiata');
    await user.click(screen.getByRole('button', { name: 'Elimina tipo' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Conferma' }),
    );
    await expect.poll(() => screen.queryByRole('button', { name: 'Elimina tipo' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Svuota il modulo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Svuotare il modulo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Svuota' }));

    expect(await screen.findByText('Le modifiche non salvate sono state annullate.')).toBeVisible();
    expect(title).toHaveValue('Locazione');
    expect(screen.getByLabelText(/^Prezzo/)).toHaveValue('49');
    expect(screen.getByRole('button', { name: 'Elimina tipo' })).toBeVisible();
    expect(screen.getByText('File caricato: master-locazione.docx')).toBeVisible();
    expect(useTemplateDraftStore.getState().value.name).toBe('Locazione');
  });

  it('offers to go to the questions while the master has none', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set({ ...FILLED_DRAFT, json_questions: [] });
    useMasterFilesStore
      .getState()
      .set({ file_name: `${'a'.repeat(64)}.docx`, preview_name: `${'b'.repeat(64)}.docx` });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await user.click(await screen.findByRole('button', { name: 'Salva e vai alle domande' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Caricamento domande' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Torna alla schermata precedente' })).toBeVisible();
  });

  it('shows the form messages on Salva e concludi', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set({
      json_questions: [question('tipo', ['A', 'B'])],
      price: 'dodici',
      min_questions: 'due',
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    expect(await screen.findByRole('button', { name: 'Salva temporanemente' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    expect(await screen.findAllByText('Deve essere un numero')).toHaveLength(1);
    expect(screen.getByText('Scrivi un importo in euro, per esempio 1.234,50.')).toBeVisible();
    expect(screen.getAllByText('Campo obbligatorio.').length).toBeGreaterThanOrEqual(3);
  });

  it('requires .docx files with different titles', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set({
      name: 'Locazione',
      description: 'Locazione abitativa',
      categoryId: 'cat-1',
      price: '49',
      stripe_url: 'https://pay.example/x',
      json_questions: [question('tipo', ['A', 'B'])],
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' });
    await user.click(await screen.findByRole('button', { name: 'Salva e concludi' }));
    // Only the master: without a preview the master serves for it.
    expect(await screen.findAllByText('È necessario inserire un file .docx')).toHaveLength(1);

    const docx = (name: string) => new File(['x'.repeat(2048)], name);
    await user.upload(screen.getByLabelText(/^Master/), docx('contratto.docx'));
    await user.upload(screen.getByLabelText(/^Anteprima/), docx('contratto.docx'));
    expect(screen.getAllByText('contratto.docx (2.00 KB)')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    expect(
      await screen.findByText(
        "Il master e l'anteprima hanno lo stesso titolo: se l'anteprima è il master stesso, non caricarla, perché senza anteprima si usa il master; altrimenti rinomina uno dei due file.",
      ),
    ).toBeVisible();
  });

  it('saves a new master without a preview file, which the form calls optional', async () => {
    const uploads: string[] = [];
    const saved: Array<Record<string, unknown>> = [];
    await startTemplatesApi([], {
      'POST /api/template/upload-master': (_request, body) => {
        uploads.push(String(body));
        return {
          body: { data: { file_name: `${'a'.repeat(64)}.docx`, preview_name: null, warnings: [] } },
        };
      },
      'POST /api/template': (_request, body) => {
        saved.push(body as Record<string, unknown>);
        return {
          status: 201,
          body: { data: { ...buildCard({ id: 'tpl-9' }), ...(body as object) } },
        };
      },
    });
    // Nothing stored or picked yet (an earlier test's picked files live in the module).
    useMasterFilesStore.getState().set({ file_name: '', preview_name: '' });
    Object.assign(pickedFiles, { master: null, preview: null });
    useTemplateDraftStore.getState().set(FILLED_DRAFT);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' });
    const choosePreview = screen.getByRole('button', { name: "Scegli il file dell'anteprima" });
    expect(choosePreview).toHaveAccessibleDescription(
      "Facoltativo: se manca, l'anteprima usa il master. Nessun file selezionato",
    );
    await user.upload(
      screen.getByLabelText(/^Master/),
      new File(['x'.repeat(2048)], 'contratto.docx'),
    );
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    expect(await screen.findByText('Master salvato con successo')).toBeVisible();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toContain('name="master"');
    expect(uploads[0]).not.toContain('name="preview"');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ file_name: `${'a'.repeat(64)}.docx` });
    expect(saved[0]).not.toHaveProperty('preview_name');
  });

  it("shows the lint's warnings of an accepted upload until the editor closes them", async () => {
    const warning =
      'Master, corpo, tag «NOME_CLIENTE»: campo di stampa unione: sostituiscilo con {nome_cliente}. Paragrafo: «Firma di «NOME_CLIENTE»»';
    await startTemplatesApi([], {
      'POST /api/template/upload-master': () => ({
        body: {
          data: {
            file_name: `${'a'.repeat(64)}.docx`,
            preview_name: `${'b'.repeat(64)}.docx`,
            warnings: [warning, 'La domanda «tipo» non è usata nel master.'],
          },
        },
      }),
      'POST /api/template': (_request, body) => ({
        status: 201,
        body: { data: { ...buildCard({ id: 'tpl-9' }), ...(body as object) } },
      }),
    });
    useTemplateDraftStore.getState().set(FILLED_DRAFT);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' });
    const docx = (name: string) => new File(['x'.repeat(2048)], name);
    await user.upload(screen.getByLabelText(/^Master/), docx('contratto.docx'));
    await user.upload(screen.getByLabelText(/^Anteprima/), docx('anteprima.docx'));
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    expect(await screen.findByText('Master salvato con successo')).toBeVisible();
    const title = await screen.findByText(
      'Master salvato, con avvisi da controllare nel file Word',
    );
    const toast = title.closest('[data-scope="toast"][data-part="root"]') as HTMLElement;
    expect(toast).toHaveTextContent(warning);
    expect(toast).toHaveTextContent('La domanda «tipo» non è usata nel master.');
  });
});

const FILLED_DRAFT = {
  name: 'Locazione',
  description: 'Locazione abitativa',
  categoryId: 'cat-1',
  price: '49',
  stripe_url: 'https://pay.example/x',
  max_questions: '3',
  min_time: '5',
  json_questions: [question('tipo', ['A', 'B'])],
};

function question(
  variable: string,
  options: string[],
  required_answers: TQuestion['required_answers'] = [],
): TQuestion {
  return {
    variable,
    question: `Domanda ${variable}`,
    options,
    required_answers,
    is_multiple_selection: false,
  };
}

describe('question editor', () => {
  it('checks the text, the key and the answers', async () => {
    await startTemplatesApi([]);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/caricamento-domande');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Caricamento domande' }),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Testo della domanda/)).toBeVisible();
    expect(screen.getByLabelText(/^Testo di aiuto/)).toBeVisible();
    expect(screen.getByText('Risposte')).toBeVisible();
    expect(screen.getByLabelText(/^Risposta 1/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Aggiungi risposta' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Più risposte' })).not.toBeChecked();
    expect(screen.getByText('Condizioni')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(await screen.findAllByText('Campo obbligatorio.')).toHaveLength(2);
    expect(screen.getByText('Inserisci almeno 2 risposte')).toBeVisible();

    await user.type(screen.getByLabelText(/^Chiave/), '1 parte');
    expect(screen.getByLabelText(/^Chiave/)).toHaveValue('1_parte');
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(await screen.findByText('La chiave non può iniziare con un numero')).toBeVisible();
  });

  it('offers only earlier questions in the conditions and requires their answer', async () => {
    await startTemplatesApi([]);
    useTemplateDraftStore.getState().set({
      json_questions: [
        question('primo', ['Sì', 'No']),
        question('secondo', ['A', 'B']),
        question('terzo', ['X', 'Y']),
      ],
    });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/caricamento-domande?index=1');
    expect(await screen.findByLabelText(/^Chiave/)).toHaveValue('secondo');
    await user.click(screen.getByRole('button', { name: 'Aggiungi condizione (oppure)' }));
    const condition = screen.getByRole('group', { name: 'Condizione 1' });
    const questionPicker = within(condition).getByLabelText('Domanda precedente');
    expect(
      within(questionPicker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Seleziona domanda', 'Domanda primo']);
    await user.selectOptions(questionPicker, 'primo');
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(await within(condition).findByText('Campo obbligatorio.')).toBeVisible();

    const answerPicker = within(condition).getByRole('group', { name: 'Risposta' });
    expect(
      within(answerPicker)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Sì', 'No']);
    await user.click(within(answerPicker).getByRole('checkbox', { name: 'Sì' }));
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }),
    ).toBeVisible();
    expect(screen.getByText('Mostrata se: primo = Sì')).toBeVisible();
  });
});
