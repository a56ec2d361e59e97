import { readdir } from 'node:fs/promises';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, templates, users } from './db/schema.ts';
import { DEMO_TEMPLATES_DIR } from './modules/templates/demo-templates.ts';
import { DEMO_ACCOUNTS, DEMO_CATEGORIES, DEMO_PASSWORD, seedDemoData } from './seed.ts';
import { createTestContext, type TestContext } from './test/context.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('seedDemoData (first start of the embedded default)', () => {
  it('creates the three demo accounts, who can sign in with Demo2026!', async () => {
    expect(await seedDemoData(ctx.db)).toEqual({ seeded: true });

    const roles: Record<string, string> = {};
    for (const account of DEMO_ACCOUNTS) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { pec: account.pec, password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      roles[account.pec] = response.json().data.role;
    }
    expect(roles).toEqual({
      'admin@pec.demo.it': 'admin',
      'editor@pec.demo.it': 'editor',
      'avvocato@pec.demo.it': 'user',
    });
  });

  it('creates the Italian legal categories', async () => {
    const rows = await ctx.db.select({ name: categories.name }).from(categories);
    // Plus any category a demo template names that the list lacks.
    expect(rows.map((row) => row.name)).toEqual(expect.arrayContaining([...DEMO_CATEGORIES]));
    expect(rows.length).toBeGreaterThanOrEqual(6);
  });

  it('publishes one template for each folder of apps/server/demo-templates', async () => {
    const folders = (await readdir(DEMO_TEMPLATES_DIR, { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    const rows = await ctx.db.select({ status: templates.status }).from(templates);
    expect(rows).toHaveLength(folders.length);
    expect(rows.every((row) => row.status === 'PUBLISHED')).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const [categoriesBefore] = await ctx.db.select({ n: count() }).from(categories);
    const [templatesBefore] = await ctx.db.select({ n: count() }).from(templates);
    expect(await seedDemoData(ctx.db)).toEqual({ seeded: false });
    const [userCount] = await ctx.db.select({ n: count() }).from(users);
    const [categoryCount] = await ctx.db.select({ n: count() }).from(categories);
    const [templateCount] = await ctx.db.select({ n: count() }).from(templates);
    expect(userCount?.n).toBe(3);
    expect(categoryCount?.n).toBe(categoriesBefore?.n);
    expect(templateCount?.n).toBe(templatesBefore?.n);
  });
});
