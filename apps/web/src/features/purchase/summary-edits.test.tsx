import type { TAnswerChangeResult, TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TAnswers, TListItem } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/** The summary's edits and item removal (issue 11) over a stand-in API holding one contract. */

let api: TestApi | undefined;

// Up to 8 helpers share two cores: the screens may take seconds to appear.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setFlowTiming({ summaryDelayMs: 0, wordDelayMs: 0, loaderMs: () => 0 });
});

afterEach(async () => {
  cleanup();
  resetFlowTiming();
  await api?.close();
  api = undefined;
});

const base = { description: null, options: [], is_multiple_selection: false };

const CONDUTTORI: TNextQuestion = {
  ...base,
  variable: 'conduttori',
  question: 'Chi sono i conduttori?',
  type: 'elenco',
  min_items: 1,
  max_items: 3,
  label_singolare: 'il conduttore',
  label_plurale: 'i conduttori',
  fields: [{ variable: 'nome', question: 'Nome e cognome', type: 'testo' }],
};

const QUESTIONS: TNextQuestion[] = [
  { ...base, variable: 'tipo', question: 'Che contratto è?', options: ['Locazione', 'Vendita'] },
  { ...base, variable: 'canone', question: 'Qual è il canone mensile?', type: 'importo' },
  CONDUTTORI,
  {
    ...base,
    variable: 'solidale',
    question: 'I conduttori sono obbligati in solido?',
    options: ['Sì', 'No'],
  },
];

const ANSWERS: TAnswers = {
  tipo: 'Locazione',
  canone: '1234.50',
  conduttori: [{ nome: 'Anna Verdi' }, { nome: 'Luca Neri' }],
  solidale: 'Sì',
};

type Setup = {
  answers?: TAnswers;
  minItems?: number;
  /** What the server's rule says removing one conduttore costs. */
  removalDiscards?: boolean;
};

/**
 * The contract's API: the detail tells what each change costs, as the server's shared rule does
 * (tipo: the SPEC rule; canone: nothing depends on it; conduttori: by its count).
 */
async function startSummaryApi({ answers = ANSWERS, minItems = 1, removalDiscards }: Setup = {}) {
  const row = { answers: { ...answers } };
  const rules = { ...CONDUTTORI, min_items: minItems };
  const result = (discarded: string[]): { body: { data: TAnswerChangeResult } } => ({
    body: {
      data: {
        id: 'c-1',
        status: discarded.length > 0 ? 'TO_COMPLETE' : 'COMPLETED',
        answers: row.answers,
        discarded,
      },
    },
  });
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/contract/c-1': () => {
      const detailed: TContractDetail['detailed_answers'] = QUESTIONS.filter(
        (question) => question.variable in row.answers,
      ).map((question) => ({
        variable: question.variable,
        question: question.question,
        given_answer: row.answers[question.variable] ?? '',
        dependence:
          question.variable === 'tipo'
            ? 'answer'
            : question.variable === 'conduttori'
              ? 'count'
              : 'none',
        ...(question.variable === 'canone'
          ? { rules: { variable: 'canone', type: 'importo' } }
          : {}),
        ...(question.variable === 'conduttori'
          ? { rules, item_removal_discards: removalDiscards ?? false }
          : {}),
      }));
      const detail: TContractDetail = {
        id: 'c-1',
        name: 'Contratto di locazione',
        title: 'Contratto di locazione',
        description: 'Locazione ad uso abitativo.',
        type: 'tpl-locazione',
        status: 'TO_COMPLETE',
        answers: row.answers,
        answers_count: detailed.length,
        price: '60.88',
        paymentId: null,
        userId: { name: 'Giulia', surname: 'Bianchi' },
        createdAt: '2026-03-04T09:00:00.000Z',
        updatedAt: '2026-03-04T09:00:00.000Z',
        detailed_answers: detailed,
        templateId: {
          id: 'tpl-locazione',
          price: 49.9,
          price_cents: 4990,
          total: '60.88',
          max_questions: 4,
          stripe_url: null,
        },
        maxQuestions: 4,
      };
      return { body: { data: detail } };
    },
    'POST /api/contract/questions': (_request, body) => {
      const given = (body ?? {}) as TAnswers;
      return { body: { data: QUESTIONS.find((q) => !(q.variable in given)) ?? null } };
    },
    'PUT /api/contract/c-1': (_request, body) => {
      const save = body as { answers?: TAnswers };
      if (save.answers) row.answers = save.answers;
      return { body: { data: { id: 'c-1' } } };
    },
    'PUT /api/contract/c-1/answers/canone': (_request, body) => {
      row.answers = { ...row.answers, canone: (body as { value: string }).value };
      return result([]);
    },
    'DELETE /api/contract/c-1/answers/conduttori/items/1': () => {
      const items = row.answers.conduttori as TListItem[];
      row.answers = { ...row.answers, conduttori: items.slice(0, 1) };
      if (!removalDiscards) return result([]);
      const { solidale: _gone, ...kept } = row.answers;
      row.answers = kept;
      return result(['solidale']);
    },
  });
  pointPageAt(api.origin);
  signInAs('user');
  useNewContractStore.getState().set({
    id: 'c-1',
    type: 'tpl-locazione',
    title: 'Contratto di locazione',
    answers: row.answers,
    maxQuestions: 4,
  });
  return row;
}

async function recap() {
  return screen.findByRole('list', { name: 'Risposte date' });
}

describe('summary: removing an item of an elenco', () => {
  it('offers «Rimuovi» on each conduttore and, confirmed, keeps every other answer when nothing depends on the count', async () => {
    const row = await startSummaryApi({ removalDiscards: false });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    const list = await recap();
    await within(list).findByText('Conduttore 2');
    expect(within(list).getByRole('button', { name: 'Rimuovi Conduttore 1' })).toBeVisible();
    await user.click(within(list).getByRole('button', { name: 'Rimuovi Conduttore 2' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Rimuovere Conduttore 2?' });
    expect(dialog).toHaveTextContent('Le risposte date per Conduttore 2 saranno eliminate.');
    expect(dialog).toHaveTextContent('Le altre risposte restano invariate.');
    expect(dialog).not.toHaveTextContent('dovranno essere date di nuovo');
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));

    await waitFor(() => expect(within(list).queryByText('Conduttore 2')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    expect(row.answers).toEqual({ ...ANSWERS, conduttori: [{ nome: 'Anna Verdi' }] });
    // One conduttore left, at min_items: nothing more to remove.
    expect(within(list).queryByRole('button', { name: /^Rimuovi/ })).not.toBeInTheDocument();
  });

  it('says the later answers must be given again when a condition needs the item, then asks them', async () => {
    const row = await startSummaryApi({ removalDiscards: true });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    const list = await recap();
    await user.click(await within(list).findByRole('button', { name: 'Rimuovi Conduttore 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rimuovere Conduttore 2?' });
    expect(dialog).toHaveTextContent(
      'Senza Conduttore 2 cambiano le domande successive: le risposte successive dovranno essere date di nuovo.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));

    // The discarded answer is shown again, filled: its radio is the questionnaire's (the
    // summary shows answers as text). Only then the question's text, which the summary's recap
    // card also shows until the questionnaire replaces it.
    expect(await screen.findByRole('radio', { name: 'Sì' })).toBeChecked();
    expect(screen.getByText('I conduttori sono obbligati in solido?')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Risposte date' })).not.toBeInTheDocument();
    expect(row.answers).not.toHaveProperty('solidale');
  });

  it('offers no «Rimuovi» while the list holds only its min_items', async () => {
    await startSummaryApi({ minItems: 2 });
    renderApp('/user/nuovo-contratto/riepilogo');

    const list = await recap();
    await within(list).findByText('Conduttore 2');
    expect(within(list).queryByRole('button', { name: /^Rimuovi/ })).not.toBeInTheDocument();
  });
});

describe('summary: changing an answer', () => {
  it('changes an amount alone, without the warning, and comes back with every other answer', async () => {
    const row = await startSummaryApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    const list = await recap();
    await user.click(
      await within(list).findByRole('button', {
        name: 'Modifica la risposta a «Qual è il canone mensile?»',
      }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText('Modifichi solo questa risposta: le altre restano invariate.'),
    ).toBeVisible();
    const rent = screen.getByRole('textbox', { name: 'Qual è il canone mensile?' });
    expect(rent).toHaveValue('1.234,50');
    await user.clear(rent);
    await user.type(rent, '900{Enter}');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riepilogo' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(row.answers).toEqual({ ...ANSWERS, canone: '900.00' });
    expect(await within(await recap()).findByText('900,00 €')).toBeVisible();
  });

  it("returns to the summary with nothing changed on 'Indietro'", async () => {
    const row = await startSummaryApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    await user.click(
      await screen.findByRole('button', {
        name: 'Modifica la risposta a «Qual è il canone mensile?»',
      }),
    );
    await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' });
    await user.click(screen.getByRole('button', { name: 'Indietro' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Riepilogo' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(row.answers).toEqual(ANSWERS);
  });

  it('keeps the SPEC confirmation for a choice later questions depend on', async () => {
    await startSummaryApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    await user.click(
      await screen.findByRole('button', { name: 'Modifica la risposta a «Che contratto è?»' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Modificare la risposta?' });
    expect(dialog).toHaveTextContent('Le risposte successive dovranno essere date di nuovo.');
  });
});
