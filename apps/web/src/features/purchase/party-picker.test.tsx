import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/** «Scegli dall'anagrafica» on a party question of the questionnaire. */

let api: TestApi | undefined;

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

const QUESTIONS: TNextQuestion[] = [
  {
    ...base,
    variable: 'conduttori',
    question: 'Chi sono i conduttori?',
    type: 'elenco',
    min_items: 1,
    max_items: 2,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
    fields: [
      { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
      { variable: 'cf', question: 'Codice fiscale', type: 'codice_fiscale' },
    ],
    parte: { ruolo: 'conduttore', campi: { nome: 'nome_completo', cf: 'codice_fiscale' } },
  },
  {
    ...base,
    variable: 'conduttore_pec',
    question: 'Qual è la PEC del conduttore?',
    type: 'email',
    parte: { ruolo: 'conduttore', campo: 'pec' },
  },
  { ...base, variable: 'luogo_firma', question: 'In quale luogo è firmato?', type: 'testo' },
];

function client(id: string, nome: string, cognome: string, cf: string): TClient {
  return {
    id,
    tipo: 'persona_fisica',
    nome_visualizzato: `${cognome} ${nome}`,
    dati: { nome, cognome, codice_fiscale: cf },
    legale_rappresentante: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  };
}

const CLIENTS = [
  client('cl-1', 'Mario', 'Rossi', 'RSSMRA85T10A562S'),
  client('cl-2', 'Giulia', 'Verdi', 'VRDGLI90C50F205D'),
  client('cl-3', 'Luca', 'Rossetti', 'RSSLCU80A01H501U'),
];

type Options = {
  clients?: TClient[];
  fillFails?: boolean;
  drafts?: boolean;
  started?: boolean;
  questions?: TNextQuestion[];
  /** What the server's start fills (the lawyer's own facts). */
  startedAnswers?: TAnswers;
};

/** The questionnaire's API over one contract, the register, and the party fill. */
async function startPickerApi(options: Options = {}) {
  const row = {
    saves: [] as TAnswers[],
    fills: [] as unknown[],
    searches: [] as string[],
    starts: [] as unknown[],
  };
  const clients = options.clients ?? CLIENTS;
  api = await startTestApi({
    ...appConfigRoute,
    'PUT /api/contract/': (_request, body) => {
      row.starts.push(body);
      const given = (body as { answers?: TAnswers }).answers ?? {};
      const answers = options.startedAnswers ? { ...given, ...options.startedAnswers } : undefined;
      return { body: { data: { id: 'c-1', ...(answers ? { answers } : {}) } } };
    },
    'PUT /api/contract/c-1': (_request, body) => {
      const save = body as { answers?: TAnswers };
      if (save.answers) row.saves.push(save.answers);
      return { body: { data: { id: 'c-1' } } };
    },
    'POST /api/contract/questions': (_request, body) => {
      const answers = (body ?? {}) as TAnswers;
      const next =
        (options.questions ?? QUESTIONS).find((question) => !(question.variable in answers)) ??
        null;
      return { body: { data: next } };
    },
    'GET /api/client': (request) => {
      const q = new URL(request.url ?? '', 'http://api').searchParams.get('q') ?? '';
      row.searches.push(q);
      const results = clients.filter((each) =>
        `${each.nome_visualizzato} ${each.dati.codice_fiscale}`
          .toLowerCase()
          .includes(q.toLowerCase()),
      );
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    'POST /api/contract/party': (request, body) => {
      row.fills.push({ url: request.url, body });
      if (options.fillFails) return apiError(404, 'Cliente non trovato.');
      const items = [
        { nome: 'Mario Rossi', cf: 'RSSMRA85T10A562S' },
        { nome: 'Luca Rossetti', cf: 'RSSLCU80A01H501U' },
      ];
      const filled = [
        { variable: 'conduttori', question: 'Chi sono i conduttori?' },
        { variable: 'conduttore_pec', question: 'Qual è la PEC del conduttore?' },
      ];
      if (options.drafts) {
        return {
          body: {
            data: {
              answers: {},
              drafts: { conduttori: [{ nome: 'Mario Rossi' }] },
              filled: filled.slice(0, 1),
            },
          },
        };
      }
      return {
        body: {
          data: {
            answers: { conduttori: items, conduttore_pec: 'mario.rossi@pec.it' },
            drafts: {},
            filled,
          },
        },
      };
    },
  });
  pointPageAt(api.origin);
  signInAs('user');
  useNewContractStore.getState().set({
    id: options.started === false ? '' : 'c-1',
    type: 'tpl-locazione',
    title: 'Contratto di locazione',
    answers: {},
    maxQuestions: 3,
  });
  return row;
}

/** axe: no serious or critical violation (colour contrast needs a real layout). */
async function expectNoSeriousAxeViolations(within: Element = document.body) {
  // With a modal open the page behind is aria-hidden on purpose: the dialog alone is checked.
  const result = await axe.run(within, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.html).join(' | ')}`,
    ),
  ).toEqual([]);
}

describe("«Scegli dall'anagrafica»", () => {
  it('fills the whole party from the clients ticked, with the keyboard alone, and goes on past it', async () => {
    const row = await startPickerApi();
    renderApp('/user/nuovo-contratto/questionario');
    const user = userEvent.setup();

    expect(await screen.findByText('Conduttore 1')).toBeVisible();
    const open = screen.getByRole('button', { name: "Scegli dall'anagrafica" });
    open.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: "Scegli dall'anagrafica" });
    expect(dialog).toHaveTextContent('Scegli fino a 2 clienti');
    expect(await within(dialog).findByRole('checkbox', { name: /Verdi Giulia/ })).toBeVisible();
    await expectNoSeriousAxeViolations(dialog);

    const search = within(dialog).getByRole('searchbox', {
      name: 'Cerca per nome, denominazione o codice fiscale',
    });
    search.focus();
    await user.keyboard('ross');
    await waitFor(() =>
      expect(within(dialog).queryByRole('checkbox', { name: /Verdi Giulia/ })).toBeNull(),
    );
    expect(row.searches).toContain('ross');
    const fill = within(dialog).getByRole('button', { name: 'Compila con i clienti scelti' });
    expect(fill).toBeDisabled();
    within(dialog)
      .getByRole('checkbox', { name: /Rossi Mario/ })
      .focus();
    await user.keyboard(' ');
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: /Rossetti Luca/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(await within(dialog).findByText('2 clienti scelti su 2.')).toBeVisible();
    fill.focus();
    await user.keyboard('{Enter}');

    // The party is filled in one step: the questionnaire goes on at the first question left.
    expect(await screen.findByRole('textbox', { name: 'In quale luogo è firmato?' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = screen.getByText('Dati di Rossi Mario, Rossetti Luca inseriti in 2 risposte:');
    const alert = notice.closest('[role="status"]');
    expect(alert).toHaveTextContent('Chi sono i conduttori?');
    expect(alert).toHaveTextContent('Qual è la PEC del conduttore?');
    expect(row.fills).toEqual([
      {
        url: '/api/contract/party?type=tpl-locazione',
        body: { answers: {}, question: 'conduttori', clients: ['cl-1', 'cl-3'] },
      },
    ]);
    expect(row.saves.at(-1)).toEqual({
      conduttori: [
        { nome: 'Mario Rossi', cf: 'RSSMRA85T10A562S' },
        { nome: 'Luca Rossetti', cf: 'RSSLCU80A01H501U' },
      ],
      conduttore_pec: 'mario.rossi@pec.it',
    });
    // The register is not offered on a question that is not a party.
    expect(screen.queryByRole('button', { name: "Scegli dall'anagrafica" })).toBeNull();
    await expectNoSeriousAxeViolations();
  });

  it('shows the item a client could not complete in the question, to finish by hand', async () => {
    await startPickerApi({ drafts: true });
    renderApp('/user/nuovo-contratto/questionario');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: "Scegli dall'anagrafica" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Rossi Mario/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Compila con i clienti scelti' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('textbox', { name: 'Nome e cognome' })).toHaveValue(
      'Mario Rossi',
    );
    expect(screen.getByRole('textbox', { name: 'Codice fiscale' })).toHaveValue('');
    expect(screen.getByText('Dati di Rossi Mario inseriti in una risposta:')).toBeVisible();
  });

  it('fills a single party question with the client chosen by «Scegli»', async () => {
    const row = await startPickerApi({ questions: QUESTIONS.slice(1) });
    renderApp('/user/nuovo-contratto/questionario');
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Qual è la PEC del conduttore?' });
    await user.click(screen.getByRole('button', { name: "Scegli dall'anagrafica" }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('i suoi dati compileranno in un passo');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    const choose = await within(dialog).findByRole('button', { name: 'Scegli Verdi Giulia' });
    choose.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row.fills).toEqual([
      {
        url: '/api/contract/party?type=tpl-locazione',
        body: { answers: {}, question: 'conduttore_pec', clients: ['cl-2'] },
      },
    ]);
  });

  it('starts the document with the party when it is the first question answered', async () => {
    const row = await startPickerApi({ started: false });
    renderApp('/user/nuovo-contratto/questionario');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Scegli dall'anagrafica" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: /Rossi Mario/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Compila con i clienti scelti' }));
    expect(await screen.findByRole('textbox', { name: 'In quale luogo è firmato?' })).toBeVisible();
    expect(row.starts).toEqual([
      {
        type: 'tpl-locazione',
        answers: {
          conduttori: [
            { nome: 'Mario Rossi', cf: 'RSSMRA85T10A562S' },
            { nome: 'Luca Rossetti', cf: 'RSSLCU80A01H501U' },
          ],
          conduttore_pec: 'mario.rossi@pec.it',
        },
      },
    ]);
    expect(useNewContractStore.getState().value.id).toBe('c-1');
  });

  it('starts the document at once when its first question is the lawyer’s own, asking it no more', async () => {
    const lawyerName: TNextQuestion = {
      ...base,
      variable: 'avvocato_nome',
      question: 'Nome e cognome dell’avvocato',
      type: 'testo',
      parte: { ruolo: 'avvocato', campo: 'nome_cognome' },
    };
    const row = await startPickerApi({
      started: false,
      questions: [lawyerName, QUESTIONS[2] as TNextQuestion],
      startedAnswers: { avvocato_nome: 'Giulia Prova' },
    });
    renderApp('/user/nuovo-contratto/questionario');
    expect(await screen.findByRole('textbox', { name: 'In quale luogo è firmato?' })).toBeVisible();
    expect(row.starts).toEqual([{ type: 'tpl-locazione', answers: {} }]);
    expect(useNewContractStore.getState().value).toMatchObject({
      id: 'c-1',
      answers: { avvocato_nome: 'Giulia Prova' },
    });
    expect(screen.queryByRole('textbox', { name: 'Nome e cognome dell’avvocato' })).toBeNull();
  });

  it('says when the register is empty, and closes back to its button', async () => {
    await startPickerApi({ clients: [] });
    renderApp('/user/nuovo-contratto/questionario');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Scegli dall'anagrafica" }));
    const dialog = await screen.findByRole('dialog');
    expect(
      await within(dialog).findByText(
        "L'anagrafica è ancora vuota: aggiungi i tuoi clienti dalla pagina «Clienti».",
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: "Scegli dall'anagrafica" })).toHaveFocus();
  });

  it('says in the dialog why a fill failed, and keeps the question', async () => {
    await startPickerApi({ fillFails: true });
    renderApp('/user/nuovo-contratto/questionario');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: "Scegli dall'anagrafica" }));
    const again = await screen.findByRole('dialog');
    await user.click(await within(again).findByRole('checkbox', { name: /Verdi Giulia/ }));
    await user.click(within(again).getByRole('button', { name: 'Compila con i clienti scelti' }));
    expect(
      await within(again).findByText(/Non è stato possibile compilare la parte\./),
    ).toHaveTextContent('Cliente non trovato.');
    expect(screen.getByText('Conduttore 1')).toBeVisible();
  });
});

/** The summary's API: one contract whose parties were typed by hand, and the register's POST. */
async function startSummaryApi(answers: TAnswers, clientFails = false) {
  const posted: unknown[] = [];
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/contract/c-1': () => ({
      body: {
        data: {
          id: 'c-1',
          name: 'Contratto di locazione',
          title: 'Contratto di locazione',
          description: 'Locazione ad uso abitativo.',
          type: 'tpl-locazione',
          status: 'TO_COMPLETE',
          answers,
          answers_count: Object.keys(answers).length,
          price: '60.88',
          paymentId: null,
          userId: { name: 'Giulia', surname: 'Bianchi' },
          createdAt: '2026-03-04T09:00:00.000Z',
          updatedAt: '2026-03-04T09:00:00.000Z',
          detailed_answers: QUESTIONS.filter((question) => question.variable in answers).map(
            (question) => ({
              variable: question.variable,
              question: question.question,
              given_answer: answers[question.variable] ?? '',
            }),
          ),
          templateId: {
            id: 'tpl-locazione',
            price: 49.9,
            price_cents: 4990,
            total: '60.88',
            max_questions: 3,
            stripe_url: null,
          },
          maxQuestions: 3,
          prefilled: [],
        },
      },
    }),
    'POST /api/client': (_request, body) => {
      posted.push(body);
      if (clientFails)
        return apiError(422, 'Il codice fiscale non è valido: controlla i 16 caratteri.');
      return { status: 201, body: { data: { ...CLIENTS[0], id: 'cl-new' } } };
    },
  });
  pointPageAt(api.origin);
  signInAs('user');
  useNewContractStore.getState().set({
    id: 'c-1',
    type: 'tpl-locazione',
    title: 'Contratto di locazione',
    answers,
    maxQuestions: 3,
    questions: Object.fromEntries(QUESTIONS.map((question) => [question.variable, question])),
  });
  return posted;
}

const TYPED = {
  conduttori: [
    { nome: 'Anna Bianchi', cf: 'BNCNNA80A41H501Y' },
    { nome: 'Luca Neri', cf: 'NRELCU82B02F205X' },
  ],
  conduttore_pec: 'anna.bianchi@pec.it',
  luogo_firma: 'Roma',
};

describe('«Salva come nuovo cliente» in the summary', () => {
  it('saves a party typed by hand as a client in one click, with a toast', async () => {
    const posted = await startSummaryApi(TYPED);
    renderApp('/user/nuovo-contratto/riepilogo');
    const user = userEvent.setup();

    const save = await screen.findByRole('button', {
      name: 'Salva come nuovo cliente: Anna Bianchi',
    });
    expect(
      screen.getByRole('button', { name: 'Salva come nuovo cliente: Luca Neri' }),
    ).toBeVisible();
    save.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Anna Bianchi è stato aggiunto ai tuoi clienti.')).toBeVisible();
    expect(posted).toEqual([
      {
        tipo: 'persona_fisica',
        dati: {
          nome: 'Anna',
          cognome: 'Bianchi',
          codice_fiscale: 'BNCNNA80A41H501Y',
          pec: 'anna.bianchi@pec.it',
        },
      },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('button', { name: 'Salva come nuovo cliente: Anna Bianchi' }),
      ).toBeNull(),
    );
    await expectNoSeriousAxeViolations();
  });

  it('says why the register refused it', async () => {
    await startSummaryApi(TYPED, true);
    renderApp('/user/nuovo-contratto/riepilogo');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Salva come nuovo cliente: Luca Neri' }),
    );
    expect(
      await screen.findByText(/Il cliente non è stato salvato: controlla i dati/),
    ).toHaveTextContent('Il codice fiscale non è valido');
  });

  it('is not offered for a party filled from the register', async () => {
    await startSummaryApi(TYPED);
    useNewContractStore.getState().set({ fromRegister: ['conduttori', 'conduttore_pec'] });
    renderApp('/user/nuovo-contratto/riepilogo');
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Chi sono i conduttori?' }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: /Salva come nuovo cliente/ })).toBeNull();
  });
});
