import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it as msg } from '@lexpath/shared/messages/it';
import type { TBillingProfileView } from '@lexpath/shared/schemas/billing';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import type { TContractCard, TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { buildTemplateCard, signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';

let api: TestApi | undefined;

/** How POST /api/contract/questions fails, while it does. */
let questionsFailure: 'none' | 'refused' | 'server' = 'none';

beforeEach(() => {
  setFlowTiming({ summaryDelayMs: 0, wordDelayMs: 0, loaderMs: () => 0 });
  questionsFailure = 'none';
});

afterEach(async () => {
  // Unmount first: no query may still be talking to the server being closed.
  cleanup();
  vi.useRealTimers();
  resetFlowTiming();
  await api?.close();
  api = undefined;
});

const CATEGORIES: TCategory[] = [
  { id: 'cat-lavoro', name: 'Lavoro' },
  { id: 'cat-famiglia', name: 'Famiglia' },
];

function buildTemplate(overrides: Partial<TTemplateCard> = {}): TTemplateCard {
  return buildTemplateCard({ categoryId: CATEGORIES[1] ?? null, ...overrides });
}

const QUESTIONS = [
  {
    variable: 'durata',
    question: 'Quale durata ha il contratto?',
    description: 'La durata minima di legge è di quattro anni.',
    options: ['4+4 anni', '3+2 anni'],
    is_multiple_selection: false,
  },
  {
    variable: 'clausole',
    question: 'Quali clausole vuoi aggiungere?',
    description: null,
    options: ['Cedolare secca', 'Divieto di animali', 'Deposito cauzionale'],
    is_multiple_selection: true,
  },
  {
    variable: 'foro',
    question: 'Quale foro è competente?',
    description: null,
    options: ['Milano', 'Roma'],
    is_multiple_selection: false,
  },
];

interface ContractRow {
  id: string;
  answers: TAnswers;
  status: 'TO_COMPLETE' | 'COMPLETED';
  payment: { id: string; updatedAt: string; price: string } | null;
}

function detailOf(row: ContractRow, template: TTemplateCard, stripeUrl: string | null) {
  const detailed = QUESTIONS.filter((question) => question.variable in row.answers).map(
    (question) => ({
      variable: question.variable,
      question: question.question,
      given_answer: row.answers[question.variable] ?? '',
    }),
  );
  const detail: TContractDetail = {
    id: row.id,
    name: template.name,
    title: template.name,
    description: template.description,
    type: template.id,
    status: row.status,
    answers: row.answers,
    answers_count: detailed.length,
    price: '60.88',
    paymentId: row.payment,
    userId: { name: 'Giulia', surname: 'Bianchi' },
    createdAt: '2026-03-04T09:00:00.000Z',
    updatedAt: '2026-03-04T09:00:00.000Z',
    detailed_answers: detailed,
    templateId: {
      id: template.id,
      price: template.price,
      price_cents: template.price_cents,
      total: '60.88',
      max_questions: template.max_questions,
      stripe_url: stripeUrl,
    },
    maxQuestions: template.max_questions,
  };
  return detail;
}

/**
 * The purchase API over one in-memory contract: templates with search and category filters,
 * the questionnaire asking the first unanswered question, the local payment provider.
 */
async function startPurchaseApi(
  options: {
    templates?: TTemplateCard[];
    contract?: Partial<ContractRow>;
    stripeUrl?: string | null;
    /** POST /payment/checkout; by default the local provider's answer, the test page. */
    checkout?: TestHandler;
    completeError?: string;
    paymentFails?: boolean;
    previewError?: string;
    /** How long GET /contract/preview takes to answer. */
    previewDelayMs?: number;
    /** The preview's bytes; by default a PDF that is no page pictures (the frame shows it). */
    previewPdf?: Uint8Array;
    archive?: TContractCard[];
    /** What PUT /contract/ prefills besides the first answer (the lawyer's own facts). */
    startedWith?: TAnswers;
  } = {},
) {
  const templates = options.templates ?? [buildTemplate()];
  const template = templates[0] ?? buildTemplate();
  const row: ContractRow = {
    id: 'c-1',
    answers: {},
    status: 'TO_COMPLETE',
    payment: null,
    ...options.contract,
  };
  const query = (url: string | undefined) => new URL(url ?? '', 'http://api').searchParams;
  const routes: Record<string, TestHandler> = {
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: CATEGORIES, page: 1, totalPages: 1 } },
    }),
    'GET /api/template': (request) => {
      const params = query(request.url);
      const name = params.get('name')?.toLowerCase() ?? '';
      const categoryId = params.get('categoryId') ?? '';
      const results = templates.filter(
        (item) =>
          item.name.toLowerCase().includes(name) &&
          (categoryId === '' || item.categoryId?.id === categoryId),
      );
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    // The first answer creates the document (issue 12).
    'PUT /api/contract/': (_request, body) => {
      const start = body as { answers?: TAnswers };
      if (start.answers) row.answers = start.answers;
      if (!options.startedWith) return { body: { data: { id: row.id } } };
      row.answers = { ...options.startedWith, ...row.answers };
      const prefilled = Object.keys(options.startedWith);
      return { body: { data: { id: row.id, answers: row.answers, prefilled } } };
    },
    [`PUT /api/contract/${row.id}`]: (_request, body) => {
      const save = body as { answers?: TAnswers; status?: 'COMPLETED' };
      if (save.status && options.completeError) return apiError(422, options.completeError);
      if (save.answers) row.answers = save.answers;
      if (save.status) row.status = save.status;
      return { body: { data: { id: row.id } } };
    },
    'POST /api/contract/questions': (_request, body) => {
      const answers = (body ?? {}) as TAnswers;
      if (questionsFailure === 'server') return apiError(500, msg.errors.internal);
      if (questionsFailure === 'refused' && 'durata' in answers) {
        return apiError(
          422,
          msg.questions.answerNotAnOption('Quale durata ha il contratto?', String(answers.durata)),
        );
      }
      const next = QUESTIONS.find((question) => !(question.variable in answers)) ?? null;
      return { body: { data: next } };
    },
    [`GET /api/contract/${row.id}`]: () => ({
      body: { data: detailOf(row, template, options.stripeUrl ?? null) },
    }),
    [`GET /api/contract/preview/${row.id}`]: () =>
      options.previewError
        ? apiError(503, options.previewError)
        : {
            ...(options.previewPdf
              ? { bytes: options.previewPdf }
              : { text: '%PDF-1.4 anteprima' }),
            headers: { 'content-type': 'application/pdf' },
            delayMs: options.previewDelayMs,
          },
    // «Documenti in corso» asks for the drafts (none here: drafts.test.tsx has them).
    'GET /api/contract': (request) => ({
      body: {
        data: {
          results:
            query(request.url).get('status') === 'TO_COMPLETE' ? [] : (options.archive ?? []),
          page: 1,
          totalPages: 1,
        },
      },
    }),
    [`GET /api/contract/download/${row.id}`]: (request) => {
      const pdf = query(request.url).get('format') === 'pdf';
      const name = `Contratto di locazione - 2026-03-05.${pdf ? 'pdf' : 'docx'}`;
      return {
        text: pdf ? '%PDF-1.6 PDF/A' : 'PK docx',
        headers: {
          'content-type': pdf
            ? 'application/pdf'
            : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
      };
    },
    // The buyer gave the billing data on an earlier purchase (issue 14; the first time is in
    // cart-billing.test.tsx).
    'GET /api/user/user-1/billing': () => ({ body: { data: SAVED_BILLING } }),
    'POST /api/payment/checkout':
      options.checkout ??
      ((_request, body) => {
        const { contractId } = body as { contractId: string };
        return { body: { data: { url: `/pagamento-di-prova?contract=${contractId}` } } };
      }),
    'POST /api/payment/local-checkout': () => ({
      body: { data: { session_id: 'local_sessione_1' } },
    }),
    'POST /api/payment': (_request, body) => {
      const payment = body as { transactionId: string; price: string; contractId: string };
      if (
        options.paymentFails ||
        payment.transactionId !== 'local_sessione_1' ||
        payment.price !== '60.88' ||
        payment.contractId !== row.id
      ) {
        return apiError(402, 'Pagamento non verificabile.');
      }
      row.payment = { id: 'pay-1', updatedAt: new Date().toISOString(), price: payment.price };
      return { body: { data: { id: 'pay-1' } } };
    },
  };
  api = await startTestApi(routes);
  pointPageAt(api.origin);
  return row;
}

const SAVED_BILLING: TBillingProfileView = {
  tipo: 'persona_fisica',
  nome: 'Giulia',
  cognome: 'Bianchi',
  denominazione: null,
  codice_fiscale: 'RSSMRA85T10A562S',
  partita_iva: '12345678903',
  indirizzo: 'Via Roma 1',
  cap: '00100',
  comune: 'Roma',
  provincia: 'RM',
  nazione: 'IT',
  codice_destinatario: null,
  pec_destinatario: 'giulia.bianchi@pec.it',
};

/** A document in progress, as starting it from the list leaves it in the session store. */
function storeContract(answers: TAnswers = {}) {
  useNewContractStore.getState().set({
    id: 'c-1',
    type: 'tpl-locazione',
    title: 'Contratto di locazione',
    answers,
    maxQuestions: 3,
  });
}

describe('new document list', () => {
  it('shows each published template with price, date, time and question ranges', async () => {
    await startPurchaseApi();
    signInAs('user');
    renderApp('/user/contratti');

    const card = (await screen.findByRole('button', { name: 'Contratto di locazione' })).closest(
      'article',
    );
    if (!card) throw new Error('no card');
    const inCard = within(card);
    expect(inCard.getByText('Locazione ad uso abitativo con canone libero.')).toBeVisible();
    expect(inCard.getByText('49,90 € + IVA')).toBeVisible();
    expect(inCard.getByText('Aggiornato il 3 marzo 2026')).toBeVisible();
    expect(inCard.getByText('Tempo di compilazione: 10–20 minuti')).toBeVisible();
    expect(inCard.getByText('Numero di domande: 2–3')).toBeVisible();
  });

  it('filters by the searched title and by category chip', async () => {
    await startPurchaseApi({
      templates: [
        buildTemplate(),
        buildTemplate({
          id: 'tpl-lavoro',
          name: 'Contratto di lavoro subordinato',
          categoryId: CATEGORIES[0] ?? null,
        }),
      ],
    });
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');
    await screen.findByRole('button', { name: 'Contratto di locazione' });

    const box = screen.getByRole('searchbox', { name: 'Cerca per titolo' });
    await user.type(box, 'lavoro{Enter}');
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Contratto di locazione' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Contratto di lavoro subordinato' })).toBeVisible();

    await user.clear(box);
    await screen.findByRole('button', { name: 'Contratto di locazione' });

    const chips = screen.getByRole('group', { name: 'Filtra per categoria' });
    expect(within(chips).getByRole('button', { name: 'Tutti' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(await within(chips).findByRole('button', { name: 'Famiglia' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Contratto di lavoro subordinato' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Contratto di locazione' })).toBeVisible();
    expect(within(chips).getByRole('button', { name: 'Famiglia' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says so when no template matches', async () => {
    await startPurchaseApi({ templates: [] });
    signInAs('user');
    renderApp('/user/contratti');

    expect(await screen.findByText('Non ci sono documenti disponibili')).toBeVisible();
  });

  it('says a search found nothing, not that no document is available', async () => {
    await startPurchaseApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');
    await screen.findByRole('button', { name: 'Contratto di locazione' });

    await user.type(screen.getByRole('searchbox', { name: 'Cerca per titolo' }), 'zzz{Enter}');

    expect(await screen.findByText('Nessun risultato per questa ricerca.')).toBeVisible();
    expect(screen.queryByText('Non ci sono documenti disponibili')).not.toBeInTheDocument();
  });
});

describe('questionnaire', () => {
  it('walks single and multiple choices, shows the previous answer chosen on back, and reaches the summary', async () => {
    await startPurchaseApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await user.click(await screen.findByRole('button', { name: 'Contratto di locazione' }));
    await screen.findByText('Quale durata ha il contratto?');
    const steps = screen.getByRole('list', { name: 'Avanzamento' });
    expect(
      within(steps)
        .getByText(/Questionario/)
        .closest('li'),
    ).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('La durata minima di legge è di quattro anni.')).toBeVisible();
    expect(
      screen.getByRole('progressbar', { name: 'Completamento del questionario' }),
    ).toHaveAttribute('aria-valuenow', '0');

    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();

    await user.click(screen.getByRole('radio', { name: '3+2 anni' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await screen.findByText('Quali clausole vuoi aggiungere?');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Cedolare secca' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deposito cauzionale' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await screen.findByText('Quale foro è competente?');
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    await screen.findByText('Quali clausole vuoi aggiungere?');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
    expect(screen.getByRole('checkbox', { name: 'Cedolare secca' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Deposito cauzionale' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Cedolare secca' }));
    await user.click(screen.getByRole('checkbox', { name: 'Deposito cauzionale' }));

    await user.click(screen.getByRole('checkbox', { name: 'Divieto di animali' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await user.click(await screen.findByRole('radio', { name: 'Roma' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    const recap = await screen.findByRole('list', { name: 'Risposte date' });
    await waitFor(() => expect(within(recap).getAllByRole('listitem')).toHaveLength(3));
    const texts = within(recap)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toContain('Quale durata ha il contratto?Risposta: 3+2 anniModifica');
    expect(texts).toContain('Quali clausole vuoi aggiungere?Risposta: Divieto di animaliModifica');
    expect(texts).toContain('Quale foro è competente?Risposta: RomaModifica');
  });

  it('goes on from the answers the server started the document with', async () => {
    const row = await startPurchaseApi({ startedWith: { clausole: ['Cedolare secca'] } });
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await user.click(await screen.findByRole('button', { name: 'Contratto di locazione' }));
    await user.click(await screen.findByRole('radio', { name: '4+4 anni' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    // The clauses came prefilled with the new document: the forum is asked next.
    await user.click(await screen.findByRole('radio', { name: 'Milano' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    expect(row.answers).toEqual({
      durata: '4+4 anni',
      clausole: ['Cedolare secca'],
      foro: 'Milano',
    });
  });

  it('asks before leaving the flow and then loses the progress', async () => {
    await startPurchaseApi();
    signInAs('user');
    storeContract();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');

    await screen.findByText('Quale durata ha il contratto?');
    await user.click(screen.getByRole('button', { name: 'Abbandona' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Abbandonare la generazione del documento?',
    });
    expect(within(dialog).getByText('Tutti i progressi andranno persi.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    expect(screen.getByText('Quale durata ha il contratto?')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Abbandona' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Abbandona' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo documento' })).toBeVisible();
  });
});

describe('questionnaire when the next question cannot be fetched', () => {
  it('shows the server message in a red box when the answers are refused (422), and goes back', async () => {
    const row = await startPurchaseApi({ contract: { answers: { durata: '5+5 anni' } } });
    questionsFailure = 'refused';
    signInAs('user');
    storeContract({ durata: '5+5 anni' });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'La risposta «5+5 anni» non è tra quelle previste per la domanda «Quale durata ha il contratto?».',
    );
    expect(alert).not.toHaveTextContent('Non è stato possibile caricare la prossima domanda.');
    expect(screen.queryByRole('button', { name: 'Riprova' })).not.toBeInTheDocument();

    // 'Indietro' saves the answers without the refused one and asks the question again.
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByText('Quale durata ha il contratto?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(row.answers).toEqual({});
    expect(useNewContractStore.getState().value.answers).toEqual({});
  });

  it('offers Riprova after a server failure, which then shows the question', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startPurchaseApi();
    questionsFailure = 'server';
    signInAs('user');
    storeContract();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/user/nuovo-contratto/questionario');

    // Past the three retries of SPEC §9: each check moves the clock by a second.
    const alert = await vi.waitFor(
      async () => {
        await vi.advanceTimersByTimeAsync(1000);
        return screen.getByRole('alert');
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(alert).toHaveTextContent('Non è stato possibile caricare la prossima domanda.');
    expect(alert).toHaveTextContent(
      'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
    );
    expect(api?.hits('POST /api/contract/questions')).toBe(4);
    // No answer given yet: nothing to go back to.
    expect(screen.queryByRole('button', { name: 'Indietro' })).not.toBeInTheDocument();

    questionsFailure = 'none';
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('Quale durata ha il contratto?')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('summary', () => {
  it('changes an answer only after confirming that later answers must be given again', async () => {
    await startPurchaseApi({
      contract: { answers: { durata: '4+4 anni', clausole: ['Cedolare secca'], foro: 'Milano' } },
    });
    signInAs('user');
    storeContract({ durata: '4+4 anni', clausole: ['Cedolare secca'], foro: 'Milano' });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    await user.click(
      await screen.findByRole('button', {
        name: 'Modifica la risposta a «Quali clausole vuoi aggiungere?»',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Modificare la risposta?' });
    expect(
      within(dialog).getByText('Le risposte successive dovranno essere date di nuovo.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }));

    // The answer being changed is shown as it was given.
    expect(await screen.findByRole('checkbox', { name: 'Cedolare secca' })).toBeChecked();
    expect(screen.getByText('Quali clausole vuoi aggiungere?')).toBeVisible();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33');
  });

  it('shows why the document cannot be completed in a red box', async () => {
    await startPurchaseApi({
      contract: { answers: { durata: '4+4 anni' } },
      completeError: 'Rispondi a tutte le domande prima di andare all’anteprima.',
    });
    signInAs('user');
    storeContract({ durata: '4+4 anni' });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    await screen.findByText('Quale durata ha il contratto?');
    await user.click(screen.getByRole('button', { name: "Vai all'anteprima" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Rispondi a tutte le domande prima di andare all’anteprima.',
    );
  });
});

/** Two pages as the server draws previews (page-images.ts): grey pictures, one a page. */
const PAGE_PICTURES_PDF = readFileSync(
  join(
    dirname(fileURLToPath(import.meta.url)),
    '../../../../../packages/shared/src/test/preview-two-pages.pdf',
  ),
);

describe('preview', () => {
  const answered = { durata: '4+4 anni', clausole: ['Cedolare secca'], foro: 'Milano' };

  it('completes the document from the summary and shows its pages as pictures with the warning', async () => {
    await startPurchaseApi({ contract: { answers: answered }, previewPdf: PAGE_PICTURES_PDF });
    signInAs('user');
    storeContract(answered);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    await screen.findByText('Quale foro è competente?');
    await user.click(screen.getByRole('button', { name: "Vai all'anteprima" }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Anteprima' })).toBeVisible();
    // The pages are images in the page, not the browser's PDF viewer (a frame that took the first
    // click meant for «Vai al carrello»), in a region the keyboard can scroll.
    const pages = await screen.findByRole('region', { name: 'Anteprima del documento generato' });
    expect(pages).toHaveAccessibleDescription(msg.web.purchase.previewProtected);
    expect(pages).toHaveAttribute('tabindex', '0');
    const pictures = within(pages).getAllByRole('img');
    expect(pictures.map((picture) => picture.getAttribute('alt'))).toEqual([
      'Pagina 1 di 2 dell’anteprima',
      'Pagina 2 di 2 dell’anteprima',
    ]);
    // Each at the page picture's own size (preview-pages.test.ts checks the pixels).
    expect(pictures[0]).toHaveAttribute('width', '267');
    expect(pictures[0]).toHaveAttribute('height', '160');
    expect(pictures[0]?.getAttribute('src')).toMatch(/^blob:/);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText(/riferimenti incrociati/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Vai al carrello' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
  });

  it('shows a preview that is not made of page pictures in the viewer, without its toolbar', async () => {
    await startPurchaseApi({ contract: { answers: answered, status: 'COMPLETED' } });
    signInAs('user');
    storeContract(answered);
    renderApp('/user/nuovo-contratto/anteprima');

    const frame = await screen.findByTitle('Anteprima del documento generato');
    expect(frame.getAttribute('src')).toMatch(/#toolbar=0/);
    expect(frame).toHaveAccessibleDescription(msg.web.purchase.previewProtected);
  });

  it('says the preview is being prepared until its PDF arrives', async () => {
    await startPurchaseApi({
      contract: { answers: answered, status: 'COMPLETED' },
      previewDelayMs: 1000,
    });
    signInAs('user');
    storeContract(answered);
    renderApp('/user/nuovo-contratto/anteprima');

    // A live region, so a screen reader says it too.
    const preparing = await screen.findByText(msg.web.purchase.previewPreparing);
    expect(preparing).toBeVisible();
    expect(preparing.closest('[role="status"]')).not.toBeNull();
    expect(await screen.findByTitle('Anteprima del documento generato')).toBeVisible();
    expect(screen.queryByText(msg.web.purchase.previewPreparing)).toBeNull();
  });

  it('explains why the preview is not available', async () => {
    await startPurchaseApi({
      contract: { answers: answered, status: 'COMPLETED' },
      previewError: "Non è stato possibile generare l'anteprima PDF. Riprova tra qualche istante.",
    });
    signInAs('user');
    storeContract(answered);
    renderApp('/user/nuovo-contratto/anteprima');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Non è stato possibile caricare l'anteprima.");
    expect(alert).toHaveTextContent(
      "Non è stato possibile generare l'anteprima PDF. Riprova tra qualche istante.",
    );
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeVisible();
  });
});

describe('cart and payment', () => {
  const answered = { durata: '4+4 anni', clausole: ['Cedolare secca'], foro: 'Milano' };

  it('shows subtotal, VAT and total, pays on the test page and lands on the paid document', async () => {
    await startPurchaseApi({ contract: { answers: answered, status: 'COMPLETED' } });
    signInAs('user');
    storeContract(answered);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/carrello');

    expect(await screen.findByRole('heading', { name: 'Contratto di locazione' })).toBeVisible();
    const summary = screen.getByText('Subtotale').closest('dl');
    if (!summary) throw new Error('no cart lines');
    expect(summary).toHaveTextContent('Livello di personalizzazione3 risposte');
    expect(summary).toHaveTextContent('Subtotale49,90 €');
    expect(summary).toHaveTextContent('IVA 22 %10,98 €');
    expect(summary).toHaveTextContent('Totale60,88 €');
    expect(screen.getByRole('button', { name: "Torna all'anteprima" })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Acquista' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento di prova' }),
    ).toBeVisible();
    expect(screen.getByText(/nessun addebito reale/)).toBeVisible();
    expect(await screen.findByText('Totale: 60,88 €')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Paga' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Contratto di locazione' }),
    ).toBeVisible();
    expect(await screen.findByText('Pagamento effettuato con successo')).toBeVisible();
    expect(screen.getByText('60,88 €')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Scarica il documento (.docx)' })).toBeEnabled();
  });

  it('shows the payment error banner when the payment cannot be registered', async () => {
    await startPurchaseApi({
      contract: { answers: answered, status: 'COMPLETED' },
      paymentFails: true,
    });
    signInAs('user');
    storeContract(answered);
    renderApp('/user/nuovo-contratto/carrello?session_id=local_sessione_1');

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Operazione non uscita.');
    expect(banner).toHaveTextContent(
      'L’acquisto non è andato a buon fine: si prega di effettuare un nuovo tentativo di pagamento.',
    );
  });
});

describe('checkout address', () => {
  const answered = { durata: '4+4 anni', clausole: ['Cedolare secca'], foro: 'Milano' };

  it("goes where the server's checkout answers, even when the template has a stripe_url", async () => {
    // The local provider is in force: the template's Stripe link must not take the buyer away.
    await startPurchaseApi({
      contract: { answers: answered, status: 'COMPLETED' },
      stripeUrl: 'https://buy.stripe.com/test_abc',
    });
    signInAs('user');
    storeContract(answered);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/carrello');
    await user.click(await screen.findByRole('button', { name: 'Acquista' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento di prova' }),
    ).toBeVisible();
  });

  it("sends the browser to the provider's page when the server answers an external URL", async () => {
    const target = 'https://checkout.stripe.test/pay?client_reference_id=c-1';
    await startPurchaseApi({
      contract: { answers: answered, status: 'COMPLETED' },
      checkout: () => ({ body: { data: { url: target } } }),
    });
    // happy-dom cannot leave the page for another site: record where the browser was sent.
    const visited: string[] = [];
    const assign = vi
      .spyOn(window.location, 'assign')
      .mockImplementation((url) => visited.push(String(url)));
    try {
      signInAs('user');
      storeContract(answered);
      const user = userEvent.setup();
      renderApp('/user/nuovo-contratto/carrello');
      await user.click(await screen.findByRole('button', { name: 'Acquista' }));
      await expect.poll(() => visited).toEqual([target]);
    } finally {
      assign.mockRestore();
    }
  });

  it("shows the server's message and stays on the cart when the checkout is refused", async () => {
    await startPurchaseApi({
      contract: { answers: answered, status: 'COMPLETED' },
      checkout: () => apiError(409, msg.payments.checkoutInProgress),
    });
    signInAs('user');
    storeContract(answered);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/carrello');
    await user.click(await screen.findByRole('button', { name: 'Acquista' }));
    expect(await screen.findByText(msg.payments.checkoutInProgress)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
  });
});

describe('archive', () => {
  it('lists the paid documents with price paid and dates', async () => {
    await startPurchaseApi({
      archive: [
        detailOf(
          {
            id: 'c-1',
            answers: { durata: '4+4 anni' },
            status: 'COMPLETED',
            payment: { id: 'pay-1', updatedAt: '2026-03-05T10:30:00.000Z', price: '60.88' },
          },
          buildTemplate(),
          null,
        ),
      ],
    });
    signInAs('user');
    renderApp('/user/archivio');

    const card = (
      await screen.findByRole('heading', { level: 2, name: 'Contratto di locazione' })
    ).closest('article');
    if (!card) throw new Error('no card');
    expect(card).toHaveTextContent('Prezzo pagato: 60,88 €');
    expect(card).toHaveTextContent(/Data di generazione: 04\/03\/2026 - \d{2}:00/);
    expect(card).toHaveTextContent(/Data di acquisto: 05\/03\/2026 - \d{2}:30/);
    expect(
      within(card).getByRole('button', { name: 'Apri il dettaglio di «Contratto di locazione»' }),
    ).toBeVisible();
    expect(
      within(card).getByRole('button', {
        name: 'Scarica «Contratto di locazione» in formato .docx',
      }),
    ).toBeVisible();
  });

  it('shows «Fattura n. …» on the card of an invoiced purchase and nothing on one without invoice', async () => {
    const paid = {
      answers: { durata: '4+4 anni' },
      status: 'COMPLETED' as const,
      payment: { id: 'pay-1', updatedAt: '2026-03-05T10:30:00.000Z', price: '60.88' },
    };
    await startPurchaseApi({
      archive: [
        {
          ...detailOf({ id: 'c-1', ...paid }, buildTemplate(), null),
          invoice: { id: 'inv-12', number: '2026/000012', date: '2026-03-05' },
        },
        {
          ...detailOf(
            { id: 'c-2', ...paid },
            buildTemplate({ id: 'tpl-procura', name: 'Procura alle liti' }),
            null,
          ),
          invoice: null,
        },
      ],
    });
    signInAs('user');
    renderApp('/user/archivio');

    const invoiced = (
      await screen.findByRole('heading', { level: 2, name: 'Contratto di locazione' })
    ).closest('article');
    const without = screen
      .getByRole('heading', { level: 2, name: 'Procura alle liti' })
      .closest('article');
    if (!invoiced || !without) throw new Error('no card');
    expect(within(invoiced).getByText('Fattura n. 2026/000012')).toBeVisible();
    expect(without).not.toHaveTextContent('Fattura n.');
    expect(screen.getAllByText(/Fattura n\./)).toHaveLength(1);
  });

  it('downloads the bought document as PDF/A beside the .docx, from the detail and the card', async () => {
    const paid = {
      answers: { durata: '4+4 anni' },
      status: 'COMPLETED' as const,
      payment: { id: 'pay-1', updatedAt: '2026-03-05T10:30:00.000Z', price: '60.88' },
    };
    await startPurchaseApi({
      contract: paid,
      archive: [detailOf({ id: 'c-1', ...paid }, buildTemplate(), null)],
    });
    const saved: string[] = [];
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement && event.target.download) {
        event.preventDefault();
        saved.push(event.target.download);
      }
    };
    document.addEventListener('click', onClick);
    try {
      signInAs('user');
      const user = userEvent.setup();
      renderApp('/user/archivio/dettaglio-documento?id=c-1');

      const pdfA = await screen.findByRole('button', { name: 'Scarica PDF/A' });
      expect(screen.getByRole('button', { name: 'Scarica il documento (.docx)' })).toBeEnabled();
      await user.click(pdfA);
      await waitFor(() => expect(saved).toEqual(['Contratto di locazione - 2026-03-05.pdf']));
      await user.click(screen.getByRole('button', { name: 'Scarica il documento (.docx)' }));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(saved[1]).toBe('Contratto di locazione - 2026-03-05.docx');

      cleanup();
      renderApp('/user/archivio');
      await user.click(
        await screen.findByRole('button', {
          name: 'Scarica PDF/A di «Contratto di locazione»',
        }),
      );
      await waitFor(() => expect(saved).toHaveLength(3));
      expect(saved[2]).toBe('Contratto di locazione - 2026-03-05.pdf');
    } finally {
      document.removeEventListener('click', onClick);
    }
  });

  it('says so when no document was bought', async () => {
    await startPurchaseApi();
    signInAs('user');
    renderApp('/user/archivio');

    expect(await screen.findByText('Non hai acquistato alcun documento')).toBeVisible();
  });

  it('says a search found nothing, not that nothing was bought', async () => {
    await startPurchaseApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/archivio');
    await screen.findByText('Non hai acquistato alcun documento');

    await user.type(screen.getByRole('searchbox', { name: 'Cerca per titolo' }), 'zzz{Enter}');

    expect(await screen.findByText('Nessun risultato per questa ricerca.')).toBeVisible();
    expect(screen.queryByText('Non hai acquistato alcun documento')).not.toBeInTheDocument();
  });
});

describe('focus and headings (issue 12)', () => {
  const answered = { durata: '4+4 anni', clausole: ['Cedolare secca'], foro: 'Milano' };

  function focusedHeading(name: string) {
    return screen.getByRole('heading', { level: 1, name });
  }

  it('puts the focus on the title after «Avanti» on a choice step, so Tab reaches the first option', async () => {
    await startPurchaseApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await user.click(await screen.findByRole('button', { name: 'Contratto di locazione' }));
    await user.click(await screen.findByRole('radio', { name: '3+2 anni' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await screen.findByText('Quali clausole vuoi aggiungere?');
    await waitFor(() => expect(focusedHeading('Contratto di locazione')).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Cedolare secca' })).toHaveFocus();
  });

  it('outlines the summary as h1, h2, h3 with no level skipped', async () => {
    await startPurchaseApi({ contract: { answers: answered } });
    signInAs('user');
    storeContract(answered);
    renderApp('/user/nuovo-contratto/riepilogo');

    const recap = await screen.findByRole('list', { name: 'Risposte date' });
    await waitFor(() => expect(within(recap).getAllByRole('listitem')).toHaveLength(3));
    const levels = screen
      .getAllByRole('heading')
      .map((heading) => Number(heading.tagName.slice(1)));
    expect(levels).toEqual([1, 2, 3, 3, 3]);
    expect(screen.getByRole('heading', { level: 2, name: 'Risposte date' })).toBeVisible();
  });

  it('puts the focus on the title of the test payment page and of the paid document', async () => {
    await startPurchaseApi({ contract: { answers: answered, status: 'COMPLETED' } });
    signInAs('user');
    storeContract(answered);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/carrello');

    await user.click(await screen.findByRole('button', { name: 'Acquista' }));
    await waitFor(() => expect(focusedHeading('Pagamento di prova')).toHaveFocus());
    await user.click(await screen.findByRole('button', { name: 'Paga' }));
    await screen.findByText('Pagamento effettuato con successo');
    await waitFor(() => expect(focusedHeading('Contratto di locazione')).toHaveFocus());
  });
});
