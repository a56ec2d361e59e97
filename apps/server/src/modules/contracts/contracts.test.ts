import { createHash } from 'node:crypto';
import { ROLES, it as text } from '@lexpath/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { auditLog, contracts, payments, templates, templateVersions } from '../../db/schema.ts';
import { inProcessDocuments } from '../../documents/document-pool.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { extractDocumentText } from '../../documents/render.ts';
import { buildDocx, buildSampleContract } from '../../documents/test-docx.ts';
import { pdfAClaim, pdfPageImageBytes, pdfPages, pdfText } from '../../documents/test-pdf.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { storeFile } from '../files/files.service.ts';
import {
  buildTestMaster,
  buildTestPreview,
  createTemplateViaApi,
  uploadMaster,
} from '../templates/test-templates.ts';
import {
  CONDUTTORE,
  TYPED_ANSWERS,
  TYPED_QUESTIONS,
} from '../templates/typed-questions.fixture.ts';
import { downloadContract } from './contract-documents.service.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
  startContract,
} from './test-contracts.ts';

let ctx: TestContext;
let lawyer: TestUser;
let other: TestUser;
let admin: TestUser;
let editor: TestUser;
let templateId: string;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [lawyer, other, admin] = await Promise.all([
    ctx.buildUser({ name: 'Giulia', surname: 'Rossi' }),
    ctx.buildUser({ name: 'Luca', surname: 'Verdi' }),
    ctx.buildUser({ role: ROLES.admin }),
  ]);
  const created = await createPublishedTemplate(ctx, 'contratti');
  templateId = created.template.id;
  categoryId = created.categoryId;
  editor = created.editor;
});

afterAll(async () => {
  await ctx.close();
});

function save(as: TestUser, id: string, payload: object) {
  return ctx.injectAs(as)({ method: 'PUT', url: `/api/contract/${id}`, payload });
}

describe('PUT /api/contract/ (start)', () => {
  it('starts a contract on the current version of a published template, with no answers', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    const [template] = await ctx.db.select().from(templates).where(eq(templates.id, templateId));
    expect(row).toMatchObject({
      userId: lawyer.id,
      templateId,
      templateVersionId: template?.currentVersionId,
      status: 'TO_COMPLETE',
      answers: {},
    });
  });

  it('refuses a suspended template to a lawyer (404) and a missing type (400)', async () => {
    await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}/status`,
      payload: { status: 'SUSPENDED' },
    });
    const suspended = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: '/api/contract',
      payload: { type: templateId },
    });
    await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}/status`,
      payload: { status: 'PUBLISHED' },
    });
    expect(suspended.statusCode).toBe(404);
    const missing = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: '/api/contract',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(text.contracts.typeRequired);
  });
});

describe('a draft only from the first answer (issue 12)', () => {
  /** The lawyer's contracts in the database. */
  async function rowsOf(user: TestUser) {
    return ctx.db.select().from(contracts).where(eq(contracts.userId, user.id));
  }

  it('creates no contract for a catalogue click with no answer, and one holding the first answer', async () => {
    const clicker = await ctx.buildUser({ surname: 'Indecisa' });
    const as = ctx.injectAs(clicker);
    // What the catalogue and the questionnaire's first step ask of the server.
    const catalogue = await as({ method: 'GET', url: '/api/template?status=PUBLISHED' });
    expect(catalogue.statusCode, catalogue.body).toBe(200);
    const first = await as({
      method: 'POST',
      url: `/api/contract/questions?type=${templateId}`,
      payload: {},
    });
    expect(first.statusCode, first.body).toBe(200);
    const question = first.json().data as { variable: string; options: string[] };
    expect(await rowsOf(clicker)).toEqual([]);

    const answer = { [question.variable]: question.options[0] ?? '' };
    const started = await as({
      method: 'PUT',
      url: '/api/contract/',
      payload: { type: templateId, answers: answer },
    });
    expect(started.statusCode, started.body).toBe(200);
    const rows = await rowsOf(clicker);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: started.json().data.id,
      status: 'TO_COMPLETE',
      answers: answer,
    });
  });

  it('refuses a first answer the questionnaire does not allow (422) and creates nothing', async () => {
    const clicker = await ctx.buildUser({ surname: 'Sbagliata' });
    const response = await ctx.injectAs(clicker)({
      method: 'PUT',
      url: '/api/contract/',
      payload: { type: templateId, answers: { nome_cliente: 'Chiunque' } },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      text.questions.answerNotAnOption('Chi è il cliente?', 'Chiunque'),
    );
    expect(await rowsOf(clicker)).toEqual([]);
  });

  it("leaves drafts out of the admin's users' contracts by default, and lists them when asked", async () => {
    const { template } = await createPublishedTemplate(ctx, 'bozze admin');
    const owner = await ctx.buildUser({ surname: 'Bozzetti' });
    const draft = await startContract(ctx, owner, template.id);
    const generated = await startCompletedContract(ctx, owner, template.id);
    const list = async (query: string) => {
      const response = await ctx.injectAs(admin)({
        method: 'GET',
        url: `/api/contract?userActive=true&name=bozze%20admin${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.results as { id: string; status: string }[];
    };
    const byDefault = await list('');
    expect(byDefault.map((card) => card.id)).toEqual([generated]);
    expect(byDefault.filter((card) => card.status === 'TO_COMPLETE')).toEqual([]);
    expect((await list('&status=TO_COMPLETE')).map((card) => card.id)).toEqual([draft]);
    // The lawyer's own list is unchanged: every document, drafts included.
    const own = await ctx.injectAs(owner)({ method: 'GET', url: '/api/contract' });
    expect(
      own
        .json()
        .data.results.map((card: { id: string }) => card.id)
        .sort(),
    ).toEqual([draft, generated].sort());
  });
});

describe('PUT /api/contract/{id} (answers and status)', () => {
  it('saves allowed answers and completes the finished questionnaire', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    const partial = await save(lawyer, id, { answers: { nome_cliente: 'Mario Rossi' } });
    expect(partial.statusCode, partial.body).toBe(200);
    const early = await save(lawyer, id, { status: 'COMPLETED' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(text.contracts.notFinished);
    const done = await save(lawyer, id, { answers: FINISHED_ANSWERS, status: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ status: 'COMPLETED', answers: FINISHED_ANSWERS });
  });

  it('refuses answers the questionnaire does not allow (422, in Italian)', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    const cases: [Record<string, unknown>, string][] = [
      [
        { nome_cliente: 'Chiunque' },
        text.questions.answerNotAnOption('Chi è il cliente?', 'Chiunque'),
      ],
      [{ inventata: 'Sì' }, text.questions.answerUnknownQuestion('inventata')],
      [{ servizi: 'Pulizie' }, text.questions.answerListExpected('Quali servizi sono inclusi?')],
    ];
    for (const [answers, message] of cases) {
      const response = await save(lawyer, id, { answers });
      expect(response.statusCode, JSON.stringify(answers)).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row?.answers).toEqual({});
  });

  it('refuses answers keyed __proto__ or like another inherited property, changing nothing', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    const kept = await save(lawyer, id, { answers: { nome_cliente: 'Mario Rossi' } });
    expect(kept.statusCode, kept.body).toBe(200);
    const raw = (body: string) =>
      ctx.injectAs(lawyer)({
        method: 'PUT',
        url: `/api/contract/${id}`,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    // JSON.parse makes `__proto__` an own key: the body is refused before it reaches the rules.
    const poisoned = await raw(
      '{"answers": {"__proto__": {"tipo": "Vendita"}}, "status": "COMPLETED"}',
    );
    expect(poisoned.statusCode).toBe(400);
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await raw(
        `{"answers": {"nome_cliente": "Mario Rossi", "${name}": "Vendita"}}`,
      );
      expect(response.statusCode, name).toBe(422);
      expect(response.json().message).toBe(text.questions.answerUnknownQuestion(name));
    }
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ answers: { nome_cliente: 'Mario Rossi' }, status: 'TO_COMPLETE' });
  });

  it('drops answers that earlier answers now hide (a sale has no deposit)', async () => {
    const id = await startContract(ctx, lawyer, templateId);
    const response = await save(lawyer, id, {
      answers: { ...FINISHED_ANSWERS, tipo: 'Vendita' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row?.answers).toEqual({
      nome_cliente: 'Mario Rossi',
      tipo: 'Vendita',
      servizi: ['Pulizie', 'Giardino'],
    });
  });
});

describe('GET /api/contract and /api/contract/{id}', () => {
  it("lists the caller's own contracts, newest first, with total price and owner", async () => {
    const first = await startCompletedContract(ctx, other, templateId);
    const second = await startContract(ctx, other, templateId);
    const response = await ctx.injectAs(other)({ method: 'GET', url: '/api/contract' });
    expect(response.statusCode, response.body).toBe(200);
    const { results, page, totalPages } = response.json().data;
    expect(results.map((card: { id: string }) => card.id)).toEqual([second, first]);
    expect(page).toBe(1);
    expect(totalPages).toBe(1);
    expect(results[1]).toMatchObject({
      name: 'Contratto contratti',
      title: 'Contratto contratti',
      type: templateId,
      status: 'COMPLETED',
      answers_count: 4,
      price: SAMPLE_TOTAL,
      paymentId: null,
      userId: { name: 'Luca', surname: 'Verdi' },
    });
    const completed = await ctx.injectAs(other)({
      method: 'GET',
      url: `/api/contract?status=COMPLETED&name=CONTRATTI&categoryId=${categoryId}`,
    });
    expect(completed.json().data.results.map((card: { id: string }) => card.id)).toEqual([first]);
    const noMatch = await ctx.injectAs(other)({ method: 'GET', url: '/api/contract?name=zzz' });
    expect(noMatch.json().data.results).toEqual([]);
  });

  it("shows admins everyone's contracts with userActive=true", async () => {
    const id = await startCompletedContract(ctx, other, templateId);
    const own = await ctx.injectAs(admin)({ method: 'GET', url: '/api/contract' });
    expect(own.json().data.results).toEqual([]);
    const all = await ctx.injectAs(admin)({
      method: 'GET',
      url: '/api/contract?userActive=true&limit=1000',
    });
    expect(all.json().data.results.map((card: { id: string }) => card.id)).toContain(id);
    const detail = await ctx.injectAs(admin)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode).toBe(200);
  });

  it("finds the admin's documents by the lawyer's name, surname or both, not a lawyer's own by name", async () => {
    const { template } = await createPublishedTemplate(ctx, 'ricerca avvocato');
    const owner = await ctx.buildUser({ name: 'Ottavio', surname: 'Quintavalle' });
    const id = await startCompletedContract(ctx, owner, template.id);
    for (const name of ['ottavio', 'QUINTAVALLE', 'Ottavio Quintavalle', 'ricerca avvocato']) {
      const response = await ctx.injectAs(admin)({
        method: 'GET',
        url: `/api/contract?userActive=true&name=${encodeURIComponent(name)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json().data.results.map((card: { id: string }) => card.id);
      expect(ids, name).toEqual([id]);
      expect(response.json().data.totalPages).toBe(1);
    }
    const own = await ctx.injectAs(owner)({ method: 'GET', url: '/api/contract?name=Ottavio' });
    expect(own.json().data.results).toEqual([]);
  });

  it('sorts the whole list before paging: two pages by surname ascending', async () => {
    const { template } = await createPublishedTemplate(ctx, 'ordinamento');
    // Created in an order that is neither alphabetical nor its reverse.
    for (const surname of ['Esposito', 'amato', 'Zanetti', 'Bruno']) {
      const owner = await ctx.buildUser({ name: 'Anna', surname });
      await startCompletedContract(ctx, owner, template.id);
    }
    const pageOf = async (page: number) => {
      const response = await ctx.injectAs(admin)({
        method: 'GET',
        url: `/api/contract?userActive=true&name=ordinamento&sort=surname&order=asc&limit=2&page=${page}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      expect(data.totalPages).toBe(2);
      return data.results.map((card: { userId: { surname: string } }) => card.userId.surname);
    };
    expect([...(await pageOf(1)), ...(await pageOf(2))]).toEqual([
      'amato',
      'Bruno',
      'Esposito',
      'Zanetti',
    ]);
  });

  it('puts unpaid documents last when sorting by payment date, either way', async () => {
    const { template } = await createPublishedTemplate(ctx, 'pagamenti');
    const owner = await ctx.buildUser({ surname: 'Pagante' });
    const unpaid = await startCompletedContract(ctx, owner, template.id);
    const paid = await startCompletedContract(ctx, owner, template.id);
    await payContract(ctx, owner, paid);
    for (const order of ['asc', 'desc']) {
      const response = await ctx.injectAs(admin)({
        method: 'GET',
        url: `/api/contract?userActive=true&name=pagamenti&sort=payment_date&order=${order}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const ids = response.json().data.results.map((card: { id: string }) => card.id);
      expect(ids).toEqual([paid, unpaid]);
    }
  });

  it('refuses an unknown sort column or direction with a 400 in Italian and nothing else', async () => {
    const badSort = await ctx.injectAs(admin)({
      method: 'GET',
      url: '/api/contract?userActive=true&sort=password',
    });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: text.contracts.sortInvalid,
    });
    const badOrder = await ctx.injectAs(admin)({
      method: 'GET',
      url: '/api/contract?userActive=true&sort=surname&order=up',
    });
    expect(badOrder.statusCode).toBe(400);
    expect(badOrder.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: text.contracts.orderInvalid,
    });
  });

  it('details the answers in question order with the price the cart shows', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    const response = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    // Beyond the SPEC fields, `dependence` tells what a change in the summary costs (issue 11):
    // every answer of these multiple-choice questions keeps the SPEC rule.
    expect(data.detailed_answers).toEqual([
      {
        variable: 'nome_cliente',
        question: 'Chi è il cliente?',
        given_answer: 'Mario Rossi',
        dependence: 'answer',
      },
      {
        variable: 'tipo',
        question: 'Che contratto è?',
        given_answer: 'Locazione',
        dependence: 'answer',
      },
      {
        variable: 'deposito',
        question: 'È previsto un deposito cauzionale?',
        given_answer: 'Sì',
        dependence: 'answer',
      },
      {
        variable: 'servizi',
        question: 'Quali servizi sono inclusi?',
        given_answer: ['Pulizie', 'Giardino'],
        dependence: 'answer',
      },
    ]);
    expect(data.templateId).toMatchObject({ id: templateId, price: 49.9, total: SAMPLE_TOTAL });
    expect(data.paymentId).toBeNull();
    expect(data.title).toBe('Contratto contratti');
  });
});

describe('another user', () => {
  it("gets 404 on every route of someone else's contract", async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    const { paymentId } = await payContract(ctx, lawyer, id);
    const as = ctx.injectAs(other);
    const responses = await Promise.all([
      as({ method: 'GET', url: `/api/contract/${id}` }),
      as({ method: 'PUT', url: `/api/contract/${id}`, payload: { answers: {} } }),
      as({ method: 'GET', url: `/api/contract/preview/${id}` }),
      as({ method: 'GET', url: `/api/contract/download/${id}` }),
      as({ method: 'POST', url: '/api/payment/local-checkout', payload: { contractId: id } }),
      as({
        method: 'POST',
        url: '/api/payment',
        payload: { transactionId: 'local_x', price: SAMPLE_TOTAL, contractId: id },
      }),
      as({ method: 'GET', url: `/api/payment/${paymentId}` }),
      as({ method: 'GET', url: '/api/contract/not-a-uuid' }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).toBe(text.errors.notFound);
    }
    const list = await as({ method: 'GET', url: '/api/contract?limit=1000' });
    expect(list.json().data.results.map((card: { id: string }) => card.id)).not.toContain(id);
  });
});

describe("an admin and a user's bought document", () => {
  it("downloads it from the users' contracts, recorded in the audit log; never before payment", async () => {
    const unpaid = await startCompletedContract(ctx, lawyer, templateId);
    const refused = await ctx.injectAs(admin)({
      method: 'GET',
      url: `/api/contract/download/${unpaid}`,
    });
    expect(refused.statusCode, refused.body).toBe(402);

    const id = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, id);
    const own = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/download/${id}` });
    const asAdmin = await ctx.injectAs(admin)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.headers['content-type']).toContain('wordprocessingml');
    expect(asAdmin.rawPayload.equals(own.rawPayload)).toBe(true);

    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.targetType, 'contract'),
          eq(auditLog.targetId, id),
          // The owner's saves are audited too (which questions changed).
          eq(auditLog.action, 'contract.downloaded-by-admin'),
        ),
      );
    expect(audited).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: 'contract.downloaded-by-admin',
        details: { ownerId: lawyer.id },
      }),
    ]);

    const asEditor = await ctx.injectAs(editor)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    // Editors have no users' contracts screen: refused by role, whoever owns the document.
    expect(asEditor.statusCode).toBe(403);
  });
});

describe('the purchase', () => {
  it('goes from answers to a paid download holding the answers', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    const before = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    expect(before.statusCode).toBe(402);
    expect(before.json().message).toBe(text.contracts.paymentRequired);

    const { paymentId, sessionId } = await payContract(ctx, lawyer, id);
    const payment = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/payment/${paymentId}` });
    expect(payment.json().data).toMatchObject({
      id: paymentId,
      price: SAMPLE_TOTAL,
      transactionId: sessionId,
      contractId: id,
    });
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.json().data.paymentId).toMatchObject({ id: paymentId, price: SAMPLE_TOTAL });
    const payed = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: '/api/contract?payed=true&limit=1000',
    });
    const payedCards: { id: string; paymentId: unknown }[] = payed.json().data.results;
    expect(payedCards.map((card) => card.id)).toContain(id);
    expect(payedCards.every((card) => card.paymentId !== null)).toBe(true);
    const all = await ctx.injectAs(lawyer)({ method: 'GET', url: '/api/contract?limit=1000' });
    expect(all.json().data.results.length).toBeGreaterThan(payedCards.length);

    const download = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(download.headers['content-type']).toContain('wordprocessingml');
    const date = new Date().toISOString().slice(0, 10);
    expect(download.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Contratto contratti - ${date}.docx`)}`,
    );
    const documentText = extractDocumentText(download.rawPayload);
    expect(documentText).toContain('Tra Mario Rossi e la controparte.');
    expect(documentText).toContain('Deposito cauzionale: Sì.');
    expect(documentText).toContain('Servizi inclusi: Pulizie e Giardino.');
  });

  it('locks the answers of a paid contract (409)', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, id);
    const changed = await save(lawyer, id, {
      answers: { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(text.contracts.paidLocked);
    const reopened = await save(lawyer, id, { status: 'TO_COMPLETE' });
    expect(reopened.statusCode).toBe(409);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ status: 'COMPLETED', answers: FINISHED_ANSWERS });
  });

  it('downloads byte-identical after the template is edited', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, id);
    const download = () =>
      ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/download/${id}` });
    const before = await download();
    const upload = await uploadMaster(ctx, editor, {
      master: { filename: 'Nuovo master.docx', content: buildTestMaster('MODIFICATO') },
      preview: { filename: 'Nuova anteprima.docx', content: buildTestPreview('MODIFICATO') },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const edited = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${templateId}`,
      payload: upload.json().data,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await download();
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
    expect(extractDocumentText(after.rawPayload)).not.toContain('MODIFICATO');
  });
});

describe('GET /api/contract/preview/{id}', () => {
  it('answers 503 with an Italian message when LibreOffice is missing', async () => {
    const pdfPool = createPdfPool({ sofficePath: '/nonexistent/soffice' });
    const app = await buildApp({ config: ctx.config, db: ctx.db, pdfPool });
    try {
      const id = await startCompletedContract(ctx, lawyer, templateId);
      const response = await app.inject({
        method: 'GET',
        url: `/api/contract/preview/${id}`,
        headers: await ctx.authHeaders(lawyer),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(text.documents.previewUnavailable);
    } finally {
      await app.close();
      await pdfPool.close();
    }
  });

  it('renders the pinned preview as PDF with the real LibreOffice', {
    timeout: 90_000,
  }, async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    const response = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/preview/${id}`,
    });
    // LibreOffice is a required test component (scripts/install-system-deps.sh installs it).
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
  });

  it('sends the preview as page pictures: no text to copy, one image a page', {
    timeout: 90_000,
  }, async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    const response = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/preview/${id}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect(page).toEqual({ textItems: 0, images: 1 });
  });

  it("draws the lawyer's own answers: another client's name, another picture", {
    timeout: 90_000,
  }, async () => {
    const pictureOf = async (answers: object) => {
      const id = await startContract(ctx, lawyer, templateId);
      const saved = await save(lawyer, id, { answers, status: 'COMPLETED' });
      expect(saved.statusCode, saved.body).toBe(200);
      const response = await ctx.injectAs(lawyer)({
        method: 'GET',
        url: `/api/contract/preview/${id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [firstPage] = await pdfPageImageBytes(response.rawPayload);
      return createHash('sha256')
        .update(firstPage?.[0] ?? '')
        .digest('hex');
    };
    const rossi = await pictureOf(FINISHED_ANSWERS);
    const bianchi = await pictureOf({ ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' });
    expect(bianchi).not.toBe(rossi);
  });
});

describe('GET /api/contract/download/{id}?format=pdf', () => {
  it('refuses the PDF/A before payment (402)', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    const response = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}?format=pdf`,
    });
    expect(response.statusCode, response.body).toBe(402);
    expect(response.json().message).toBe(text.contracts.paymentRequired);
  });

  it('downloads the bought document as PDF/A-2b named from the title and date; the .docx as before', {
    timeout: 90_000,
  }, async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, id);
    const date = new Date().toISOString().slice(0, 10);

    const pdf = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}?format=pdf`,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Contratto contratti - ${date}.pdf`)}`,
    );
    expect(pdfAClaim(pdf.rawPayload)).toEqual({ part: '2', conformance: 'B' });
    expect(await pdfText(pdf.rawPayload)).toContain('Tra Mario Rossi e la controparte.');

    const docx = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}?format=docx`,
    });
    expect(docx.statusCode, docx.body).toBe(200);
    expect(docx.headers['content-type']).toContain('wordprocessingml');
    expect(docx.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`Contratto contratti - ${date}.docx`)}`,
    );
    expect(extractDocumentText(docx.rawPayload)).toContain('Tra Mario Rossi e la controparte.');
  });

  it('refuses an unknown format (400)', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, id);
    const response = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}?format=odt`,
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('a template saved before keys like constructor or toString were refused', () => {
  const legacyQuestions = [
    {
      variable: 'constructor',
      question: 'È prevista una clausola penale?',
      options: ['Sì', 'No'],
      required_answers: [],
      is_multiple_selection: false,
    },
    {
      variable: 'toString',
      question: 'Come si calcola la penale?',
      options: ['A forfait', 'Per giorno di ritardo'],
      required_answers: [{ constructor: 'Sì' }],
      is_multiple_selection: false,
    },
    {
      variable: 'valueOf',
      question: 'Quali allegati?',
      options: ['Planimetria', 'Inventario'],
      required_answers: [],
      is_multiple_selection: true,
    },
  ];
  const legacyMaster = buildDocx([
    'CONTRATTO CON CHIAVI STORICHE',
    'Penale: [{constructor}]',
    'Calcolo: [{toString}]',
    'Allegati: [{valueOf}]',
    '{#constructor == "Sì"}La penale si applica.{/}',
  ]);
  let legacyId: string;

  beforeAll(async () => {
    // As such a template was stored: the list never went through today's schema or lint.
    const created = await createPublishedTemplate(ctx, 'chiavi storiche');
    legacyId = created.template.id;
    const masterSha256 = await storeFile(ctx.db, { name: 'Storico.docx', bytes: legacyMaster });
    const previewSha256 = await storeFile(ctx.db, {
      name: 'Storico - anteprima.docx',
      bytes: buildSampleContract(1),
    });
    const [version] = await ctx.db
      .insert(templateVersions)
      .values({
        templateId: legacyId,
        masterSha256,
        previewSha256,
        masterName: 'Storico.docx',
        previewName: 'Storico - anteprima.docx',
        jsonQuestions: legacyQuestions,
        createdBy: created.editor.id,
      })
      .returning({ id: templateVersions.id });
    await ctx.db
      .update(templates)
      .set({ currentVersionId: version?.id ?? null })
      .where(eq(templates.id, legacyId));
  });

  async function askedQuestions(choose: Record<string, string | string[]>) {
    const answers: Record<string, string | string[]> = {};
    const asked: string[] = [];
    for (let step = 0; step <= legacyQuestions.length; step += 1) {
      const response = await ctx.injectAs(lawyer)({
        method: 'POST',
        url: `/api/contract/questions?type=${legacyId}`,
        payload: answers,
      });
      expect(response.statusCode, response.body).toBe(200);
      const next = response.json().data;
      if (next === null) return asked;
      asked.push(next.variable);
      answers[next.variable] = choose[next.variable] ?? '';
    }
    return asked;
  }

  it('asks each of those questions exactly once, following their conditions', async () => {
    expect(
      await askedQuestions({
        constructor: 'Sì',
        toString: 'A forfait',
        valueOf: ['Planimetria'],
      }),
    ).toEqual(['constructor', 'toString', 'valueOf']);
    expect(await askedQuestions({ constructor: 'No', valueOf: ['Inventario'] })).toEqual([
      'constructor',
      'valueOf',
    ]);
  });

  it('saves, details and renders their answers, never "[object Object]"', async () => {
    const answers = {
      constructor: 'Sì',
      toString: 'A forfait',
      valueOf: ['Planimetria', 'Inventario'],
    };
    const id = await startContract(ctx, lawyer, legacyId);
    const saved = await save(lawyer, id, { answers, status: 'COMPLETED' });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json()
        .data.detailed_answers.map((answer: { variable: string; given_answer: unknown }) => [
          answer.variable,
          answer.given_answer,
        ]),
    ).toEqual(Object.entries(answers));

    await payContract(ctx, lawyer, id);
    const download = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(extractDocumentText(download.rawPayload)).toBe(
      [
        'CONTRATTO CON CHIAVI STORICHE',
        'Penale: [Sì]',
        'Calcolo: [A forfait]',
        'Allegati: [Planimetria e Inventario]',
        'La penale si applica.',
      ].join('\n'),
    );
  });

  it('leaves a question the answers hide empty in the document and in the detail', async () => {
    const id = await startContract(ctx, lawyer, legacyId);
    const saved = await save(lawyer, id, {
      answers: { constructor: 'No', valueOf: ['Inventario'] },
      status: 'COMPLETED',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail.json().data.detailed_answers.map((answer: { variable: string }) => answer.variable),
    ).toEqual(['constructor', 'valueOf']);

    const test = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/template/${legacyId}/download-test`,
      payload: { answers: { valueOf: ['Inventario'] } },
    });
    expect(test.statusCode, test.body).toBe(200);
    expect(extractDocumentText(test.rawPayload)).toBe(
      [
        'CONTRATTO CON CHIAVI STORICHE',
        'Penale: []',
        'Calcolo: []',
        'Allegati: [Inventario]',
        // The clause the answers leave out leaves no empty paragraph behind (issue 12).
      ].join('\n'),
    );
  });
});

describe('a bought document that prints {oggi}', () => {
  it('prints the day it was paid, and downloads byte-identical on any later day', async () => {
    const { template, editor: author } = await createPublishedTemplate(ctx, 'OGGI');
    const upload = await uploadMaster(ctx, author, {
      master: {
        filename: 'Master con data.docx',
        content: buildDocx([
          'Roma, lì {oggi | data_lunga}.',
          'Tra {nome_cliente} e la controparte.',
        ]),
      },
      preview: { filename: 'Anteprima con data.docx', content: buildTestPreview('OGGI-2') },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const edited = await ctx.injectAs(author)({
      method: 'PUT',
      url: `/api/template/${template.id}`,
      payload: upload.json().data,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const id = await startCompletedContract(ctx, lawyer, template.id);
    await payContract(ctx, lawyer, id);
    const today = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    expect(today.statusCode, today.body).toBe(200);
    const paidOn = new Intl.DateTimeFormat('it-IT', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Rome',
    }).format(new Date());
    // «1° marzo» on the first of a month; the rest reads as Intl writes it.
    expect(extractDocumentText(today.rawPayload)).toContain(
      `Roma, lì ${paidOn.replace(/^1 /, '1° ')}.`,
    );

    const later = await downloadContract(
      ctx.db,
      inProcessDocuments,
      undefined as unknown as PdfPool,
      lawyer,
      id,
      'docx',
      new Date('2031-03-01T10:00:00Z'),
    );
    expect(later.bytes.equals(today.rawPayload)).toBe(true);
  });
});

describe('a template with typed questions (DESIGN §12)', () => {
  let typedId: string;

  beforeAll(async () => {
    typedId = (
      await createTemplateViaApi(ctx, editor, {
        categoryId,
        marker: 'tipi',
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

  it('refuses an invalid codice fiscale with 422 naming the item, and saves nothing', async () => {
    const id = await startContract(ctx, lawyer, typedId);
    const wrong = {
      ...TYPED_ANSWERS,
      conduttori: [CONDUTTORE, { ...CONDUTTORE, codice_fiscale: 'RSSMRA85T10A562X' }],
    };
    const response = await save(lawyer, id, { answers: wrong, status: 'COMPLETED' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Il codice fiscale di «Conduttore 2» non è valido.');
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ answers: {}, status: 'TO_COMPLETE' });
  });

  it('completes with a valid set; the audit log names the questions changed, not the answers', async () => {
    const id = await startContract(ctx, lawyer, typedId);
    const done = await save(lawyer, id, { answers: TYPED_ANSWERS, status: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ answers: TYPED_ANSWERS, status: 'COMPLETED' });
    const edited = await save(lawyer, id, { answers: { ...TYPED_ANSWERS, canone: '900.00' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'contract.answers-changed')));
    expect(audit.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        { questions: Object.keys(TYPED_ANSWERS).sort() },
        { questions: ['canone'] },
      ]),
    );
    expect(audit).toHaveLength(2);
    const logged = JSON.stringify(audit.map((entry) => entry.details));
    for (const value of ['RSSMRA85T10A562S', 'Mario Rossi', '1234.50', '900.00', '2026-11-23'])
      expect(logged).not.toContain(value);
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.answers.conduttori).toEqual(TYPED_ANSWERS.conduttori);
  });

  it('details each typed answer with its type and limits, so any screen can show it in Italian', async () => {
    const id = await startContract(ctx, lawyer, typedId);
    const done = await save(lawyer, id, { answers: TYPED_ANSWERS, status: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    const entries = detail.json().data.detailed_answers as Array<{
      variable: string;
      rules?: { type?: string; required_answers?: unknown; fields?: unknown[] };
    }>;
    for (const entry of entries) {
      const question = TYPED_QUESTIONS.find((q) => q.variable === entry.variable) as {
        type?: string;
      };
      if (question.type === undefined || question.type === 'scelta') {
        expect(entry.rules, entry.variable).toBeUndefined();
      } else {
        expect(entry.rules?.type, entry.variable).toBe(question.type);
        expect(entry.rules, entry.variable).not.toHaveProperty('required_answers');
      }
    }
    const list = entries.find((entry) => entry.rules?.type === 'elenco');
    expect(list?.rules?.fields?.length).toBeGreaterThan(0);
  });
});

describe('a bought document keeps the renderer of the day it was paid', () => {
  it('writes amounts in the legal form when paid after the change, and as before when paid before it', async () => {
    const template = await createTemplateViaApi(ctx, editor, {
      categoryId,
      marker: 'lettere',
      questions: TYPED_QUESTIONS,
      master: buildDocx(['Canone annuo: {canone * 1000 | importo_lettere}.']),
    });
    const published = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${template.id}/status`,
      payload: { status: 'PUBLISHED', confirmBlanks: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const id = await startContract(ctx, lawyer, template.id);
    const done = await save(lawyer, id, { answers: TYPED_ANSWERS, status: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
    const { paymentId } = await payContract(ctx, lawyer, id);
    const paidAt = async (instant: string) =>
      ctx.db
        .update(payments)
        .set({ paidAt: new Date(instant) })
        .where(eq(payments.id, paymentId));
    const download = async () => {
      const response = await ctx.injectAs(lawyer)({
        method: 'GET',
        url: `/api/contract/download/${id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return extractDocumentText(response.rawPayload);
    };

    await paidAt('2026-11-28T09:00:00Z');
    expect(await download()).toContain(
      'Canone annuo: unmilioneduecentotrentaquattromilacinquecento/00.',
    );
    // The same answers, paid the evening before the change went live.
    await paidAt('2026-11-27T09:00:00Z');
    expect(await download()).toContain(
      'Canone annuo: un milione duecentotrentaquattromila e cinquecento/00.',
    );
  });
});

describe('a template with the small types cap, provincia, iban, telefono, ora', () => {
  const QUESTIONS = [
    { variable: 'cap', question: 'CAP della sede', type: 'cap' },
    { variable: 'provincia', question: 'Provincia della sede', type: 'provincia' },
    { variable: 'iban', question: 'IBAN per i pagamenti', type: 'iban' },
    { variable: 'telefono', question: 'Telefono dello studio', type: 'telefono' },
    { variable: 'ora', question: "Ora dell'appuntamento", type: 'ora' },
  ];
  const ANSWERS = {
    cap: '00184',
    provincia: 'RM',
    iban: 'IT60X0542811101000000123456',
    telefono: '+390612345678',
    ora: '14:30',
  };
  const SMALL_TYPES_PARAGRAPH =
    'Sede: {cap} Roma ({provincia}). IBAN {iban}. Tel. {telefono}. Appuntamento alle {ora}.';
  let smallId: string;

  beforeAll(async () => {
    smallId = (
      await createTemplateViaApi(ctx, editor, {
        categoryId,
        marker: 'piccoli',
        questions: QUESTIONS,
        master: buildDocx([SMALL_TYPES_PARAGRAPH]),
        preview: buildDocx([`ANTEPRIMA ${SMALL_TYPES_PARAGRAPH}`]),
      })
    ).id;
    const published = await ctx.injectAs(editor)({
      method: 'PUT',
      url: `/api/template/${smallId}/status`,
      payload: { status: 'PUBLISHED' },
    });
    expect(published.statusCode, published.body).toBe(200);
  });

  it('refuses each answer that is not its type with 422 naming the question, and saves nothing', async () => {
    const id = await startContract(ctx, lawyer, smallId);
    const wrong: [string, string, string][] = [
      ['cap', '0018', text.answers.capInvalid('CAP della sede')],
      ['provincia', 'XX', text.answers.provinciaInvalid('Provincia della sede')],
      ['iban', 'IT61X0542811101000000123456', text.answers.ibanInvalid('IBAN per i pagamenti')],
      ['telefono', '12345', text.answers.telefonoInvalid('Telefono dello studio')],
      ['ora', '24:00', text.answers.oraInvalid("Ora dell'appuntamento")],
    ];
    for (const [key, value, message] of wrong) {
      const response = await save(lawyer, id, { answers: { ...ANSWERS, [key]: value } });
      expect(response.statusCode, key).toBe(422);
      expect(response.json().message).toBe(message);
    }
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ answers: {}, status: 'TO_COMPLETE' });
  });

  it('stores each answer in its canonical form and prints it in the bought document', async () => {
    const id = await startContract(ctx, lawyer, smallId);
    const done = await save(lawyer, id, { answers: ANSWERS, status: 'COMPLETED' });
    expect(done.statusCode, done.body).toBe(200);
    const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
    expect(row).toMatchObject({ answers: ANSWERS, status: 'COMPLETED' });
    await payContract(ctx, lawyer, id);
    const download = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${id}`,
    });
    expect(download.statusCode, download.body).toBe(200);
    expect(extractDocumentText(download.rawPayload)).toContain(
      'Sede: 00184 Roma (RM). IBAN IT60 X054 2811 1010 0000 0123 456. Tel. +39 0612345678. Appuntamento alle 14:30.',
    );
  });
});
