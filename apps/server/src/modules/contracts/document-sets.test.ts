import { createHash } from 'node:crypto';
import { ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, payments, templateDocuments, templates } from '../../db/schema.ts';
import { extractDocumentText, renderDocx } from '../../documents/render.ts';
import { renderChangesAt } from '../../documents/render-changes.ts';
import { buildDocx, SAMPLE_QUESTIONS } from '../../documents/test-docx.ts';
import { pdfAClaim, pdfPageImageBytes, pdfPages, pdfText } from '../../documents/test-pdf.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  buildMultipart,
  buildTestMaster,
  createTemplateViaApi,
  type MultipartPart,
} from '../templates/test-templates.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  payContract,
  startCompletedContract,
} from './test-contracts.ts';

let ctx: TestContext;
let lawyer: TestUser;
let admin: TestUser;
let editor: TestUser;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [lawyer, admin] = await Promise.all([
    ctx.buildUser({ name: 'Giulia', surname: 'Rossi' }),
    ctx.buildUser({ role: ROLES.admin }),
  ]);
  const created = await createPublishedTemplate(ctx, 'insiemi');
  editor = created.editor;
  categoryId = created.categoryId;
});

afterAll(async () => {
  await ctx.close();
});

/** The main document: the services are written in the cover letter only. */
function buildMainDocument(marker: string): Buffer {
  return buildDocx([
    `CONTRATTO ${marker}`,
    'Tra {nome_cliente} e la controparte.',
    '{#tipo == "Locazione"}',
    'Deposito cauzionale: {deposito}.',
    '{/}',
  ]);
}

function buildCoverLetter(marker: string): Buffer {
  return buildDocx([`LETTERA ${marker}`, 'Gentile {nome_cliente},', 'servizi: {servizi}.']);
}

/** Long enough for three pages: its preview shows its own pages, not the contract's one. */
function buildDelega(marker: string): Buffer {
  const clause =
    'Il delegato potrà compiere ogni atto necessario, ricevere comunicazioni e documenti, sottoscrivere dichiarazioni e istanze in nome e per conto del delegante presso ogni ufficio competente.';
  return buildDocx([
    `DELEGA ${marker}`,
    'Io sottoscritto {nome_cliente} delego il mio avvocato.',
    ...Array.from({ length: 90 }, () => clause),
  ]);
}

/** upload-master with a companion document, as the editor adds one to the set. */
function uploadCompanion(
  documents: unknown[],
  file: { filename: string; content: Buffer },
  fields: Record<string, string> = {},
  questions: unknown = SAMPLE_QUESTIONS,
) {
  const parts: MultipartPart[] = [
    { name: 'questions', value: JSON.stringify(questions) },
    { name: 'documents', value: JSON.stringify(documents) },
    { name: 'document', ...file },
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
  ];
  return ctx.injectAs(editor)({
    method: 'POST',
    url: '/api/template/upload-master',
    ...buildMultipart(parts),
  });
}

/** A published set of three: the contract, «Lettera di accompagnamento» and «Delega». */
async function createPublishedSet(marker: string) {
  const template = await createTemplateViaApi(ctx, editor, {
    categoryId,
    marker,
    master: buildMainDocument(marker),
  });
  const letter = await uploadCompanion(
    [{ name: 'Lettera di accompagnamento' }],
    { filename: `Lettera ${marker}.docx`, content: buildCoverLetter(marker) },
    { file_name: template.file_name },
  );
  expect(letter.statusCode, letter.body).toBe(200);
  const letterFile: string = letter.json().data.document_file_name;
  const delega = await uploadCompanion(
    [{ name: 'Lettera di accompagnamento', file_name: letterFile }, { name: 'Delega' }],
    { filename: `Delega ${marker}.docx`, content: buildDelega(marker) },
    { file_name: template.file_name },
  );
  expect(delega.statusCode, delega.body).toBe(200);
  const delegaFile: string = delega.json().data.document_file_name;
  const saved = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${template.id}`,
    payload: {
      document_name: 'Contratto',
      documents: [
        { name: 'Lettera di accompagnamento', file_name: letterFile },
        { name: 'Delega', file_name: delegaFile },
      ],
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${template.id}/status`,
    payload: { status: 'PUBLISHED' },
  });
  expect(published.statusCode, published.body).toBe(200);
  return { ...template, letterFile, delegaFile, detail: saved.json().data };
}

describe('a template of several documents (authoring)', () => {
  it('lints the companion with the master: an unknown variable names the document, a question used by one document only is no warning', async () => {
    const template = await createTemplateViaApi(ctx, editor, {
      categoryId,
      master: buildMainDocument('lint'),
    });
    const wrong = await uploadCompanion(
      [{ name: 'Procura alle liti' }],
      {
        filename: 'Procura.docx',
        content: buildDocx(['Procura conferita da {nome_clinte}.', 'Servizi: {servizi}.']),
      },
      { file_name: template.file_name },
    );
    expect(wrong.statusCode).toBe(422);
    const errors: string[] = wrong.json().message;
    expect(errors.join('\n')).toContain(
      'Documento 2 «Procura alle liti», corpo, tag «{nome_clinte}»',
    );

    const unusedQuestions = [
      ...SAMPLE_QUESTIONS,
      {
        variable: 'foro',
        question: 'Quale foro?',
        options: ['Roma', 'Milano'],
        required_answers: [],
        is_multiple_selection: false,
      },
    ];
    const right = await uploadCompanion(
      [{ name: 'Procura alle liti' }],
      { filename: 'Procura.docx', content: buildCoverLetter('lint') },
      { file_name: template.file_name },
      unusedQuestions,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.warnings).toEqual([text.documentSets.unusedQuestion('foro')]);
    expect(right.json().data.document_file_name).toMatch(/^[0-9a-f]{64}\.docx$/);
  });

  it('names the companion in the blank finder warnings', async () => {
    const template = await createTemplateViaApi(ctx, editor, {
      categoryId,
      master: buildMainDocument('vuoti'),
    });
    const upload = await uploadCompanion(
      [{ name: 'Delega' }],
      {
        filename: 'Delega.docx',
        content: buildDocx([
          'Io sottoscritto {nome_cliente} nato a ____________ delego.',
          '{servizi}',
        ]),
      },
      { file_name: template.file_name },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const warnings: string[] = upload.json().data.warnings;
    expect(warnings.some((w) => w.startsWith('Documento 2 «Delega», corpo'))).toBe(true);
  });

  it('adds, renames, reorders and removes companions, each change a new version that keeps the old one', async () => {
    const set = await createPublishedSet('autore');
    expect(set.detail).toMatchObject({
      document_name: 'Contratto',
      documents: [
        {
          name: 'Lettera di accompagnamento',
          file_name: set.letterFile,
          file_title: 'Lettera autore.docx',
        },
        { name: 'Delega', file_name: set.delegaFile, file_title: 'Delega autore.docx' },
      ],
    });
    const firstVersion: string = set.detail.version.id;

    const reordered = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${set.id}`,
      payload: {
        documents: [
          { name: 'Delega al deposito', file_name: set.delegaFile },
          { name: 'Lettera di accompagnamento', file_name: set.letterFile },
        ],
      },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.documents.map((d: { name: string }) => d.name)).toEqual([
      'Delega al deposito',
      'Lettera di accompagnamento',
    ]);
    expect(reordered.json().data.version.id).not.toBe(firstVersion);

    const removed = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${set.id}`,
      payload: { documents: [], document_name: null },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ documents: [], document_name: null });

    const kept = await ctx.db
      .select({ position: templateDocuments.position, name: templateDocuments.name })
      .from(templateDocuments)
      .where(eq(templateDocuments.versionId, firstVersion))
      .orderBy(templateDocuments.position);
    expect(kept).toEqual([
      { position: 2, name: 'Lettera di accompagnamento' },
      { position: 3, name: 'Delega' },
    ]);
  });

  it('refuses two documents of one name, the master as a companion, and a companion whose lint fails on save', async () => {
    const set = await createPublishedSet('rifiuti');
    const put = (payload: object) =>
      ctx.injectAs(editor)({ method: 'PUT', url: `/api/template/${set.id}`, payload });
    const twice = await put({
      documents: [
        { name: 'Delega', file_name: set.letterFile },
        { name: 'delega', file_name: set.delegaFile },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json().message)).toContain(text.documentSets.sameNames('delega'));
    const master = await put({ documents: [{ name: 'Copia', file_name: set.file_name }] });
    expect(master.statusCode).toBe(422);
    expect(master.json().message).toBe(text.documentSets.sameFileTwice('Copia'));
    // The letter prints `servizi`: dropping the question leaves it unknown in document 2.
    const questions = SAMPLE_QUESTIONS.filter((q) => q.variable !== 'servizi');
    const broken = await put({ json_questions: questions });
    expect(broken.statusCode).toBe(422);
    expect(JSON.stringify(broken.json().message)).toContain(
      'Documento 2 «Lettera di accompagnamento», corpo, tag «{servizi}»',
    );
  });
});

describe('the files of a document set', () => {
  it("refuses to delete a companion's file while a version uses it", async () => {
    const set = await createPublishedSet('file');
    const response = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template/delete-master',
      payload: { file_name: set.delegaFile },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.templates.fileInUse);
  });
});

describe('publishing a document set', () => {
  it('counts the blanks of every document before publishing, and publishes once confirmed', async () => {
    const template = await createTemplateViaApi(ctx, editor, {
      categoryId,
      master: buildMainDocument('pubblica'),
    });
    const upload = await uploadCompanion(
      [{ name: 'Delega' }],
      {
        filename: 'Delega.docx',
        content: buildDocx(['Io sottoscritto {nome_cliente} nato a ____________.', '{servizi}']),
      },
      { file_name: template.file_name },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const saved = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${template.id}`,
      payload: {
        documents: [{ name: 'Delega', file_name: upload.json().data.document_file_name }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const publish = (confirmBlanks?: boolean) =>
      ctx.injectAs(editor)({
        method: 'PUT',
        url: `/api/template/${template.id}/status`,
        payload: { status: 'PUBLISHED', ...(confirmBlanks ? { confirmBlanks } : {}) },
      });
    const refused = await publish();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(text.documentSets.publishWithBlanks(1));
    expect((await publish(true)).statusCode).toBe(200);
  });
});

describe('GET /api/contract/download/{id} of a document set', () => {
  it('downloads each document of a bought set, and the whole set as a .zip named after its documents', async () => {
    const set = await createPublishedSet('acquisto');
    const id = await startCompletedContract(ctx, lawyer, set.id);
    const get = (query: string, as: TestUser = lawyer) =>
      ctx.injectAs(as)({ method: 'GET', url: `/api/contract/download/${id}${query}` });

    const unpaid = await get('?format=zip');
    expect(unpaid.statusCode).toBe(402);
    await payContract(ctx, lawyer, id);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.contractId, id));
    expect(payment?.amountCents).toBe(6088);

    const date = new Date().toISOString().slice(0, 10);
    const first = await get('');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-disposition']).toContain(
      encodeURIComponent(`Contratto - ${date}.docx`),
    );
    expect(extractDocumentText(first.rawPayload)).toContain('CONTRATTO acquisto');
    expect((await get('?document=1')).rawPayload.equals(first.rawPayload)).toBe(true);

    const letter = await get('?document=2');
    expect(letter.statusCode, letter.body).toBe(200);
    expect(letter.headers['content-disposition']).toContain(
      encodeURIComponent(`Lettera di accompagnamento - ${date}.docx`),
    );
    expect(extractDocumentText(letter.rawPayload)).toContain('servizi: Pulizie e Giardino.');
    const delega = await get('?document=3');
    expect(extractDocumentText(delega.rawPayload)).toContain(
      'Io sottoscritto Mario Rossi delego il mio avvocato.',
    );

    const missing = await get('?document=4');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(text.documentSets.documentNotFound(3));
    const mixed = await get('?format=zip&document=2');
    expect(mixed.statusCode).toBe(400);

    const zip = await get('?format=zip');
    expect(zip.statusCode, zip.body).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain(
      encodeURIComponent(`Contratto acquisto - ${date}.zip`),
    );
    const entries = new PizZip(zip.rawPayload).files;
    expect(Object.keys(entries)).toEqual([
      'Contratto.docx',
      'Lettera di accompagnamento.docx',
      'Delega.docx',
    ]);
    const entry = (name: string) => Buffer.from(entries[name]?.asUint8Array() ?? []);
    expect(entry('Contratto.docx').equals(first.rawPayload)).toBe(true);
    expect(entry('Lettera di accompagnamento.docx').equals(letter.rawPayload)).toBe(true);
    expect(entry('Delega.docx').equals(delega.rawPayload)).toBe(true);

    // The admin's users' contracts download the same set.
    const byAdmin = await get('?document=2', admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(letter.rawPayload)).toBe(true);

    // The archive's card says how many documents the purchase gives.
    const archive = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: '/api/contract?status=COMPLETED',
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const card = archive.json().data.results.find((each: { id: string }) => each.id === id);
    expect(card?.documents_count).toBe(3);
  });

  it('keeps an old template a set of one: its download is the master rendered as before, byte for byte', async () => {
    const { template } = await createPublishedTemplate(ctx, 'vecchio');
    const id = await startCompletedContract(ctx, lawyer, template.id);
    await payContract(ctx, lawyer, id);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.contractId, id));
    const paidAt = payment?.paidAt ?? new Date();
    // What the download rendered before sets: the master, the answers, the payment day.
    const expected = renderDocx(buildTestMaster('vecchio'), FINISHED_ANSWERS, {
      questions: SAMPLE_QUESTIONS,
      now: paidAt,
      changes: renderChangesAt(paidAt),
    });
    const get = (query: string) =>
      ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/download/${id}${query}` });
    const plain = await get('');
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.equals(expected)).toBe(true);
    const archive = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: '/api/contract?status=COMPLETED',
    });
    const card = archive.json().data.results.find((each: { id: string }) => each.id === id);
    expect(card?.documents_count).toBe(1);
    const date = new Date().toISOString().slice(0, 10);
    expect(plain.headers['content-disposition']).toContain(
      encodeURIComponent(`Contratto vecchio - ${date}.docx`),
    );
    expect((await get('?document=1')).rawPayload.equals(expected)).toBe(true);
    expect((await get('?document=2')).statusCode).toBe(404);
    const zip = new PizZip((await get('?format=zip')).rawPayload);
    expect(Object.keys(zip.files)).toEqual(['Contratto vecchio.docx']);

    const [row] = await ctx.db
      .select({ templateId: contracts.templateId })
      .from(contracts)
      .where(eq(contracts.id, id));
    const detail = await ctx.injectAs(editor)({
      method: 'GET',
      url: `/api/template/${row?.templateId}`,
    });
    expect(detail.json().data).toMatchObject({ document_name: null, documents: [] });
    const [stored] = await ctx.db.select().from(templates).where(eq(templates.id, template.id));
    expect(stored?.name).toBe('Contratto vecchio');
  });
});

describe('the preview and the PDF/A of a document set', () => {
  it('shows each document of the set in its own preview, as page pictures', {
    timeout: 120_000,
  }, async () => {
    const set = await createPublishedSet('anteprima');
    const id = await startCompletedContract(ctx, lawyer, set.id);
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.json().data.documents).toEqual([
      { position: 1, name: 'Contratto' },
      { position: 2, name: 'Lettera di accompagnamento' },
      { position: 3, name: 'Delega' },
    ]);
    const preview = (query: string) =>
      ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/preview/${id}${query}` });
    const pictures = async (query: string) => {
      const response = await preview(query);
      expect(response.statusCode, response.body).toBe(200);
      const pages = await pdfPages(response.rawPayload);
      for (const page of pages) expect(page).toEqual({ textItems: 0, images: 1 });
      const images = await pdfPageImageBytes(response.rawPayload);
      return images.map((page) =>
        createHash('sha256')
          .update(page[0] ?? '')
          .digest('hex'),
      );
    };
    const main = await pictures('');
    expect(await pictures('?document=1')).toEqual(main);
    const letter = await pictures('?document=2');
    const delega = await pictures('?document=3');
    expect(main).toHaveLength(1);
    expect(letter).toHaveLength(1);
    expect(letter[0]).not.toBe(main[0]);
    expect(delega.length).toBeGreaterThanOrEqual(3);

    const missing = await preview('?document=4');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(text.documentSets.documentNotFound(3));
  });

  it('downloads a companion document as PDF/A-2b named after it', {
    timeout: 120_000,
  }, async () => {
    const set = await createPublishedSet('pdfa');
    const id = await startCompletedContract(ctx, lawyer, set.id);
    await payContract(ctx, lawyer, id);
    const pdf = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}?document=2&format=pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const date = new Date().toISOString().slice(0, 10);
    expect(pdf.headers['content-disposition']).toContain(
      encodeURIComponent(`Lettera di accompagnamento - ${date}.pdf`),
    );
    expect(pdfAClaim(pdf.rawPayload)).toEqual({ part: '2', conformance: 'B' });
    const words = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(words).toContain('LETTERA pdfa');
    expect(words).toContain('servizi: Pulizie e Giardino.');
  });
});
