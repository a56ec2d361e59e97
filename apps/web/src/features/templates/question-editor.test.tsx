import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';
import { toQuestion, toQuestionForm } from './question-form.ts';

/**
 * The demo templates as the server seeded them before typed questions (multiple choice only),
 * kept as fixtures in apps/server/src/documents/fixtures/demo-v1/<slug>/questions.json.
 */
const demoFiles = import.meta.glob<TQuestion[]>(
  '../../../../server/src/documents/fixtures/demo-v1/*/questions.json',
  {
    eager: true,
    import: 'default',
  },
);
const demoTemplates = Object.entries(demoFiles).map(([path, questions]) => ({
  slug: path.split('/').at(-2) ?? path,
  questions,
}));

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
}

/** Opens question `index` of `questions` in the editor (the stored draft holds them all). */
function openEditor(questions: TQuestion[], index: number) {
  useTemplateDraftStore.getState().set({ json_questions: structuredClone(questions) });
  return renderApp(`/admin/nuovo-documento/caricamento-domande?index=${index}`);
}

function savedQuestion(index: number): TQuestion {
  return (useTemplateDraftStore.getState().value.json_questions as TQuestion[])[index] as TQuestion;
}

async function saveAndWaitForMaster(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
  expect(
    // The machine may be busy: the master screen can take more than the default second.
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Inserimento nuovo master' },
      { timeout: 10_000 },
    ),
  ).toBeVisible();
}

describe('question editor conditions', () => {
  it('finds the three demo templates', () => {
    expect(demoTemplates.map((demo) => demo.slug).sort()).toEqual([
      'accordo-riservatezza',
      'locazione-abitativa',
      'prestazione-opera-professionale',
    ]);
  });

  it.each(demoTemplates)(
    'saves every question of the $slug demo template unchanged as identical JSON',
    { timeout: 120_000 },
    async ({ questions }) => {
      await startApi();
      signInAs('editor');
      const user = userEvent.setup();
      for (const [index, original] of questions.entries()) {
        const view = openEditor(questions, index);
        expect(await screen.findByLabelText(/^Chiave/, {}, { timeout: 10_000 })).toHaveValue(
          original.variable,
        );
        await saveAndWaitForMaster(user);
        // Same keys, same order, same value shapes: byte-identical JSON.
        expect(JSON.stringify(savedQuestion(index)), original.variable).toBe(
          JSON.stringify(original),
        );
        view.unmount();
      }
    },
  );

  it('shows every accepted answer of a pair ticked', async () => {
    const demo = demoTemplates.find((d) => d.slug === 'prestazione-opera-professionale');
    const questions = demo?.questions ?? [];
    const index = questions.findIndex((q) => q.variable === 'diritti_elaborati');
    await startApi();
    signInAs('editor');
    openEditor(questions, index);
    const condition = await screen.findByRole('group', { name: 'Condizione 1' });
    const answers = within(condition).getByRole('group', { name: 'Risposta' });
    const ticked = within(answers)
      .getAllByRole('checkbox')
      .filter((box) => (box as HTMLInputElement).checked)
      .map((box) => box.closest('label')?.textContent);
    expect(ticked).toEqual(['ingegnere', 'architetto', 'geometra']);
  });

  it('saves a list when two answers of a pair are ticked, and a string again when one is left', async () => {
    const questions: TQuestion[] = [
      {
        variable: 'professione',
        question: 'Professione',
        options: ['ingegnere', 'architetto', 'geometra', 'commercialista'],
        required_answers: [],
        is_multiple_selection: false,
      },
      {
        variable: 'elaborati',
        question: 'Elaborati',
        options: ['Sì', 'No'],
        required_answers: [],
        is_multiple_selection: false,
      },
    ];
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    let view = openEditor(questions, 1);
    await user.click(await screen.findByRole('button', { name: 'Aggiungi condizione (oppure)' }));
    const condition = screen.getByRole('group', { name: 'Condizione 1' });
    await user.selectOptions(within(condition).getByLabelText('Domanda precedente'), 'professione');
    const answers = within(condition).getByRole('group', { name: 'Risposta' });
    expect(
      within(answers)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['ingegnere', 'architetto', 'geometra', 'commercialista']);
    // Ticked in reverse order: the list follows the options' order.
    await user.click(within(answers).getByRole('checkbox', { name: 'geometra' }));
    await user.click(within(answers).getByRole('checkbox', { name: 'ingegnere' }));
    await saveAndWaitForMaster(user);
    expect(savedQuestion(1).required_answers).toEqual([{ professione: ['ingegnere', 'geometra'] }]);
    expect(screen.getByText('Mostrata se: professione = ingegnere / geometra')).toBeVisible();
    view.unmount();

    view = openEditor(useTemplateDraftStore.getState().value.json_questions as TQuestion[], 1);
    const reopened = await screen.findByRole('group', { name: 'Risposta' });
    await user.click(within(reopened).getByRole('checkbox', { name: 'geometra' }));
    await saveAndWaitForMaster(user);
    expect(savedQuestion(1).required_answers).toEqual([{ professione: 'ingegnere' }]);
    view.unmount();

    view = openEditor(useTemplateDraftStore.getState().value.json_questions as TQuestion[], 1);
    const again = await screen.findByRole('group', { name: 'Risposta' });
    await user.click(within(again).getByRole('checkbox', { name: 'ingegnere' }));
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    // No answer ticked for a picked question: the pair is incomplete.
    expect(await within(again).findByText('Campo obbligatorio.')).toBeVisible();
    view.unmount();
  });

  it('toggles an answer with the keyboard', async () => {
    const questions: TQuestion[] = [
      {
        variable: 'tipo',
        question: 'Tipo',
        options: ['A', 'B'],
        required_answers: [],
        is_multiple_selection: false,
      },
      {
        variable: 'dettaglio',
        question: 'Dettaglio',
        options: ['X', 'Y'],
        required_answers: [{ tipo: 'A' }],
        is_multiple_selection: false,
      },
    ];
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    openEditor(questions, 1);
    const answers = await screen.findByRole('group', { name: 'Risposta' });
    within(answers).getByRole('checkbox', { name: 'B' }).focus();
    await user.keyboard(' ');
    expect(within(answers).getByRole('checkbox', { name: 'B' })).toBeChecked();
    await saveAndWaitForMaster(user);
    expect(savedQuestion(1).required_answers).toEqual([{ tipo: ['A', 'B'] }]);
  });
});

describe('question form', () => {
  it('keeps a one-answer list a list when the pair is unchanged', () => {
    const original: TQuestion = {
      variable: 'dettaglio',
      question: 'Dettaglio',
      options: ['X', 'Y'],
      required_answers: [{ tipo: ['A'] }, { altro: 'B' }],
      is_multiple_selection: true,
    };
    expect(JSON.stringify(toQuestion(toQuestionForm(original), original))).toBe(
      JSON.stringify(original),
    );
  });
});

/** Every type, with every setting, and an `elenco` whose fields cover every other type. */
const typedQuestions = [
  {
    variable: 'nome',
    question: 'Nome del cliente',
    type: 'testo',
    max_length: 80,
    required_answers: [],
  },
  {
    variable: 'note',
    question: 'Note',
    description: 'Facoltative',
    type: 'testo_lungo',
    required_answers: [],
  },
  {
    variable: 'ula',
    question: 'Unità di lavoro',
    type: 'numero',
    min: 0.5,
    max: 1500,
    decimals: 1,
    required_answers: [],
  },
  {
    variable: 'canone',
    question: 'Canone mensile',
    type: 'importo',
    min: 100,
    max: 1234.5,
    required_answers: [],
  },
  {
    variable: 'data_inizio',
    question: 'Data di inizio',
    type: 'data',
    min: '2020-02-29',
    max: 'oggi',
    required_answers: [],
  },
  { variable: 'cf', question: 'Codice fiscale', type: 'codice_fiscale', required_answers: [] },
  { variable: 'piva', question: 'Partita IVA', type: 'partita_iva', required_answers: [] },
  { variable: 'pec', question: 'PEC', type: 'email', pec: true, required_answers: [] },
  {
    variable: 'conduttori',
    question: 'Conduttori',
    type: 'elenco',
    required_answers: [],
    fields: [
      {
        variable: 'forma',
        question: 'Forma',
        options: ['Persona', 'Società'],
        is_multiple_selection: false,
      },
      { variable: 'nome', question: 'Nome', type: 'testo', max_length: 120 },
      { variable: 'storia', question: 'Storia', type: 'testo_lungo' },
      { variable: 'quota', question: 'Quota', type: 'numero', min: 1, max: 100, decimals: 0 },
      { variable: 'deposito', question: 'Deposito', type: 'importo', min: 0, max: 10000 },
      { variable: 'nascita', question: 'Nato il', type: 'data', max: 'oggi' },
      { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
      { variable: 'partita_iva', question: 'Partita IVA', type: 'partita_iva' },
      { variable: 'email', question: 'Email', type: 'email' },
    ],
    min_items: 1,
    max_items: 4,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
  },
  {
    variable: 'garanzia',
    question: 'Garanzia',
    options: ['Sì', 'No'],
    required_answers: [{ conduttori: { almeno: 2 } }],
    is_multiple_selection: false,
  },
] as unknown as TQuestion[];

async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('typed questions (DESIGN §12) in the editor', () => {
  it('saves every typed question unchanged as identical JSON', { timeout: 120_000 }, async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    for (const [index, original] of typedQuestions.entries()) {
      const view = openEditor(typedQuestions, index);
      expect(await screen.findByLabelText('Chiave', {}, { timeout: 10_000 })).toHaveValue(
        original.variable,
      );
      await saveAndWaitForMaster(user);
      expect(JSON.stringify(savedQuestion(index)), original.variable).toBe(
        JSON.stringify(original),
      );
      view.unmount();
    }
  });

  it('creates an importo question with its limits typed in Italian', async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    useTemplateDraftStore.getState().set({ json_questions: [] });
    renderApp('/admin/nuovo-documento/caricamento-domande');
    await user.type(
      await screen.findByLabelText('Testo della domanda', {}, { timeout: 10_000 }),
      'Canone mensile',
    );
    await user.type(screen.getByLabelText('Chiave'), 'canone');
    const type = screen.getByLabelText('Tipo di domanda');
    expect(type).toHaveValue('scelta');
    expect(within(type).getByRole('option', { selected: true })).toHaveTextContent('Scelta');
    await user.selectOptions(type, 'importo');
    expect(screen.queryByText('Risposte')).toBeNull();
    await user.type(screen.getByLabelText(/^Importo minimo/), '2.500,00');
    await user.type(screen.getByLabelText(/^Importo massimo/), '1.234,50');
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    // The shared schema's rule, shown on the field.
    expect(await screen.findByText('Il minimo non può superare il massimo.')).toBeVisible();
    await fill(user, screen.getByLabelText(/^Importo minimo/), '1.000,5x');
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(
      await screen.findByText('Scrivi un importo in euro, per esempio 1.234,50.'),
    ).toBeVisible();
    await fill(user, screen.getByLabelText(/^Importo minimo/), '1.000,50');
    await saveAndWaitForMaster(user);
    expect(JSON.stringify(savedQuestion(0))).toBe(
      JSON.stringify({
        variable: 'canone',
        question: 'Canone mensile',
        type: 'importo',
        min: 1000.5,
        max: 1234.5,
        required_answers: [],
      }),
    );
  });

  it('creates an elenco "conduttori" with three fields, reordered with the keyboard', async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    useTemplateDraftStore.getState().set({ json_questions: [] });
    renderApp('/admin/nuovo-documento/caricamento-domande');
    await user.type(
      await screen.findByLabelText('Testo della domanda', {}, { timeout: 10_000 }),
      'Conduttori',
    );
    await user.type(screen.getByLabelText('Chiave'), 'conduttori');
    await user.selectOptions(screen.getByLabelText('Tipo di domanda'), 'elenco');
    await user.type(screen.getByLabelText(/^Nome di un elemento/), 'il conduttore');
    await user.type(screen.getByLabelText(/^Nome di più elementi/), 'i conduttori');
    await fill(user, screen.getByLabelText('Numero massimo di elementi'), '3');
    // No field yet: the shared schema asks for one.
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(await screen.findByText('Campo obbligatorio.')).toBeVisible();

    const add = screen.getByRole('button', { name: 'Aggiungi campo' });
    add.focus();
    await user.keyboard('{Enter}{Enter}{Enter}');
    const fields = [
      ['codice_fiscale', 'Codice fiscale', 'codice_fiscale'],
      ['nome', 'Nome e cognome', 'testo'],
      ['nascita', 'Data di nascita', 'data'],
    ] as const;
    for (const [position, [key, text, type]] of fields.entries()) {
      const group = screen.getByRole('group', { name: `Campo ${position + 1}` });
      await user.type(within(group).getByLabelText(`Campo ${position + 1}: Chiave`), key);
      await user.type(
        within(group).getByLabelText(`Campo ${position + 1}: Testo della domanda`),
        text,
      );
      const select = within(group).getByLabelText(`Campo ${position + 1}: Tipo di domanda`);
      // The field types: every type but another elenco.
      expect(within(select).queryByRole('option', { name: 'Elenco (più elementi)' })).toBeNull();
      await user.selectOptions(select, type);
    }
    await user.type(
      screen.getByLabelText('Campo 3: Data massima (gg/mm/aaaa oppure «oggi»)'),
      'oggi',
    );
    await user.type(screen.getByLabelText('Campo 2: Lunghezza massima (caratteri)'), '120');
    // Keyboard alone: the first field moves below the name.
    screen.getByRole('button', { name: 'Sposta giù il campo 1' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Campo 1: Chiave')).toHaveValue('nome');
    expect(screen.getByLabelText('Campo 2: Chiave')).toHaveValue('codice_fiscale');
    await saveAndWaitForMaster(user);
    expect(savedQuestion(0)).toEqual({
      variable: 'conduttori',
      question: 'Conduttori',
      type: 'elenco',
      fields: [
        { variable: 'nome', question: 'Nome e cognome', type: 'testo', max_length: 120 },
        { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
        { variable: 'nascita', question: 'Data di nascita', type: 'data', max: 'oggi' },
      ],
      min_items: 1,
      max_items: 3,
      label_singolare: 'il conduttore',
      label_plurale: 'i conduttori',
      required_answers: [],
    });
  });

  it("edits a data question's max to oggi", async () => {
    const questions = [
      {
        variable: 'data_firma',
        question: 'Data di firma',
        type: 'data',
        min: '2020-01-01',
        max: '2030-12-31',
        required_answers: [],
      },
    ] as unknown as TQuestion[];
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    openEditor(questions, 0);
    const max = await screen.findByLabelText(/^Data massima/, {}, { timeout: 10_000 });
    expect(max).toHaveValue('31/12/2030');
    expect(screen.getByLabelText(/^Data minima/)).toHaveValue('01/01/2020');
    await fill(user, max, '31/02/2030');
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(
      await screen.findByText('Scrivi una data come 23/11/2026, oppure «oggi».'),
    ).toBeVisible();
    await fill(user, max, 'oggi');
    await saveAndWaitForMaster(user);
    expect(JSON.stringify(savedQuestion(0))).toBe(JSON.stringify({ ...questions[0], max: 'oggi' }));
  });

  it('adds a condition "almeno 2" on an elenco', async () => {
    const questions = [
      typedQuestions[0],
      typedQuestions[8],
      {
        variable: 'garanzia',
        question: 'Garanzia',
        options: ['Sì', 'No'],
        required_answers: [],
        is_multiple_selection: false,
      },
    ] as TQuestion[];
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    openEditor(questions, 2);
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Aggiungi condizione (oppure)' },
        { timeout: 10_000 },
      ),
    );
    const condition = screen.getByRole('group', { name: 'Condizione 1' });
    const picker = within(condition).getByLabelText('Domanda precedente');
    // A pair reads a multiple choice or an elenco: a text answer is not offered.
    expect(within(picker).queryByRole('option', { name: 'Nome del cliente' })).toBeNull();
    await user.selectOptions(picker, 'conduttori');
    const count = within(condition).getByLabelText('Almeno N elementi');
    expect(count).toHaveValue('1');
    await fill(user, count, '0');
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(await within(condition).findByText('Campo non valido')).toBeVisible();
    await fill(user, count, '2');
    await saveAndWaitForMaster(user);
    expect(savedQuestion(2).required_answers).toEqual([{ conduttori: { almeno: 2 } }]);
  });

  it('changes a question type with the keyboard alone', async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    useTemplateDraftStore.getState().set({ json_questions: [] });
    renderApp('/admin/nuovo-documento/caricamento-domande');
    const text = await screen.findByLabelText('Testo della domanda', {}, { timeout: 10_000 });
    text.focus();
    await user.keyboard('Email del cliente');
    await user.tab();
    await user.keyboard('email');
    await user.tab();
    await user.tab();
    const type = screen.getByLabelText('Tipo di domanda');
    expect(type).toHaveFocus();
    await user.selectOptions(type, 'email');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Indirizzo PEC' })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Inserimento nuovo master' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
    expect(savedQuestion(0)).toEqual({
      variable: 'email',
      question: 'Email del cliente',
      type: 'email',
      pec: true,
      required_answers: [],
    });
  });
});
