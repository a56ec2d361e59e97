import type { TQuestion } from '@lexpath/shared/schemas/questions';
import type { TTemplateDetail } from '@lexpath/shared/schemas/templates';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useMasterFilesStore, useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';
import type { InspectedBlank } from './blanks.ts';
import { clearDraft, loadTemplateIntoDraft, pickedFiles } from './draft.ts';

/**
 * «Converti gli spazi vuoti»: the blanks of a picked master, each in its paragraph with its
 * proposal, the editor's choices posted to convert-blanks, and the new master and questions in
 * the draft. The test server answers inspect-blanks and convert-blanks with the contract's shapes.
 */
let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

beforeEach(() => {
  clearDraft();
});

// The screens are lazy chunks: on a loaded machine their first load takes seconds.
const slow = { timeout: 15_000 };

const BLANKS: InspectedBlank[] = [
  {
    id: 'word/document.xml#3.0',
    part: 'Documento',
    paragraph: 'Il sottoscritto __________ nato a __________',
    text: '__________',
    kind: 'underscores',
    whole: 'Il sottoscritto __________ nato a __________',
    at: 16,
    proposal: { variable: 'nome_cliente', question: 'Nome e cognome del cliente', type: 'testo' },
  },
  {
    id: 'word/document.xml#3.1',
    part: 'Documento',
    paragraph: 'Il sottoscritto __________ nato a __________',
    text: '__________',
    kind: 'underscores',
    whole: 'Il sottoscritto __________ nato a __________',
    at: 34,
    proposal: { variable: 'luogo_nascita', question: 'Luogo di nascita', type: 'testo' },
  },
  {
    id: 'word/document.xml#7.0',
    part: 'Documento',
    paragraph: '☐ celibe ☐ coniugato',
    text: '☐',
    kind: 'checkbox',
    whole: '☐ celibe ☐ coniugato',
    at: 0,
    proposal: {
      variable: 'stato_civile',
      question: 'Stato civile',
      type: 'scelta',
      options: ['celibe', 'coniugato'],
      option: 'celibe',
    },
  },
  {
    id: 'word/document.xml#7.1',
    part: 'Documento',
    paragraph: '☐ celibe ☐ coniugato',
    text: '☐',
    kind: 'checkbox',
    whole: '☐ celibe ☐ coniugato',
    at: 9,
    proposal: {
      variable: 'stato_civile',
      question: 'Stato civile',
      type: 'scelta',
      options: ['celibe', 'coniugato'],
      option: 'coniugato',
    },
  },
  {
    id: 'word/footer1.xml#0.0',
    part: 'Piè di pagina',
    paragraph: 'Firma ........',
    text: '........',
    kind: 'dots',
    whole: 'Firma ........',
    at: 6,
    proposal: null,
  },
];

const CONVERTED_NAME = 'contratto-compilabile.docx';

const existing: TQuestion = {
  variable: 'luogo_nascita',
  question: 'Dove è nato il cliente?',
  type: 'testo',
  required_answers: [],
};

const RETURNED: TQuestion[] = [
  {
    variable: 'luogo_nascita',
    question: 'Luogo di nascita',
    type: 'testo_lungo',
    required_answers: [],
  },
  {
    variable: 'stato',
    question: 'Stato civile',
    options: ['celibe', 'coniugato'],
    required_answers: [],
    is_multiple_selection: false,
  },
  { variable: 'firma', question: 'Chi firma?', type: 'testo', required_answers: [] },
];

/** The `choices` field of a multipart body, as the server would parse it. */
function choicesIn(body: unknown): unknown[] {
  const match = /name="choices"\r\n\r\n([\s\S]*?)\r\n--/.exec(String(body));
  return JSON.parse(match?.[1] ?? 'null') as unknown[];
}

interface Api {
  inspected: unknown[];
  converted: unknown[];
}

async function startBlanksApi(
  routes: Record<string, TestHandler> = {},
  blanks: InspectedBlank[] = BLANKS,
): Promise<Api> {
  const calls: Api = { inspected: [], converted: [] };
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: [{ id: 'cat-1', name: 'Immobiliare' }], page: 1, totalPages: 1 } },
    }),
    'POST /api/template/inspect-blanks': (_request, body) => {
      calls.inspected.push(body);
      // The converted master still holds the blank the editor skipped.
      const converted = String(body).includes(`filename="${CONVERTED_NAME}"`);
      return { body: { data: { blanks: converted ? blanks.slice(0, 1) : blanks } } };
    },
    'POST /api/template/convert-blanks': (_request, body) => {
      calls.converted.push(body);
      return {
        body: {
          data: {
            master: Buffer.from('x'.repeat(2048)).toString('base64'),
            fileName: CONVERTED_NAME,
            questions: RETURNED,
            skipped: ['word/document.xml#3.0'],
          },
        },
      };
    },
    ...routes,
  });
  pointPageAt(api.origin);
  return calls;
}

function fillDraft(questions: TQuestion[] = [existing]) {
  useTemplateDraftStore.getState().set({
    name: 'Procura',
    description: 'Procura alle liti',
    categoryId: 'cat-1',
    price: '49',
    json_questions: questions,
  });
}

/** The master form with a picked master, then the conversion screen through its action. */
async function openFromMasterForm(user: ReturnType<typeof userEvent.setup>) {
  signInAs('editor');
  renderApp('/admin/nuovo-documento');
  await screen.findByRole('button', { name: 'Scegli il file del master' }, slow);
  await user.upload(screen.getByLabelText(/^Master/), new File(['x'.repeat(1024)], 'procura.docx'));
  expect(
    await screen.findByText('Il master contiene 5 spazi vuoti da compilare.', {}, slow),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Converti gli spazi vuoti' }));
  const heading = await screen.findByRole(
    'heading',
    { level: 1, name: 'Converti gli spazi vuoti' },
    slow,
  );
  return heading;
}

/** A blank's row: a list item named by its paragraph (and its place, when not alone). */
function row(name: RegExp) {
  return screen.getByRole('listitem', { name });
}

describe('Converti gli spazi vuoti', () => {
  it('lists each blank marked in its paragraph, per part, with its proposal and the counters', async () => {
    const calls = await startBlanksApi();
    fillDraft();
    const user = userEvent.setup();
    await openFromMasterForm(user);
    // The screen takes the focus once mounted; on a loaded machine the lazy route can mount
    // twice, so the heading is looked up again rather than held from before.
    await waitFor(() =>
      expect(
        screen.getByRole('heading', { level: 1, name: 'Converti gli spazi vuoti' }),
      ).toHaveFocus(),
    );
    expect(document.title).toContain('Converti gli spazi vuoti');
    // The form's inspection is reused: the bytes are inspected once.
    expect(calls.inspected).toHaveLength(1);
    expect(String(calls.inspected[0])).toContain('filename="procura.docx"');

    expect(screen.getByText('5 spazi vuoti, 4 da convertire')).toBeVisible();
    const parts = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(parts).toEqual(['Documento', 'Piè di pagina']);

    const birthplace = row(/^Spazio vuoto 2 di 2 Il sottoscritto __________ nato a spazio vuoto/);
    const mark = birthplace.querySelector('mark');
    expect(mark).toHaveTextContent('spazio vuoto: __________');
    expect(within(birthplace).getByText('Luogo di nascita')).toBeVisible();
    expect(within(birthplace).getByText('luogo_nascita')).toBeVisible();
    expect(within(birthplace).getByText('Testo breve')).toBeVisible();
    expect(within(birthplace).getByRole('radio', { name: 'Converti' })).toBeChecked();

    const married = row(/^Spazio vuoto 2 di 2 ☐ celibe spazio vuoto: ☐ coniugato/);
    expect(within(married).getByText('Scelta')).toBeVisible();
    expect(within(married).getByText('celibe · coniugato')).toBeVisible();
    expect(within(married).getByText('coniugato', { selector: 'dd' })).toBeVisible();
    expect(
      within(married).getByText(
        'Stessa domanda di un altro spazio vuoto: le modifiche alla domanda, alla chiave e al tipo valgono per tutti.',
      ),
    ).toBeVisible();

    // Nothing sensible to propose: the blank starts skipped.
    const signature = row(/^Firma spazio vuoto: \.{8}$/);
    expect(within(signature).getByRole('radio', { name: 'Salta' })).toBeChecked();
    expect(within(signature).getByText(/Nessuna proposta per questo spazio/)).toBeVisible();
  }, 30_000);

  it('posts renames, retypes, skips and a typed proposal; the draft gets the new master and questions', async () => {
    const calls = await startBlanksApi();
    fillDraft();
    const user = userEvent.setup();
    await openFromMasterForm(user);

    // Skip the client's name.
    const name = row(/^Spazio vuoto 1 di 2 Il sottoscritto spazio vuoto/);
    await user.click(within(name).getByRole('radio', { name: 'Salta' }));
    expect(screen.getByText('5 spazi vuoti, 3 da convertire')).toBeVisible();

    // Retype the birthplace.
    const birthplace = row(/^Spazio vuoto 2 di 2 Il sottoscritto __________ nato a spazio vuoto/);
    await user.click(within(birthplace).getByRole('button', { name: /^Modifica la proposta/ }));
    await user.selectOptions(
      within(birthplace).getByRole('combobox', { name: 'Tipo' }),
      'Testo lungo',
    );

    // Rename the checkbox group from its first box: the second follows.
    const single = row(/^Spazio vuoto 1 di 2 spazio vuoto: ☐ celibe/);
    await user.click(within(single).getByRole('button', { name: /^Modifica la proposta/ }));
    const key = within(single).getByRole('textbox', { name: 'Chiave' });
    await user.clear(key);
    await user.type(key, 'stato');
    await user.click(within(single).getByRole('button', { name: 'Chiudi la modifica' }));
    const married = row(/^Spazio vuoto 2 di 2 ☐ celibe spazio vuoto: ☐ coniugato/);
    expect(within(married).getByText('stato', { selector: 'dd' })).toBeVisible();

    // Type a proposal for the blank that had none: its fields are checked first.
    const signature = row(/^Firma spazio vuoto/);
    await user.click(within(signature).getByRole('radio', { name: 'Converti' }));
    expect(screen.getByText('5 spazi vuoti, 4 da convertire')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    const question = within(signature).getByRole('textbox', { name: 'Domanda' });
    expect(question).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Alcune proposte sono incomplete: correggi i campi segnati in rosso.',
    );
    expect(calls.converted).toHaveLength(0);
    await user.type(question, 'Chi firma?');
    await user.type(within(signature).getByRole('textbox', { name: 'Chiave' }), 'Firma');
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    expect(within(signature).getByRole('textbox', { name: 'Chiave' })).toHaveFocus();
    await user.clear(within(signature).getByRole('textbox', { name: 'Chiave' }));
    await user.type(within(signature).getByRole('textbox', { name: 'Chiave' }), 'firma');
    await user.click(screen.getByRole('button', { name: 'Converti' }));

    // Back on the master form, with the new file and the questions not already in the list.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }, slow),
    ).toBeVisible();
    expect(calls.converted).toHaveLength(1);
    expect(String(calls.converted[0])).toContain('filename="procura.docx"');
    expect(choicesIn(calls.converted[0])).toEqual([
      { id: 'word/document.xml#3.0', skip: true },
      {
        id: 'word/document.xml#3.1',
        proposal: { variable: 'luogo_nascita', question: 'Luogo di nascita', type: 'testo_lungo' },
      },
      {
        id: 'word/document.xml#7.0',
        proposal: {
          variable: 'stato',
          question: 'Stato civile',
          type: 'scelta',
          options: ['celibe', 'coniugato'],
          multiple: false,
          option: 'celibe',
        },
      },
      {
        id: 'word/document.xml#7.1',
        proposal: {
          variable: 'stato',
          question: 'Stato civile',
          type: 'scelta',
          options: ['celibe', 'coniugato'],
          multiple: false,
          option: 'coniugato',
        },
      },
      {
        id: 'word/footer1.xml#0.0',
        proposal: { variable: 'firma', question: 'Chi firma?', type: 'testo' },
      },
    ]);
    expect(
      await screen.findByText(
        `4 spazi vuoti sono diventati tag. 2 domande aggiunte all’elenco. Già nell’elenco, non aggiunte di nuovo: luogo_nascita. Il file del master è ora «${CONVERTED_NAME}»: premi «Salva e concludi» per salvarlo.`,
      ),
    ).toBeVisible();
    expect(screen.getByText(`${CONVERTED_NAME} (2.00 KB)`)).toBeVisible();
    expect(pickedFiles.master?.name).toBe(CONVERTED_NAME);
    expect(pickedFiles.master?.size).toBe(2048);
    const questions = useTemplateDraftStore.getState().value.json_questions as TQuestion[];
    expect(questions.map((q) => q.variable)).toEqual(['luogo_nascita', 'stato', 'firma']);
    // The editor's own question is kept as it was, not replaced by the proposal.
    expect(questions[0]?.question).toBe('Dove è nato il cliente?');
    expect(screen.getByText('2. Stato civile')).toBeVisible();
    expect(screen.getByText('3. Chi firma?')).toBeVisible();
    // The draft's typed fields survived the trip.
    expect(screen.getByRole('textbox', { name: /^Titolo/ })).toHaveValue('Procura');
    // The new master is inspected in turn: the skipped blank is still there.
    expect(
      await screen.findByText('Il master contiene uno spazio vuoto da compilare.', {}, slow),
    ).toBeVisible();
  }, 60_000);

  it('shows the server’s message on a refused conversion, focuses it and keeps every choice', async () => {
    let refuse = true;
    const calls = await startBlanksApi({
      'POST /api/template/convert-blanks': (_request, body) => {
        calls.converted.push(body);
        if (refuse) return apiError(400, 'La chiave «stato civile» non è in snake_case.');
        return {
          body: {
            data: {
              master: Buffer.from('x'.repeat(2048)).toString('base64'),
              fileName: CONVERTED_NAME,
              questions: RETURNED.slice(1, 2),
              skipped: [],
            },
          },
        };
      },
    });
    fillDraft([]);
    const user = userEvent.setup();
    await openFromMasterForm(user);
    const name = row(/^Spazio vuoto 1 di 2 Il sottoscritto spazio vuoto/);
    await user.click(within(name).getByRole('radio', { name: 'Salta' }));

    await user.click(screen.getByRole('button', { name: 'Converti' }));
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert).toHaveTextContent('La chiave «stato civile» non è in snake_case.');
    await waitFor(() => expect(alert.parentElement?.parentElement).toHaveFocus());
    // Still on the screen, with the draft and the choice as they were.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Converti gli spazi vuoti' }),
    ).toBeVisible();
    expect(within(name).getByRole('radio', { name: 'Salta' })).toBeChecked();
    expect(pickedFiles.master?.name).toBe('procura.docx');
    expect(useTemplateDraftStore.getState().value.json_questions).toEqual([]);

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }, slow),
    ).toBeVisible();
    expect(calls.converted).toHaveLength(2);
    expect(choicesIn(calls.converted[1])[0]).toEqual({ id: 'word/document.xml#3.0', skip: true });
    expect(pickedFiles.master?.name).toBe(CONVERTED_NAME);
    expect(
      await screen.findByText('Il master contiene uno spazio vuoto da compilare.', {}, slow),
    ).toBeVisible();
  }, 60_000);

  it('on a failed inspection says why and inspects again on «Riprova»', async () => {
    let refuse = true;
    await startBlanksApi({
      'POST /api/template/inspect-blanks': () =>
        refuse
          ? apiError(400, 'Il file non è un documento Word (.docx) valido.')
          : { body: { data: { blanks: BLANKS } } },
    });
    fillDraft();
    pickedFiles.master = new File(['x'.repeat(1024)], 'procura.docx');
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/converti-spazi-vuoti');
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
      'Il file non è un documento Word (.docx) valido.',
    );
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByText('5 spazi vuoti, 4 da convertire', {}, slow)).toBeVisible();
  }, 30_000);

  it('says so when the master holds no blank, and goes back to the form unchanged', async () => {
    await startBlanksApi({}, []);
    fillDraft();
    useMasterFilesStore.getState().set({ file_name: '', preview_name: '' });
    pickedFiles.master = new File(['x'.repeat(1024)], 'procura.docx');
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/converti-spazi-vuoti');
    expect(
      await screen.findByText('Il master non contiene spazi vuoti da convertire.', {}, slow),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Torna al master' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }, slow),
    ).toBeVisible();
    expect(screen.getByText('procura.docx (1.00 KB)')).toBeVisible();
    expect(useTemplateDraftStore.getState().value.json_questions).toEqual([existing]);
    // The form does not offer a conversion with nothing to convert.
    expect(screen.queryByRole('button', { name: 'Converti gli spazi vuoti' })).toBeNull();
  }, 30_000);
  it('converts the stored master of an edited template, downloaded first, and returns to its form', async () => {
    const detail = {
      id: 'tpl-1',
      name: 'Procura',
      description: 'Procura alle liti',
      price: 49,
      price_cents: 4900,
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
      json_questions: [existing],
      file_name: `${'a'.repeat(64)}.docx`,
      preview_name: `${'b'.repeat(64)}.docx`,
      file_title: 'procura.docx',
    } as unknown as TTemplateDetail;
    const calls = await startBlanksApi({
      'GET /api/template/tpl-1': () => ({ body: { data: detail } }),
      'GET /api/template/download/tpl-1': () => ({
        text: 'x'.repeat(1024),
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          'content-disposition': 'attachment; filename="procura-salvata.docx"',
        },
      }),
    });
    loadTemplateIntoDraft(detail);
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento?id=tpl-1');
    await screen.findByText(/Puoi cercare nel master caricato gli spazi vuoti/, {}, slow);
    // A stored master is not downloaded until the editor asks.
    expect(calls.inspected).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Converti gli spazi vuoti' }));
    expect(await screen.findByText('5 spazi vuoti, 4 da convertire', {}, slow)).toBeVisible();
    expect(String(calls.inspected[0])).toContain('filename="procura-salvata.docx"');

    await user.click(screen.getByRole('button', { name: 'Converti' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Modifica master' }, slow),
    ).toBeVisible();
    expect(String(calls.converted[0])).toContain('filename="procura-salvata.docx"');
    expect(pickedFiles.master?.name).toBe(CONVERTED_NAME);
    expect(screen.getByText(`${CONVERTED_NAME} (2.00 KB)`)).toBeVisible();
    expect(
      await screen.findByText('Il master contiene uno spazio vuoto da compilare.', {}, slow),
    ).toBeVisible();
  }, 30_000);
  it('edits an elenco’s fields and a gender blank’s phrase: the blank’s field follows a rename', async () => {
    const parties = {
      variable: 'parti',
      question: 'Le parti',
      type: 'elenco' as const,
      fields: [
        { variable: 'nome', label: 'Nome e cognome', type: 'testo' as const },
        { variable: 'cf', label: 'Codice fiscale', type: 'codice_fiscale' as const },
        { variable: 'genere', label: 'Genere', type: 'scelta' as const },
      ],
    };
    const blanks: InspectedBlank[] = [
      {
        id: 'word/document.xml#4.0',
        part: 'Documento',
        paragraph: 'C.F. ________________',
        text: '________________',
        kind: 'underscores',
        whole: 'C.F. ________________',
        at: 5,
        proposal: { ...parties, field: 'cf' },
      },
      {
        id: 'word/document.xml#5.0',
        part: 'Documento',
        paragraph: 'nato/a a Roma',
        text: 'nato/a',
        kind: 'gender',
        whole: 'nato/a a Roma',
        at: 0,
        proposal: { ...parties, phrase: 'nato' },
      },
    ];
    const calls = await startBlanksApi({}, blanks);
    fillDraft([]);
    pickedFiles.master = new File(['x'.repeat(1024)], 'procura.docx');
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/converti-spazi-vuoti');
    const taxCode = await screen.findByRole('listitem', { name: /^C\.F\. spazio vuoto/ }, slow);
    expect(within(taxCode).getByText('Codice fiscale', { selector: 'dd' })).toBeVisible();
    await user.click(within(taxCode).getByRole('button', { name: /^Modifica la proposta/ }));
    const fieldKey = within(taxCode).getByRole('textbox', { name: 'Chiave del campo 2' });
    await user.clear(fieldKey);
    await user.type(fieldKey, 'codice_fiscale');
    expect(
      within(taxCode).getByRole('combobox', { name: 'Questo spazio riempie il campo' }),
    ).toHaveValue('1');

    const born = row(/^spazio vuoto: nato\/a a Roma/);
    await user.click(within(born).getByRole('button', { name: /^Modifica la proposta/ }));
    const phrase = within(born).getByRole('textbox', { name: 'Frase al maschile singolare' });
    expect(phrase).toHaveValue('nato');
    await user.clear(phrase);
    await user.type(phrase, 'il nato');
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }, slow);
    const fields = [
      { variable: 'nome', label: 'Nome e cognome', type: 'testo' },
      { variable: 'codice_fiscale', label: 'Codice fiscale', type: 'codice_fiscale' },
      { variable: 'genere', label: 'Genere', type: 'scelta' },
    ];
    expect(choicesIn(calls.converted[0])).toEqual([
      {
        id: 'word/document.xml#4.0',
        proposal: {
          variable: 'parti',
          question: 'Le parti',
          type: 'elenco',
          fields,
          field: 'codice_fiscale',
        },
      },
      {
        id: 'word/document.xml#5.0',
        proposal: {
          variable: 'parti',
          question: 'Le parti',
          type: 'elenco',
          fields,
          phrase: 'il nato',
        },
      },
    ]);
    expect(
      await screen.findByText('Il master contiene uno spazio vuoto da compilare.', {}, slow),
    ).toBeVisible();
  }, 30_000);
  it('shows a table’s empty rows as one list and its «Totale» as the sum of a field, posted as somma', async () => {
    const incomes = {
      variable: 'entrate',
      question: 'Entrate del nucleo familiare',
      type: 'elenco' as const,
      fields: [
        { variable: 'membro', label: 'Membro del nucleo', type: 'testo' as const },
        { variable: 'importo', label: 'Importo', type: 'importo' as const },
        { variable: 'netto', label: 'Netto', type: 'importo' as const },
      ],
    };
    const blanks: InspectedBlank[] = [
      {
        id: 'word/document.xml#4.0',
        part: 'Documento',
        paragraph: 'Membro del nucleo · Importo · Netto',
        text: '11 righe vuote',
        kind: 'tableRows',
        whole: 'Membro del nucleo · Importo · Netto — ',
        at: 38,
        proposal: incomes,
      },
      {
        id: 'word/document.xml#40.0',
        part: 'Documento',
        paragraph: 'Totale',
        text: 'Totale',
        kind: 'total',
        whole: 'Totale',
        at: 0,
        proposal: { ...incomes, field: 'importo', aggregate: 'somma' },
      },
    ];
    const calls = await startBlanksApi({}, blanks);
    fillDraft([]);
    pickedFiles.master = new File(['x'.repeat(1024)], 'istanza.docx');
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/converti-spazi-vuoti');
    const rows = await screen.findByRole(
      'listitem',
      { name: /^Membro del nucleo · Importo · Netto — spazio vuoto: 11 righe vuote/ },
      slow,
    );
    expect(
      within(rows).getByText('Membro del nucleo · Importo · Netto', { selector: 'dd' }),
    ).toBeVisible();
    const total = row(/^spazio vuoto: Totale/);
    expect(
      within(total).getByText('Questo totale somma il campo', { selector: 'dt' }),
    ).toBeVisible();
    expect(within(total).getByText('Importo', { selector: 'dd' })).toBeVisible();
    // The editor sums the net amounts instead.
    await user.click(within(total).getByRole('button', { name: /^Modifica la proposta/ }));
    await user.selectOptions(
      within(total).getByRole('combobox', { name: 'Questo totale somma il campo' }),
      'Netto',
    );
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }, slow);
    expect(choicesIn(calls.converted[0])).toEqual([
      { id: 'word/document.xml#4.0', proposal: incomes },
      {
        id: 'word/document.xml#40.0',
        proposal: { ...incomes, field: 'netto', aggregate: 'somma' },
      },
    ]);
  }, 30_000);

  it('keeps every choice when the network fails during the conversion, and converts on a retry', async () => {
    let cut = true;
    const calls = await startBlanksApi({
      'POST /api/template/convert-blanks': (request, body) => {
        calls.converted.push(body);
        if (cut) {
          request.socket.destroy();
          return {};
        }
        return {
          body: {
            data: {
              master: Buffer.from('x'.repeat(2048)).toString('base64'),
              fileName: CONVERTED_NAME,
              questions: RETURNED.slice(1, 2),
              skipped: [],
            },
          },
        };
      },
    });
    fillDraft([]);
    pickedFiles.master = new File(['x'.repeat(1024)], 'procura.docx');
    signInAs('editor');
    const user = userEvent.setup();
    renderApp('/admin/nuovo-documento/converti-spazi-vuoti');
    const name = await screen.findByRole(
      'listitem',
      { name: /^Spazio vuoto 1 di 2 Il sottoscritto spazio vuoto/ },
      slow,
    );
    await user.click(within(name).getByRole('radio', { name: 'Salta' }));
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    expect(await screen.findByRole('alert', {}, slow)).toHaveTextContent(
      'Impossibile contattare il server. Controlla la connessione e riprova.',
    );
    expect(within(name).getByRole('radio', { name: 'Salta' })).toBeChecked();
    expect(screen.getByText('5 spazi vuoti, 3 da convertire')).toBeVisible();
    expect(pickedFiles.master?.name).toBe('procura.docx');

    cut = false;
    await user.click(screen.getByRole('button', { name: 'Converti' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }, slow),
    ).toBeVisible();
    expect(choicesIn(calls.converted.at(-1))[0]).toEqual({
      id: 'word/document.xml#3.0',
      skip: true,
    });
    expect(pickedFiles.master?.name).toBe(CONVERTED_NAME);
    expect(
      await screen.findByText('Il master contiene uno spazio vuoto da compilare.', {}, slow),
    ).toBeVisible();
  }, 30_000);
});
