import { it as msg } from '@lexpath/shared/messages/it';
import type { TAnswerChangeResult, TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;

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

/** An engagement letter whose notes, policy and witnesses may be left out. */
const QUESTIONS: TNextQuestion[] = [
  { ...base, variable: 'cliente', question: 'Come si chiama il cliente?', type: 'testo' },
  {
    ...base,
    variable: 'nota',
    question: 'Note per il cliente',
    type: 'testo',
    obbligatoria: false,
  },
  {
    ...base,
    variable: 'polizza',
    question: 'Quale massimale ha la polizza?',
    options: ['500.000 euro', '1.000.000 euro'],
    obbligatoria: false,
  },
  {
    ...base,
    variable: 'testimoni',
    question: 'Chi sono i testimoni?',
    type: 'elenco',
    min_items: 0,
    max_items: 2,
    label_singolare: 'il testimone',
    label_plurale: 'i testimoni',
    fields: [
      { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
      { variable: 'telefono', question: 'Telefono', type: 'testo', obbligatoria: false },
    ],
  },
];

const LIST_RULES = {
  variable: 'testimoni',
  type: 'elenco',
  min_items: 0,
  max_items: 2,
  label_singolare: 'il testimone',
  label_plurale: 'i testimoni',
  fields: [
    { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
    { variable: 'telefono', question: 'Telefono', type: 'testo', obbligatoria: false },
  ],
};

/** The contract's API: saves are kept; a summary change of «nota» answers what it kept. */
async function startOptionalApi(answers: TAnswers = {}) {
  const row = { answers: { ...answers }, saves: [] as TAnswers[], changes: [] as unknown[] };
  api = await startTestApi({
    ...appConfigRoute,
    'PUT /api/contract/c-1': (_request, body) => {
      const save = body as { answers?: TAnswers };
      if (save.answers) {
        row.answers = save.answers;
        row.saves.push(save.answers);
      }
      return { body: { data: { id: 'c-1' } } };
    },
    'POST /api/contract/questions': (_request, body) => {
      const given = (body ?? {}) as TAnswers;
      return { body: { data: QUESTIONS.find((q) => !Object.hasOwn(given, q.variable)) ?? null } };
    },
    'PUT /api/contract/c-1/answers/nota': (_request, body) => {
      const { value } = body as { value: string | null };
      row.changes.push(value);
      row.answers = { ...row.answers, nota: value };
      const data: TAnswerChangeResult = {
        id: 'c-1',
        status: 'COMPLETED',
        answers: row.answers,
        discarded: [],
      };
      return { body: { data } };
    },
    'GET /api/contract/c-1': () => {
      const detailed: TContractDetail['detailed_answers'] = QUESTIONS.filter((question) =>
        Object.hasOwn(row.answers, question.variable),
      ).map((question) => ({
        variable: question.variable,
        question: question.question,
        given_answer: row.answers[question.variable] ?? null,
        dependence: question.variable === 'polizza' ? 'answer' : 'none',
        ...(question.variable === 'testimoni' ? { rules: LIST_RULES } : {}),
        ...(question.variable === 'nota'
          ? { rules: { variable: 'nota', type: 'testo', obbligatoria: false } }
          : {}),
      }));
      const detail: TContractDetail = {
        id: 'c-1',
        name: 'Lettera di incarico',
        title: 'Lettera di incarico',
        description: 'Incarico professionale.',
        type: 'tpl-incarico',
        status: 'COMPLETED',
        answers: row.answers,
        answers_count: detailed.length,
        price: '60.88',
        paymentId: null,
        userId: { name: 'Giulia', surname: 'Bianchi' },
        createdAt: '2026-03-04T09:00:00.000Z',
        updatedAt: '2026-03-04T09:00:00.000Z',
        detailed_answers: detailed,
        templateId: {
          id: 'tpl-incarico',
          price: 49.9,
          price_cents: 4990,
          total: '60.88',
          max_questions: 5,
          stripe_url: null,
        },
        maxQuestions: 5,
      };
      return { body: { data: detail } };
    },
  });
  pointPageAt(api.origin);
  signInAs('user');
  useNewContractStore.getState().set({
    id: 'c-1',
    type: 'tpl-incarico',
    title: 'Lettera di incarico',
    answers: row.answers,
    maxQuestions: 5,
  });
  return row;
}

/** axe on the page: no serious or critical violation (colour contrast needs a real layout). */
async function expectNoSeriousAxeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe('optional questions in the questionnaire', () => {
  it('skips with Enter on an empty optional field and with «Salta»; a required one still asks', {
    timeout: 30_000,
  }, async () => {
    const row = await startOptionalApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');

    const client = await screen.findByRole('textbox', { name: 'Come si chiama il cliente?' });
    await waitFor(() => expect(client).toHaveFocus());
    // Required: no «Salta», and Enter on the empty field says what is missing.
    expect(
      screen.queryByRole('button', { name: msg.optionalAnswers.skip }),
    ).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(msg.validation.required)).toBeVisible();
    expect(row.saves).toEqual([]);
    await user.keyboard('Ada Neri{Enter}');

    const note = await screen.findByRole('textbox', { name: 'Note per il cliente (Facoltativa)' });
    await waitFor(() => expect(note).toHaveFocus());
    expect(screen.getByRole('button', { name: msg.optionalAnswers.skip })).toBeVisible();
    await expectNoSeriousAxeViolations();
    await user.keyboard('{Enter}');

    const policy = await screen.findByRole('group', {
      name: 'Quale massimale ha la polizza? (Facoltativa)',
    });
    expect(within(policy).getAllByRole('radio')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: msg.optionalAnswers.skip }));

    // min_items 0: first asked whether there is any witness at all.
    expect(await screen.findByText('Vuoi indicare i testimoni?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sì, aggiungi' }));
    const witness = await screen.findByRole('textbox', { name: 'Nome e cognome' });
    await waitFor(() => expect(witness).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Telefono (facoltativo)' })).toHaveValue('');
    await user.keyboard('Ugo Sala{Enter}');
    await screen.findByText('Vuoi aggiungere un altro testimone?');
    await user.click(screen.getByRole('button', { name: 'No, continua' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    expect(row.answers).toEqual({
      cliente: 'Ada Neri',
      nota: null,
      polizza: null,
      testimoni: [{ nome: 'Ugo Sala', telefono: null }],
    });
  });

  it('answers an empty list when there is no witness', async () => {
    const row = await startOptionalApi({ cliente: 'Ada Neri', nota: null, polizza: null });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');
    expect(await screen.findByText('Vuoi indicare i testimoni?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'No, continua' }));
    await screen.findByRole('heading', { level: 1, name: 'Riepilogo' });
    expect(row.answers.testimoni).toEqual([]);
  });
});

describe('optional answers in the summary', () => {
  const SKIPPED: TAnswers = {
    cliente: 'Ada Neri',
    nota: null,
    polizza: null,
    testimoni: [{ nome: 'Ugo Sala', telefono: null }],
  };

  it('shows «Non indicato» for each skipped answer, and a skipped answer can be given there', async () => {
    const row = await startOptionalApi(SKIPPED);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/riepilogo');

    const list = await screen.findByRole('list', { name: 'Risposte date' });
    const noteCard = (await within(list).findByRole('heading', { name: 'Note per il cliente' }))
      .parentElement as HTMLElement;
    expect(noteCard).toHaveTextContent(`Risposta: ${msg.optionalAnswers.notGiven}`);
    const policyCard = within(list).getByRole('heading', { name: 'Quale massimale ha la polizza?' })
      .parentElement as HTMLElement;
    expect(policyCard).toHaveTextContent(`Risposta: ${msg.optionalAnswers.notGiven}`);
    expect(within(list).getByLabelText('Risposte per «Testimone 1»')).toHaveTextContent(
      `Nome e cognome:Ugo SalaTelefono:${msg.optionalAnswers.notGiven}`,
    );
    await expectNoSeriousAxeViolations();

    await user.click(
      within(list).getByRole('button', { name: 'Modifica la risposta a «Note per il cliente»' }),
    );
    const note = await screen.findByRole('textbox', { name: 'Note per il cliente (Facoltativa)' });
    expect(note).toHaveValue('');
    await user.type(note, 'Pagamento a 30 giorni{Enter}');
    await screen.findByRole('heading', { level: 1, name: 'Riepilogo' }, { timeout: 5000 });
    expect(row.changes).toEqual(['Pagamento a 30 giorni']);
    expect(
      await within(await screen.findByRole('list', { name: 'Risposte date' })).findByText(
        'Pagamento a 30 giorni',
      ),
    ).toBeVisible();
  });

  it('shows «Nessun elemento» for a list left without items', async () => {
    await startOptionalApi({ ...SKIPPED, testimoni: [] });
    renderApp('/user/nuovo-contratto/riepilogo');
    const list = await screen.findByRole('list', { name: 'Risposte date' });
    const card = (await within(list).findByRole('heading', { name: 'Chi sono i testimoni?' }))
      .parentElement as HTMLElement;
    expect(card).toHaveTextContent(`Risposta: ${msg.optionalAnswers.noItems}`);
  });
});
