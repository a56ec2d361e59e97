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

describe('a typed question (DESIGN §12) in the editor', () => {
  it('is shown with its type and never rewritten as a multiple choice', async () => {
    await startApi();
    signInAs('editor');
    const typed = {
      variable: 'canone',
      question: 'Canone mensile',
      type: 'importo',
      required_answers: [],
    } as unknown as TQuestion;
    const questions = [typed];
    openEditor(questions, 0);
    expect(
      await screen.findByText('Domanda di tipo «importo»', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByText(/modifica per ora le domande a scelta multipla/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Salva domanda' })).toBeNull();
    expect(savedQuestion(0)).toEqual(typed);
  });
});
