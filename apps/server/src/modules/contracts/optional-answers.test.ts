import { ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, contracts } from '../../db/schema.ts';
import { extractDocumentText } from '../../documents/render.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { createTemplateViaApi } from '../templates/test-templates.ts';
import { startContract } from './test-contracts.ts';

/**
 * Optional answers through the API: a question with `obbligatoria: false` may be skipped (the
 * answer `null`), which counts as answered; the document prints nothing for it, or `oppure`'s
 * fallback.
 */

const QUESTIONS = [
  { variable: 'cliente', question: 'Nome del cliente', type: 'testo' },
  { variable: 'nota', question: 'Note per il cliente', type: 'testo', obbligatoria: false },
  { variable: 'scadenza', question: 'Data di scadenza', type: 'data', obbligatoria: false },
  {
    variable: 'polizza',
    question: 'Massimale della polizza',
    options: ['500.000 euro', '1.000.000 euro'],
    obbligatoria: false,
  },
  {
    variable: 'testimoni',
    question: 'I testimoni',
    type: 'elenco',
    min_items: 0,
    max_items: 2,
    label_singolare: 'il testimone',
    label_plurale: 'i testimoni',
    fields: [
      { variable: 'nome', question: 'Nome', type: 'testo' },
      { variable: 'telefono', question: 'Telefono', type: 'testo', obbligatoria: false },
    ],
  },
];

const MASTER = buildDocx([
  'Cliente: {cliente}.',
  'Note: {nota | oppure:"nessuna"}.',
  'Scadenza: {scadenza | data}.',
  '{#polizza}Massimale: {polizza}.{/}',
  '{#testimoni}Testimone: {nome} {telefono}.{/testimoni}',
  'Fine.',
]);

const SKIPPED = {
  cliente: 'Ada Neri',
  nota: null,
  scadenza: null,
  polizza: null,
  testimoni: [{ nome: 'Ugo Sala', telefono: null }],
};

let ctx: TestContext;
let editor: TestUser;
let lawyer: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [editor, lawyer] = await Promise.all([ctx.buildUser({ role: ROLES.editor }), ctx.buildUser()]);
  const [category] = await ctx.db.insert(categories).values({ name: 'Incarichi' }).returning();
  templateId = (
    await createTemplateViaApi(ctx, editor, {
      categoryId: category?.id ?? '',
      marker: 'facoltative',
      questions: QUESTIONS,
      master: MASTER,
      preview: buildDocx(['ANTEPRIMA', 'Cliente: {cliente}.']),
    })
  ).id;
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${templateId}/status`,
    payload: { status: 'PUBLISHED' },
  });
  expect(published.statusCode, published.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

function next(answers: Record<string, unknown>) {
  return ctx.injectAs(lawyer)({
    method: 'POST',
    url: `/api/contract/questions?type=${templateId}`,
    payload: answers,
  });
}

describe('optional questions in the questionnaire', () => {
  it('says a question is optional, and a skipped one (null) leads to the next question', async () => {
    const nota = await next({ cliente: 'Ada Neri' });
    expect(nota.statusCode, nota.body).toBe(200);
    expect(nota.json().data).toMatchObject({ variable: 'nota', obbligatoria: false });
    const required = await next({});
    expect(required.json().data.variable).toBe('cliente');
    expect(Object.hasOwn(required.json().data, 'obbligatoria')).toBe(false);
    // A choice without type carries the flag too.
    const polizza = await next({ cliente: 'Ada Neri', nota: null, scadenza: null });
    expect(polizza.json().data).toMatchObject({ variable: 'polizza', obbligatoria: false });
    const list = await next({ cliente: 'Ada Neri', nota: null, scadenza: null, polizza: null });
    expect(list.json().data).toMatchObject({
      variable: 'testimoni',
      min_items: 0,
      fields: [{ variable: 'nome' }, { variable: 'telefono', obbligatoria: false }],
    });
    const done = await next(SKIPPED);
    expect(done.body).toBe('{"data":null}');
    // No witnesses at all: min_items 0.
    expect((await next({ ...SKIPPED, testimoni: [] })).body).toBe('{"data":null}');
  });

  it('refuses no answer to a required question, with the usual message', async () => {
    const response = await next({ cliente: null });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.answers.required('Nome del cliente'));
  });
});

describe('a contract with skipped answers', () => {
  it('stores null, finishes, shows null in the summary and lets it be changed there', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    const saved = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}`,
      payload: { answers: SKIPPED, status: 'COMPLETED' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await ctx.db
      .select({ answers: contracts.answers, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.id, id));
    expect(row?.status).toBe('COMPLETED');
    expect(row?.answers).toEqual(SKIPPED);

    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const entries = detail.json().data.detailed_answers as { variable: string }[];
    expect(entries.find((entry) => entry.variable === 'nota')).toMatchObject({
      given_answer: null,
    });

    const change = (value: unknown) =>
      ctx.injectAs(lawyer)({
        method: 'PUT',
        url: `/api/contract/${id}/answers/nota`,
        payload: { value },
      });
    const given = await change('Pagamento a 30 giorni');
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data).toMatchObject({ status: 'COMPLETED', discarded: [] });
    const skippedAgain = await change(null);
    expect(skippedAgain.statusCode, skippedAgain.body).toBe(200);
    expect(skippedAgain.json().data.answers.nota).toBeNull();
    const refused = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}/answers/cliente`,
      payload: { value: null },
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('the document of skipped answers', () => {
  it("prints nothing for them, or oppure's fallback, and drops the sections over them", async () => {
    const response = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}/download-test`,
      payload: { answers: SKIPPED },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(extractDocumentText(response.rawPayload).split('\n')).toEqual([
      'Cliente: Ada Neri.',
      'Note: nessuna.',
      'Scadenza: .',
      'Testimone: Ugo Sala .',
      'Fine.',
    ]);
  });
});
