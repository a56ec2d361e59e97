import type { TQuestion } from '@lexpath/shared/schemas/questions';
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

async function startApi() {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: [{ id: 'cat-1', name: 'Immobiliare' }], page: 1, totalPages: 1 } },
    }),
  });
  pointPageAt(api.origin);
  signInAs('editor');
}

function savedQuestion(index: number): TQuestion {
  return (useTemplateDraftStore.getState().value.json_questions as TQuestion[])[index] as TQuestion;
}

async function save(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
  expect(
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Inserimento nuovo master' },
      { timeout: 10_000 },
    ),
  ).toBeVisible();
}

describe('the «Obbligatoria» switch of the question editor', () => {
  it('is on for a new question; off (with the keyboard) it saves obbligatoria: false', {
    timeout: 60_000,
  }, async () => {
    await startApi();
    const user = userEvent.setup();
    useTemplateDraftStore.getState().set({ json_questions: [] });
    renderApp('/admin/nuovo-documento/caricamento-domande');
    await user.type(
      await screen.findByLabelText('Testo della domanda', {}, { timeout: 10_000 }),
      'Note per il cliente',
    );
    await user.type(screen.getByLabelText('Chiave'), 'nota');
    await user.selectOptions(screen.getByLabelText('Tipo di domanda'), 'testo');
    const required = screen.getByLabelText('Obbligatoria');
    expect(required).toBeChecked();
    expect(required).toHaveAccessibleDescription(
      'Se disattivata, il cliente può saltare la domanda.',
    );
    required.focus();
    await user.keyboard(' ');
    expect(required).not.toBeChecked();
    await save(user);
    // The master's question list says so.
    const listed = (await screen.findByText('1. Note per il cliente')).parentElement as HTMLElement;
    expect(within(listed).getByText('Facoltativa')).toBeVisible();
    expect(savedQuestion(0)).toEqual({
      variable: 'nota',
      question: 'Note per il cliente',
      type: 'testo',
      required_answers: [],
      obbligatoria: false,
    });
  });

  it('makes an optional choice required again, writing nothing', async () => {
    await startApi();
    const user = userEvent.setup();
    const optional: TQuestion = {
      variable: 'polizza',
      question: 'Quale massimale?',
      options: ['500.000 euro', '1.000.000 euro'],
      required_answers: [],
      is_multiple_selection: false,
      obbligatoria: false,
    };
    useTemplateDraftStore.getState().set({ json_questions: [optional] });
    renderApp('/admin/nuovo-documento/caricamento-domande?index=0');
    const required = await screen.findByLabelText('Obbligatoria', {}, { timeout: 10_000 });
    expect(required).not.toBeChecked();
    await user.click(required);
    await save(user);
    expect(screen.queryByText('Facoltativa')).toBeNull();
    const { obbligatoria: _dropped, ...asRequired } = optional;
    expect(JSON.stringify(savedQuestion(0))).toBe(JSON.stringify(asRequired));
  });

  it('saves an elenco with min_items 0 and an optional field', { timeout: 60_000 }, async () => {
    await startApi();
    const user = userEvent.setup();
    useTemplateDraftStore.getState().set({ json_questions: [] });
    renderApp('/admin/nuovo-documento/caricamento-domande');
    await user.type(
      await screen.findByLabelText('Testo della domanda', {}, { timeout: 10_000 }),
      'I testimoni',
    );
    await user.type(screen.getByLabelText('Chiave'), 'testimoni');
    await user.selectOptions(screen.getByLabelText('Tipo di domanda'), 'elenco');
    await user.type(screen.getByLabelText(/^Nome di un elemento/), 'il testimone');
    await user.type(screen.getByLabelText(/^Nome di più elementi/), 'i testimoni');
    const min = screen.getByLabelText('Numero minimo di elementi');
    await user.clear(min);
    await user.type(min, '0');
    await user.click(screen.getByRole('button', { name: 'Aggiungi campo' }));
    await user.click(screen.getByRole('button', { name: 'Aggiungi campo' }));
    for (const [position, [key, text]] of [
      ['nome', 'Nome e cognome'],
      ['telefono', 'Telefono'],
    ].entries()) {
      const group = screen.getByRole('group', { name: `Campo ${position + 1}` });
      await user.type(within(group).getByLabelText(`Campo ${position + 1}: Chiave`), key ?? '');
      await user.type(
        within(group).getByLabelText(`Campo ${position + 1}: Testo della domanda`),
        text ?? '',
      );
    }
    expect(screen.getByLabelText('Campo 1: Obbligatoria')).toBeChecked();
    await user.click(screen.getByLabelText('Campo 2: Obbligatoria'));
    await save(user);
    expect(savedQuestion(0)).toEqual({
      variable: 'testimoni',
      question: 'I testimoni',
      type: 'elenco',
      fields: [
        { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
        { variable: 'telefono', question: 'Telefono', type: 'testo', obbligatoria: false },
      ],
      min_items: 0,
      label_singolare: 'il testimone',
      label_plurale: 'i testimoni',
      required_answers: [],
    });
  });
});
