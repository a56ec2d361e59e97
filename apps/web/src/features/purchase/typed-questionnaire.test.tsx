import { it as msg } from '@lexpath/shared/messages/it';
import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
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

/** Typed questions as POST /api/contract/questions sends them (DESIGN §12). */
const QUESTIONS: TNextQuestion[] = [
  { ...base, variable: 'locatore', question: 'Come si chiama il locatore?', type: 'testo' },
  {
    ...base,
    variable: 'canone',
    question: 'Qual è il canone mensile?',
    description: 'In euro, senza spese condominiali.',
    type: 'importo',
  },
  {
    ...base,
    variable: 'cf_locatore',
    question: 'Qual è il codice fiscale del locatore?',
    type: 'codice_fiscale',
  },
  { ...base, variable: 'inizio', question: 'Da quando decorre il contratto?', type: 'data' },
  {
    ...base,
    variable: 'conduttori',
    question: 'Chi sono i conduttori?',
    type: 'elenco',
    min_items: 1,
    max_items: 3,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
    fields: [
      { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
      { variable: 'cf', question: 'Codice fiscale', type: 'codice_fiscale' },
    ],
  },
];

/** The questionnaire's API over one contract; every saved answer set is kept. */
async function startTypedApi(questions: TNextQuestion[] = QUESTIONS) {
  const row = { answers: {} as TAnswers, saves: [] as TAnswers[] };
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
      const answers = (body ?? {}) as TAnswers;
      const next = questions.find((question) => !(question.variable in answers)) ?? null;
      return { body: { data: next } };
    },
    'GET /api/contract/c-1': () => {
      const detailed = questions
        .filter((question) => question.variable in row.answers)
        .map((question) => ({
          variable: question.variable,
          question: question.question,
          given_answer: row.answers[question.variable] ?? '',
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
    type: 'tpl-locazione',
    title: 'Contratto di locazione',
    answers: {},
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

/** The small types of an address and payment line. */
const SMALL_QUESTIONS: TNextQuestion[] = [
  { ...base, variable: 'cap', question: 'CAP della sede', type: 'cap' },
  { ...base, variable: 'provincia', question: 'Provincia della sede', type: 'provincia' },
  { ...base, variable: 'iban', question: 'IBAN per i pagamenti', type: 'iban' },
  { ...base, variable: 'telefono', question: 'Telefono dello studio', type: 'telefono' },
  { ...base, variable: 'ora', question: 'Ora dell’appuntamento', type: 'ora' },
];

describe('typed questionnaire', () => {
  it('gives each small type its keyboard and sends it canonical: CAP, provincia, IBAN, telefono, ora', {
    timeout: 40_000,
  }, async () => {
    const row = await startTypedApi(SMALL_QUESTIONS);
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');

    const cap = await screen.findByRole('textbox', { name: 'CAP della sede' });
    expect(cap).toHaveAttribute('inputmode', 'numeric');
    expect(cap).toHaveAttribute('autocomplete', 'postal-code');
    expect(cap).toHaveAttribute('maxlength', '5');
    await waitFor(() => expect(cap).toHaveFocus());
    await user.keyboard('00184{Enter}');

    const provincia = await screen.findByRole('textbox', { name: 'Provincia della sede' });
    await waitFor(() => expect(provincia).toHaveFocus());
    await user.keyboard('rm');
    expect(provincia).toHaveValue('RM');
    await user.keyboard('{Enter}');

    const iban = await screen.findByRole('textbox', { name: 'IBAN per i pagamenti' });
    await waitFor(() => expect(iban).toHaveFocus());
    // The last digit mistyped: the check digits do not hold.
    await user.keyboard('it60 x054 2811 1010 0000 0123 455{Enter}');
    expect(await screen.findByText(msg.answers.typedIban)).toBeVisible();
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Backspace}6{Enter}');

    const telefono = await screen.findByRole('textbox', { name: 'Telefono dello studio' });
    expect(telefono).toHaveAttribute('type', 'tel');
    expect(telefono).toHaveAttribute('autocomplete', 'tel');
    await waitFor(() => expect(telefono).toHaveFocus());
    await user.keyboard('06 1234 5678{Enter}');

    const ora = await screen.findByRole('textbox', { name: 'Ora dell’appuntamento' });
    expect(ora).toHaveAttribute('inputmode', 'decimal');
    await waitFor(() => expect(ora).toHaveFocus());
    await user.keyboard('24.00{Enter}');
    expect(await screen.findByText(msg.answers.typedOra)).toBeVisible();
    await user.clear(ora);
    await user.keyboard('14.30{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    expect(row.answers).toEqual({
      cap: '00184',
      provincia: 'RM',
      iban: 'IT60X0542811101000000123456',
      telefono: '+390612345678',
      ora: '14:30',
    });
    const recap = await screen.findByRole('list', { name: 'Risposte date' });
    await waitFor(() => expect(within(recap).getByText('00184')).toBeVisible());
    await expectNoSeriousAxeViolations();
  });

  // The longest walk of the web tests: a whole questionnaire, key by key, then the summary.
  it('is walked with the keyboard alone and sends canonical answers; the summary shows them in Italian', {
    timeout: 40_000,
  }, async () => {
    const row = await startTypedApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');

    const name = await screen.findByRole('textbox', { name: 'Come si chiama il locatore?' });
    await waitFor(() => expect(name).toHaveFocus());
    await expectNoSeriousAxeViolations();
    await user.keyboard('Mario Rossi{Enter}');

    const rent = await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' });
    expect(rent).toHaveAccessibleDescription('In euro, senza spese condominiali.');
    expect(rent).toHaveAttribute('inputmode', 'decimal');
    await waitFor(() => expect(rent).toHaveFocus());
    await user.keyboard('1.234,50{Enter}');

    const code = await screen.findByRole('textbox', {
      name: 'Qual è il codice fiscale del locatore?',
    });
    await waitFor(() => expect(code).toHaveFocus());
    await user.keyboard('rssmra85t10a562x');
    expect(code).toHaveValue('RSSMRA85T10A562X');
    const savesBefore = row.saves.length;
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'Il codice fiscale non è valido: controlla i 16 caratteri (o le 11 cifre per una società).',
      ),
    ).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(row.saves).toHaveLength(savesBefore);
    await user.keyboard('{Backspace}s{Enter}');

    const start = await screen.findByRole('textbox', { name: 'Da quando decorre il contratto?' });
    await waitFor(() => expect(start).toHaveFocus());
    await user.keyboard('31/02/2026{Enter}');
    expect(await screen.findByText(msg.answers.typedDate)).toBeVisible();
    await user.clear(start);
    await user.keyboard('23/11/2026{Enter}');

    expect(await screen.findByText('Conduttore 1')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nome e cognome' })).toHaveFocus(),
    );
    await user.keyboard('Anna Verdi{Tab}BNCGLI90A41H501E{Enter}');
    expect(await screen.findByText('Vuoi aggiungere un altro conduttore?')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sì, aggiungi' })).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Conduttore 2')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Nome e cognome' })).toHaveValue(''),
    );
    await user.keyboard('Luca Neri{Tab}RSSMRA85T10A562S{Enter}');
    await screen.findByText('Vuoi aggiungere un altro conduttore?');
    await user.keyboard('{Tab}{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible();
    expect(row.answers).toEqual({
      locatore: 'Mario Rossi',
      canone: '1234.50',
      cf_locatore: 'RSSMRA85T10A562S',
      inizio: '2026-11-23',
      conduttori: [
        { nome: 'Anna Verdi', cf: 'BNCGLI90A41H501E' },
        { nome: 'Luca Neri', cf: 'RSSMRA85T10A562S' },
      ],
    });

    const recap = await screen.findByRole('list', { name: 'Risposte date' });
    await waitFor(() => expect(within(recap).getByText('1.234,50 €')).toBeVisible());
    expect(within(recap).getByText('23/11/2026')).toBeVisible();
    const tenant1 = within(recap).getByLabelText('Risposte per «Conduttore 1»');
    expect(tenant1).toHaveTextContent('Nome e cognome:Anna VerdiCodice fiscale:BNCGLI90A41H501E');
    const tenant2 = within(recap).getByLabelText('Risposte per «Conduttore 2»');
    expect(tenant2).toHaveTextContent('Nome e cognome:Luca Neri');
    await expectNoSeriousAxeViolations();
  });

  it("shows the previous answer filled on 'Indietro', an amount and a date in Italian", async () => {
    await startTypedApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');

    await user.type(
      await screen.findByRole('textbox', { name: 'Come si chiama il locatore?' }),
      'Mario Rossi{Enter}',
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' }),
      '850{Enter}',
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'Qual è il codice fiscale del locatore?' }),
      'RSSMRA85T10A562S{Enter}',
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'Da quando decorre il contratto?' }),
      '1/3/2026{Enter}',
    );
    await screen.findByText('Conduttore 1');

    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(
      await screen.findByRole('textbox', { name: 'Da quando decorre il contratto?' }),
    ).toHaveValue('01/03/2026');
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(
      await screen.findByRole('textbox', { name: 'Qual è il codice fiscale del locatore?' }),
    ).toHaveValue('RSSMRA85T10A562S');
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' })).toHaveValue(
      '850,00',
    );
  });

  it('refuses an amount over 999.999.999,99 € and a date after 2200, saying so in Italian', async () => {
    const row = await startTypedApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');
    await user.type(
      await screen.findByRole('textbox', { name: 'Come si chiama il locatore?' }),
      'Mario Rossi{Enter}',
    );
    const canone = await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' });
    await user.type(canone, '1.000.000.000{Enter}');
    expect(
      await screen.findByText(
        '«Qual è il canone mensile?» può essere al massimo 999.999.999,99 €.',
      ),
    ).toBeVisible();
    await user.clear(canone);
    await user.type(canone, '850{Enter}');
    await user.type(
      await screen.findByRole('textbox', { name: 'Qual è il codice fiscale del locatore?' }),
      'RSSMRA85T10A562S{Enter}',
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'Da quando decorre il contratto?' }),
      '31/12/9999{Enter}',
    );
    expect(
      await screen.findByText(
        'La data di «Da quando decorre il contratto?» non può essere dopo il 31/12/2200.',
      ),
    ).toBeVisible();
    expect(row.answers).toEqual({
      locatore: 'Mario Rossi',
      canone: '850.00',
      cf_locatore: 'RSSMRA85T10A562S',
    });
  });

  it('fills a date from the calendar beside the field, in Italian', async () => {
    const row = await startTypedApi();
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/questionario');
    await user.type(
      await screen.findByRole('textbox', { name: 'Come si chiama il locatore?' }),
      'Mario Rossi{Enter}',
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' }),
      '850{Enter}',
    );
    await user.type(
      await screen.findByRole('textbox', { name: 'Qual è il codice fiscale del locatore?' }),
      'RSSMRA85T10A562S{Enter}',
    );
    const start = await screen.findByRole('textbox', { name: 'Da quando decorre il contratto?' });
    await user.type(start, '23/11/2026');
    await user.click(screen.getByRole('button', { name: 'Scegli la data dal calendario' }));
    const calendar = await screen.findByRole('grid');
    await user.click(within(calendar).getByText('24'));
    await waitFor(() => expect(start).toHaveValue('24/11/2026'));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    await screen.findByText('Conduttore 1');
    expect(row.answers.inizio).toBe('2026-11-24');
  });
});
