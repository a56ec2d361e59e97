import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths.ts';
import { createQueryClient } from '../../lib/query-client.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { buildTemplateCard, signInAs } from '../../test/factories.ts';
import {
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';
import { ContractsScreen } from './components/contracts-screen.tsx';

/*
 * The catalogue as the stand-alone page hosts it (issue 13): a QueryClient and nothing else,
 * no router, no Chakra provider, no PageNavigationProvider, so links and cards move by page
 * load.
 */

let api: TestApi | undefined;

afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

/** The catalogue's API; `templates` answers GET /api/template (its query string is ignored). */
async function startCatalogueApi(templates: TestHandler, extra: Record<string, TestHandler> = {}) {
  api = await startTestApi({
    'GET /api/category': () => ({
      body: {
        data: { results: [{ id: 'cat-famiglia', name: 'Famiglia' }], page: 1, totalPages: 1 },
      },
    }),
    'GET /api/template': templates,
    ...extra,
  });
  pointPageAt(api.origin);
  return api;
}

function pageOf(results: TTemplateCard[], page = 1, totalPages = 1): TestHandler {
  return () => ({ body: { data: { results, page, totalPages } } });
}

/** A LexMind user's catalogue with the generation mode dialog opened from the card. */
async function openModeChoice() {
  await startCatalogueApi(pageOf([buildTemplateCard()]));
  signInAs('user', undefined, { lexmind: true });
  const user = userEvent.setup();
  renderStandalone();
  const card = await screen.findByRole('button', { name: 'Contratto di locazione' });
  await user.click(card);
  const dialog = await screen.findByRole('dialog', { name: 'Come vuoi generare il documento?' });
  return { user, card, dialog };
}

/** The stand-alone host: a QueryClient, no router. */
function renderStandalone() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ContractsScreen />
    </QueryClientProvider>,
  );
}

describe('the catalogue without a router (stand-alone page)', () => {
  it('shows the title, the filters and a card per published template', async () => {
    await startCatalogueApi(pageOf([buildTemplateCard()]));
    signInAs('user');
    renderStandalone();

    expect(screen.getByRole('heading', { level: 1, name: 'Nuovo documento' })).toBeVisible();
    await waitFor(() => expect(document.title).toMatch(/^Nuovo documento \| /));
    expect(screen.getByRole('searchbox', { name: 'Cerca per titolo' })).toBeVisible();
    const list = await screen.findByRole('region', { name: 'Nuovo documento' });
    const card = within(list)
      .getByRole('button', { name: 'Contratto di locazione' })
      .closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('49,90 € + IVA')).toBeVisible();
    expect(within(card).getByText('Aggiornato il 3 marzo 2026')).toBeVisible();
    expect(within(card).getByText('Tempo di compilazione: 10–20 minuti')).toBeVisible();
    expect(within(card).getByText('Numero di domande: 2–3')).toBeVisible();
    const chips = screen.getByRole('group', { name: 'Filtra per categoria' });
    expect(await within(chips).findByRole('button', { name: 'Famiglia' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('gives a list without a maximum as «da 7» and says why there may be more, not «7–56»', async () => {
    await startCatalogueApi(
      pageOf([
        buildTemplateCard({
          id: 'tpl-aperto',
          name: 'Ricorso con più creditori',
          min_time: 7,
          max_time: 56,
          min_questions: 7,
          max_questions: 56,
          open_lists: true,
        }),
        buildTemplateCard({ open_lists: false }),
      ]),
    );
    signInAs('user');
    renderStandalone();

    const cardOf = async (name: string) => {
      const card = (await screen.findByRole('button', { name })).closest('article');
      if (!card) throw new Error(`no card for ${name}`);
      return within(card as HTMLElement);
    };
    const open = await cardOf('Ricorso con più creditori');
    expect(open.getByText('Tempo di compilazione: da 7 minuti')).toBeVisible();
    expect(open.getByText('Numero di domande: da 7')).toBeVisible();
    expect(
      open.getByText('Le domande aumentano con ogni voce che aggiungi agli elenchi.'),
    ).toBeVisible();
    expect(open.queryByText(/7–56/)).toBeNull();
    // A template whose lists all have a maximum keeps its range.
    const bounded = await cardOf('Contratto di locazione');
    expect(bounded.getByText('Numero di domande: 2–3')).toBeVisible();
    expect(bounded.queryByText(/aggiungi agli elenchi/)).toBeNull();
  });

  it('draws the cards together with the category chips, the spinner standing where the chips go meanwhile (no shift)', async () => {
    await startCatalogueApi(pageOf([buildTemplateCard()]), {
      // The categories answer last: the chips' rows would push cards already drawn down.
      'GET /api/category': () => ({
        delayMs: 300,
        body: {
          data: { results: [{ id: 'cat-famiglia', name: 'Famiglia' }], page: 1, totalPages: 1 },
        },
      }),
    });
    signInAs('user');
    renderStandalone();

    await waitFor(() => expect(api?.hits('GET /api/template')).toBe(1));
    // The templates are in; the categories are not: still loading, no card yet.
    await new Promise((resolve) => setTimeout(resolve, 150));
    const spinner = screen.getByRole('status');
    expect(spinner).toHaveTextContent('Caricamento');
    expect(screen.queryByRole('button', { name: 'Contratto di locazione' })).toBeNull();
    // Above the list, not in it: the chips' rows replace it, and nothing drawn below moves.
    const results = document.getElementById('catalogue-results');
    expect(results).toBeEmptyDOMElement();
    expect(
      spinner.compareDocumentPosition(results as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();

    const card = await screen.findByRole('button', { name: 'Contratto di locazione' });
    const chips = screen.getByRole('group', { name: 'Filtra per categoria' });
    expect(within(chips).getByRole('button', { name: 'Famiglia' })).toBeVisible();
    expect(card).toBeVisible();
  });

  it('starts a document on a card click by loading the questionnaire page', async () => {
    const server = await startCatalogueApi(pageOf([buildTemplateCard()]));
    signInAs('user');
    const user = userEvent.setup();
    renderStandalone();
    // happy-dom never navigates its main window (location.assign does nothing there): the
    // page load the browser is asked for is recorded instead, the one thing not run for real.
    const loaded: string[] = [];
    const { assign } = window.location;
    window.location.assign = (url: string | URL) => void loaded.push(String(url));
    try {
      await user.click(await screen.findByRole('button', { name: 'Contratto di locazione' }));
    } finally {
      window.location.assign = assign;
    }

    expect(loaded).toEqual([PATHS.questionnaire]);
    expect(useNewContractStore.getState().value).toMatchObject({
      id: '',
      type: 'tpl-locazione',
      title: 'Contratto di locazione',
      maxQuestions: 3,
    });
    expect(server.hits('PUT /api/contract/')).toBe(0);
  });

  it('says so when no document is available, and when a search found nothing', async () => {
    await startCatalogueApi(pageOf([]));
    signInAs('user');
    const user = userEvent.setup();
    renderStandalone();

    expect(await screen.findByText('Non ci sono documenti disponibili')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Nuovo documento' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Cerca per titolo' }), 'zzz{Enter}');

    const status = await screen.findByRole('status');
    expect(within(status).getByText('Nessun risultato per questa ricerca.')).toBeVisible();
    expect(screen.queryByText('Non ci sono documenti disponibili')).not.toBeInTheDocument();
  });

  it('shows the error with Riprova, which asks again and then shows the cards', async () => {
    let calls = 0;
    await startCatalogueApi(() => {
      calls += 1;
      // A 4xx is not retried by the query client: one failure, then the retry by hand.
      return calls === 1
        ? { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Vietato' } }
        : pageOf([buildTemplateCard()])({} as never, undefined);
    });
    signInAs('user');
    const user = userEvent.setup();
    renderStandalone();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Non è stato possibile caricare i documenti.')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Riprova' }));

    expect(await screen.findByRole('button', { name: 'Contratto di locazione' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pages with Successiva and Precedente, disabled at the ends', async () => {
    const server = await startCatalogueApi((request) => {
      const page = Number(new URL(request.url ?? '', 'http://x').searchParams.get('page'));
      return pageOf(
        [buildTemplateCard({ id: `tpl-${page}`, name: `Modello ${page}` })],
        page,
        2,
      )(request, undefined);
    });
    signInAs('user');
    const user = userEvent.setup();
    renderStandalone();

    const pager = await screen.findByRole('navigation', { name: 'Paginazione' });
    expect(await screen.findByRole('button', { name: 'Modello 1' })).toBeVisible();
    expect(within(pager).getByText('Pagina 1 di 2')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Precedente' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));

    expect(await screen.findByRole('button', { name: 'Modello 2' })).toBeVisible();
    expect(within(pager).getByText('Pagina 2 di 2')).toBeVisible();
    expect(within(pager).getByRole('button', { name: 'Successiva' })).toBeDisabled();
    expect(server.hits('GET /api/template')).toBe(2);
  });

  it('opens the LexMind choice as a modal dialog and gives focus back to the card', async () => {
    const { user, card, dialog } = await openModeChoice();

    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Scegli come creare «Contratto di locazione».');
    expect(within(dialog).getByRole('button', { name: 'Usa LexPath' })).toBeVisible();
    // The page behind does not scroll while a dialog is open (as Chakra's dialogs did).
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(within(dialog).getByRole('button', { name: 'Scopri LexMind' }));
    const preview = await screen.findByRole('dialog', { name: 'LexMind: prossimamente' });
    expect(preview).toHaveAttribute('open');
    expect(dialog).not.toHaveAttribute('open');
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(within(preview).getByRole('button', { name: 'Torna ai documenti' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
    expect(useNewContractStore.getState().value.type).toBe('');
  });

  it('closes the LexMind choice when the browser closes the dialog (Escape), focus on the card', async () => {
    const { user, card, dialog } = await openModeChoice();

    // What Chromium does on Escape: the dialog closes itself and fires `close`
    // (happy-dom implements no Escape; e2e/tests/lexmind.test.ts presses it in Chromium).
    (dialog as HTMLDialogElement).close();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(card).toHaveFocus();
    // Choosing again opens it again: the screen knows it was closed.
    await user.click(card);
    expect(
      await screen.findByRole('dialog', { name: 'Come vuoi generare il documento?' }),
    ).toHaveAttribute('open');
  });
});
