import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/** «Nuovo documento con gli stessi dati» and the prefilled answers marked in the summary. */

let api: TestApi | undefined;

// Up to 8 helpers share two cores: the screens may take seconds to appear.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setFlowTiming({ summaryDelayMs: 0, wordDelayMs: 0, loaderMs: () => 0 });
});

afterEach(async () => {
  cleanup();
  resetFlowTiming();
  useNewContractStore.getState().reset();
  await api?.close();
  api = undefined;
});

const base = { description: null, options: [], is_multiple_selection: false };

const LETTER_QUESTIONS: TNextQuestion[] = [
  { ...base, variable: 'destinatario', question: 'Chi è il destinatario?', type: 'testo' },
  { ...base, variable: 'oggetto', question: 'Qual è l’oggetto della lettera?', type: 'testo' },
  { ...base, variable: 'luogo_firma', question: 'In quale luogo è firmata?', type: 'testo' },
];

function detailOf(
  id: string,
  title: string,
  answers: TAnswers,
  prefilled: string[],
  paid: boolean,
): TContractDetail {
  return {
    id,
    name: title,
    title,
    description: 'Un documento.',
    type: `tpl-${id}`,
    status: paid ? 'COMPLETED' : 'TO_COMPLETE',
    answers,
    answers_count: Object.keys(answers).length,
    price: '60.88',
    paymentId: paid ? { id: 'p-1', updatedAt: '2026-11-20T09:00:00.000Z', price: '47.58' } : null,
    userId: { name: 'Giulia', surname: 'Bianchi' },
    invoice: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    detailed_answers: LETTER_QUESTIONS.filter((question) => question.variable in answers).map(
      (question) => ({
        variable: question.variable,
        question: question.question,
        given_answer: answers[question.variable] ?? null,
        dependence: 'none' as const,
        rules: { variable: question.variable, type: 'testo' },
      }),
    ),
    templateId: {
      id: `tpl-${id}`,
      price: 39,
      price_cents: 3900,
      total: '47.58',
      max_questions: 3,
      stripe_url: null,
      version_id: 'v-1',
      newer_version: false,
    },
    maxQuestions: 3,
    prefilled,
    refundedAt: null,
  };
}

const template = (id: string, name: string) => ({
  id,
  name,
  description: 'Un modello.',
  price: 39,
  price_cents: 3900,
  categoryId: null,
  status: 'PUBLISHED',
  min_time: 5,
  max_time: 10,
  min_questions: 3,
  max_questions: 3,
});

/**
 * The archive's API: a bought lease, the catalogue's templates (searched by name), and a start
 * with `from` that copies two answers into the letter.
 */
async function startSameDataApi(options: { startFails?: boolean; newAnswers?: TAnswers } = {}) {
  const started: unknown[] = [];
  const asked: TAnswers[] = [];
  const prefilled = { destinatario: 'Anna Bianchi', luogo_firma: 'Roma' };
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/contract': (request) => {
      const status = new URL(request.url ?? '', 'http://api').searchParams.get('status');
      const draft = detailOf('c-draft', 'Procura alle liti', { luogo_firma: 'Roma' }, [], false);
      const results = status === 'TO_COMPLETE' ? [draft] : [];
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    'GET /api/contract/c-lease': () => ({
      body: {
        data: detailOf('c-lease', 'Contratto di locazione', { luogo_firma: 'Roma' }, [], true),
      },
    }),
    'GET /api/template': (request) => {
      const name = new URL(request.url ?? '', 'http://api').searchParams.get('name') ?? '';
      const all = [
        template('tpl-letter', 'Lettera di registrazione'),
        template('tpl-nda', 'Accordo di riservatezza'),
      ];
      const results = all.filter((each) => each.name.toLowerCase().includes(name.toLowerCase()));
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    'PUT /api/contract/': (_request, body) => {
      started.push(body);
      if (options.startFails) return apiError(404, 'Non trovato.');
      return { body: { data: { id: 'c-new' } } };
    },
    'GET /api/contract/c-new': () => ({
      body: {
        data: detailOf(
          'c-new',
          'Lettera di registrazione',
          options.newAnswers ?? prefilled,
          ['destinatario', 'luogo_firma'],
          false,
        ),
      },
    }),
    'POST /api/contract/questions': (_request, body) => {
      const answers = (body ?? {}) as TAnswers;
      asked.push(answers);
      const next = LETTER_QUESTIONS.find((question) => !(question.variable in answers)) ?? null;
      return { body: { data: next } };
    },
  });
  pointPageAt(api.origin);
  return { started, asked };
}

describe('«Nuovo documento con gli stessi dati»', () => {
  it('starts the chosen template from the document, with the keyboard, and asks only what is missing', async () => {
    const { started, asked } = await startSameDataApi();
    signInAs('user');
    renderApp('/user/archivio/dettaglio-documento?id=c-lease');
    const user = userEvent.setup();

    const open = await screen.findByRole('button', {
      name: 'Nuovo documento con gli stessi dati di «Contratto di locazione»',
    });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {
      name: 'Scegli il modello del nuovo documento',
    });
    expect(dialog).toHaveTextContent('ti chiederemo solo quelle mancanti');
    await user.type(within(dialog).getByRole('searchbox', { name: 'Cerca un modello' }), 'lettera');
    await waitFor(() =>
      expect(
        within(dialog).queryByRole('button', { name: 'Scegli «Accordo di riservatezza»' }),
      ).toBeNull(),
    );
    const choose = within(dialog).getByRole('button', {
      name: 'Scegli «Lettera di registrazione»',
    });
    choose.focus();
    await user.keyboard('{Enter}');

    // The questionnaire opens at the one question the earlier document could not answer.
    expect(
      await screen.findByRole('textbox', { name: 'Qual è l’oggetto della lettera?' }),
    ).toBeVisible();
    expect(
      await screen.findByText('2 risposte sono già compilate: le trovi segnate nel riepilogo.'),
    ).toBeVisible();
    expect(started).toEqual([{ type: 'tpl-letter', from: 'c-lease' }]);
    expect(asked.at(-1)).toEqual({ destinatario: 'Anna Bianchi', luogo_firma: 'Roma' });
    expect(useNewContractStore.getState().value).toMatchObject({
      id: 'c-new',
      type: 'tpl-c-new',
      answers: { destinatario: 'Anna Bianchi', luogo_firma: 'Roma' },
    });
  });

  it('says why in the dialog when the new document cannot start, and stays', async () => {
    await startSameDataApi({ startFails: true });
    signInAs('user');
    renderApp('/user/archivio/dettaglio-documento?id=c-lease');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', {
        name: 'Nuovo documento con gli stessi dati di «Contratto di locazione»',
      }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(
      await within(dialog).findByRole('button', { name: 'Scegli «Accordo di riservatezza»' }),
    );
    expect(
      await within(dialog).findByText(/Non è stato possibile iniziare il nuovo documento\./),
    ).toHaveTextContent('Non trovato.');
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.getByRole('button', {
        name: 'Nuovo documento con gli stessi dati di «Contratto di locazione»',
      }),
    ).toHaveFocus();
  });
});

describe('«Nuovo documento con gli stessi dati» on a draft', () => {
  it('starts from the draft, still in progress, as from a bought document', async () => {
    const { started } = await startSameDataApi();
    signInAs('user');
    renderApp('/user/archivio');
    const user = userEvent.setup();

    await user.click(
      await screen.findByRole('button', {
        name: 'Nuovo documento con gli stessi dati di «Procura alle liti»',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Scegli il modello del nuovo documento',
    });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Scegli «Lettera di registrazione»' }),
    );
    expect(
      await screen.findByRole('textbox', { name: 'Qual è l’oggetto della lettera?' }),
    ).toBeVisible();
    expect(started).toEqual([{ type: 'tpl-letter', from: 'c-draft' }]);
  });
});

describe('the summary of a prefilled document', () => {
  it('marks the prefilled answers «Precompilata» and only those', async () => {
    await startSameDataApi({
      newAnswers: { destinatario: 'Anna Bianchi', oggetto: 'Registrazione', luogo_firma: 'Roma' },
    });
    signInAs('user');
    useNewContractStore.getState().set({
      id: 'c-new',
      type: 'tpl-c-new',
      title: 'Lettera di registrazione',
      answers: { destinatario: 'Anna Bianchi', luogo_firma: 'Roma' },
    });
    renderApp('/user/nuovo-contratto/riepilogo');

    const cardOf = async (question: string) => {
      const heading = await screen.findByRole('heading', { level: 3, name: question });
      const card = heading.closest('li');
      if (!card) throw new Error('no card');
      return card;
    };
    expect(await cardOf('Chi è il destinatario?')).toHaveTextContent('Precompilata');
    expect(await cardOf('In quale luogo è firmata?')).toHaveTextContent('Precompilata');
    expect(await cardOf('Qual è l’oggetto della lettera?')).not.toHaveTextContent('Precompilata');
  });
});
