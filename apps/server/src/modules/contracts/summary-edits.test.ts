import { ROLES } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, contracts } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { createTemplateViaApi } from '../templates/test-templates.ts';
import {
  CONDUTTORE,
  TYPED_ANSWERS,
  TYPED_QUESTIONS,
} from '../templates/typed-questions.fixture.ts';
import { startContract } from './test-contracts.ts';

/** Summary edits and elenco item removal (issue 11), on the typed test template. */

let ctx: TestContext;
let lawyer: TestUser;
let typedId: string;

const ANNA = { nome: 'Anna Bianchi', codice_fiscale: 'BNCNNA90A41F205W' };
const LUCA = { nome: 'Luca Verdi', codice_fiscale: 'RSSMRA85T10A562S' };

beforeAll(async () => {
  ctx = await createTestContext();
  lawyer = await ctx.buildUser();
  const editor = await ctx.buildUser({ role: ROLES.editor });
  const [category] = await ctx.db
    .insert(categories)
    .values({ name: `Riepilogo ${Math.random().toString(36).slice(2)}` })
    .returning();
  typedId = (
    await createTemplateViaApi(ctx, editor, {
      categoryId: category?.id ?? '',
      marker: 'riepilogo',
      questions: TYPED_QUESTIONS,
    })
  ).id;
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${typedId}/status`,
    payload: { status: 'PUBLISHED' },
  });
  expect(published.statusCode, published.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

/** A contract of the typed template with these answers, marked COMPLETED as the preview does. */
async function completedContract(answers: object = TYPED_ANSWERS): Promise<string> {
  const id = await startContract(ctx, lawyer, typedId);
  const saved = await ctx.injectAs(lawyer)({
    method: 'PUT',
    url: `/api/contract/${id}`,
    payload: { answers, status: 'COMPLETED' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return id;
}

async function stored(id: string) {
  const [row] = await ctx.db
    .select({ answers: contracts.answers, status: contracts.status })
    .from(contracts)
    .where(eq(contracts.id, id));
  if (!row) throw new Error(`contract ${id} is not stored`);
  return row;
}

function changeAnswer(id: string, variable: string, value: unknown, as = lawyer) {
  return ctx.injectAs(as)({
    method: 'PUT',
    url: `/api/contract/${id}/answers/${variable}`,
    payload: { value },
  });
}

function removeItem(id: string, variable: string, index: number) {
  return ctx.injectAs(lawyer)({
    method: 'DELETE',
    url: `/api/contract/${id}/answers/${variable}/items/${index}`,
  });
}

describe('PUT /api/contract/{id}/answers/{variable}', () => {
  it("keeps every later answer and the finished status when a conduttore's name changes", async () => {
    const id = await completedContract();
    const renamed = [{ ...CONDUTTORE, nome: 'Mario Rossini' }, TYPED_ANSWERS.conduttori[1]];
    const response = await changeAnswer(id, 'conduttori', renamed);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'COMPLETED', discarded: [] });
    expect(await stored(id)).toEqual({
      answers: { ...TYPED_ANSWERS, conduttori: renamed },
      status: 'COMPLETED',
    });
  });

  it('keeps every later answer when an amount changes', async () => {
    const id = await completedContract();
    const response = await changeAnswer(id, 'canone', '900.00');
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(id)).toEqual({
      answers: { ...TYPED_ANSWERS, canone: '900.00' },
      status: 'COMPLETED',
    });
  });

  it('discards every later answer when a choice with dependants changes (SPEC)', async () => {
    const id = await completedContract();
    const response = await changeAnswer(id, 'tipo', 'Vendita');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.discarded).toEqual([
      'deposito',
      'servizi',
      'canone',
      'conduttori',
      'solidale',
      'inizio',
    ]);
    expect(await stored(id)).toEqual({
      answers: { nome_cliente: TYPED_ANSWERS.nome_cliente, tipo: 'Vendita' },
      status: 'TO_COMPLETE',
    });
  });

  it('discards the later answers when the new number of conduttori changes a condition', async () => {
    const id = await completedContract();
    const response = await changeAnswer(id, 'conduttori', [ANNA]);
    expect(response.statusCode, response.body).toBe(200);
    const { answers, status } = await stored(id);
    expect(answers.conduttori).toEqual([ANNA]);
    expect(answers).not.toHaveProperty('solidale');
    expect(answers).not.toHaveProperty('inizio');
    expect(status).toBe('TO_COMPLETE');
  });

  it('refuses an invalid answer with 422 naming the question, and changes nothing', async () => {
    const id = await completedContract();
    const response = await changeAnswer(id, 'canone', '0.00');
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('«Canone mensile»');
    expect(await stored(id)).toEqual({ answers: TYPED_ANSWERS, status: 'COMPLETED' });
  });

  it("answers 404 on another user's contract, changing nothing", async () => {
    const id = await completedContract();
    const other = await ctx.buildUser();
    const response = await changeAnswer(id, 'canone', '900.00', other);
    expect(response.statusCode).toBe(404);
    expect(await stored(id)).toEqual({ answers: TYPED_ANSWERS, status: 'COMPLETED' });
  });
});

describe('DELETE /api/contract/{id}/answers/{variable}/items/{index}', () => {
  it('removes the second conduttore; the solidarity question no longer applies, so later answers go', async () => {
    const id = await completedContract();
    const response = await removeItem(id, 'conduttori', 1);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.discarded).toEqual(['solidale', 'inizio']);
    const { answers, status } = await stored(id);
    expect(answers.conduttori).toEqual([CONDUTTORE]);
    expect(answers).toEqual({
      nome_cliente: TYPED_ANSWERS.nome_cliente,
      tipo: TYPED_ANSWERS.tipo,
      deposito: TYPED_ANSWERS.deposito,
      servizi: TYPED_ANSWERS.servizi,
      canone: TYPED_ANSWERS.canone,
      conduttori: [CONDUTTORE],
    });
    expect(status).toBe('TO_COMPLETE');
  });

  it('removes one of three conduttori keeping every other answer and the finished status', async () => {
    const three = { ...TYPED_ANSWERS, conduttori: [CONDUTTORE, ANNA, LUCA] };
    const id = await completedContract(three);
    const response = await removeItem(id, 'conduttori', 0);
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored(id)).toEqual({
      answers: { ...three, conduttori: [ANNA, LUCA] },
      status: 'COMPLETED',
    });
  });

  it('refuses to go below min_items with 422 naming the question, and changes nothing', async () => {
    const { solidale: _notAsked, ...one } = { ...TYPED_ANSWERS, conduttori: [CONDUTTORE] };
    const id = await completedContract(one);
    const response = await removeItem(id, 'conduttori', 0);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      'Non è possibile rimuovere l’elemento: «I conduttori» deve avere almeno un elemento.',
    );
    expect(await stored(id)).toEqual({ answers: one, status: 'COMPLETED' });
  });

  it('answers 404 for an item that does not exist and 422 for a question that is not a list', async () => {
    const id = await completedContract();
    expect((await removeItem(id, 'conduttori', 2)).statusCode).toBe(404);
    const notList = await removeItem(id, 'canone', 0);
    expect(notList.statusCode).toBe(422);
    expect(notList.json().message).toContain('«Canone mensile»');
    expect(await stored(id)).toEqual({ answers: TYPED_ANSWERS, status: 'COMPLETED' });
  });
});

describe('GET /api/contract/{id}: what a change in the summary costs', () => {
  it('tells which answers other questions depend on, and whether removing an item discards', async () => {
    const id = await completedContract();
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    const entries = detail.json().data.detailed_answers as Array<{
      variable: string;
      dependence: string;
      item_removal_discards?: boolean;
    }>;
    const byVariable = Object.fromEntries(entries.map((entry) => [entry.variable, entry]));
    expect(byVariable.tipo?.dependence).toBe('answer');
    expect(byVariable.canone?.dependence).toBe('none');
    expect(byVariable.inizio?.dependence).toBe('none');
    expect(byVariable.conduttori).toMatchObject({
      dependence: 'count',
      item_removal_discards: true,
    });
  });
});
