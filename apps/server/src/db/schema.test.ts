import { createHash } from 'node:crypto';
import { ROLES } from '@lexpath/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import {
  categories,
  files,
  templateDocuments,
  templates,
  templateVersions,
  users,
} from './schema.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** The database refuses what the code must never do, whatever code path tries it. */
describe('database guarantees', () => {
  it('refuses to change a template version once written', async () => {
    const editor = await ctx.buildUser({ role: ROLES.editor });
    const bytes = Buffer.from('PK fake docx');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    await ctx.db
      .insert(files)
      .values({ sha256, bytes, name: 'master.docx', size: bytes.length, contentType: 'x' });
    const [template] = await ctx.db
      .insert(templates)
      .values({ name: 'Locazione abitativa', priceCents: 4990, createdBy: editor.id })
      .returning();
    const [version] = await ctx.db
      .insert(templateVersions)
      .values({
        templateId: template?.id ?? '',
        masterSha256: sha256,
        previewSha256: sha256,
        masterName: 'master.docx',
        previewName: 'anteprima.docx',
        jsonQuestions: [],
        createdBy: editor.id,
      })
      .returning();

    await expect(
      ctx.db
        .update(templateVersions)
        .set({ masterName: 'altro.docx' })
        .where(eq(templateVersions.id, version?.id ?? '')),
    ).rejects.toThrow();
    const [stored] = await ctx.db
      .select({ bytes: files.bytes })
      .from(files)
      .where(eq(files.sha256, sha256));
    expect(stored?.bytes.equals(bytes)).toBe(true);

    // A set's companion documents are downloaded forever too.
    await ctx.db.insert(templateDocuments).values({
      versionId: version?.id ?? '',
      position: 2,
      name: 'Delega',
      masterSha256: sha256,
      masterName: 'delega.docx',
    });
    await expect(
      ctx.db
        .update(templateDocuments)
        .set({ name: 'Procura' })
        .where(eq(templateDocuments.versionId, version?.id ?? '')),
    ).rejects.toThrow();
    await expect(
      ctx.db.insert(templateDocuments).values({
        versionId: version?.id ?? '',
        position: 1,
        name: 'Il master di nuovo',
        masterSha256: sha256,
        masterName: 'master.docx',
      }),
    ).rejects.toThrow();
    const [companion] = await ctx.db
      .select({ name: templateDocuments.name })
      .from(templateDocuments)
      .where(eq(templateDocuments.versionId, version?.id ?? ''));
    expect(companion?.name).toBe('Delega');
  });

  it('keeps one account per PEC, whatever the letter case', async () => {
    await ctx.buildUser({ pec: 'unico@pec.test.it' });
    await expect(ctx.buildUser({ pec: 'UNICO@pec.test.it' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      ctx.db.execute(
        sql`insert into users (name, surname, email, pec, password_hash) values ('a', 'b', 'c', 'Maiuscolo@pec.it', 'x')`,
      ),
    ).rejects.toThrow();
    const rows = await ctx.db.select().from(users).where(eq(users.pec, 'unico@pec.test.it'));
    expect(rows).toHaveLength(1);
  });

  it('treats category names as unique regardless of case', async () => {
    await ctx.db.insert(categories).values({ name: 'Locazioni' });
    await expect(ctx.db.insert(categories).values({ name: 'locazioni' })).rejects.toThrow();
  });
});
