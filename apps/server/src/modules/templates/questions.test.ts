import { ROLES, it as text } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { createTemplateViaApi } from './test-templates.ts';

let ctx: TestContext;
let editor: TestUser;
let lawyer: TestUser;
let published: string;
let suspended: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [editor, lawyer] = await Promise.all([ctx.buildUser({ role: ROLES.editor }), ctx.buildUser()]);
  const [category] = await ctx.db.insert(categories).values({ name: 'Locazioni' }).returning();
  const categoryId = category?.id ?? '';
  published = (await createTemplateViaApi(ctx, editor, { categoryId, marker: 'pubblicato' })).id;
  suspended = (await createTemplateViaApi(ctx, editor, { categoryId, marker: 'sospeso' })).id;
  await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${published}/status`,
    payload: { status: 'PUBLISHED' },
  });
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
    const raw = (body: string) =>
      ctx.injectAs(lawyer)({
        method: 'POST',
        url: `/api/contract/questions?type=${published}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    const poisoned = await raw('{"nome_cliente": "Mario Rossi", "__proto__": {"tipo": "Vendita"}}');
    expect(poisoned.statusCode).toBe(400);
    for (const name of ['constructor', 'toString', 'valueOf']) {
      const response = await raw(`{"nome_cliente": "Mario Rossi", "${name}": "Vendita"}`);
      expect(response.statusCode, name).toBe(422);
      expect(response.json().message).toBe(text.questions.answerUnknownQuestion(name));
    }
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
