import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

describe('«Guida ai tag»', () => {
  it('opens from the question screen with the keyboard, lists tags, filters and types, and closes with Esc', async () => {
    api = await startTestApi({ ...appConfigRoute });
    pointPageAt(api.origin);
    signInAs('editor');
    useTemplateDraftStore.getState().set({ json_questions: [] });
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/caricamento-domande');
    const button = await screen.findByRole('button', { name: 'Guida ai tag' }, { timeout: 10_000 });
    button.focus();
    await user.keyboard('{Enter}');
    const guide = await screen.findByRole('dialog', { name: 'Guida ai tag' });
    for (const heading of ['Forme dei tag', 'Filtri', 'Tipi di domanda'])
      expect(within(guide).getByRole('heading', { level: 3, name: heading })).toBeVisible();
    // A filter with its example and what it prints.
    const days = within(guide).getByText('giorni_tra').closest('li') as HTMLElement;
    expect(within(days).getByText('{data_scadenza | giorni_tra:data_inizio}')).toBeVisible();
    expect(within(days).getByText('30')).toBeVisible();
    expect(within(guide).getByText('{#condizione}…{/}')).toBeVisible();
    expect(within(guide).getByText('Elenco (più elementi) (elenco)')).toBeVisible();
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Guida ai tag' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it('is on the master screen too', async () => {
    api = await startTestApi({
      ...appConfigRoute,
      'GET /api/category': () => ({
        body: { data: { results: [], page: 1, totalPages: 1 } },
      }),
    });
    pointPageAt(api.origin);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await user.click(
      await screen.findByRole('button', { name: 'Guida ai tag' }, { timeout: 10_000 }),
    );
    const guide = await screen.findByRole('dialog', { name: 'Guida ai tag' });
    expect(within(guide).getByText('{conduttori | accorda:"il conduttore"}')).toBeVisible();
    await user.click(within(guide).getByRole('button', { name: 'Chiudi la guida' }));
    await expect.poll(() => screen.queryByRole('dialog', { name: 'Guida ai tag' })).toBeNull();
  });
});
