import type { TQuestion } from '@lexpath/shared/schemas/questions';
import type { TTemplateDetail } from '@lexpath/shared/schemas/templates';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useMasterFilesStore, useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';
import { clearDraft, loadTemplateIntoDraft } from './draft.ts';

let api: TestApi | undefined;

afterEach(async () => {
  cleanup();
  clearDraft();
  await api?.close();
  api = undefined;
});

// The master screen is a lazy chunk: on a loaded machine its first load takes seconds.
const slow = { timeout: 10_000 };

const STORED = { file_name: `${'a'.repeat(64)}.docx`, preview_name: '' };
const LETTER = `${'c'.repeat(64)}.docx`;
const DELEGA = `${'d'.repeat(64)}.docx`;

const QUESTIONS: TQuestion[] = [
  {
    variable: 'tipo',
    question: 'Che contratto è?',
    options: ['A', 'B'],
    required_answers: [],
    is_multiple_selection: false,
  },
];

function buildDetail(overrides: Partial<TTemplateDetail> = {}): TTemplateDetail {
  return {
    id: 'tpl-1',
    name: 'Conferimento di incarico',
    description: "L'incarico e i suoi documenti",
    price: 49,
    price_cents: 4900,
    categoryId: { id: 'cat-1', name: 'Incarichi' },
    status: 'SUSPENDED',
    min_time: null,
    max_time: null,
    min_questions: null,
    max_questions: null,
    stripe_url: null,
    userId: { name: 'Marco', surname: 'Rossi' },
    createdAt: '2026-03-05T09:07:00',
    updatedAt: '2026-03-05T09:07:00',
    latestVersionAt: '2026-03-05T09:07:00',
    json_questions: QUESTIONS,
    file_name: STORED.file_name,
    preview_name: null,
    file_title: 'Lettera di incarico.docx',
    preview_title: null,
    document_name: null,
    documents: [
      { name: 'Informativa privacy', file_name: LETTER, file_title: 'privacy.docx' },
      { name: 'Delega', file_name: DELEGA, file_title: 'delega.docx' },
    ],
    version: { id: 'v-1', number: 1, createdAt: '2026-03-05T09:07:00' },
    ...overrides,
  };
}

/** upload-master's multipart bodies (as text) and the saved payloads. */
async function startEditorApi() {
  const uploads: string[] = [];
  const saved: Array<Record<string, unknown>> = [];
  const detail = buildDetail();
  const echo = (_request: unknown, body: unknown) => {
    saved.push(body as Record<string, unknown>);
    return { status: 201, body: { data: { ...detail, ...(body as object) } } };
  };
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: [{ id: 'cat-1', name: 'Incarichi' }], page: 1, totalPages: 1 } },
    }),
    'GET /api/template': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/template/tpl-1': () => ({ body: { data: detail } }),
    'POST /api/template/upload-master': (_request, body) => {
      uploads.push(String(body));
      const name = `${String(uploads.length).repeat(64)}.docx`;
      return {
        body: {
          data: { file_name: null, preview_name: null, document_file_name: name, warnings: [] },
        },
      };
    },
    'POST /api/template': echo,
    'PUT /api/template/tpl-1': echo,
  });
  pointPageAt(api.origin);
  return { uploads, saved };
}

/** The `documents` JSON a multipart body carried. */
function documentsSent(body: string): unknown {
  const match = /name="documents"\r\n\r\n(.*)\r\n/.exec(body);
  return match ? JSON.parse(match[1] ?? 'null') : undefined;
}

async function expectNoSeriousAxeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

describe("the master form's companion documents", () => {
  it('adds two documents with the keyboard, orders them and saves the set in that order', {
    timeout: 30_000,
  }, async () => {
    const { uploads, saved } = await startEditorApi();
    useTemplateDraftStore.getState().set({
      name: 'Conferimento di incarico',
      description: "L'incarico e i suoi documenti",
      categoryId: 'cat-1',
      price: '49',
      stripe_url: '',
      json_questions: QUESTIONS,
    });
    useMasterFilesStore.getState().set(STORED);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento');

    const heading = await screen.findByRole(
      'heading',
      { level: 2, name: "Documenti dell'insieme" },
      slow,
    );
    const section = heading.closest('section') as HTMLElement;
    expect(
      within(section).getByText('Nessun altro documento: il modello contiene solo il master.'),
    ).toBeVisible();
    await screen.findByRole('option', { name: 'Incarichi' }, slow);
    const add = within(section).getByRole('button', { name: 'Aggiungi un documento' });
    add.focus();
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/^Nome del documento 2/), 'Delega');
    await user.upload(
      screen.getByLabelText(/^File del documento 2/),
      new File(['PK delega'], 'delega.docx'),
    );
    add.focus();
    await user.keyboard('{Enter}');
    await user.type(await screen.findByLabelText(/^Nome del documento 3/), 'Informativa privacy');
    await user.upload(
      screen.getByLabelText(/^File del documento 3/),
      new File(['PK privacy'], 'privacy.docx'),
    );
    expect(await screen.findByText('privacy.docx (0.01 KB)')).toBeVisible();
    screen.getByRole('button', { name: 'Sposta su il documento 3' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText(/^Nome del documento 2/)).toHaveValue('Informativa privacy');
    expect(screen.getByLabelText(/^Nome del documento 3/)).toHaveValue('Delega');
    await user.type(screen.getByLabelText(/^Nome del documento 1/), 'Lettera di incarico');
    await expectNoSeriousAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    expect(await screen.findByText('Master salvato con successo', {}, slow)).toBeVisible();
    // Each new file linted with the master and the documents stored before it.
    expect(uploads).toHaveLength(2);
    expect(uploads[0]).toContain('filename="privacy.docx"');
    expect(documentsSent(uploads[0] ?? '')).toEqual([{ name: 'Informativa privacy' }]);
    expect(documentsSent(uploads[1] ?? '')).toEqual([
      { name: 'Informativa privacy', file_name: `${'1'.repeat(64)}.docx` },
      { name: 'Delega' },
    ]);
    expect(saved[0]?.documents).toEqual([
      { name: 'Informativa privacy', file_name: `${'1'.repeat(64)}.docx` },
      { name: 'Delega', file_name: `${'2'.repeat(64)}.docx` },
    ]);
    expect(saved[0]?.document_name).toBe('Lettera di incarico');
  });

  it('shows a saved set and saves it without a removed document, uploading nothing', {
    timeout: 30_000,
  }, async () => {
    const { uploads, saved } = await startEditorApi();
    loadTemplateIntoDraft(buildDetail());
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento?id=tpl-1');

    expect(await screen.findByLabelText(/^Nome del documento 2/, {}, slow)).toHaveValue(
      'Informativa privacy',
    );
    expect(screen.getByText('File caricato: privacy.docx')).toBeVisible();
    await screen.findByRole('option', { name: 'Incarichi' }, slow);
    await user.click(screen.getByRole('button', { name: 'Rimuovi il documento 2' }));
    expect(screen.getByLabelText(/^Nome del documento 2/)).toHaveValue('Delega');
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(uploads).toEqual([]);
    expect(saved[0]).toMatchObject({
      documents: [{ name: 'Delega', file_name: DELEGA }],
      // None given: the template's title names the master.
      document_name: null,
    });
  });

  it('asks a name and a file of each document before saving, and sends nothing', async () => {
    const { uploads, saved } = await startEditorApi();
    loadTemplateIntoDraft(buildDetail({ documents: [] }));
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento?id=tpl-1');
    await screen.findByRole('option', { name: 'Incarichi' }, slow);
    await user.click(await screen.findByRole('button', { name: 'Aggiungi un documento' }));
    await user.click(screen.getByRole('button', { name: 'Salva e concludi' }));

    const name = await screen.findByLabelText(/^Nome del documento 2/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText('Indica il nome del documento 2.')).toBeVisible();
    expect(screen.getByText('Scegli il file .docx del documento 2.')).toBeVisible();
    expect(name).toHaveFocus();
    expect(uploads).toEqual([]);
    expect(saved).toEqual([]);
  });
});
