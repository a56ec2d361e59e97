import { it as msg } from '@lexpath/shared/messages/it';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TTemplateCard, TTemplateDetail } from '@lexpath/shared/schemas/templates';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;

beforeEach(() => {
  setFlowTiming({ summaryDelayMs: 0 });
  questionsFailure = 'none';
  previewFailure = false;
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  resetFlowTiming();
  await api?.close();
  api = undefined;
});

const QUESTIONS = [
  {
    variable: 'durata',
    question: 'Quale durata ha il contratto?',
    options: ['4+4 anni', '3+2 anni'],
    required_answers: [],
    is_multiple_selection: false,
  },
  {
    variable: 'clausole',
    question: 'Quali clausole vuoi aggiungere?',
    options: ['Cedolare secca', 'Divieto di animali'],
    required_answers: [],
    is_multiple_selection: true,
  },
];

const TEMPLATE: TTemplateCard = {
  id: 'tpl-1',
  name: 'Contratto di locazione',
  description: 'Locazione abitativa',
  price: 49,
  price_cents: 4900,
  categoryId: { id: 'cat-1', name: 'Immobiliare' },
  status: 'SUSPENDED',
  min_time: 5,
  max_time: 10,
  min_questions: 2,
  max_questions: 2,
  stripe_url: null,
  userId: { name: 'Marco', surname: 'Rossi' },
  createdAt: '2026-03-05T09:07:00',
  updatedAt: '2026-03-05T09:07:00',
  latestVersionAt: '2026-03-05T09:07:00',
};

/** A finished try-out, ready on the preview step. */
const PREVIEW_CONTRACT = {
  type: 'tpl-1',
  title: 'Contratto di locazione',
  answers: { durata: '3+2 anni', clausole: ['Cedolare secca'] },
  maxQuestions: 2,
};

/** How POST /api/contract/questions fails, while it does. */
let questionsFailure: 'none' | 'refused' | 'server' | 'network' = 'none';
/** Whether PUT /api/template/tpl-1/preview-test answers 503 (no LibreOffice). */
let previewFailure = false;

/** The API as staff see it; the test .docx comes only for the answers the walk gives. */
async function startTryOutApi() {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/template': () => ({
      body: { data: { results: [TEMPLATE], page: 1, totalPages: 1 } },
    }),
    'GET /api/template/tpl-1': () => ({
      body: { data: { ...TEMPLATE, json_questions: QUESTIONS } as unknown as TTemplateDetail },
    }),
    'POST /api/contract/questions': (request, body) => {
      if (!request.url?.includes('type=tpl-1')) return apiError(404, 'Master non trovato');
      const answers = (body ?? {}) as TAnswers;
      if (questionsFailure === 'server') return apiError(500, msg.errors.internal);
      if (questionsFailure === 'network') {
        request.socket.destroy();
        return {};
      }
      if (questionsFailure === 'refused' && 'durata' in answers) {
        return apiError(
          422,
          msg.questions.answerNotAnOption('Quale durata ha il contratto?', String(answers.durata)),
        );
      }
      const next = QUESTIONS.find((question) => !(question.variable in answers)) ?? null;
      return { body: { data: next } };
    },
    'PUT /api/template/tpl-1/preview-test': (_request, body) => {
      const { answers } = body as { answers: TAnswers };
      if (previewFailure) return apiError(503, msg.documents.previewUnavailable);
      return {
        text: `%PDF-1.4 anteprima ${String(answers.durata)}`,
        headers: { 'content-type': 'application/pdf' },
      };
    },
    'PUT /api/template/tpl-1/download-test': (_request, body) => {
      const { answers } = body as { answers: TAnswers };
      if (answers.durata !== '3+2 anni' || !Array.isArray(answers.clausole)) {
        return apiError(400, 'Risposte non valide');
      }
      // Slow enough for the button to be busy when the download notice closes.
      return {
        delayMs: 150,
        text: 'PK docx',
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'content-disposition':
            'attachment; filename="prova.docx"; filename*=UTF-8\'\'Locazione%20%E2%80%93%20prova.docx',
        },
      };
    },
  });
  pointPageAt(api.origin);
}

describe('admin try-out', () => {
  it('walks a master from Prova to the summary, editing an answer on the way', async () => {
    await startTryOutApi();
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');

    const row = (await screen.findByRole('cell', { name: 'Contratto di locazione' })).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Prova' }));

    expect(await screen.findByText('Quale durata ha il contratto?')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    // Three steps: the try-out has no cart.
    expect(
      within(screen.getByRole('list', { name: 'Avanzamento' }))
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['1. Questionario (in corso)', '2. Riepilogo', '3. Anteprima']);
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio.');

    await user.click(screen.getByRole('radio', { name: '4+4 anni' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(await screen.findByText('Quali clausole vuoi aggiungere?')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    // Back drops the last answer: the first question comes again, with that answer selected.
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByRole('radio', { name: '4+4 anni' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '3+2 anni' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await screen.findByText('Quali clausole vuoi aggiungere?');
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Campo obbligatorio.');
    await user.click(screen.getByRole('checkbox', { name: 'Cedolare secca' }));
    await user.click(screen.getByRole('checkbox', { name: 'Divieto di animali' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    expect(await screen.findByRole('heading', { name: 'Riepilogo' })).toBeInTheDocument();
    const recap = screen.getByRole('list', { name: 'Risposte date' });
    expect(
      within(recap)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Quale durata ha il contratto?Risposta: 3+2 anniModifica',
      'Quali clausole vuoi aggiungere?Risposta: Cedolare secca, Divieto di animaliModifica',
    ]);

    // Editing the second answer asks first, then drops it and returns to that question.
    await user.click(
      screen.getByRole('button', {
        name: 'Modifica la risposta a «Quali clausole vuoi aggiungere?»',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Modificare la risposta?' });
    expect(dialog).toHaveTextContent('Le risposte successive dovranno essere date di nuovo.');
    await user.click(within(dialog).getByRole('button', { name: /conferma/i }));

    // The answer taken back comes filled, as in the lawyer's flow.
    expect(await screen.findByText('Quali clausole vuoi aggiungere?')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Divieto di animali' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Cedolare secca' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await screen.findByRole('heading', { name: 'Riepilogo' });
    expect(screen.getByText('Divieto di animali', { exact: false })).toHaveTextContent(
      'Risposta: Divieto di animali',
    );
  });

  it('goes from the summary to the preview, which warns about cross references', async () => {
    await startTryOutApi();
    signInAs('editor');
    useNewContractStore.getState().set({
      type: 'tpl-1',
      title: 'Contratto di locazione',
      answers: { durata: '3+2 anni', clausole: ['Cedolare secca'] },
      maxQuestions: 2,
    });
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/riepilogo?id=tpl-1');

    await screen.findByText('Quale durata ha il contratto?');
    await user.click(screen.getByRole('button', { name: "Vai all'anteprima" }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anteprima' })).toBeVisible();
    expect(
      screen.getByText(
        'Scarica il documento generato con le risposte date per controllarlo. I riferimenti incrociati potrebbero non essere aggiornati.',
      ),
    ).toBeVisible();
  });

  it('asks before abandoning a try-out with answers, then goes back to the masters', async () => {
    await startTryOutApi();
    signInAs('editor');
    useNewContractStore.getState().set({
      type: 'tpl-1',
      title: 'Contratto di locazione',
      answers: { durata: '3+2 anni' },
      maxQuestions: 2,
    });
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/questionario?id=tpl-1');

    await screen.findByText('Quali clausole vuoi aggiungere?');
    await user.click(screen.getByRole('button', { name: 'Abbandona' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Abbandonare la generazione del documento?',
    });
    expect(within(dialog).getByText('Tutti i progressi andranno persi.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Abbandona' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Master inseriti' })).toBeVisible();
  });

  it('downloads the test document on the preview step instead of paying', async () => {
    await startTryOutApi();
    signInAs('admin');
    useNewContractStore.getState().set(PREVIEW_CONTRACT);
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/anteprima?id=tpl-1');

    expect(await screen.findByRole('heading', { name: 'Anteprima' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /carrello/i })).not.toBeInTheDocument();
    const download = screen.getByRole('button', { name: 'Scarica documento di prova' });
    await user.click(download);
    const notice = await screen.findByRole('alertdialog', { name: 'Download in arrivo' });
    expect(
      within(notice).getByText(
        'Il documento di prova (.docx) sta per essere scaricato con le risposte date.',
      ),
    ).toBeVisible();
    await user.click(within(notice).getByRole('button', { name: 'Scarica' }));
    expect(
      await screen.findByText('Documento scaricato: Locazione – prova.docx'),
    ).toBeInTheDocument();
    expect(api?.hits('PUT /api/template/tpl-1/download-test')).toBe(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Focus comes back to the button once it is no longer busy.
    await expect.poll(() => document.activeElement).toBe(download);
  });

  it('shows the protected preview in the page, drawn from the answers, with the download kept', async () => {
    await startTryOutApi();
    signInAs('editor');
    useNewContractStore.getState().set(PREVIEW_CONTRACT);
    renderApp('/admin/master-inseriti/anteprima?id=tpl-1');

    const frame = await screen.findByTitle('Anteprima del documento generato', undefined, {
      timeout: 10_000,
    });
    // As the lawyer sees it: no toolbar of the viewer, and a text saying why nothing copies.
    expect(frame.getAttribute('src')).toMatch(/^blob:.*#toolbar=0/);
    expect(frame).toHaveAccessibleDescription(
      "Anteprima protetta, come la vede l'avvocato: le pagine sono immagini con la filigrana «ANTEPRIMA», senza testo copiabile.",
    );
    expect(api?.hits('PUT /api/template/tpl-1/preview-test')).toBe(1);
    expect(screen.getByRole('button', { name: 'Scarica documento di prova' })).toBeVisible();
  });

  it('says so in a red box with a retry when the preview cannot be drawn', async () => {
    previewFailure = true;
    await startTryOutApi();
    signInAs('editor');
    useNewContractStore.getState().set(PREVIEW_CONTRACT);
    renderApp('/admin/master-inseriti/anteprima?id=tpl-1');

    expect(
      await screen.findByText("Non è stato possibile caricare l'anteprima.", undefined, {
        timeout: 10_000,
      }),
    ).toBeVisible();
    expect(screen.getByText(msg.documents.previewUnavailable)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Scarica documento di prova' })).toBeVisible();
  });

  it('downloads nothing when the download notice is cancelled', async () => {
    await startTryOutApi();
    signInAs('editor');
    useNewContractStore.getState().set(PREVIEW_CONTRACT);
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/anteprima?id=tpl-1');

    const download = await screen.findByRole('button', { name: 'Scarica documento di prova' });
    await user.click(download);
    const notice = await screen.findByRole('alertdialog', { name: 'Download in arrivo' });
    await expect.poll(() => notice.contains(document.activeElement)).toBe(true);
    await user.click(within(notice).getByRole('button', { name: 'Annulla' }));
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();
    await expect.poll(() => document.activeElement).toBe(download);

    // Escape cancels too.
    await user.click(download);
    await screen.findByRole('alertdialog', { name: 'Download in arrivo' });
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('alertdialog')).toBeNull();

    expect(screen.queryByText(/Documento scaricato/)).not.toBeInTheDocument();
    expect(api?.hits('PUT /api/template/tpl-1/download-test')).toBe(0);
  });

  it('says so when no master was chosen', async () => {
    await startTryOutApi();
    signInAs('editor');
    renderApp('/admin/master-inseriti/riepilogo');
    expect(await screen.findByText('Nessun master selezionato.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Torna ai master inseriti' })).toHaveAttribute(
      'href',
      '/admin/master-inseriti',
    );
  });
});

describe('admin try-out when the next question cannot be fetched', () => {
  it('shows the server message in a red box when the answers are refused (422)', async () => {
    await startTryOutApi();
    questionsFailure = 'refused';
    signInAs('editor');
    useNewContractStore.getState().set({
      type: 'tpl-1',
      title: 'Contratto di locazione',
      answers: { durata: '5+5 anni' },
      maxQuestions: 2,
    });
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/questionario?id=tpl-1');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'La risposta «5+5 anni» non è tra quelle previste per la domanda «Quale durata ha il contratto?».',
    );
    expect(screen.queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();

    // Going back drops the refused answer and asks the question again.
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByText('Quale durata ha il contratto?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['server', 'Si è verificato un errore imprevisto. Riprova tra qualche istante.'],
    ['network', 'Impossibile contattare il server. Controlla la connessione e riprova.'],
  ] as const)('offers Riprova after a %s failure', async (failure, message) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startTryOutApi();
    questionsFailure = failure;
    signInAs('editor');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/admin/master-inseriti/questionario?id=tpl-1');

    // Past the three retries of SPEC §9: each check moves the clock by a second.
    const alert = await vi.waitFor(
      async () => {
        await vi.advanceTimersByTimeAsync(1000);
        return screen.getByRole('alert');
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(alert).toHaveTextContent('Non è stato possibile caricare la prossima domanda.');
    expect(alert).toHaveTextContent(message);
    expect(api?.hits('POST /api/contract/questions')).toBe(4);

    questionsFailure = 'none';
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Quale durata ha il contratto?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
