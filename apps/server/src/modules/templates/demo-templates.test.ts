import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  files,
  templateDocuments,
  templates,
  templateVersions,
  users,
} from '../../db/schema.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { DEMO_CATEGORIES, seedDemoData } from '../../seed.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { DemoTemplateError, seedDemoTemplates } from './demo-templates.ts';
import { buildTestMaster, buildTestPreview, TEST_QUESTIONS } from './test-templates.ts';

let ctx: TestContext;
let root: string;
let demoDir: string;

type Manifest = Record<string, unknown>;

async function writeDemo(
  dir: string,
  slug: string,
  manifest: Manifest,
  master: Buffer = buildTestMaster(slug),
): Promise<void> {
  const folder = path.join(dir, slug);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'template.json'), JSON.stringify(manifest));
  await writeFile(path.join(folder, 'questions.json'), JSON.stringify(TEST_QUESTIONS));
  await writeFile(path.join(folder, 'master.docx'), master);
  await writeFile(path.join(folder, 'preview.docx'), buildTestPreview(slug));
}

beforeAll(async () => {
  ctx = await createTestContext();
  root = await mkdtemp(path.join(tmpdir(), 'lexpath-demo-'));
  demoDir = path.join(root, 'demo-templates');
  await writeDemo(demoDir, 'locazione-abitativa', {
    name: 'Contratto di locazione abitativa',
    description: 'Locazione 4+4 di un immobile ad uso abitativo.',
    category: 'locazioni',
    price_cents: 4900,
    min_time: 5,
    max_time: 10,
  });
  await writeDemo(demoDir, 'riservatezza', {
    name: 'Accordo di riservatezza',
    description: 'NDA tra due imprese.',
    category: 'Riservatezza',
    price_cents: 2900,
  });
});

afterAll(async () => {
  await ctx.close();
  await rm(root, { recursive: true, force: true });
});

async function tableCounts() {
  const [t] = await ctx.db.select({ n: count() }).from(templates);
  const [v] = await ctx.db.select({ n: count() }).from(templateVersions);
  const [f] = await ctx.db.select({ n: count() }).from(files);
  const [c] = await ctx.db.select({ n: count() }).from(categories);
  return { templates: t?.n, versions: v?.n, files: f?.n, categories: c?.n };
}

describe('demo templates on the first embedded start', () => {
  it('seeds each folder as a published template by the demo editor, in its category', async () => {
    expect(await seedDemoData(ctx.db, { templatesDir: demoDir })).toEqual({ seeded: true });

    const [editor] = await ctx.db.select().from(users).where(eq(users.pec, 'editor@pec.demo.it'));
    const rows = await ctx.db
      .select({
        name: templates.name,
        status: templates.status,
        createdBy: templates.createdBy,
        category: categories.name,
        priceCents: templates.priceCents,
        minTime: templates.minTime,
        maxTime: templates.maxTime,
        minQuestions: templates.minQuestions,
        maxQuestions: templates.maxQuestions,
      })
      .from(templates)
      .innerJoin(categories, eq(categories.id, templates.categoryId))
      .orderBy(templates.name);
    expect(rows).toEqual([
      {
        name: 'Accordo di riservatezza',
        status: 'PUBLISHED',
        createdBy: editor?.id,
        category: 'Riservatezza',
        priceCents: 2900,
        minTime: 3,
        maxTime: 4,
        minQuestions: 3,
        maxQuestions: 4,
      },
      {
        name: 'Contratto di locazione abitativa',
        status: 'PUBLISHED',
        createdBy: editor?.id,
        // The existing demo category, whatever the case in template.json.
        category: 'Locazioni',
        priceCents: 4900,
        minTime: 5,
        maxTime: 10,
        minQuestions: 3,
        maxQuestions: 4,
      },
    ]);
    expect(await tableCounts()).toMatchObject({
      templates: 2,
      versions: 2,
      files: 4,
      categories: DEMO_CATEGORIES.length + 1,
    });
  });

  it('is idempotent: seeding the folder again adds nothing', async () => {
    const before = await tableCounts();
    const [editor] = await ctx.db.select().from(users).where(eq(users.pec, 'editor@pec.demo.it'));
    const result = await ctx.db.transaction((tx) =>
      seedDemoTemplates(tx, { dir: demoDir, createdBy: editor?.id ?? '' }),
    );
    expect(result).toEqual({ created: [], skipped: ['locazione-abitativa', 'riservatezza'] });
    expect(await tableCounts()).toEqual(before);
    expect(await seedDemoData(ctx.db, { templatesDir: demoDir })).toEqual({ seeded: false });
    expect(await tableCounts()).toEqual(before);
  });

  it('shows the seeded templates to the demo lawyer, ready for the questionnaire', async () => {
    const [lawyer] = await ctx.db.select().from(users).where(eq(users.pec, 'avvocato@pec.demo.it'));
    if (!lawyer) throw new Error('the demo lawyer was not seeded');
    const list = await ctx.injectAs(lawyer)({ method: 'GET', url: '/api/template' });
    const names = list.json().data.results.map((card: { name: string }) => card.name);
    expect(names.sort()).toEqual(['Accordo di riservatezza', 'Contratto di locazione abitativa']);

    const id = list.json().data.results[0].id;
    const first = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: `/api/contract/questions?type=${id}`,
      payload: {},
    });
    expect(first.json().data.variable).toBe('nome_cliente');
  });

  it('seeds nothing from a missing or empty folder', async () => {
    const before = await tableCounts();
    const empty = path.join(root, 'vuota');
    await mkdir(empty);
    for (const dir of [empty, path.join(root, 'inesistente')]) {
      const result = await ctx.db.transaction((tx) =>
        seedDemoTemplates(tx, { dir, createdBy: '00000000-0000-4000-8000-000000000000' }),
      );
      expect(result).toEqual({ created: [], skipped: [] });
    }
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses a broken demo template, naming its folder, and leaves nothing behind', async () => {
    const brokenDir = path.join(root, 'rotti');
    await writeDemo(
      brokenDir,
      'chiave-sbagliata',
      { name: 'Rotto', description: 'x', category: 'Rotti', price_cents: 100 },
      buildDocx(['Tra {nome_cliente} e {sconosciuto}.']),
    );
    const [editor] = await ctx.db.select().from(users).where(eq(users.pec, 'editor@pec.demo.it'));
    const before = await tableCounts();

    const seeding = ctx.db.transaction((tx) =>
      seedDemoTemplates(tx, { dir: brokenDir, createdBy: editor?.id ?? '' }),
    );
    await expect(seeding).rejects.toBeInstanceOf(DemoTemplateError);
    await expect(seeding).rejects.toThrow(/"chiave-sbagliata".*sconosciuto/);
    expect(await tableCounts()).toEqual(before);
  });

  it('seeds a document set: the companions listed in template.json, in order, with the main document named', async () => {
    const setDir = path.join(root, 'insiemi');
    await writeDemo(setDir, 'incarico', {
      name: 'Conferimento di incarico di prova',
      description: 'Un insieme di documenti.',
      category: 'Incarichi',
      price_cents: 3900,
      document_name: 'Lettera di incarico',
      documents: [
        { name: 'Informativa privacy', file: 'document-2.docx' },
        { name: 'Delega', file: 'document-3.docx' },
      ],
    });
    await writeFile(
      path.join(setDir, 'incarico', 'document-2.docx'),
      buildDocx(['Informativa per {nome_cliente}.']),
    );
    // Built once: a .docx built again may carry another second in its zip entries' dates.
    const delega = buildDocx(['Delega di {nome_cliente}.']);
    await writeFile(path.join(setDir, 'incarico', 'document-3.docx'), delega);
    const [editor] = await ctx.db.select().from(users).where(eq(users.pec, 'editor@pec.demo.it'));
    const result = await ctx.db.transaction((tx) =>
      seedDemoTemplates(tx, { dir: setDir, createdBy: editor?.id ?? '' }),
    );
    expect(result).toEqual({ created: ['incarico'], skipped: [] });
    const [version] = await ctx.db
      .select({ id: templateVersions.id, documentName: templateVersions.documentName })
      .from(templates)
      .innerJoin(templateVersions, eq(templateVersions.id, templates.currentVersionId))
      .where(eq(templates.name, 'Conferimento di incarico di prova'));
    expect(version?.documentName).toBe('Lettera di incarico');
    const companions = await ctx.db
      .select({
        position: templateDocuments.position,
        name: templateDocuments.name,
        bytes: files.bytes,
      })
      .from(templateDocuments)
      .innerJoin(files, eq(files.sha256, templateDocuments.masterSha256))
      .where(eq(templateDocuments.versionId, version?.id ?? ''))
      .orderBy(templateDocuments.position);
    expect(companions.map(({ position, name }) => ({ position, name }))).toEqual([
      { position: 2, name: 'Informativa privacy' },
      { position: 3, name: 'Delega' },
    ]);
    expect(companions[1]?.bytes.equals(delega)).toBe(true);
  });
});
