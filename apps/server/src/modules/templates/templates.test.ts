import { createHash } from 'node:crypto';
import { ROLES, it as text } from '@lexpath/shared';
import { and, asc, eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, categories, files, templates, templateVersions } from '../../db/schema.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { pdfPages } from '../../documents/test-pdf.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  buildTestMaster,
  buildTestPreview,
  createTemplateViaApi,
  TEST_QUESTIONS,
  uploadMaster,
} from './test-templates.ts';
import { TYPED_QUESTIONS } from './typed-questions.fixture.ts';

let ctx: TestContext;
let admin: TestUser;
let editor: TestUser;
let lawyer: TestUser;
let leases: { id: string; name: string };
let sales: { id: string; name: string };

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, editor, lawyer] = await Promise.all([
    ctx.buildUser({ role: ROLES.admin, name: 'Anna', surname: 'Admin' }),
    ctx.buildUser({ role: ROLES.editor, name: 'Luca', surname: 'Bianchi' }),
    ctx.buildUser(),
  ]);
  const rows = await ctx.db
    .insert(categories)
    .values([{ name: 'Locazioni' }, { name: 'Compravendita' }])
    .returning({ id: categories.id, name: categories.name });
  [leases, sales] = rows as [typeof leases, typeof sales];
});

afterAll(async () => {
  await ctx.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function versionsOf(templateId: string) {
  return ctx.db
    .select()
    .from(templateVersions)
    .where(eq(templateVersions.templateId, templateId))
    .orderBy(asc(templateVersions.createdAt));
}

function auditActions(templateId: string) {
  return ctx.db
    .select({ action: auditLog.action, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'template'), eq(auditLog.targetId, templateId)))
    .orderBy(asc(auditLog.createdAt));
}

function setStatus(id: string, status: string, as: TestUser = editor) {
  return ctx.injectAs(as)({
    method: 'PUT',
    url: `/api/template/${id}/status`,
    payload: { status },
  });
}

function list(query: string, as: TestUser) {
  return ctx.injectAs(as)({ method: 'GET', url: `/api/template${query}` });
}

describe('POST /api/template', () => {
  it('creates a suspended template with version 1, the price in cents and computed ranges', async () => {
    const created = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      marker: 'creazione',
    });

    const detail = await ctx.injectAs(editor)({
      method: 'GET',
      url: `/api/template/${created.id}`,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: created.id,
      name: 'Contratto creazione',
      description: 'Un contratto di prova.',
      price: 49.9,
      price_cents: 4990,
      categoryId: leases,
      status: 'SUSPENDED',
      // A sale skips the deposit question: 3 questions; a lease asks all 4.
      min_questions: 3,
      max_questions: 4,
      min_time: 3,
      max_time: 4,
      stripe_url: 'https://buy.stripe.com/test_123',
      userId: { name: 'Luca', surname: 'Bianchi' },
      file_name: created.file_name,
      preview_name: created.preview_name,
      file_title: 'Master creazione.docx',
      preview_title: 'Anteprima creazione.docx',
      version: { number: 1 },
    });
    expect(detail.json().data.json_questions).toEqual(TEST_QUESTIONS);

    const versions = await versionsOf(created.id);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      masterSha256: sha256(created.master),
      previewSha256: sha256(created.preview),
      createdBy: editor.id,
    });
    expect(await auditActions(created.id)).toEqual([
      { action: 'template.created', actorId: editor.id },
    ]);
  });

  it('creates a template without a preview file: the master serves for it, also after a new master', async () => {
    const master = buildTestMaster('senza anteprima');
    const upload = await uploadMaster(ctx, editor, {
      master: { filename: 'Master senza anteprima.docx', content: master },
      preview: null,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(upload.json().data.preview_name).toBeNull();
    const response = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template',
      payload: {
        name: 'Contratto senza anteprima',
        description: 'Un contratto di prova.',
        categoryId: leases.id,
        price: '49,90',
        json_questions: TEST_QUESTIONS,
        file_name: upload.json().data.file_name,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id;
    expect(response.json().data).toMatchObject({
      file_title: 'Master senza anteprima.docx',
      preview_name: null,
      preview_title: null,
    });
    // The version's preview is the master's bytes: the preview pipeline renders the master.
    const [first] = await versionsOf(id);
    expect(first).toMatchObject({ masterSha256: sha256(master), previewSha256: sha256(master) });

    const newMaster = buildTestMaster('nuovo senza anteprima');
    const again = await uploadMaster(ctx, editor, {
      master: { filename: 'Nuovo master.docx', content: newMaster },
      preview: null,
    });
    const updated = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${id}`,
      payload: { file_name: again.json().data.file_name },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ version: { number: 2 }, preview_name: null });
    const versions = await versionsOf(id);
    expect(versions[1]).toMatchObject({
      masterSha256: sha256(newMaster),
      previewSha256: sha256(newMaster),
    });
  });

  it("drops a template's own preview when PUT sends preview_name null", async () => {
    const created = await createTemplateViaApi(ctx, editor, { categoryId: leases.id });
    const dropped = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { preview_name: null },
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json().data).toMatchObject({ version: { number: 2 }, preview_name: null });
    const versions = await versionsOf(created.id);
    expect(versions[1]?.previewSha256).toBe(sha256(created.master));
  });

  it('refuses the master sent again as its own preview, saying the preview may be left out', async () => {
    const created = await createTemplateViaApi(ctx, editor, { categoryId: leases.id });
    const same = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { preview_name: created.file_name },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(
      "Il master e l'anteprima sono lo stesso file: non serve caricarlo due volte. Lascia vuota l'anteprima e sarà usato il master.",
    );
  });

  it("keeps the editor's own ranges when given", async () => {
    const created = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      body: { min_time: '5', max_time: 15, min_questions: 2, max_questions: '4', price: 120 },
    });
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(row).toMatchObject({
      minTime: 5,
      maxTime: 15,
      minQuestions: 2,
      maxQuestions: 4,
      priceCents: 12000,
    });
  });

  it('validates the fields with the Italian messages of SPEC §5 (400)', async () => {
    const response = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template',
      payload: {
        name: '',
        description: 'x',
        categoryId: leases.id,
        price: 'dieci',
        stripe_url: 'non un url',
        json_questions: TEST_QUESTIONS,
        file_name: `${'a'.repeat(64)}.docx`,
        preview_name: `${'b'.repeat(64)}.docx`,
        min_time: 'tre',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(
      expect.arrayContaining([
        text.validation.required,
        text.validation.notANumber,
        text.validation.url,
      ]),
    );
  });

  it('refuses files that were never uploaded, an unknown category and lint errors (422)', async () => {
    const upload = await uploadMaster(ctx, editor, {
      master: { filename: 'Lint.docx', content: buildTestMaster('lint') },
      preview: { filename: 'Lint anteprima.docx', content: buildTestPreview('lint') },
    });
    const { file_name, preview_name } = upload.json().data;
    const body = {
      name: 'Errato',
      description: 'x',
      categoryId: leases.id,
      price: '10',
      stripe_url: 'https://buy.stripe.com/x',
      json_questions: TEST_QUESTIONS,
      file_name,
      preview_name,
    };
    const post = (payload: object) =>
      ctx.injectAs(editor)({ method: 'POST', url: '/api/template', payload });

    const missingFile = await post({ ...body, file_name: `${'c'.repeat(64)}.docx` });
    expect(missingFile.statusCode).toBe(422);
    expect(missingFile.json().message).toBe(text.templates.fileNotFound('Master'));

    const unknownCategory = await post({
      ...body,
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownCategory.statusCode).toBe(422);
    expect(unknownCategory.json().message).toBe(text.templates.categoryNotFound);

    // The master reads `tipo`, which this list no longer has.
    const lint = await post({ ...body, json_questions: [TEST_QUESTIONS[0], TEST_QUESTIONS[3]] });
    expect(lint.statusCode).toBe(422);
    expect(lint.json().message).toEqual(
      expect.arrayContaining([
        expect.stringContaining(text.documents.lint.unknownVariable('tipo')),
      ]),
    );

    const rows = await ctx.db.select().from(templates).where(eq(templates.name, 'Errato'));
    expect(rows).toEqual([]);
  });

  it('is refused to lawyers (403)', async () => {
    const response = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/template',
      payload: { name: 'Da avvocato' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/template/:id', () => {
  it('makes version 2 when the questions change, leaving version 1 as it was', async () => {
    const created = await createTemplateViaApi(ctx, editor, { categoryId: leases.id });
    const [version1] = await versionsOf(created.id);
    const changed = TEST_QUESTIONS.map((question) =>
      question.variable === 'nome_cliente'
        ? { ...question, options: [...question.options, 'Carla Verdi'] }
        : question,
    );

    const response = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { json_questions: changed },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.version.number).toBe(2);
    expect(response.json().data.json_questions).toEqual(changed);
    const versions = await versionsOf(created.id);
    expect(versions).toHaveLength(2);
    expect(versions[0]).toEqual(version1);
    expect(versions[0]?.jsonQuestions).toEqual(TEST_QUESTIONS);
    const [master1] = await ctx.db
      .select()
      .from(files)
      .where(eq(files.sha256, version1?.masterSha256 ?? ''));
    expect(master1?.bytes.equals(created.master)).toBe(true);
    expect(versions[1]).toMatchObject({
      masterSha256: version1?.masterSha256,
      createdBy: admin.id,
    });
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(row?.currentVersionId).toBe(versions[1]?.id);
    expect((await auditActions(created.id)).map((entry) => entry.action)).toEqual([
      'template.created',
      'template.updated',
    ]);
  });

  it('makes a new version for a new master, none for the other fields', async () => {
    const created = await createTemplateViaApi(ctx, editor, { categoryId: leases.id });
    const before = await ctx.db.select().from(templates).where(eq(templates.id, created.id));

    const fields = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: {
        name: 'Nuovo titolo',
        price: '75',
        categoryId: sales,
        file_name: created.file_name,
        json_questions: TEST_QUESTIONS,
      },
    });
    expect(fields.statusCode, fields.body).toBe(200);
    expect(fields.json().data).toMatchObject({
      name: 'Nuovo titolo',
      price_cents: 7500,
      categoryId: sales,
      version: { number: 1 },
    });
    expect(await versionsOf(created.id)).toHaveLength(1);
    const [after] = await ctx.db.select().from(templates).where(eq(templates.id, created.id));
    expect(after?.updatedAt.getTime()).toBeGreaterThan(before[0]?.updatedAt.getTime() ?? 0);

    const master = buildTestMaster('nuovo master');
    const upload = await uploadMaster(ctx, editor, {
      master: { filename: 'Nuovo master.docx', content: master },
      preview: null,
      fields: { preview_name: created.preview_name },
    });
    const withMaster = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { file_name: upload.json().data.file_name },
    });
    expect(withMaster.json().data).toMatchObject({
      version: { number: 2 },
      file_title: 'Nuovo master.docx',
      preview_name: created.preview_name,
    });
    const versions = await versionsOf(created.id);
    expect(versions.map((version) => version.masterSha256)).toEqual([
      sha256(created.master),
      sha256(master),
    ]);
  });

  it('lints before saving: 422 with the list, no version added', async () => {
    const created = await createTemplateViaApi(ctx, editor, { categoryId: leases.id });
    const broken = TEST_QUESTIONS.filter((question) => question.variable !== 'servizi');
    const response = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { json_questions: broken },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual([
      expect.stringContaining(text.documents.lint.unknownVariable('servizi')),
    ]);
    expect(await versionsOf(created.id)).toHaveLength(1);
  });

  it('answers 404 for an unknown template and 403 to lawyers', async () => {
    const unknown = await ctx.injectAs(editor)({
      method: 'PUT',
      url: '/api/template/00000000-0000-4000-8000-000000000000',
      payload: { name: 'X' },
    });
    expect(unknown.statusCode).toBe(404);
    const created = await createTemplateViaApi(ctx, editor, { categoryId: leases.id });
    const byLawyer = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { name: 'Rubato' },
    });
    expect(byLawyer.statusCode).toBe(403);
  });
});

describe('question keys named like the properties every object inherits', () => {
  const withKey = (variable: string) => [
    ...TEST_QUESTIONS,
    {
      variable,
      question: 'Domanda con una chiave riservata?',
      options: ['Sì', 'No'],
      required_answers: [],
      is_multiple_selection: false,
    },
  ];

  // The fifth question of the list, its key.
  const reserved = (key: string) =>
    text.templates.questionIssue(5, text.questions.keyReserved(key), 'chiave');

  it('refuses them on upload-master, create and update, naming the key (400)', async () => {
    for (const key of ['constructor', '__proto__', 'toString', 'not']) {
      const upload = await uploadMaster(ctx, editor, {
        questions: withKey(key),
        master: { filename: 'Riservata.docx', content: buildTestMaster(`riservata ${key}`) },
        preview: { filename: 'Riservata - anteprima.docx', content: buildTestPreview(key) },
      });
      expect(upload.statusCode, key).toBe(400);
      expect(upload.json().message).toBe(reserved(key));
    }

    const created = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      marker: 'chiavi riservate',
    });
    const create = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template',
      payload: {
        name: 'Chiave riservata',
        description: 'Prova',
        categoryId: leases.id,
        price: '10',
        stripe_url: 'https://buy.stripe.com/x',
        json_questions: withKey('valueOf'),
        file_name: created.file_name,
        preview_name: created.preview_name,
      },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toBe(reserved('valueOf'));
    expect(
      await ctx.db.select().from(templates).where(eq(templates.name, 'Chiave riservata')),
    ).toEqual([]);

    const update = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${created.id}`,
      payload: { json_questions: withKey('hasOwnProperty') },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(reserved('hasOwnProperty'));
    expect(await versionsOf(created.id)).toHaveLength(1);
  });
});

describe('status, delete and the lists', () => {
  let published: string;
  let suspended: string;
  let deleted: string;

  beforeAll(async () => {
    // Its own names, so the list assertions do not depend on the other tests' templates.
    const make = async (name: string, categoryId: string) =>
      (
        await createTemplateViaApi(ctx, editor, {
          categoryId,
          body: { name, description: `Descrizione di ${name}` },
        })
      ).id;
    published = await make('Elenco locazione abitativa', leases.id);
    suspended = await make('Elenco locazione commerciale', leases.id);
    deleted = await make('Elenco compravendita immobile', sales.id);
  });

  it('publishes and suspends (SPEC §4), auditing each change', async () => {
    const publish = await setStatus(published, 'PUBLISHED');
    expect(publish.statusCode).toBe(200);
    expect(publish.json()).toEqual({ data: { id: published, status: 'PUBLISHED' } });
    await setStatus(suspended, 'PUBLISHED', admin);
    await setStatus(suspended, 'SUSPENDED', admin);

    const rows = await ctx.db.select().from(templates).where(eq(templates.id, suspended));
    expect(rows[0]?.status).toBe('SUSPENDED');
    expect((await auditActions(suspended)).map((entry) => entry.action)).toEqual([
      'template.created',
      'template.published',
      'template.suspended',
    ]);
    expect((await setStatus(published, 'ARCHIVIATO')).statusCode).toBe(400);
    expect((await setStatus(published, 'SUSPENDED', lawyer)).statusCode).toBe(403);
  });

  it('asks to confirm the publication of a master that still holds blanks, naming how many', async () => {
    const { id } = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      body: { name: 'Modulo con spazi', description: 'Un modulo ancora da compilare.' },
      master: buildDocx([
        'Il/La sottoscritto/a {nome_cliente}, nato a ________ il ___/___/____.',
        '{#tipo == "Locazione"}',
        'Deposito cauzionale: {deposito}. ☐ SI',
        '{/}',
        'Servizi inclusi: {servizi}.',
      ]),
    });
    const refused = await setStatus(id, 'PUBLISHED');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(text.documents.blanks.publishWithBlanks(5));
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, id));
    expect(row?.status).toBe('SUSPENDED');

    const confirmed = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${id}/status`,
      payload: { status: 'PUBLISHED', confirmBlanks: true },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { id, status: 'PUBLISHED' } });
    // Suspending never asks.
    expect((await setStatus(id, 'SUSPENDED')).statusCode).toBe(200);
  });

  it('shows customers only published templates, whatever status they ask for', async () => {
    for (const query of ['?name=Elenco', '?name=Elenco&status=SUSPENDED']) {
      const response = await list(query, lawyer);
      expect(response.statusCode).toBe(200);
      const { results } = response.json().data;
      expect(results.map((card: { id: string }) => card.id)).toEqual([published]);
      expect(results[0]).not.toHaveProperty('stripe_url');
      expect(results[0]).toMatchObject({
        name: 'Elenco locazione abitativa',
        description: 'Descrizione di Elenco locazione abitativa',
        price: 49.9,
        price_cents: 4990,
        categoryId: leases,
        status: 'PUBLISHED',
        min_questions: 3,
        max_questions: 4,
        userId: { name: 'Luca', surname: 'Bianchi' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        latestVersionAt: expect.any(String),
      });
    }
  });

  it('says on the card whether a list has no maximum, so that its range is no estimate', async () => {
    const unbounded = TYPED_QUESTIONS.map((question) => {
      if (!('max_items' in question)) return question;
      const { max_items: _ceiling, ...rest } = question;
      return rest;
    });
    const open = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      marker: 'elenchi aperti',
      questions: unbounded,
    });
    const bounded = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      marker: 'elenchi chiusi',
      questions: TYPED_QUESTIONS,
    });
    const cards = (await list('?name=elenchi', editor)).json().data.results as {
      id: string;
      open_lists: boolean;
      min_questions: number;
      max_questions: number;
    }[];
    const cardOf = (id: string) => cards.find((card) => card.id === id);
    expect(cardOf(open.id)?.open_lists).toBe(true);
    expect(cardOf(bounded.id)?.open_lists).toBe(false);
    // The ceiling counts a list without a maximum as full: far above what a lawyer answers.
    expect(cardOf(open.id)?.max_questions).toBeGreaterThan(cardOf(bounded.id)?.max_questions ?? 0);
    expect(cardOf(open.id)?.min_questions).toBe(cardOf(bounded.id)?.min_questions);
  });

  it('shows the staff every template with its status, newest first', async () => {
    const response = await list('?name=elenco', editor);
    const { results } = response.json().data;
    expect(results.map((card: { id: string; status: string }) => [card.id, card.status])).toEqual([
      [deleted, 'SUSPENDED'],
      [suspended, 'SUSPENDED'],
      [published, 'PUBLISHED'],
    ]);
    expect(results[0].stripe_url).toBe('https://buy.stripe.com/test_123');
    const onlySuspended = await list('?name=elenco&status=SUSPENDED', admin);
    expect(onlySuspended.json().data.results).toHaveLength(2);
  });

  it('refuses an unknown status filter with the Italian message (400)', async () => {
    const response = await list('?status=ARCHIVIATO', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(text.validation.invalid);
    const published = await list('?name=elenco&status=PUBLISHED', editor);
    expect(published.json().data.results.map((card: { status: string }) => card.status)).toEqual([
      'PUBLISHED',
    ]);
  });

  it('filters by name (case-insensitive, any part) and by category, and pages', async () => {
    const byName = await list('?name=COMMERCIALE', editor);
    expect(byName.json().data.results.map((card: { id: string }) => card.id)).toEqual([suspended]);

    const byCategory = await list(`?name=Elenco&categoryId=${sales.id}`, editor);
    expect(byCategory.json().data.results.map((card: { id: string }) => card.id)).toEqual([
      deleted,
    ]);

    const wildcard = await list('?name=%25', editor);
    expect(wildcard.json().data.results).toEqual([]);

    const firstPage = await list('?name=Elenco&limit=2', editor);
    expect(firstPage.json().data).toMatchObject({ page: 1, totalPages: 2 });
    expect(firstPage.json().data.results).toHaveLength(2);
    const secondPage = await list('?name=Elenco&limit=2&page=2', editor);
    expect(secondPage.json().data.results.map((card: { id: string }) => card.id)).toEqual([
      published,
    ]);
  });

  it('deletes a template: hidden from every list and call, its versions kept', async () => {
    const response = await ctx.injectAs(admin)({
      method: 'DELETE',
      url: `/api/template/${deleted}`,
    });
    expect(response.statusCode).toBe(200);

    const staffList = await list('?name=Elenco', editor);
    expect(staffList.json().data.results.map((card: { id: string }) => card.id)).not.toContain(
      deleted,
    );
    expect(
      (await ctx.injectAs(editor)({ method: 'GET', url: `/api/template/${deleted}` })).statusCode,
    ).toBe(404);
    expect((await setStatus(deleted, 'PUBLISHED')).statusCode).toBe(404);
    expect(
      (await ctx.injectAs(admin)({ method: 'DELETE', url: `/api/template/${deleted}` })).statusCode,
    ).toBe(404);
    expect(await versionsOf(deleted)).toHaveLength(1);
    const [row] = await ctx.db.select().from(templates).where(eq(templates.id, deleted));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect((await auditActions(deleted)).map((entry) => entry.action)).toContain(
      'template.deleted',
    );
    const byLawyer = await ctx.injectAs(lawyer)({
      method: 'DELETE',
      url: `/api/template/${published}`,
    });
    expect(byLawyer.statusCode).toBe(403);
  });
});

function documentXml(docx: Buffer): string {
  return new PizZip(docx).file('word/document.xml')?.asText() ?? '';
}

describe('downloads (admins and editors)', () => {
  let template: Awaited<ReturnType<typeof createTemplateViaApi>>;

  beforeAll(async () => {
    template = await createTemplateViaApi(ctx, editor, {
      categoryId: leases.id,
      body: { name: 'Locazione è perché' },
    });
  });

  it('GET /download/:id answers the master .docx as uploaded, with a UTF-8 file name', async () => {
    const response = await ctx.injectAs(editor)({
      method: 'GET',
      url: `/api/template/download/${template.id}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(response.rawPayload.equals(template.master)).toBe(true);
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="Master .+\.docx"; filename\*=UTF-8''/);
    expect(disposition).toContain("filename*=UTF-8''Master%20");

    const byLawyer = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/template/download/${template.id}`,
    });
    expect(byLawyer.statusCode).toBe(403);
  });

  it('PUT /:id/download-test renders the master with the answers', async () => {
    const response = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/template/${template.id}/download-test`,
      payload: {
        answers: {
          nome_cliente: 'Anna Bianchi',
          tipo: 'Locazione',
          deposito: 'Sì',
          servizi: ['Pulizie', 'Giardino'],
        },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const xml = documentXml(response.rawPayload);
    expect(xml).toContain('Tra Anna Bianchi e la controparte.');
    expect(xml).toContain('Deposito cauzionale: Sì.');
    expect(xml).toContain('Servizi inclusi: Pulizie e Giardino.');
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toContain(
      `filename*=UTF-8''Locazione%20%C3%A8%20perch%C3%A9%20-%20prova%20-%20`,
    );
    expect(disposition).toContain('filename="Locazione e perche - prova - ');
  });

  it('PUT /:id/preview-test draws the preview with the answers as page pictures, as a lawyer sees it', {
    timeout: 90_000,
  }, async () => {
    const response = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${template.id}/preview-test`,
      payload: { answers: { nome_cliente: 'Anna Bianchi', tipo: 'Vendita' } },
    });
    // LibreOffice is a required test component (scripts/install-system-deps.sh installs it).
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toEqual({ textItems: 0, images: 1 });
  });

  it('refuses the preview-test to lawyers (403) and answers it would not accept (422)', async () => {
    const byLawyer = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/template/${template.id}/preview-test`,
      payload: { answers: {} },
    });
    expect(byLawyer.statusCode).toBe(403);
    const wrong = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${template.id}/preview-test`,
      payload: { answers: { nome_cliente: 'Qualcun altro' } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(
      text.questions.answerNotAnOption('Chi è il cliente?', 'Qualcun altro'),
    );
  });

  it('refuses answers the questionnaire would not accept (422)', async () => {
    const response = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/template/${template.id}/download-test`,
      payload: { answers: { nome_cliente: 'Qualcun altro' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      text.questions.answerNotAnOption('Chi è il cliente?', 'Qualcun altro'),
    );
    const byLawyer = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/template/${template.id}/download-test`,
      payload: { answers: {} },
    });
    expect(byLawyer.statusCode).toBe(403);
  });
});
