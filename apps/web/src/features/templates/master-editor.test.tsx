import type { TQuestion } from '@lexpath/shared/schemas/questions';
import type { TTemplateDetail } from '@lexpath/shared/schemas/templates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useMasterFilesStore, useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';
import { loadTemplateIntoDraft } from './draft.ts';

/**
 * Issue 12, master editor: the title while editing, Italian file-upload fields, prices with
 * cents, a text area for the question, red invalid fields, and 'Salva e vai alle domande'
 * checking the form before it leaves.
 */
let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
});

// The master screen is a lazy chunk: on a loaded machine its first load takes seconds.
const slow = { timeout: 10_000 };

const STORED = { file_name: `${'a'.repeat(64)}.docx`, preview_name: `${'b'.repeat(64)}.docx` };

function question(variable: string): TQuestion {
  return {
    variable,
    question: `Domanda ${variable}`,
    options: ['A', 'B'],
    required_answers: [],
    is_multiple_selection: false,
  };
}

function buildDetail(overrides: Partial<TTemplateDetail> = {}): TTemplateDetail {
  return {
    id: 'tpl-1',
    name: 'Locazione',
    description: 'Locazione abitativa',
    price: 1234.5,
    price_cents: 123450,
    categoryId: { id: 'cat-1', name: 'Immobiliare' },
    status: 'PUBLISHED',
    min_time: null,
    max_time: null,
    min_questions: null,
    max_questions: null,
    stripe_url: null,
    userId: { name: 'Marco', surname: 'Rossi' },
    createdAt: '2026-03-05T09:07:00',
    updatedAt: '2026-03-05T09:07:00',
    latestVersionAt: '2026-03-05T09:07:00',
    json_questions: [question('tipo')],
    file_name: STORED.file_name,
    preview_name: STORED.preview_name,
    ...overrides,
  } as TTemplateDetail;
}

async function startMasterApi(saved: unknown[] = [], extra: Record<string, TestHandler> = {}) {
  const detail = buildDetail();
  const echo: TestHandler = (_request, body) => {
    saved.push(body);
    return { status: 201, body: { data: { ...detail, ...(body as object) } } };
  };
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: [{ id: 'cat-1', name: 'Immobiliare' }], page: 1, totalPages: 1 } },
    }),
    'GET /api/template': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/template/tpl-1': () => ({ body: { data: detail } }),
    'POST /api/template': echo,
    'PUT /api/template/tpl-1': echo,
    ...extra,
  });
  pointPageAt(api.origin);
  return api;
}

/** The error text of the field (Chakra's Field.Root, a group) holding `control`. */
function messageOf(control: HTMLElement): string | null | undefined {
  const field = control.closest('[data-scope="field"][data-part="root"]');
  return field?.querySelector('[data-part="error-text"]')?.textContent;
}

/** A new master with everything filled in but what the test sets. */
function fillNewDraft(overrides: Record<string, unknown> = {}) {
  useTemplateDraftStore.getState().set({
    name: 'Locazione',
    description: 'Locazione abitativa',
    categoryId: 'cat-1',
    price: '49',
    stripe_url: '',
    json_questions: [question('tipo')],
    ...overrides,
  });
  useMasterFilesStore.getState().set(STORED);
}

describe('master editor title', () => {
  it('says «Modifica master» while a saved master is edited', async () => {
    await startMasterApi();
    loadTemplateIntoDraft(buildDetail());
    signInAs('editor');
    renderApp('/admin/nuovo-documento?id=tpl-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Modifica master' }, slow),
    ).toBeVisible();
    expect(screen.queryByText('Inserimento nuovo master')).not.toBeInTheDocument();
  });
});

describe('master file fields', () => {
  it('are Italian file-upload fields: a labelled button, «Nessun file selezionato», then name and KB', async () => {
    await startMasterApi();
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    const choose = await screen.findByRole('button', { name: 'Scegli il file del master' }, slow);
    expect(choose).toHaveTextContent('Scegli il file');
    expect(screen.getByRole('button', { name: "Scegli il file dell'anteprima" })).toBeVisible();
    expect(screen.getAllByText('Nessun file selezionato')).toHaveLength(2);
    // The browser's own file input (its "Choose File / No file chosen") is hidden from view,
    // from the tab order and from assistive technology: the button above is the control.
    const input = screen.getByLabelText(/^Master/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('tabindex', '-1');
    expect(input).toHaveAttribute('aria-hidden', 'true');
    expect(input).toHaveAttribute('accept', expect.stringContaining('.docx'));

    await user.upload(input, new File(['x'.repeat(3072)], 'contratto.docx'));
    expect(await screen.findByText('contratto.docx (3.00 KB)')).toBeVisible();
    expect(choose).toHaveAccessibleDescription('contratto.docx (3.00 KB)');

    await user.click(screen.getByRole('button', { name: 'Rimuovi il file del master' }));
    expect(await screen.findAllByText('Nessun file selezionato')).toHaveLength(2);
  });

  it('open the file dialog from the keyboard', async () => {
    await startMasterApi();
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    const choose = await screen.findByRole(
      'button',
      { name: "Scegli il file dell'anteprima" },
      slow,
    );
    const input = screen.getByLabelText(/^Anteprima/);
    let dialogsOpened = 0;
    // A click on the hidden file input is what opens the browser's file dialog.
    input.addEventListener('click', () => {
      dialogsOpened += 1;
    });
    choose.focus();
    await user.keyboard('{Enter}');
    expect(dialogsOpened).toBe(1);
  });
});

describe('master price', () => {
  it('accepts an Italian amount with cents and sends it as the exact decimal', async () => {
    const saved: Array<Record<string, unknown>> = [];
    await startMasterApi(saved);
    fillNewDraft();
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    const price = await screen.findByLabelText(/^Prezzo/, {}, slow);
    await screen.findByRole('option', { name: 'Immobiliare' }, slow);
    expect(price).toHaveAttribute('inputmode', 'decimal');
    await user.clear(price);
    await user.type(price, '1.234,50');
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    expect(await screen.findByText('Master salvato con successo', {}, slow)).toBeVisible();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ price: '1234.50' });
  });

  it('takes 10,50 as ten euros and fifty cents', async () => {
    const saved: Array<Record<string, unknown>> = [];
    await startMasterApi(saved);
    fillNewDraft({ price: '10,50' });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' }, slow);
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    expect(await screen.findByText('Master salvato con successo', {}, slow)).toBeVisible();
    expect(saved[0]).toMatchObject({ price: '10.50' });
  });

  it('shows a saved price with cents in Italian', async () => {
    await startMasterApi();
    loadTemplateIntoDraft(buildDetail());
    signInAs('editor');
    renderApp('/admin/nuovo-documento?id=tpl-1');
    expect(await screen.findByLabelText(/^Prezzo/, {}, slow)).toHaveValue('1.234,50');
  });

  it('refuses a price that is not an amount, saying how to write one, and sends nothing', async () => {
    const saved: unknown[] = [];
    const server = await startMasterApi(saved);
    fillNewDraft({ price: '10,505' });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' }, slow);
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    expect(
      await screen.findByText('Scrivi un importo in euro, per esempio 1.234,50.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Prezzo/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Prezzo/)).toHaveFocus();
    expect(server.hits('POST /api/template')).toBe(0);
    expect(saved).toHaveLength(0);
  });
});

describe('master form validation', () => {
  it('marks every invalid field, files included, with its Italian message', async () => {
    await startMasterApi();
    useTemplateDraftStore.getState().set({ json_questions: [question('tipo')] });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await user.click(await screen.findByRole('button', { name: 'Salva e concludi' }, slow));

    for (const label of [/^Titolo/, /^Descrizione/, /^Categoria/, /^Prezzo/]) {
      const field = await screen.findByLabelText(label);
      expect(field, String(label)).toHaveAttribute('aria-invalid', 'true');
      expect(messageOf(field), String(label)).toBe('Campo obbligatorio.');
    }
    const chooseMaster = screen.getByRole('button', { name: 'Scegli il file del master' });
    expect(chooseMaster).toHaveAttribute('aria-invalid', 'true');
    expect(chooseMaster).toHaveAccessibleDescription(
      'Nessun file selezionato È necessario inserire un file .docx',
    );
    // The preview may be left out: the master serves for it.
    const choosePreview = screen.getByRole('button', { name: "Scegli il file dell'anteprima" });
    expect(choosePreview).not.toHaveAttribute('aria-invalid');
    expect(choosePreview).toHaveAccessibleDescription(
      "Facoltativo: se manca, l'anteprima usa il master. Nessun file selezionato",
    );
    // The first invalid field takes the focus.
    expect(screen.getByLabelText(/^Titolo/)).toHaveFocus();
  });

  it('asks the description in a text area', async () => {
    await startMasterApi();
    signInAs('editor');
    renderApp('/admin/nuovo-documento');
    expect((await screen.findByLabelText(/^Descrizione/, {}, slow)).tagName).toBe('TEXTAREA');
  });
});

describe('Salva e vai alle domande', () => {
  it('checks the form first: with a field missing it stays, stores nothing and focuses the field', async () => {
    await startMasterApi();
    fillNewDraft({ json_questions: [], name: '', price: '' });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    const description = await screen.findByLabelText(/^Descrizione/, {}, slow);
    await user.clear(description);
    await user.type(description, 'Una descrizione nuova');
    await user.click(screen.getByRole('button', { name: 'Salva e vai alle domande' }));

    expect(await screen.findAllByText('Campo obbligatorio.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Titolo/)).toHaveFocus();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Inserimento nuovo master' }),
    ).toBeVisible();
    expect(useTemplateDraftStore.getState().value.description).toBe('Locazione abitativa');
  });

  it('checks the files too: a missing master focuses its button', async () => {
    await startMasterApi();
    fillNewDraft({ json_questions: [] });
    useMasterFilesStore.getState().set({ file_name: '', preview_name: STORED.preview_name });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' }, slow);
    await user.click(screen.getByRole('button', { name: 'Salva e vai alle domande' }));

    expect(await screen.findByText('È necessario inserire un file .docx')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Scegli il file del master' })).toHaveFocus();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Inserimento nuovo master' }),
    ).toBeVisible();
  });

  it('opens the question editor once the form is valid', async () => {
    await startMasterApi();
    fillNewDraft({ json_questions: [] });
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');
    await screen.findByRole('option', { name: 'Immobiliare' }, slow);
    await user.click(screen.getByRole('button', { name: 'Salva e vai alle domande' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Caricamento domande' }, slow),
    ).toBeVisible();
  });
});

describe('question editor fields', () => {
  it('asks the question text in a text area, with a link back to the master', async () => {
    await startMasterApi();
    signInAs('editor');
    renderApp('/admin/nuovo-documento/caricamento-domande?id=tpl-1');
    const text = await screen.findByLabelText(/^Testo della domanda/, {}, slow);
    expect(text.tagName).toBe('TEXTAREA');
    const back = screen.getByRole('link', { name: 'Torna alla schermata precedente' });
    expect(back.tagName).toBe('A');
    expect(back).toHaveAttribute('href', '/admin/nuovo-documento?id=tpl-1');
  });

  it('marks an empty question text invalid with its message', async () => {
    await startMasterApi();
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/caricamento-domande');
    const text = await screen.findByLabelText(/^Testo della domanda/, {}, slow);
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(text)).toBe('Campo obbligatorio.');
    expect(within(document.body).queryByRole('alertdialog')).toBeNull();
  });
});

describe('try-out after a save', () => {
  it('asks the questions just saved, not the ones it asked before', {
    timeout: 60_000,
  }, async () => {
    let questions = [question('tipo')];
    await startMasterApi([], {
      'GET /api/template/tpl-1': () => ({
        body: { data: buildDetail({ json_questions: questions }) },
      }),
      'PUT /api/template/tpl-1': (_request, body) => {
        questions = (body as { json_questions: TQuestion[] }).json_questions;
        return { body: { data: buildDetail({ json_questions: questions }) } };
      },
      'POST /api/contract/questions': (_request, body) => {
        const answers = (body ?? {}) as Record<string, unknown>;
        return { body: { data: questions.find((q) => !(q.variable in answers)) ?? null } };
      },
    });
    signInAs('editor');
    const user = userEvent.setup();
    const { router } = renderApp('/admin/master-inseriti/questionario?id=tpl-1');
    expect(await screen.findByText('Domanda tipo', {}, slow)).toBeVisible();

    loadTemplateIntoDraft(buildDetail({ json_questions: [question('durata')] }));
    useMasterFilesStore.getState().set(STORED);
    await router.navigate('/admin/nuovo-documento?id=tpl-1');
    await screen.findByRole('option', { name: 'Immobiliare' }, slow);
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    expect(await screen.findByText('Master salvato con successo', {}, slow)).toBeVisible();

    await router.navigate('/admin/master-inseriti/questionario?id=tpl-1');
    expect(await screen.findByText('Domanda durata', {}, slow)).toBeVisible();
    expect(screen.queryByText('Domanda tipo')).not.toBeInTheDocument();
  });
});
