import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROLES, it as text } from '@lexpath/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, files } from '../../db/schema.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { reviewedMaster } from '../../documents/test-word-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  buildMultipart,
  buildTestMaster,
  buildTestPreview,
  createTemplateViaApi,
  TEST_QUESTIONS,
  uploadMaster,
} from '../templates/test-templates.ts';

let ctx: TestContext;
let admin: TestUser;
let editor: TestUser;
let lawyer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, editor, lawyer] = await Promise.all([
    ctx.buildUser({ role: ROLES.admin }),
    ctx.buildUser({ role: ROLES.editor }),
    ctx.buildUser(),
  ]);
});

afterAll(async () => {
  await ctx.close();
});

async function countFiles(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('POST /api/template/upload-master', () => {
  it('stores a clean master and preview and answers their content-addressed names', async () => {
    const master = buildTestMaster('store');
    const preview = buildTestPreview('store');
    const before = await countFiles();

    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'Locazione.docx', content: master },
      preview: { filename: 'Locazione - anteprima.docx', content: preview },
    });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: {
        file_name: `${sha256(master)}.docx`,
        preview_name: `${sha256(preview)}.docx`,
        warnings: [],
      },
    });
    expect(await countFiles()).toBe(before + 2);
    const [row] = await ctx.db
      .select()
      .from(files)
      .where(eq(files.sha256, sha256(master)));
    expect(row).toMatchObject({ name: 'Locazione.docx', size: master.length });
    expect(row?.bytes.equals(master)).toBe(true);
  });

  it('stores the same bytes once, however often and under whatever name they come', async () => {
    const master = buildTestMaster('twice');
    const preview = buildTestPreview('twice');
    const first = await uploadMaster(ctx, editor, {
      master: { filename: 'Primo.docx', content: master },
      preview: { filename: 'Prima anteprima.docx', content: preview },
    });
    const afterFirst = await countFiles();
    const second = await uploadMaster(ctx, admin, {
      master: { filename: 'Secondo.docx', content: master },
      preview: { filename: 'Seconda anteprima.docx', content: preview },
    });

    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(first.json().data);
    expect(await countFiles()).toBe(afterFirst);
    const rows = await ctx.db
      .select()
      .from(files)
      .where(eq(files.sha256, sha256(master)));
    expect(rows).toHaveLength(1);
  });

  it('answers the lint warnings: questions the master never uses', async () => {
    const questions = [
      ...TEST_QUESTIONS,
      { variable: 'foro', question: 'Quale foro?', options: ['Milano', 'Roma'] },
    ];
    const response = await uploadMaster(ctx, editor, {
      questions,
      master: { filename: 'Con foro.docx', content: buildTestMaster('warn') },
      preview: { filename: 'Con foro anteprima.docx', content: buildTestPreview('warn') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.warnings).toEqual([text.documents.lint.unusedQuestion('foro')]);
  });

  it('answers a warning per paragraph for the blanks a real form leaves in the master', async () => {
    const form = readFileSync(
      fileURLToPath(
        new URL('../../documents/corpus/real/occ-consumatore/document.docx', import.meta.url),
      ),
    );
    const response = await uploadMaster(ctx, editor, {
      questions: TEST_QUESTIONS,
      master: { filename: 'Istanza OCC.docx', content: form },
      preview: { filename: 'Istanza OCC anteprima.docx', content: buildTestPreview('occ') },
    });
    expect(response.statusCode).toBe(200);
    const place = text.documents.lintPlace(
      [text.documents.fileNames.master],
      text.documents.lintParts.body,
    );
    const warnings: string[] = response.json().data.warnings;
    expect(warnings).toContain(
      text.documents.blanks.inParagraph(
        place,
        2,
        'casella «☐», casella «☐»',
        'Presso il quale elegge domicilio ☐ SI ☐ NO',
      ),
    );
    // The creditors' table: its empty rows, quoted by their headings.
    expect(warnings).toContainEqual(
      expect.stringContaining('tabella da compilare «13 righe vuote»'),
    );
    // 27 paragraphs hold blanks (three are tables' headings); the five «Data ____ Firma ____» of
    // the annexes read the same.
    expect(warnings.filter((warning) => warning.startsWith(`${place}: `))).toHaveLength(23);
  });

  it('refuses a master with lint errors with the list of problems (422), storing nothing', async () => {
    const before = await countFiles();
    const master = buildDocx(['Tra {nome_cliente} e {controparte}.', '{#tipo == "Comodato"}x{/}']);

    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'Errato.docx', content: master },
      preview: { filename: 'Errato anteprima.docx', content: buildTestPreview('lint') },
    });

    expect(response.statusCode).toBe(422);
    const { message } = response.json();
    expect(Array.isArray(message)).toBe(true);
    expect(message).toEqual(
      expect.arrayContaining([
        expect.stringContaining(text.documents.lint.unknownVariable('controparte')),
        expect.stringContaining('«Comodato» non è tra le risposte della domanda «tipo»'),
      ]),
    );
    expect(message.every((line: string) => line.startsWith('Master'))).toBe(true);
    expect(await countFiles()).toBe(before);
  });

  it('refuses a master with unaccepted tracked changes (422), storing nothing', async () => {
    const before = await countFiles();
    const response = await uploadMaster(ctx, editor, {
      questions: [
        ...TEST_QUESTIONS,
        { variable: 'importo', question: 'Quale importo?', options: ['1.000', '2.000'] },
      ],
      master: { filename: 'Rivisto.docx', content: reviewedMaster() },
      preview: { filename: 'Rivisto anteprima.docx', content: buildTestPreview('review') },
    });

    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toEqual([text.documents.wordHabits.trackedChanges.master]);
    expect(await countFiles()).toBe(before);
  });

  it('refuses a PDF renamed .docx, and any file not named .docx, storing nothing', async () => {
    const before = await countFiles();
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');

    const renamed = await uploadMaster(ctx, editor, {
      master: { filename: 'Contratto.docx', content: pdf },
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().message).toBe('Master: il file non è un documento Word (.docx).');

    const named = await uploadMaster(ctx, editor, {
      preview: { filename: 'Anteprima.pdf', content: buildTestPreview('pdf') },
    });
    expect(named.statusCode).toBe(422);
    expect(named.json().message).toBe('Anteprima: è necessario inserire un file .docx');
    expect(await countFiles()).toBe(before);
  });

  it('refuses a master and a preview with the same title, or the same content', async () => {
    const before = await countFiles();
    const sameName = await uploadMaster(ctx, editor, {
      master: { filename: 'Contratto.docx', content: buildTestMaster('name') },
      preview: { filename: 'contratto.DOCX', content: buildTestPreview('name') },
    });
    expect(sameName.statusCode).toBe(422);
    expect(sameName.json().message).toBe(
      "Il master e l'anteprima hanno lo stesso titolo: se l'anteprima è il master stesso, non caricarla, perché senza anteprima si usa il master; altrimenti rinomina uno dei due file.",
    );

    const master = buildTestMaster('content');
    const sameContent = await uploadMaster(ctx, editor, {
      master: { filename: 'Master.docx', content: master },
      preview: { filename: 'Anteprima.docx', content: master },
    });
    expect(sameContent.statusCode).toBe(422);
    // The refusal says what to do instead: leave the preview out, the master serves for it.
    expect(sameContent.json().message).toBe(
      "Il master e l'anteprima sono lo stesso file: non serve caricarlo due volte. Lascia vuota l'anteprima e sarà usato il master.",
    );
    expect(await countFiles()).toBe(before);
  });

  it('lints a new master against the stored, unchanged preview named by preview_name', async () => {
    const first = await uploadMaster(ctx, editor, {
      master: { filename: 'V1.docx', content: buildTestMaster('v1') },
      preview: { filename: 'V1 anteprima.docx', content: buildTestPreview('v1') },
    });
    const { preview_name } = first.json().data;
    const master = buildTestMaster('v2');

    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'V2.docx', content: master },
      preview: null,
      fields: { preview_name },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      file_name: `${sha256(master)}.docx`,
      preview_name,
      warnings: [],
    });

    const unknown = await uploadMaster(ctx, editor, {
      preview: null,
      fields: { preview_name: `${'0'.repeat(64)}.docx` },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(text.templates.fileNotFound('Anteprima'));
  });

  it('refuses a question list that is not valid JSON or breaks the rules (400)', async () => {
    const notJson = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template/upload-master',
      ...buildMultipart([{ name: 'questions', value: '[{"variable": ' }]),
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(text.templates.questionsNotJson);

    const duplicate = await uploadMaster(ctx, editor, {
      questions: [TEST_QUESTIONS[0], { ...TEST_QUESTIONS[1], variable: 'nome_cliente' }],
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe(text.questions.keyDuplicate('nome_cliente'));

    const missing = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template/upload-master',
      ...buildMultipart([]),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(text.templates.questionsRequired);
  });

  it('refuses a file over 10 MB (413) and a fourth file (413)', async () => {
    const huge = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const tooLarge = await uploadMaster(ctx, editor, {
      master: { filename: 'Enorme.docx', content: huge },
      preview: null,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('Master: il file supera la dimensione massima di 10 MB.');

    const docx = { filename: 'Altro.docx', content: buildTestPreview('third') };
    const third = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template/upload-master',
      ...buildMultipart([
        { name: 'questions', value: JSON.stringify(TEST_QUESTIONS) },
        { name: 'master', ...docx },
        { name: 'preview', ...docx, filename: 'Altro 2.docx' },
        { name: 'preview', ...docx, filename: 'Altro 3.docx' },
        { name: 'document', ...docx, filename: 'Altro 4.docx' },
      ]),
    });
    expect(third.statusCode).toBe(413);
    expect(third.json().message).toBe(text.templates.tooManyFiles);
  });

  it('answers 415 to a body that is not multipart', async () => {
    const response = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template/upload-master',
      payload: { questions: TEST_QUESTIONS },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(text.templates.multipartExpected);
  });

  it('is for admins and editors only: a lawyer gets 403 and stores nothing', async () => {
    const before = await countFiles();
    const response = await uploadMaster(ctx, lawyer, {
      master: { filename: 'Avvocato.docx', content: buildTestMaster('lawyer') },
      preview: { filename: 'Avvocato anteprima.docx', content: buildTestPreview('lawyer') },
    });
    expect(response.statusCode).toBe(403);
    expect(await countFiles()).toBe(before);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/template/upload-master',
      ...buildMultipart([{ name: 'questions', value: '[]' }]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/template/delete-master', () => {
  function deleteMaster(fileName: string, as: TestUser = editor) {
    return ctx.injectAs(as)({
      method: 'POST',
      url: '/api/template/delete-master',
      payload: { file_name: fileName },
    });
  }

  it('deletes an uploaded file that no template uses', async () => {
    const upload = await uploadMaster(ctx, editor, {
      master: { filename: 'Scartato.docx', content: buildTestMaster('discard') },
      preview: { filename: 'Scartato anteprima.docx', content: buildTestPreview('discard') },
    });
    const { file_name } = upload.json().data;

    const response = await deleteMaster(file_name);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { file_name } });
    const rows = await ctx.db
      .select()
      .from(files)
      .where(eq(files.sha256, file_name.slice(0, 64)));
    expect(rows).toEqual([]);
    expect((await deleteMaster(file_name)).statusCode).toBe(404);
  });

  it('refuses a file a template version uses (409), and lawyers (403)', async () => {
    const [category] = await ctx.db.insert(categories).values({ name: 'Contratti' }).returning();
    const template = await createTemplateViaApi(ctx, editor, { categoryId: category?.id ?? '' });

    const response = await deleteMaster(template.preview_name);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.templates.fileInUse);
    expect((await deleteMaster(template.file_name, lawyer)).statusCode).toBe(403);
    const rows = await ctx.db
      .select()
      .from(files)
      .where(eq(files.sha256, template.preview_name.slice(0, 64)));
    expect(rows).toHaveLength(1);
  });

  it('refuses a name that is not one of ours (400), never touching a path', async () => {
    const response = await deleteMaster('../../etc/passwd');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(text.templates.fileNameInvalid);
  });
});
