import { it as msg } from '@lexpath/shared/messages/it';
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
 * The staff's try-out asks optional questions as the lawyer's questionnaire does: «Salta», and
 * «Non indicato» in its summary (the next question by the shared rule, as the server answers).
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

/** tipo: an optional choice; canone: an optional amount; garanzia: asked for a lease only. */
const QUESTIONS: TQuestion[] = [
  {
    variable: 'tipo',
    question: 'Che contratto è?',
    options: ['Locazione', 'Vendita'],
    required_answers: [],
    is_multiple_selection: false,
    obbligatoria: false,
  },
  {
    variable: 'garanzia',
    question: 'Chi presta la garanzia?',
    type: 'testo',
    required_answers: [{ tipo: 'Locazione' }],
  },
  {
    variable: 'canone',
    question: 'Qual è il canone mensile?',
    type: 'importo',
    required_answers: [],
    obbligatoria: false,
  },
] as TQuestion[];

const TEMPLATE: TTemplateCard = {
  id: 'tpl-optional',
  name: 'Locazione con risposte facoltative',
  description: 'Locazione abitativa',
  price: 49,
  price_cents: 4900,
  categoryId: { id: 'cat-1', name: 'Immobiliare' },
  status: 'SUSPENDED',
  min_time: 5,
  max_time: 10,
  min_questions: 1,
  max_questions: 3,
  stripe_url: null,
  userId: { name: 'Marco', surname: 'Rossi' },
  createdAt: '2026-03-05T09:07:00',
  updatedAt: '2026-03-05T09:07:00',
  latestVersionAt: '2026-03-05T09:07:00',
};

async function startTryOutApi() {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/template': () => ({
      body: { data: { results: [TEMPLATE], page: 1, totalPages: 1 } },
    }),
    'GET /api/template/tpl-optional': () => ({
      body: { data: { ...TEMPLATE, json_questions: QUESTIONS } as unknown as TTemplateDetail },
    }),
    'POST /api/contract/questions': (_request, body) => ({
      body: { data: findNextQuestion(QUESTIONS, (body ?? {}) as TAnswers) },
    }),
  });
  pointPageAt(api.origin);
  signInAs('editor');
}

function answerCard(question: string) {
  const recap = screen.getByRole('list', { name: 'Risposte date' });
  return within(recap)
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('heading', { name: question })) as HTMLElement;
}

describe('admin try-out of optional questions', () => {
  it('skips a choice with «Salta» (its conditional question is not asked) and an amount with Enter', {
    timeout: 40_000,
  }, async () => {
    await startTryOutApi();
    const user = userEvent.setup();
    renderApp('/admin/master-inseriti');

    const row = (await screen.findByRole('cell', { name: TEMPLATE.name })).closest('tr');
    await user.click(within(row as HTMLElement).getByRole('button', { name: 'Prova' }));

    expect(
      await screen.findByRole('group', { name: 'Che contratto è? (Facoltativa)' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: msg.optionalAnswers.skip }));
    const rent = await screen.findByRole('textbox', {
      name: 'Qual è il canone mensile? (Facoltativa)',
    });
    await waitFor(() => expect(rent).toHaveFocus());
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Riepilogo' })).toBeVisible(),
    );
    expect(useNewContractStore.getState().value.answers).toEqual({ tipo: null, canone: null });
    expect(answerCard('Che contratto è?')).toHaveTextContent(
      `Risposta: ${msg.optionalAnswers.notGiven}`,
    );
    expect(answerCard('Qual è il canone mensile?')).toHaveTextContent(
      `Risposta: ${msg.optionalAnswers.notGiven}`,
    );
  });
});
