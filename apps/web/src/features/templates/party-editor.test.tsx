import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useTemplateDraftStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/** The question editor's «Parte del contratto»: a question or an elenco marked and mapped. */

// Up to 8 helpers share two cores: the screens may take seconds to appear.
configure({ asyncUtilTimeout: 10_000 });

/** The typed demo templates as the server seeds them, with their parties mapped. */
const demoFiles = import.meta.glob<TQuestion[]>(
  '../../../../server/demo-templates/*/questions.json',
  {
    eager: true,
    import: 'default',
  },
);

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function startApi() {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
  });
  pointPageAt(api.origin);
}

function openEditor(questions: TQuestion[], index: number | null) {
  useTemplateDraftStore.getState().set({ json_questions: structuredClone(questions) });
  return renderApp(
    `/admin/nuovo-documento/caricamento-domande${index === null ? '' : `?index=${index}`}`,
  );
}

function savedQuestions(): TQuestion[] {
  return useTemplateDraftStore.getState().value.json_questions as TQuestion[];
}

async function saveAndWaitForMaster(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Inserimento nuovo master' }),
  ).toBeVisible();
}

const CONDUTTORI: TQuestion = {
  variable: 'conduttori',
  question: 'Chi prende in locazione l’immobile?',
  type: 'elenco',
  required_answers: [],
  fields: [
    { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
    { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
    { variable: 'nascita', question: 'Data di nascita', type: 'data' },
  ],
  min_items: 1,
  label_singolare: 'il conduttore',
  label_plurale: 'i conduttori',
};

describe('question editor: parties', () => {
  it('saves every mapped party question of the demo templates unchanged, mapping included', {
    timeout: 120_000,
  }, async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    // One per demo and per kind (an elenco, a single question, a genere choice) keeps it short.
    const picks = [
      ['locazione-abitativa', 'conduttori'],
      ['accordo-riservatezza', 'prima_rappresentante'],
      ['prestazione-opera-professionale', 'committente_genere'],
    ] as const;
    for (const [slug, variable] of picks) {
      const questions = Object.entries(demoFiles).find(([path]) => path.includes(`/${slug}/`))?.[1];
      if (!questions) throw new Error(`no demo ${slug}`);
      const index = questions.findIndex((question) => question.variable === variable);
      expect(questions[index]?.parte, variable).toBeDefined();
      const view = openEditor(questions, index);
      expect(await screen.findByRole('checkbox', { name: /descrive una parte/ })).toBeChecked();
      await saveAndWaitForMaster(user);
      expect(JSON.stringify(savedQuestions()[index])).toBe(JSON.stringify(questions[index]));
      view.unmount();
    }
  });

  it('marks an elenco as a party and maps its fields with the keyboard alone', async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    openEditor([CONDUTTORI], 0);

    const mark = await screen.findByRole('checkbox', {
      name: 'Questa domanda descrive una parte del contratto',
    });
    mark.focus();
    await user.keyboard(' ');
    const role = await screen.findByRole('textbox', { name: /Ruolo della parte/ });
    await user.click(role);
    await user.keyboard('conduttore');
    await user.selectOptions(
      screen.getByRole('combobox', { name: "Campo dell'anagrafica per «Nome e cognome»" }),
      'nome_completo',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: "Campo dell'anagrafica per «Codice fiscale»" }),
      'codice_fiscale',
    );
    await user.selectOptions(
      screen.getByRole('combobox', { name: "Campo dell'anagrafica per «Data di nascita»" }),
      'data_nascita',
    );
    await saveAndWaitForMaster(user);
    expect(savedQuestions()[0]?.parte).toEqual({
      ruolo: 'conduttore',
      campi: { nome: 'nome_completo', codice_fiscale: 'codice_fiscale', nascita: 'data_nascita' },
    });
  });

  it('says in Italian which mapping cannot be, and saves nothing', async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    openEditor([CONDUTTORI], 0);

    await user.click(await screen.findByRole('checkbox', { name: /descrive una parte/ }));
    await user.type(screen.getByRole('textbox', { name: /Ruolo della parte/ }), 'conduttore');
    await user.selectOptions(
      screen.getByRole('combobox', { name: "Campo dell'anagrafica per «Data di nascita»" }),
      'codice_fiscale',
    );
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    const fieldset = screen.getByRole('group', { name: 'Parte del contratto' });
    expect(
      await within(fieldset).findByText(
        '«Chi prende in locazione l’immobile?»: il tipo della risposta non è compatibile con il campo del cliente «Codice fiscale».',
      ),
    ).toBeVisible();
    expect(savedQuestions()[0]?.parte).toBeUndefined();
  });

  it('asks for the role and the client field of a single question', async () => {
    await startApi();
    signInAs('editor');
    const user = userEvent.setup();
    const pec: TQuestion = {
      variable: 'conduttore_pec',
      question: 'PEC del conduttore',
      type: 'email',
      required_answers: [],
    };
    openEditor([pec], 0);

    await user.click(await screen.findByRole('checkbox', { name: /descrive una parte/ }));
    await user.click(screen.getByRole('button', { name: 'Salva domanda' }));
    expect(
      await screen.findByText(
        'Indica il ruolo della parte (per esempio «conduttore» o «cliente»).',
      ),
    ).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: /Ruolo della parte/ }), 'conduttore');
    await user.selectOptions(
      screen.getByRole('combobox', { name: "Campo dell'anagrafica" }),
      'pec',
    );
    await saveAndWaitForMaster(user);
    expect(savedQuestions()[0]?.parte).toEqual({ ruolo: 'conduttore', campo: 'pec' });
  });
});
