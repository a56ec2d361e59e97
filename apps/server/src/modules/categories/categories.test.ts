import { ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, templates } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';

let ctx: TestContext;
let admin: TestUser;
let editor: TestUser;
let lawyer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.buildUser({ role: ROLES.admin });
  editor = await ctx.buildUser({ role: ROLES.editor });
  lawyer = await ctx.buildUser();
});

afterAll(async () => {
  await ctx.close();
});

function createCategory(name: unknown, as: TestUser = admin) {
  return ctx.injectAs(as)({ method: 'POST', url: '/api/category', payload: { name } });
}

function auditOf(id: string) {
  return ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
}

/** A template row pointing at the category: what makes it "in use". */
async function insertTemplateIn(categoryId: string, deleted = false) {
  await ctx.db.insert(templates).values({
    name: 'Contratto',
    priceCents: 1000,
    categoryId,
    createdBy: editor.id,
    deletedAt: deleted ? new Date() : null,
  });
}

describe('POST /api/category', () => {
  it('lets an admin create a category, trimmed, and audits it', async () => {
    const response = await createCategory('  Locazioni commerciali  ');

    expect(response.statusCode).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({ id: expect.any(String), name: 'Locazioni commerciali' });
    const [row] = await ctx.db.select().from(categories).where(eq(categories.id, data.id));
    expect(row?.name).toBe('Locazioni commerciali');
    expect(await auditOf(data.id)).toMatchObject([
      { actorId: admin.id, action: 'category.created', targetType: 'category' },
    ]);
  });

  it("requires a name: 'Campo obbligatorio.'", async () => {
    for (const payload of [{ name: '   ' }, {}]) {
      const response = await ctx
        .injectAs(admin)({ method: 'POST', url: '/api/category', payload })
        .then((r) => r.json());
      expect(response).toMatchObject({ statusCode: 400, message: text.validation.required });
    }
  });

  it('refuses a name that exists in any case (409)', async () => {
    expect((await createCategory('Successioni')).statusCode).toBe(201);
    const response = await createCategory('SUCCESSIONI');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.categories.nameTaken);
  });

  it('is refused to editors and lawyers (403) and to visitors (401)', async () => {
    expect((await createCategory('Da editor', editor)).statusCode).toBe(403);
    expect((await createCategory('Da avvocato', lawyer)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/category',
      payload: { name: 'Anonima' },
    });
    expect(anonymous.statusCode).toBe(401);
    const rows = await ctx.db.select().from(categories);
    expect(rows.map((row) => row.name)).not.toContain('Da editor');
  });
});

describe('PUT /api/category/:id', () => {
  it('renames a category and audits the change', async () => {
    const { id } = (await createCategory('Lavoro')).json().data;
    const response = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/category/${id}`,
      payload: { name: 'Diritto del lavoro' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id, name: 'Diritto del lavoro' });
    const audit = await auditOf(id);
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'category.created',
      'category.updated',
    ]);
  });

  it('refuses the name of another category (409), unknown ids (404) and non-admins (403)', async () => {
    const { id } = (await createCategory('Appalti pubblici')).json().data;
    await createCategory('Appalti privati');
    const put = (url: string, name: string, as: TestUser = admin) =>
      ctx.injectAs(as)({ method: 'PUT', url, payload: { name } });

    const taken = await put(`/api/category/${id}`, 'appalti PRIVATI');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(text.categories.nameTaken);
    expect((await put('/api/category/00000000-0000-4000-8000-000000000000', 'X')).statusCode).toBe(
      404,
    );
    expect((await put('/api/category/non-un-id', 'X')).statusCode).toBe(404);
    expect((await put(`/api/category/${id}`, 'Editor', editor)).statusCode).toBe(403);
    expect((await put(`/api/category/${id}`, '')).json().message).toBe(text.validation.required);
  });
});

describe('DELETE /api/category/:id', () => {
  it('deletes an unused category and audits it', async () => {
    const { id } = (await createCategory('Da eliminare')).json().data;
    const response = await ctx.injectAs(admin)({ method: 'DELETE', url: `/api/category/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { id } });
    expect(await ctx.db.select().from(categories).where(eq(categories.id, id))).toEqual([]);
    expect((await auditOf(id)).map((entry) => entry.action)).toContain('category.deleted');
  });

  it('refuses a category used by a template, saying why (409)', async () => {
    const { id } = (await createCategory('In uso')).json().data;
    await insertTemplateIn(id);
    await insertTemplateIn(id);
    const response = await ctx.injectAs(admin)({ method: 'DELETE', url: `/api/category/${id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.categories.inUse(2));
    expect(response.json().message).toMatch(/usata da 2 master/);
    expect(await ctx.db.select().from(categories).where(eq(categories.id, id))).toHaveLength(1);
  });

  it('refuses a category that only deleted templates use: their documents keep it', async () => {
    const { id } = (await createCategory('Solo eliminati')).json().data;
    await insertTemplateIn(id, true);
    const response = await ctx.injectAs(admin)({ method: 'DELETE', url: `/api/category/${id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.categories.inUseByDeleted);
  });

  it('answers 404 for an unknown category and 403 to editors', async () => {
    const unknown = await ctx.injectAs(admin)({
      method: 'DELETE',
      url: '/api/category/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const { id } = (await createCategory('Protetta')).json().data;
    const byEditor = await ctx.injectAs(editor)({ method: 'DELETE', url: `/api/category/${id}` });
    expect(byEditor.statusCode).toBe(403);
  });
});

describe('GET /api/category', () => {
  it('lists categories by name, 12 a page, to any signed-in user', async () => {
    for (const name of ['Zeta', 'alfa', 'Beta', 'Delta', 'gamma', 'Omega'])
      await createCategory(`Pag ${name}`);
    const all = await ctx.db.select().from(categories);
    const expected = all
      .map((row) => row.name)
      .sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(all.length).toBeGreaterThan(12);

    const first = await ctx.injectAs(lawyer)({ method: 'GET', url: '/api/category' });
    expect(first.statusCode).toBe(200);
    const { results, page, totalPages } = first.json().data;
    expect(page).toBe(1);
    expect(totalPages).toBe(Math.ceil(all.length / 12));
    expect(results).toHaveLength(12);
    expect(results[0]).toEqual({ id: expect.any(String), name: expected[0] });

    const second = await ctx.injectAs(editor)({ method: 'GET', url: '/api/category?page=2' });
    const names = [...results, ...second.json().data.results].map(
      (row: { name: string }) => row.name,
    );
    expect(names).toEqual(expected.slice(0, names.length));
  });

  it('gives every category on one page with limit=1000, and refuses more than 1000', async () => {
    const everything = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: '/api/category?limit=1000',
    });
    const total = (await ctx.db.select().from(categories)).length;
    expect(everything.json().data).toMatchObject({ page: 1, totalPages: 1 });
    expect(everything.json().data.results).toHaveLength(total);

    const tooMany = await ctx.injectAs(lawyer)({ method: 'GET', url: '/api/category?limit=1001' });
    expect(tooMany.statusCode).toBe(400);
  });

  it('is refused without a session (401)', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/category' })).statusCode).toBe(401);
  });
});
