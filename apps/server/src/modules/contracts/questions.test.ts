import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROLES, it as text } from '@lexpath/shared';
import * as before from '@lexpath/shared/test/questionnaire-before-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { createTemplateViaApi, uploadMaster } from '../templates/test-templates.ts';
import {
  CONDUTTORE,
  TYPED_ANSWERS,
  TYPED_QUESTIONS,
} from '../templates/typed-questions.fixture.ts';

let ctx: TestContext;
let editor: TestUser;
let lawyer: TestUser;
let published: string;
let suspended: string;
let typed: string;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [editor, lawyer] = await Promise.all([ctx.buildUser({ role: ROLES.editor }), ctx.buildUser()]);
  const [category] = await ctx.db.insert(categories).values({ name: 'Locazioni' }).returning();
  categoryId = category?.id ?? '';
  published = (await createTemplateViaApi(ctx, editor, { categoryId, marker: 'pubblicato' })).id;
  typed = (
    await createTemplateViaApi(ctx, editor, {
      categoryId,
      marker: 'tipizzato',
      questions: TYPED_QUESTIONS,
    })
  ).id;
  suspended = (await createTemplateViaApi(ctx, editor, { categoryId, marker: 'sospeso' })).id;
  for (const id of [published, typed]) {
    await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${id}/status`,
      payload: { status: 'PUBLISHED' },
    });
  }
});

afterAll(async () => {
  await ctx.close();
});

function next(templateId: string, answers: unknown, as: TestUser = lawyer) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: `/api/contract/questions?type=${templateId}`,
    payload: answers as object,
  });
}

/** The published template's next question for `body` sent as it is, not JSON made by us. */
function raw(body: string) {
  return ctx.injectAs(lawyer)({
    method: 'POST',
    url: `/api/contract/questions?type=${published}`,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
}

describe('POST /api/contract/questions?type={templateId}', () => {
  it('walks a lease to the end: one question at a time, then null', async () => {
    const answers: Record<string, string | string[]> = {};
    const asked: string[] = [];
    const choose: Record<string, string | string[]> = {
      nome_cliente: 'Mario Rossi',
      tipo: 'Locazione',
      deposito: 'No',
      servizi: ['Portineria'],
    };
    for (let step = 0; step < 10; step += 1) {
      const response = await next(published, answers);
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      if (data === null) break;
      asked.push(data.variable);
      answers[data.variable] = choose[data.variable] ?? '';
    }
    expect(asked).toEqual(['nome_cliente', 'tipo', 'deposito', 'servizi']);
  });

  it('answers the question as SPEC §3 shapes it', async () => {
    const response = await next(published, { nome_cliente: 'Anna Bianchi', tipo: 'Locazione' });
    expect(response.json()).toEqual({
      data: {
        description: null,
        question: 'È previsto un deposito cauzionale?',
        variable: 'deposito',
        options: ['Sì', 'No'],
        is_multiple_selection: false,
      },
    });
  });

  it('skips a question its conditions hide (a sale has no deposit)', async () => {
    const response = await next(published, { nome_cliente: 'Anna Bianchi', tipo: 'Vendita' });
    expect(response.json().data.variable).toBe('servizi');
  });

  it('refuses answers the questionnaire does not allow (422), in Italian', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { nome_cliente: 'Giuseppe Verdi' },
        text.questions.answerNotAnOption('Chi è il cliente?', 'Giuseppe Verdi'),
      ],
      [{ colore: 'Blu' }, text.questions.answerUnknownQuestion('colore')],
      [
        { nome_cliente: 'Mario Rossi', tipo: 'Vendita', deposito: 'Sì' },
        text.questions.answerNotVisible('È previsto un deposito cauzionale?'),
      ],
      [
        { nome_cliente: 'Mario Rossi', tipo: 'Vendita', servizi: 'Pulizie' },
        text.questions.answerListExpected('Quali servizi sono inclusi?'),
      ],
      [{ nome_cliente: 42 }, text.questions.answerSingleExpected('Chi è il cliente?')],
    ];
    for (const [answers, message] of cases) {
      const response = await next(published, answers);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses answers keyed __proto__ (400) or like another inherited property (422)', async () => {
    const poisoned = await raw('{"nome_cliente": "Mario Rossi", "__proto__": {"tipo": "Vendita"}}');
    expect(poisoned.statusCode).toBe(400);
    for (const name of ['constructor', 'toString', 'valueOf']) {
      const response = await raw(`{"nome_cliente": "Mario Rossi", "${name}": "Vendita"}`);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().message).toBe(text.questions.answerUnknownQuestion(name));
    }
  });

  it('answers 400 to a body that is not an answers map, and the first question to null', async () => {
    for (const body of ['[]', '["nome_cliente"]', '"Mario Rossi"', '42', 'true']) {
      const response = await raw(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().message, body).toBe(text.errors.badRequest);
    }
    const empty = await raw('null');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.variable).toBe('nome_cliente');
  });

  it('hides a suspended template from customers (404) but lets editors try it', async () => {
    const byLawyer = await next(suspended, {});
    expect(byLawyer.statusCode).toBe(404);
    expect(byLawyer.json().message).toBe(text.errors.notFound);
    const tried = await next(suspended, {}, editor);
    expect(tried.statusCode).toBe(200);
    expect(tried.json().data.variable).toBe('nome_cliente');
  });

  it('answers 404 for unknown and malformed ids, 400 without a type, 401 without a session', async () => {
    expect((await next('00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
    expect((await next('non-un-id', {})).statusCode).toBe(404);
    const noType = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/contract/questions',
      payload: {},
    });
    expect(noType.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/contract/questions?type=${published}`,
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('typed questions (DESIGN §12)', () => {
  const sample = {
    nome_cliente: 'Mario Rossi',
    tipo: 'Locazione',
    deposito: 'Sì',
    servizi: ['Pulizie'],
  };

  it('keeps the typed question list as sent: no type added to a question without one', async () => {
    const response = await ctx.injectAs(editor)({ method: 'GET', url: `/api/template/${typed}` });
    expect(response.statusCode, response.body).toBe(200);
    const stored = response.json().data.json_questions;
    expect(stored[0]).toEqual({ ...TYPED_QUESTIONS[0] });
    expect(stored[4]).toEqual({ ...TYPED_QUESTIONS[4], required_answers: [] });
    expect(stored[6].required_answers).toEqual([{ conduttori: { almeno: 2 } }]);
  });

  it('walks the typed questionnaire: each question with its type and what asking it needs', async () => {
    const amount = await next(typed, sample);
    expect(amount.json()).toEqual({
      data: {
        description: null,
        question: 'Canone mensile',
        variable: 'canone',
        options: [],
        is_multiple_selection: false,
        type: 'importo',
        min: 1,
      },
    });
    const list = await next(typed, { ...sample, canone: '1234.50' });
    expect(list.json().data).toMatchObject({
      variable: 'conduttori',
      type: 'elenco',
      min_items: 1,
      max_items: 3,
      label_singolare: 'il conduttore',
      label_plurale: 'i conduttori',
      fields: [
        { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
        { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
      ],
    });
    // One tenant: the question on two or more is skipped.
    const oneTenant = await next(typed, { ...sample, canone: '1234.50', conduttori: [CONDUTTORE] });
    expect(oneTenant.json().data.variable).toBe('inizio');
    const twoTenants = await next(typed, {
      ...TYPED_ANSWERS,
      solidale: undefined,
      inizio: undefined,
    });
    expect(twoTenants.json().data.variable).toBe('solidale');
    const done = await next(typed, TYPED_ANSWERS);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toBe('{"data":null}');
  });

  it('refuses an invalid typed answer with 422 naming the question or the item', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          ...TYPED_ANSWERS,
          conduttori: [CONDUTTORE, { ...CONDUTTORE, codice_fiscale: 'RSSMRA85T10A562X' }],
        },
        'Il codice fiscale di «Conduttore 2» non è valido.',
      ],
      [{ ...sample, canone: '1.234,50' }, "L'importo di «Canone mensile» non è valido."],
      [{ ...sample, canone: 1234.5 }, 'La risposta a «Canone mensile» deve essere un testo.'],
      [{ ...TYPED_ANSWERS, inizio: '2023-02-29' }, 'La data di «Data di inizio» non è valida.'],
      [{ ...sample, conduttori: [] }, '«I conduttori» deve avere almeno un elemento.'],
    ];
    for (const [answers, message] of cases) {
      const response = await next(typed, answers);
      expect(response.statusCode, JSON.stringify(answers)).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a date after 2200 or an amount over 999.999.999,99 € where the question sets only a min', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...sample, canone: '1234567890123.00' },
        '«Canone mensile» può essere al massimo 999.999.999,99\u00a0€.',
      ],
      [
        { ...TYPED_ANSWERS, inizio: '9999-12-31' },
        'La data di «Data di inizio» non può essere dopo il 31/12/2200.',
      ],
    ];
    for (const [answers, message] of cases) {
      const response = await next(typed, answers);
      expect(response.statusCode, JSON.stringify(answers)).toBe(422);
      expect(response.json().message).toBe(message);
    }
  });
});

/** The demo templates as published before typed questions: the old lists these tests pin. */
const DEMO_V1_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../documents/fixtures/demo-v1',
);
const DEMO_V1_SLUGS = readdirSync(DEMO_V1_DIR).sort();

/** The response the questionnaire gave before typed questions, built by the previous rules. */
function previousBody(
  questions: before.QuestionRules[],
  answers: Record<string, string | string[]>,
) {
  const question = before.findNextQuestion(questions, answers) as
    | (before.QuestionRules & { description?: string; question: string })
    | null;
  if (!question) return JSON.stringify({ data: null });
  return JSON.stringify({
    data: {
      description: question.description ?? null,
      question: question.question,
      variable: question.variable,
      options: question.options,
      is_multiple_selection: question.is_multiple_selection,
    },
  });
}

describe('the demo templates (no type) answer exactly as before typed questions', () => {
  for (const slug of DEMO_V1_SLUGS) {
    it(`${slug}: every step of several walks is byte-identical`, async () => {
      const read = (name: string) => readFileSync(path.join(DEMO_V1_DIR, slug, name));
      const source = { slug, name: JSON.parse(read('template.json').toString('utf8')).name };
      const questions = JSON.parse(read('questions.json').toString('utf8'));
      const upload = await uploadMaster(ctx, editor, {
        questions,
        master: { filename: `${source.slug}.docx`, content: read('master.docx') },
        preview: { filename: `${source.slug}-anteprima.docx`, content: read('preview.docx') },
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const { file_name, preview_name } = upload.json().data;
      const created = await ctx.injectAs(editor)({
        method: 'POST',
        url: '/api/template',
        payload: {
          name: source.name,
          description: 'Demo',
          categoryId,
          price: '49,90',
          stripe_url: 'https://buy.stripe.com/test_123',
          json_questions: questions,
          file_name,
          preview_name,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id;
      const detail = await ctx.injectAs(editor)({ method: 'GET', url: `/api/template/${id}` });
      expect(detail.json().data.json_questions).toEqual(questions);
      for (let seed = 0; seed < 3; seed += 1) {
        const answers: Record<string, string | string[]> = {};
        for (let step = 0; step <= questions.length; step += 1) {
          const response = await next(id, answers, editor);
          expect(response.body).toBe(previousBody(questions, answers));
          const { data } = response.json();
          if (data === null) break;
          const options: string[] = data.options;
          answers[data.variable] = data.is_multiple_selection
            ? options.slice(0, 1 + ((seed + step) % options.length))
            : (options[(seed + step) % options.length] as string);
        }
      }
    });
  }
});
