import type { TContractCard, TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;

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

const QUESTIONS = [
  { variable: 'durata', question: 'Quale durata ha il contratto?', options: ['4+4', '3+2'] },
  { variable: 'foro', question: 'Quale foro è competente?', options: ['Milano', 'Roma'] },
].map((question) => ({ ...question, description: null, is_multiple_selection: false }));

function draftCard(id: string, title: string, answers: TAnswers): TContractCard {
  return {
    id,
    name: title,
    title,
    description: 'Un documento in corso.',
    type: `tpl-${id}`,
    status: 'TO_COMPLETE',
    answers,
    answers_count: Object.keys(answers).length,
    price: '60.88',
    paymentId: null,
    userId: { name: 'Giulia', surname: 'Bianchi' },
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T10:15:00.000Z',
  };
}

/** The archive's API with two drafts; the first one's template has a newer version. */
async function startDraftsApi(options: { deleteFails?: boolean } = {}) {
  const drafts = [
    draftCard('d-1', 'Contratto di locazione', { durata: '4+4' }),
    draftCard('d-2', 'Procura alle liti', {}),
  ];
  const asked: string[] = [];
  const detail = (card: TContractCard): TContractDetail => ({
    ...card,
    detailed_answers: [],
    templateId: {
      id: card.type,
      price: 49.9,
      price_cents: 4990,
      total: '60.88',
      max_questions: 2,
      stripe_url: null,
      version_id: `v-old-${card.id}`,
      newer_version: card.id === 'd-1',
    },
    maxQuestions: 2,
  });
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/contract': (request) => {
      const status = new URL(request.url ?? '', 'http://api').searchParams.get('status');
      const results = status === 'TO_COMPLETE' ? drafts : [];
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    'GET /api/contract/d-1': () => ({ body: { data: detail(drafts[0] as TContractCard) } }),
    'DELETE /api/contract/d-2': () => {
      if (options.deleteFails) return apiError(409, 'Il documento non può essere eliminato.');
      drafts.splice(1, 1);
      return { status: 204 };
    },
    'POST /api/contract/questions': (request, body) => {
      asked.push(request.url ?? '');
      const answers = (body ?? {}) as TAnswers;
      const next = QUESTIONS.find((question) => !(question.variable in answers)) ?? null;
      return { body: { data: next } };
    },
  });
  pointPageAt(api.origin);
  return { drafts, asked };
}

async function draftArticle(title: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name: title });
  const article = heading.closest('article');
  if (!article) throw new Error('no card');
  return article;
}

describe('«Documenti in corso» in the archive', () => {
  it('lists the drafts with what was answered and when', async () => {
    await startDraftsApi();
    signInAs('user');
    renderApp('/user/archivio');

    const section = await screen.findByRole('region', { name: 'Documenti in corso' });
    const lease = await draftArticle('Contratto di locazione');
    expect(section).toContainElement(lease);
    expect(lease).toHaveTextContent('1 risposta data');
    expect(lease).toHaveTextContent(/Ultima modifica: 21\/11\/2026 - \d{2}:15/);
    expect(await draftArticle('Procura alle liti')).toHaveTextContent('0 risposte date');
  });

  it('resumes a draft at its next question, on the version it started with, and says so', async () => {
    const { asked } = await startDraftsApi();
    signInAs('user');
    renderApp('/user/archivio');
    const user = userEvent.setup();

    const lease = await draftArticle('Contratto di locazione');
    await user.click(
      within(lease).getByRole('button', { name: 'Riprendi «Contratto di locazione»' }),
    );

    // The answered question is kept: the questionnaire asks the next one.
    expect(await screen.findByRole('group', { name: 'Quale foro è competente?' })).toBeVisible();
    expect(screen.getByText(/Il modello è stato aggiornato dopo che hai iniziato/)).toBeVisible();
    expect(useNewContractStore.getState().value).toMatchObject({
      id: 'd-1',
      answers: { durata: '4+4' },
      versionId: 'v-old-d-1',
    });
    expect(asked.at(-1)).toContain('version=v-old-d-1');
  });

  it('deletes a draft after the confirmation, and keeps it when the lawyer cancels', async () => {
    await startDraftsApi();
    signInAs('user');
    renderApp('/user/archivio');
    const user = userEvent.setup();

    const proxy = await draftArticle('Procura alle liti');
    await user.click(within(proxy).getByRole('button', { name: 'Elimina «Procura alle liti»' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Eliminare il documento in corso?',
    });
    expect(dialog).toHaveTextContent('Le risposte date per «Procura alle liti» andranno perse.');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api?.hits('DELETE /api/contract/d-2')).toBe(0);

    await user.click(within(proxy).getByRole('button', { name: 'Elimina «Procura alle liti»' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('«Procura alle liti» è stato eliminato.')).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 3, name: 'Procura alle liti' })).toBeNull(),
    );
    expect(await draftArticle('Contratto di locazione')).toBeVisible();
  });

  it('keeps the draft and says why when the server refuses the deletion', async () => {
    await startDraftsApi({ deleteFails: true });
    signInAs('user');
    renderApp('/user/archivio');
    const user = userEvent.setup();

    const proxy = await draftArticle('Procura alle liti');
    await user.click(within(proxy).getByRole('button', { name: 'Elimina «Procura alle liti»' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Elimina' }),
    );
    expect(await screen.findByText('Il documento non può essere eliminato.')).toBeVisible();
    expect(await draftArticle('Procura alle liti')).toBeVisible();
  });

  it('is not shown when there is no draft', async () => {
    api = await startTestApi({
      ...appConfigRoute,
      'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
      'GET /api/contract': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    });
    pointPageAt(api.origin);
    signInAs('user');
    renderApp('/user/archivio');
    expect(await screen.findByText('Non hai acquistato alcun documento')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Documenti in corso' })).toBeNull();
  });
});
