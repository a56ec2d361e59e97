import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { buildTemplateCard, signInAs } from '../../test/factories.ts';
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

const TEMPLATE: TTemplateCard = buildTemplateCard({ min_questions: 1, max_questions: 1 });

const FIRST_QUESTION = {
  variable: 'durata',
  question: 'Quale durata ha il contratto?',
  description: null,
  options: ['4+4 anni', '3+2 anni'],
  is_multiple_selection: false,
};

/** What PUT /contract/ received: the first answer creates document c-1. */
let created: unknown[] = [];

/** The list and the start of a document: PUT /contract/ creates document c-1. */
async function startCatalogueApi() {
  created = [];
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: [TEMPLATE.categoryId], page: 1, totalPages: 1 } },
    }),
    'GET /api/template': () => ({
      body: { data: { results: [TEMPLATE], page: 1, totalPages: 1 } },
    }),
    'PUT /api/contract/': (_request, body) => {
      created.push(body);
      return { body: { data: { id: 'c-1' } } };
    },
    // One question: after its answer the questionnaire is finished.
    'POST /api/contract/questions': (_request, body) => ({
      body: { data: body && 'durata' in (body as object) ? null : FIRST_QUESTION },
    }),
  });
  pointPageAt(api.origin);
  return api;
}

/** The first answer given with the pointer. */
async function answerFirst(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: '3+2 anni' }));
  await user.click(screen.getByRole('button', { name: 'Avanti' }));
}

async function clickCard(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Contratto di locazione' }));
}

describe('choosing the generation mode (LexMind users)', () => {
  it('asks a LexMind user how to generate the document, creating nothing yet', async () => {
    const server = await startCatalogueApi();
    signInAs('user', undefined, { lexmind: true });
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);

    const dialog = await screen.findByRole('dialog', { name: 'Come vuoi generare il documento?' });
    expect(within(dialog).getByText('Scegli come creare «Contratto di locazione».')).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'LexPath' })).toBeVisible();
    expect(within(dialog).getByRole('heading', { name: 'LexMind' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Usa LexPath' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Scopri LexMind' })).toBeVisible();
    expect(server.hits('PUT /api/contract/')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.hits('PUT /api/contract/')).toBe(0);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Contratto di locazione' })).toHaveFocus(),
    );
  });

  it('with LexPath, opens the questionnaire; the first answer creates the document', async () => {
    const server = await startCatalogueApi();
    signInAs('user', undefined, { lexmind: true });
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);
    const dialog = await screen.findByRole('dialog', { name: 'Come vuoi generare il documento?' });
    await user.click(within(dialog).getByRole('button', { name: 'Usa LexPath' }));

    expect(await screen.findByText('Quale durata ha il contratto?')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.hits('PUT /api/contract/')).toBe(0);
    expect(useNewContractStore.getState().value).toMatchObject({
      id: '',
      type: 'tpl-locazione',
      title: 'Contratto di locazione',
      status: 'TO_COMPLETE',
    });

    await answerFirst(user);
    await waitFor(() => expect(useNewContractStore.getState().value.id).toBe('c-1'));
    expect(created).toEqual([{ type: 'tpl-locazione', answers: { durata: '3+2 anni' } }]);
    expect(useNewContractStore.getState().value.answers).toEqual({ durata: '3+2 anni' });
  });

  it('with LexMind, presents the upcoming feature with a captioned video, and creates nothing', async () => {
    const server = await startCatalogueApi();
    signInAs('user', undefined, { lexmind: true });
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);
    const modes = await screen.findByRole('dialog', { name: 'Come vuoi generare il documento?' });
    await user.click(within(modes).getByRole('button', { name: 'Scopri LexMind' }));

    const preview = await screen.findByRole('dialog', { name: 'LexMind: prossimamente' });
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Come vuoi generare il documento?' }),
      ).not.toBeInTheDocument(),
    );
    expect(
      within(preview).getByText(/Con LexMind descriverai a parole il contratto che ti serve/),
    ).toBeVisible();
    const video = preview.querySelector('video');
    if (!video) throw new Error('no video');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('autoplay');
    expect(video).toHaveAttribute('aria-label', 'Anteprima di LexMind');
    expect(video.querySelector('source')).toHaveAttribute('src', '/media/lexmind-anteprima.webm');
    expect(video.querySelector('track')).toMatchObject({
      kind: 'captions',
      srclang: 'it',
      label: 'Italiano',
    });
    expect(video.querySelector('track')).toHaveAttribute('src', '/media/lexmind-anteprima.it.vtt');

    await user.click(within(preview).getByRole('button', { name: 'Torna ai documenti' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Back on the list, focus on the card that started the choice.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Contratto di locazione' })).toHaveFocus(),
    );
    expect(server.hits('PUT /api/contract/')).toBe(0);
    expect(useNewContractStore.getState().value.id).toBe('');
  });

  it('does not autoplay the video for users who prefer reduced motion', async () => {
    const original = globalThis.matchMedia;
    globalThis.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query === '(prefers-reduced-motion: reduce)',
    })) as typeof globalThis.matchMedia;
    try {
      await startCatalogueApi();
      signInAs('user', undefined, { lexmind: true });
      const user = userEvent.setup();
      renderApp('/user/contratti');
      await clickCard(user);
      const modes = await screen.findByRole('dialog', {
        name: 'Come vuoi generare il documento?',
      });
      await user.click(within(modes).getByRole('button', { name: 'Scopri LexMind' }));
      const preview = await screen.findByRole('dialog', { name: 'LexMind: prossimamente' });
      expect(preview.querySelector('video')).not.toHaveAttribute('autoplay');
    } finally {
      globalThis.matchMedia = original;
    }
  });

  it('sends an ordinary user straight to the questionnaire, without any dialog', async () => {
    await startCatalogueApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);

    expect(await screen.findByText('Quale durata ha il contratto?')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('a document created at the first answer (issue 12)', () => {
  it('creates no document when a card is opened and left without an answer', async () => {
    const server = await startCatalogueApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);
    expect(await screen.findByText('Quale durata ha il contratto?')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Abbandona' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Abbandona' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Nuovo documento' })).toBeVisible();
    expect(server.hits('PUT /api/contract/')).toBe(0);
    expect(useNewContractStore.getState().value.type).toBe('');
  });

  it('creates the document with its first answer, in one call', async () => {
    const server = await startCatalogueApi();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);
    await answerFirst(user);
    await waitFor(() => expect(useNewContractStore.getState().value.id).toBe('c-1'));
    expect(server.hits('PUT /api/contract/')).toBe(1);
    expect(server.hits('PUT /api/contract/c-1')).toBe(0);
    expect(created).toEqual([{ type: 'tpl-locazione', answers: { durata: '3+2 anni' } }]);
  });
});

describe('starting a document', () => {
  it('retries a lost creation with the same Idempotency-Key, so the server creates one document', async () => {
    const keys: Array<string | undefined> = [];
    api = await startTestApi({
      ...appConfigRoute,
      'GET /api/category': () => ({
        body: { data: { results: [TEMPLATE.categoryId], page: 1, totalPages: 1 } },
      }),
      'GET /api/template': () => ({
        body: { data: { results: [TEMPLATE], page: 1, totalPages: 1 } },
      }),
      // The first answer is lost on the way (a proxy error); the retry gets the document.
      'PUT /api/contract/': (request) => {
        keys.push(request.headers['idempotency-key'] as string | undefined);
        return keys.length === 1
          ? {
              status: 502,
              text: '<html>Bad Gateway</html>',
              headers: { 'content-type': 'text/html' },
            }
          : { body: { data: { id: 'c-1' } } };
      },
      'POST /api/contract/questions': () => ({ body: { data: FIRST_QUESTION } }),
    });
    pointPageAt(api.origin);
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/contratti');

    await clickCard(user);
    await user.click(await screen.findByRole('radio', { name: '3+2 anni' }));
    await user.click(screen.getByRole('button', { name: 'Avanti' }));

    await waitFor(() => expect(keys).toHaveLength(2), { timeout: 10_000 });
    expect(keys[0]).toMatch(/^[\w-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() =>
      expect(useNewContractStore.getState().value).toMatchObject({
        id: 'c-1',
        answers: { durata: '3+2 anni' },
      }),
    );
  });
});
