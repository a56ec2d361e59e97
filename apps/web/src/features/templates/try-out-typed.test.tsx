import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import type { TTemplateCard, TTemplateDetail } from '@lexpath/shared/schemas/templates';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/**
 * The staff's try-out walks the lawyer's questionnaire step (typed questions, an `elenco`,
 * 'Indietro' refilling the answer) and changes answers by the lawyer's summary rules, applied in
 * the browser as the try-out has no contract on the server.
 */

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

/** tipo: a choice (the SPEC rule); canone: nothing depends on it; conduttori: by its count. */
const QUESTIONS: TQuestion[] = [
  {
    variable: 'tipo',
    question: 'Che contratto è?',
    options: ['Locazione', 'Vendita'],
    required_answers: [],
    is_multiple_selection: false,
  },
  {
    variable: 'canone',
    question: 'Qual è il canone mensile?',
    type: 'importo',
    required_answers: [],
  },
  {
    variable: 'conduttori',
    question: 'Chi sono i conduttori?',
    type: 'elenco',
    min_items: 1,
    max_items: 3,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
    fields: [{ variable: 'nome', question: 'Nome e cognome', type: 'testo' }],
    required_answers: [],
  },
  {
    variable: 'solidale',
    question: 'I conduttori sono obbligati in solido?',
    options: ['Sì', 'No'],
    required_answers: [{ conduttori: { almeno: 2 } }],
    is_multiple_selection: false,
  },
] as TQuestion[];

const GIVEN: TAnswers = {
  tipo: 'Locazione',
  canone: '1234.50',
  conduttori: [{ nome: 'Anna Verdi' }, { nome: 'Luca Neri' }],
  solidale: 'Sì',
};

const TEMPLATE: TTemplateCard = {
  id: 'tpl-typed',
  name: 'Locazione con conduttori',
  description: 'Locazione abitativa',
  price: 49,
  price_cents: 4900,
  categoryId: { id: 'cat-1', name: 'Immobiliare' },
  status: 'SUSPENDED',
  min_time: 5,
  max_time: 10,
  min_questions: 3,
  max_questions: 4,
  stripe_url: null,
  userId: { name: 'Marco', surname: 'Rossi' },
  createdAt: '2026-03-05T09:07:00',
  updatedAt: '2026-03-05T09:07:00',
  latestVersionAt: '2026-03-05T09:07:00',
};

/** The API as staff see it: the next question by the shared rule, as the server answers it. */
async function startTryOutApi() {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/template': () => ({
      body: { data: { results: [TEMPLATE], page: 1, totalPages: 1 } },
    }),
    'GET /api/template/tpl-typed': () => ({
      body: { data: { ...TEMPLATE, json_questions: QUESTIONS } as unknown as TTemplateDetail },
    }),
    'POST /api/contract/questions': (_request, body) => ({
      body: { data: findNextQuestion(QUESTIONS, (body ?? {}) as TAnswers) },
    }),
  });
  pointPageAt(api.origin);
  signInAs('editor');
}

function storedTryOut() {
  return useNewContractStore.getState().value;
}

function answerCard(question: string) {
  const recap = screen.getByRole('list', { name: 'Risposte date' });
  return within(recap)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: question })) as HTMLElement;
}

describe('admin try-out of typed questions', () => {
  it("walks an amount and an elenco, refills them on 'Indietro' and shows them in Italian", {
    timeout: 40_000,
  }, async () => {
    await startTryOutApi();
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');

    const row = (await screen.findByRole('cell', { name: TEMPLATE.name })).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Prova' }));

    await user.click(await screen.findByRole('radio', { name: 'Locazione' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    const rent = await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' });
    await user.type(rent, '1.234,50{Enter}');

    // The elenco: one item, then «Vuoi aggiungere…?», a second item.
    expect(await screen.findByText('Conduttore 1')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Nome e cognome' }), 'Anna Verdi{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Sì, aggiungi' }));
    expect(await screen.findByText('Conduttore 2')).toBeVisible();
    const second = screen.getByRole('textbox', { name: 'Nome e cognome' });
    await waitFor(() => expect(second).toHaveValue(''));
    await user.type(second, 'Luca Neri{Enter}');
    await user.click(await screen.findByRole('button', { name: 'No, continua' }));

    // Two conduttori: the question that needs at least two comes.
    await screen.findByText('I conduttori sono obbligati in solido?');
    expect(storedTryOut().answers.conduttori).toEqual([
      { nome: 'Anna Verdi' },
      { nome: 'Luca Neri' },
    ]);

    // 'Indietro' takes the elenco back and shows it filled, then the amount, in Italian.
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByText('Conduttore 1')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Nome e cognome' })).toHaveValue('Anna Verdi');
    await user.click(screen.getByRole('button', { name: 'Indietro' }));
    expect(await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' })).toHaveValue(
      '1.234,50',
    );
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await user.click(await screen.findByRole('button', { name: 'Avanti' }));
    await user.click(await screen.findByRole('button', { name: 'Sì, aggiungi' }));
    await user.click(await screen.findByRole('button', { name: 'Avanti' }));
    await user.click(await screen.findByRole('button', { name: 'No, continua' }));
    await user.click(await screen.findByRole('radio', { name: 'Sì' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    // The summary may mount twice (the try-out passes by the questionnaire on its way back):
    // look the heading up again until the one on screen is visible.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible(),
    );
    expect(storedTryOut().answers).toEqual(GIVEN);
    await waitFor(() =>
      expect(answerCard('Qual è il canone mensile?')).toHaveTextContent('1.234,50 €'),
    );
    expect(screen.getByLabelText('Risposte per «Conduttore 1»')).toHaveTextContent(
      'Nome e cognome:Anna Verdi',
    );
    expect(screen.getByLabelText('Risposte per «Conduttore 2»')).toHaveTextContent(
      'Nome e cognome:Luca Neri',
    );
  });

  it('changes a typed answer nothing depends on alone, keeping the later answers', async () => {
    await startTryOutApi();
    useNewContractStore.getState().set({
      type: 'tpl-typed',
      title: TEMPLATE.name,
      answers: GIVEN,
      maxQuestions: 4,
    });
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/riepilogo?id=tpl-typed');

    await user.click(
      await screen.findByRole('button', {
        name: 'Modifica la risposta a «Qual è il canone mensile?»',
      }),
    );
    // No confirmation: the amount is asked alone, filled, and says the rest stays.
    const rent = await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(rent).toHaveValue('1.234,50');
    expect(
      screen.getByText('Modifichi solo questa risposta: le altre restano invariate.'),
    ).toBeVisible();
    await user.clear(rent);
    await user.type(rent, '900{Enter}');

    // The summary may mount twice (the try-out passes by the questionnaire on its way back):
    // look the heading up again until the one on screen is visible.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible(),
    );
    expect(storedTryOut().answers).toEqual({ ...GIVEN, canone: '900.00' });
    expect(answerCard('Qual è il canone mensile?')).toHaveTextContent('900,00 €');
    expect(answerCard('I conduttori sono obbligati in solido?')).toHaveTextContent('Risposta: Sì');
  });

  it('changes a choice by the SPEC rule: it and the later answers are asked again', async () => {
    await startTryOutApi();
    useNewContractStore.getState().set({
      type: 'tpl-typed',
      title: TEMPLATE.name,
      answers: GIVEN,
      maxQuestions: 4,
    });
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/riepilogo?id=tpl-typed');

    await user.click(
      await screen.findByRole('button', { name: 'Modifica la risposta a «Che contratto è?»' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Modificare la risposta?' });
    await user.click(within(dialog).getByRole('button', { name: /conferma/i }));

    // The answer taken back is shown selected; every later answer waits to be given again.
    expect(await screen.findByRole('radio', { name: 'Locazione' })).toBeChecked();
    expect(storedTryOut().answers).toEqual({});
    await user.click(screen.getByRole('radio', { name: 'Vendita' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));
    expect(await screen.findByRole('textbox', { name: 'Qual è il canone mensile?' })).toHaveValue(
      '1.234,50',
    );
  });

  it('removes a conduttore: the question that needed two goes, after saying so', async () => {
    await startTryOutApi();
    useNewContractStore.getState().set({
      type: 'tpl-typed',
      title: TEMPLATE.name,
      answers: GIVEN,
      maxQuestions: 4,
    });
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti/riepilogo?id=tpl-typed');

    await user.click(await screen.findByRole('button', { name: 'Rimuovi Conduttore 2' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rimuovere Conduttore 2?' });
    expect(dialog).toHaveTextContent(
      'Senza Conduttore 2 cambiano le domande successive: le risposte successive dovranno essere date di nuovo.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rimuovi' }));

    await waitFor(() =>
      expect(storedTryOut().answers).toEqual({
        tipo: 'Locazione',
        canone: '1234.50',
        conduttori: [{ nome: 'Anna Verdi' }],
      }),
    );
    // Nothing is left to ask with one conduttore: the summary again, without «in solido».
    // The summary may mount twice (the try-out passes by the questionnaire on its way back):
    // look the heading up again until the one on screen is visible.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible(),
    );
    await waitFor(() =>
      expect(screen.queryByText('I conduttori sono obbligati in solido?')).not.toBeInTheDocument(),
    );
  });
});
