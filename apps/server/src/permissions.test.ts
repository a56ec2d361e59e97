/**
 * Every API route × every caller (SPEC §6, DESIGN §3): a visitor without a token gets 401, a
 * customer 403 on the staff routes, an editor 403 on the admin-only ones, editors and admins 403 in
 * the user area (starting, answering, previewing and paying documents); a refused write leaves
 * the database as it was. The table must list every /api route the app registers.
 */
import { randomBytes } from 'node:crypto';
import { ROLES, it as text } from '@lexpath/shared';
import { count, eq, isNull } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  categories,
  checkoutSessions,
  clients,
  contracts,
  files,
  invoices,
  payments,
  templates,
  users,
} from './db/schema.ts';
import type { PdfPool } from './documents/pdf-pool.ts';
import { SAMPLE_ANSWERS } from './documents/test-docx.ts';
import {
  createPublishedTemplate,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
  startContract,
} from './modules/contracts/test-contracts.ts';
import { SEDE_NAPOLI } from './modules/invoices/test-invoices.ts';
import {
  buildMultipart,
  buildTestMaster,
  buildTestPreview,
  type CreatedTemplate,
  createTemplateViaApi,
  TEST_QUESTIONS,
  uploadMaster,
} from './modules/templates/test-templates.ts';
import { createTestContext, type TestContext } from './test/context.ts';
import type { TestUser } from './test/factories.ts';

type Caller = 'anonymous' | 'user' | 'editor' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'user', 'editor', 'admin'];

/** An exact status, or 'allowed': neither 401 nor 403 (the body decides the rest). */
type Expectation = number | 'allowed';

type Request = Omit<InjectOptions, 'method'> & { url: string };

type RouteCase = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as registered (`/api/category/:id`), matched against the app's route list. */
  route: string;
  /** What the case is about when a route has several (own record, someone else's). */
  variant?: string;
  /** The request each caller sends: valid ids and bodies, so allowed calls do their work. */
  request: (caller: Caller) => Request;
  expect: Record<Caller, Expectation>;
  /** What a refused call must leave untouched, read before and after it. */
  state?: () => Promise<unknown>;
};

type PublicRoute = {
  method: 'GET' | 'POST';
  route: string;
  request: Request;
  /** What a visitor without a token gets. */
  anonymous: number;
};

/** No LibreOffice needed: the preview route's permissions are the subject, not the PDF. */
const stubPdfPool: PdfPool = {
  convertDocxToPdf: async () => Buffer.from('%PDF-1.4 stub'),
  peek: () => undefined,
  prefetch: async () => false,
  reserve: () => ({ convert: async () => Buffer.from('%PDF-1.4 stub'), release: () => {} }),
  warmUp: async () => {},
  status: () => ({ available: true, listeners: [], queued: 0, cached: 0 }),
  close: async () => {},
};

type Fixtures = {
  user: TestUser;
  editor: TestUser;
  admin: TestUser;
  /** Another customer: someone else's record for the others. */
  other: TestUser;
  /** A confirmed customer whose status only the admin may change. */
  statusTarget: TestUser;
  categoryId: string;
  renamableCategoryId: string;
  deletableCategoryId: string;
  published: CreatedTemplate;
  editable: CreatedTemplate;
  deletableByEditor: CreatedTemplate;
  deletableByAdmin: CreatedTemplate;
  /** Uploaded files no template uses: one for the editor to delete, one for the admin. */
  unusedFileForEditor: string;
  unusedFileForAdmin: string;
  draftContractId: string;
  /** A draft only the DELETE case removes. */
  deletableDraftId: string;
  completedContractId: string;
  paidContractId: string;
  paidSessionId: string;
  paymentId: string;
  /** A payment only the admin's refund case refunds (the download cases keep theirs). */
  refundablePaymentId: string;
  /** The paid contract's invoice (the customer has a billing profile). */
  invoiceId: string;
  /** Another customer's invoice. */
  otherInvoiceId: string;
  /** The customer's client, one only the DELETE case erases, and another lawyer's client. */
  clientId: string;
  deletableClientId: string;
  otherClientId: string;
};

let ctx: TestContext;
let f: Fixtures;

function unique(): string {
  return randomBytes(4).toString('hex');
}

/** The signed-in user of a role (the customer for anonymous, whose token is not sent). */
function self(caller: Caller): TestUser {
  return caller === 'anonymous' || caller === 'user' ? f.user : f[caller];
}

async function countOf(table: typeof categories | typeof templates | typeof users | typeof files) {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n;
}

/** An id no row has. */
const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const ADMIN_ONLY = { anonymous: 401, user: 403, editor: 403, admin: 'allowed' } as const;
const STAFF_ONLY = { anonymous: 401, user: 403, editor: 'allowed', admin: 'allowed' } as const;
/**
 * The user area (SPEC §6): the customer, on their own contracts (someone else's: 404, never
 * revealed); editors and admins are kept out by role (403) and try templates through the test
 * flow instead.
 */
const USER_AREA = { anonymous: 401, user: 'allowed', editor: 403, admin: 403 } as const;
/** The customer's own documents, and the admin's users' contracts screen; editors have neither. */
const OWNER_OR_ADMIN = { anonymous: 401, user: 'allowed', editor: 403, admin: 'allowed' } as const;

/** A client of the register, valid as it is. */
const CLIENT = {
  tipo: 'persona_fisica',
  dati: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
};

/** A buyer's billing data (issue 14): with it, a purchase is invoiced. */
const BILLING = {
  tipo: 'studio',
  denominazione: 'Studio Legale Permessi',
  codice_fiscale: '12345678903',
  partita_iva: '12345678903',
  ...SEDE_NAPOLI,
  codice_destinatario: 'M5UXCR1',
};

const ROUTES: RouteCase[] = [
  // Users (admin) and profiles (own record, or anyone's for an admin).
  {
    method: 'GET',
    route: '/api/user',
    request: () => ({ url: '/api/user?page=1' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/user',
    request: () => ({
      url: '/api/user',
      payload: {
        name: 'Marco',
        surname: 'Bianchi',
        pec: `editor.${unique()}@pec.test.it`,
        password: 'Password1!',
        role: ROLES.editor,
        email_verified: true,
        status: 'confermato',
      },
    }),
    expect: { ...ADMIN_ONLY, admin: 201 },
    state: () => countOf(users),
  },
  {
    method: 'GET',
    route: '/api/user/:id',
    variant: 'own record',
    request: (caller) => ({ url: `/api/user/${self(caller).id}` }),
    expect: { anonymous: 401, user: 200, editor: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/user/:id',
    variant: "someone else's record",
    request: () => ({ url: `/api/user/${f.other.id}` }),
    expect: { anonymous: 401, user: 404, editor: 404, admin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/user/:id',
    variant: 'own profile',
    request: (caller) => ({ url: `/api/user/${self(caller).id}`, payload: { newsletter: true } }),
    expect: { anonymous: 401, user: 200, editor: 200, admin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/user/:id',
    variant: "someone else's profile",
    request: () => ({ url: `/api/user/${f.other.id}`, payload: { name: 'Modificato' } }),
    expect: { anonymous: 401, user: 404, editor: 404, admin: 200 },
    state: async () =>
      (await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, f.other.id)))[0],
  },
  {
    method: 'GET',
    route: '/api/user/:id/billing',
    variant: 'own billing profile',
    request: (caller) => ({ url: `/api/user/${self(caller).id}/billing` }),
    expect: { anonymous: 401, user: 200, editor: 200, admin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/user/:id/billing',
    variant: "someone else's billing profile",
    request: () => ({
      url: `/api/user/${f.other.id}/billing`,
      payload: {
        tipo: 'societa',
        denominazione: 'Alfa S.r.l.',
        codice_fiscale: '00743110157',
        partita_iva: '00743110157',
        indirizzo: 'via Roma 1',
        cap: '00100',
        comune: 'Roma',
        provincia: 'RM',
        nazione: 'IT',
      },
    }),
    expect: { anonymous: 401, user: 404, editor: 404, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/auth/change-user-status',
    request: () => ({
      url: '/api/auth/change-user-status',
      payload: { userId: f.statusTarget.id, status: 'sospeso' },
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
    state: async () =>
      (
        await ctx.db
          .select({ status: users.status })
          .from(users)
          .where(eq(users.id, f.statusTarget.id))
      )[0],
  },

  // Categories: everyone signed in reads them, only admins change them.
  {
    method: 'GET',
    route: '/api/category',
    request: () => ({ url: '/api/category?page=1&limit=1000' }),
    expect: { anonymous: 401, user: 200, editor: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/category',
    request: () => ({ url: '/api/category', payload: { name: `Categoria ${unique()}` } }),
    expect: { ...ADMIN_ONLY, admin: 201 },
    state: () => countOf(categories),
  },
  {
    method: 'PUT',
    route: '/api/category/:id',
    request: () => ({
      url: `/api/category/${f.renamableCategoryId}`,
      payload: { name: `Rinominata ${unique()}` },
    }),
    expect: { ...ADMIN_ONLY, admin: 200 },
    state: () => ctx.db.select().from(categories).where(eq(categories.id, f.renamableCategoryId)),
  },
  {
    method: 'DELETE',
    route: '/api/category/:id',
    request: () => ({ url: `/api/category/${f.deletableCategoryId}` }),
    expect: { ...ADMIN_ONLY, admin: 200 },
    state: () => countOf(categories),
  },

  // Templates: customers read the published list; editors and admins author.
  {
    method: 'GET',
    route: '/api/template',
    request: () => ({ url: '/api/template?page=1' }),
    expect: { anonymous: 401, user: 200, editor: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/template',
    request: () => ({
      url: '/api/template',
      payload: {
        name: `Contratto ${unique()}`,
        description: 'Un contratto di prova.',
        categoryId: f.categoryId,
        price: '49,90',
        stripe_url: 'https://buy.stripe.com/test_123',
        json_questions: TEST_QUESTIONS,
        file_name: f.published.file_name,
        preview_name: f.published.preview_name,
      },
    }),
    expect: { ...STAFF_ONLY, editor: 201, admin: 201 },
    state: () => countOf(templates),
  },
  {
    method: 'GET',
    route: '/api/template/:id',
    request: () => ({ url: `/api/template/${f.editable.id}` }),
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
  },
  {
    method: 'PUT',
    route: '/api/template/:id',
    request: () => ({
      url: `/api/template/${f.editable.id}`,
      payload: { name: `Rinominato ${unique()}` },
    }),
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
    state: () => ctx.db.select().from(templates).where(eq(templates.id, f.editable.id)),
  },
  {
    method: 'PUT',
    route: '/api/template/:id/status',
    request: () => ({
      url: `/api/template/${f.editable.id}/status`,
      payload: { status: 'PUBLISHED' },
    }),
    expect: STAFF_ONLY,
    state: async () =>
      (
        await ctx.db
          .select({ status: templates.status })
          .from(templates)
          .where(eq(templates.id, f.editable.id))
      )[0],
  },
  {
    method: 'PUT',
    route: '/api/template/:id/download-test',
    request: () => ({
      url: `/api/template/${f.editable.id}/download-test`,
      payload: { answers: SAMPLE_ANSWERS },
    }),
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/template/download/:id',
    request: () => ({ url: `/api/template/download/${f.published.id}` }),
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/template/:id',
    request: (caller) => ({
      url: `/api/template/${caller === 'admin' ? f.deletableByAdmin.id : f.deletableByEditor.id}`,
    }),
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
    state: async () =>
      (await ctx.db.select({ n: count() }).from(templates).where(isNull(templates.deletedAt)))[0],
  },
  {
    method: 'POST',
    route: '/api/template/upload-master',
    request: () => {
      const marker = unique();
      return {
        url: '/api/template/upload-master',
        ...buildMultipart([
          { name: 'questions', value: JSON.stringify(TEST_QUESTIONS) },
          { name: 'master', filename: 'Master.docx', content: buildTestMaster(marker) },
          { name: 'preview', filename: 'Anteprima.docx', content: buildTestPreview(marker) },
        ]),
      };
    },
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
    state: () => countOf(files),
  },
  {
    method: 'POST',
    route: '/api/template/inspect-blanks',
    request: () => ({
      url: '/api/template/inspect-blanks',
      ...buildMultipart([
        { name: 'master', filename: 'Modulo.docx', content: buildTestMaster(unique()) },
      ]),
    }),
    expect: STAFF_ONLY,
    state: () => countOf(files),
  },
  {
    method: 'POST',
    route: '/api/template/convert-blanks',
    request: () => ({
      url: '/api/template/convert-blanks',
      ...buildMultipart([
        { name: 'master', filename: 'Modulo.docx', content: buildTestMaster(unique()) },
        { name: 'choices', value: '[]' },
      ]),
    }),
    expect: STAFF_ONLY,
    state: () => countOf(files),
  },
  {
    method: 'PUT',
    route: '/api/template/:id/preview-test',
    request: () => ({
      url: `/api/template/${f.editable.id}/preview-test`,
      payload: { answers: SAMPLE_ANSWERS },
    }),
    expect: STAFF_ONLY,
  },
  {
    method: 'POST',
    route: '/api/template/delete-master',
    request: (caller) => ({
      url: '/api/template/delete-master',
      payload: { file_name: caller === 'admin' ? f.unusedFileForAdmin : f.unusedFileForEditor },
    }),
    expect: { ...STAFF_ONLY, editor: 200, admin: 200 },
    state: () => countOf(files),
  },

  // The questionnaire: every signed-in user (editors and admins try templates with it). Contracts
  // and payments: the user area, and the admin's users' contracts screen.
  {
    method: 'POST',
    route: '/api/contract/questions',
    request: () => ({ url: `/api/contract/questions?type=${f.published.id}`, payload: {} }),
    expect: { anonymous: 401, user: 200, editor: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/contract/parties',
    request: () => ({ url: `/api/contract/parties?type=${f.published.id}` }),
    expect: { ...USER_AREA, user: 200 },
  },
  {
    method: 'POST',
    route: '/api/contract/party',
    // The test template has no party: a lawyer reaches the route and meets its 422.
    request: () => ({
      url: `/api/contract/party?type=${f.published.id}`,
      payload: { answers: {}, question: 'nome_cliente', clients: [f.clientId] },
    }),
    expect: { ...USER_AREA, user: 422 },
  },
  {
    method: 'PUT',
    route: '/api/contract',
    request: () => ({
      url: '/api/contract/',
      payload: { type: f.published.id, answers: {}, status: 'TO_COMPLETE' },
    }),
    expect: { ...USER_AREA, user: 200 },
    state: () => ctx.db.select({ n: count() }).from(contracts),
  },
  {
    method: 'PUT',
    route: '/api/contract/:id',
    request: () => ({ url: `/api/contract/${f.draftContractId}`, payload: { answers: {} } }),
    expect: { ...USER_AREA, user: 200 },
    state: () => ctx.db.select().from(contracts).where(eq(contracts.id, f.draftContractId)),
  },
  {
    method: 'PUT',
    route: '/api/contract/:id/answers/:variable',
    // The answer it already has: allowed, and nothing changes for the cases after it.
    request: () => ({
      url: `/api/contract/${f.completedContractId}/answers/nome_cliente`,
      payload: { value: SAMPLE_ANSWERS.nome_cliente },
    }),
    expect: { ...USER_AREA, user: 200 },
    state: () => ctx.db.select().from(contracts).where(eq(contracts.id, f.completedContractId)),
  },
  {
    method: 'DELETE',
    route: '/api/contract/:id/answers/:variable/items/:index',
    request: () => ({ url: `/api/contract/${f.completedContractId}/answers/servizi/items/0` }),
    expect: USER_AREA,
    state: () => ctx.db.select().from(contracts).where(eq(contracts.id, f.completedContractId)),
  },
  {
    method: 'DELETE',
    route: '/api/contract/:id',
    request: () => ({ url: `/api/contract/${f.deletableDraftId}` }),
    expect: { ...USER_AREA, user: 204 },
    state: () => ctx.db.select().from(contracts).where(eq(contracts.id, f.deletableDraftId)),
  },
  {
    method: 'GET',
    route: '/api/contract',
    request: () => ({ url: '/api/contract?page=1' }),
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/contract/:id',
    request: () => ({ url: `/api/contract/${f.paidContractId}` }),
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/contract/preview/:id',
    request: () => ({ url: `/api/contract/preview/${f.completedContractId}` }),
    expect: { ...USER_AREA, user: 200 },
  },
  {
    method: 'GET',
    route: '/api/contract/download/:id',
    request: () => ({ url: `/api/contract/download/${f.paidContractId}` }),
    // An admin downloads from the users' contracts (audited).
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/payment/checkout',
    request: () => ({
      url: '/api/payment/checkout',
      payload: { contractId: f.completedContractId },
    }),
    // Customers buy; staff try templates through the test flow.
    expect: { anonymous: 401, user: 200, editor: 403, admin: 403 },
  },
  {
    method: 'POST',
    route: '/api/payment/local-checkout',
    request: () => ({
      url: '/api/payment/local-checkout',
      payload: { contractId: f.completedContractId },
    }),
    expect: { ...USER_AREA, user: 200 },
    state: () => ctx.db.select({ n: count() }).from(checkoutSessions),
  },
  {
    method: 'POST',
    route: '/api/payment',
    variant: 'a replayed session answers the same payment',
    request: () => ({
      url: '/api/payment',
      payload: {
        transactionId: f.paidSessionId,
        price: SAMPLE_TOTAL,
        contractId: f.paidContractId,
      },
    }),
    expect: { ...USER_AREA, user: 200 },
  },
  {
    method: 'GET',
    route: '/api/payment/:id',
    request: () => ({ url: `/api/payment/${f.paymentId}` }),
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/payment/:id/refund',
    request: () => ({ url: `/api/payment/${f.refundablePaymentId}/refund` }),
    // Money and credit notes: the admin's invoices screen; the buyer asks the admin.
    expect: { ...ADMIN_ONLY, admin: 200 },
    state: () =>
      ctx.db
        .select({ refundedAt: payments.refundedAt })
        .from(payments)
        .where(eq(payments.id, f.refundablePaymentId)),
  },
  // Invoices: the buyer's own, every one for an admin.
  {
    method: 'GET',
    route: '/api/invoice/:id/pdf',
    request: () => ({ url: `/api/invoice/${f.invoiceId}/pdf` }),
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/invoice',
    request: () => ({ url: '/api/invoice' }),
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/invoice/:id/xml',
    request: () => ({ url: `/api/invoice/${f.invoiceId}/xml` }),
    expect: { ...OWNER_OR_ADMIN, user: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/invoice/:id/xml',
    variant: "someone else's invoice",
    request: () => ({ url: `/api/invoice/${f.otherInvoiceId}/xml` }),
    // Never revealed to exist: 404, not 403.
    expect: { ...OWNER_OR_ADMIN, user: 404, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/invoice/export',
    request: () => ({ url: `/api/invoice/export?month=${new Date().toISOString().slice(0, 7)}` }),
    expect: ADMIN_ONLY,
  },
  // The client register: a lawyer's own clients (DESIGN §15); another lawyer's are not found.
  {
    method: 'GET',
    route: '/api/client',
    request: () => ({ url: '/api/client?page=1' }),
    expect: { ...USER_AREA, user: 200 },
  },
  {
    method: 'POST',
    route: '/api/client',
    request: () => ({ url: '/api/client', payload: CLIENT }),
    expect: { ...USER_AREA, user: 201 },
    state: () => ctx.db.select({ n: count() }).from(clients),
  },
  {
    method: 'GET',
    route: '/api/client/:id',
    request: () => ({ url: `/api/client/${f.clientId}` }),
    expect: { ...USER_AREA, user: 200 },
  },
  {
    method: 'GET',
    route: '/api/client/:id',
    variant: "another lawyer's client",
    request: () => ({ url: `/api/client/${f.otherClientId}` }),
    expect: { ...USER_AREA, user: 404 },
  },
  {
    method: 'PUT',
    route: '/api/client/:id',
    request: () => ({ url: `/api/client/${f.clientId}`, payload: CLIENT }),
    expect: { ...USER_AREA, user: 200 },
    state: () => ctx.db.select().from(clients).where(eq(clients.id, f.clientId)),
  },
  {
    method: 'PUT',
    route: '/api/client/:id',
    variant: "another lawyer's client",
    request: () => ({ url: `/api/client/${f.otherClientId}`, payload: CLIENT }),
    expect: { ...USER_AREA, user: 404 },
    state: () => ctx.db.select().from(clients).where(eq(clients.id, f.otherClientId)),
  },
  {
    method: 'DELETE',
    route: '/api/client/:id',
    variant: "another lawyer's client",
    request: () => ({ url: `/api/client/${f.otherClientId}` }),
    expect: { ...USER_AREA, user: 404 },
    state: () => ctx.db.select().from(clients).where(eq(clients.id, f.otherClientId)),
  },
  {
    method: 'DELETE',
    route: '/api/client/:id',
    request: () => ({ url: `/api/client/${f.deletableClientId}` }),
    expect: { ...USER_AREA, user: 200 },
    state: () => ctx.db.select().from(clients).where(eq(clients.id, f.deletableClientId)),
  },
  {
    method: 'GET',
    route: '/api/client/:id/export',
    request: () => ({ url: `/api/client/${f.clientId}/export` }),
    expect: { ...USER_AREA, user: 200 },
  },
  {
    method: 'GET',
    route: '/api/client/:id/export',
    variant: "another lawyer's client",
    request: () => ({ url: `/api/client/${f.otherClientId}/export` }),
    expect: { ...USER_AREA, user: 404 },
  },
  {
    method: 'GET',
    route: '/api/service-status',
    request: () => ({ url: '/api/service-status' }),
    expect: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/service-status/mails/:id/retry',
    // No such mail: the admin gets 404, everyone else is refused before the lookup.
    request: () => ({ url: `/api/service-status/mails/${MISSING_ID}/retry` }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
  {
    method: 'POST',
    route: '/api/service-status/invoices/:id/retry',
    request: () => ({ url: `/api/service-status/invoices/${MISSING_ID}/retry` }),
    expect: { ...ADMIN_ONLY, admin: 404 },
  },
];

/** Routes anyone may call: their answer without a token (never the "session expired" 401). */
const PUBLIC_ROUTES: PublicRoute[] = [
  { method: 'GET', route: '/api/health', request: { url: '/api/health' }, anonymous: 200 },
  { method: 'GET', route: '/api/ready', request: { url: '/api/ready' }, anonymous: 200 },
  // From loopback (as inject calls); off loopback it wants METRICS_TOKEN (metrics.test.ts).
  { method: 'GET', route: '/metrics', request: { url: '/metrics' }, anonymous: 200 },
  { method: 'GET', route: '/api/app-config', request: { url: '/api/app-config' }, anonymous: 200 },
  {
    method: 'POST',
    route: '/api/auth/login',
    request: {
      url: '/api/auth/login',
      payload: { pec: 'nessuno@pec.test.it', password: 'Password1!' },
    },
    anonymous: 401,
  },
  {
    method: 'POST',
    route: '/api/auth/refresh-tokens',
    request: { url: '/api/auth/refresh-tokens', headers: { refresh: 'not-a-token' } },
    anonymous: 401,
  },
  {
    method: 'POST',
    route: '/api/auth/logout',
    request: { url: '/api/auth/logout' },
    anonymous: 200,
  },
  {
    method: 'POST',
    route: '/api/auth/register',
    request: { url: '/api/auth/register', payload: {} },
    anonymous: 400,
  },
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    request: { url: '/api/auth/verify-email?token=unknown' },
    anonymous: 400,
  },
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    request: { url: '/api/auth/forgot-password', payload: { pec: 'nessuno@pec.test.it' } },
    anonymous: 200,
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    request: { url: '/api/auth/reset-password?token=unknown', payload: { password: 'Password1!' } },
    anonymous: 400,
  },
  {
    method: 'POST',
    route: '/api/payment/webhook',
    request: { url: '/api/payment/webhook', payload: {} },
    anonymous: 404,
  },
];

/** swagger-ui's own pages and assets: public documentation. */
const DOCS_PREFIX = '/api/docs';

function call(caller: Caller, method: RouteCase['method'], request: Request) {
  if (caller === 'anonymous') return ctx.app.inject({ method, ...request });
  return ctx.injectAs(f[caller])({ method, ...request });
}

function expectAnswer(response: LightMyRequestResponse, expected: Expectation): void {
  const status = response.statusCode;
  if (expected === 'allowed') {
    expect([401, 403], response.body).not.toContain(status);
  } else {
    expect(status, response.body).toBe(expected);
  }
  if (status === 401) expect(response.json().message).toBe(text.auth.unauthenticated);
  if (status === 403) expect(response.json().message).toBe(text.auth.forbidden);
}

/**
 * `METHOD /path` for every route in `printRoutes({ commonPrefix: false })`: a tree whose lines
 * hold a path segment and, for a route, its methods in parentheses.
 */
function registeredRoutes(): string[] {
  const tree = ctx.app.printRoutes({ commonPrefix: false });
  const found: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│\s]*)(?:[└├]──\s)?(\S.*?)(?:\s\(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = (match[1] ?? '').length;
    while (stack.length && (stack.at(-1)?.depth ?? 0) >= depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    for (const method of match[3]?.split(',') ?? []) found.push(`${method.trim()} ${path}`);
  }
  return found;
}

function routeKey(method: string, route: string): string {
  return `${method} ${route.split('?')[0]?.replace(/\/$/, '')}`;
}

beforeAll(async () => {
  ctx = await createTestContext({ app: { pdfPool: stubPdfPool } });
  const [user, editor, admin, other, statusTarget] = await Promise.all([
    ctx.buildUser(),
    ctx.buildUser({ role: ROLES.editor }),
    ctx.buildUser({ role: ROLES.admin }),
    ctx.buildUser(),
    ctx.buildUser(),
  ]);
  const { template: published, categoryId } = await createPublishedTemplate(ctx);
  const [renamable, deletable] = await ctx.db
    .insert(categories)
    .values([{ name: `Da rinominare ${unique()}` }, { name: `Da eliminare ${unique()}` }])
    .returning();
  const editable = await createTemplateViaApi(ctx, editor, { categoryId });
  const deletableByEditor = await createTemplateViaApi(ctx, editor, { categoryId });
  const deletableByAdmin = await createTemplateViaApi(ctx, admin, { categoryId });
  const upload = await uploadMaster(ctx, editor, {
    master: { filename: 'Inutile.docx', content: buildTestMaster(unique()) },
    preview: { filename: 'Inutile anteprima.docx', content: buildTestPreview(unique()) },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const draftContractId = await startContract(ctx, user, published.id);
  const deletableDraftId = await startContract(ctx, user, published.id);
  const completedContractId = await startCompletedContract(ctx, user, published.id);
  const paidContractId = await startCompletedContract(ctx, user, published.id);
  // Billing profiles first: the purchases are invoiced.
  for (const buyer of [user, other]) {
    const billing = await ctx.injectAs(buyer)({
      method: 'PUT',
      url: `/api/user/${buyer.id}/billing`,
      payload: BILLING,
    });
    expect(billing.statusCode, billing.body).toBe(200);
  }
  const { paymentId, sessionId } = await payContract(ctx, user, paidContractId);
  const otherContractId = await startCompletedContract(ctx, other, published.id);
  await payContract(ctx, other, otherContractId);
  const invoiceOf = async (contractId: string) =>
    (
      await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(eq(invoices.contractId, contractId))
    )[0]?.id ?? '';
  const clientOf = async (owner: TestUser) => {
    const response = await ctx.injectAs(owner)({
      method: 'POST',
      url: '/api/client',
      payload: CLIENT,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id as string;
  };
  const refundable = await payContract(
    ctx,
    user,
    await startCompletedContract(ctx, user, published.id),
  );
  f = {
    user,
    editor,
    admin,
    other,
    statusTarget,
    categoryId,
    renamableCategoryId: renamable?.id ?? '',
    deletableCategoryId: deletable?.id ?? '',
    published,
    editable,
    deletableByEditor,
    deletableByAdmin,
    unusedFileForEditor: upload.json().data.file_name,
    unusedFileForAdmin: upload.json().data.preview_name,
    draftContractId,
    deletableDraftId,
    completedContractId,
    paidContractId,
    paidSessionId: sessionId,
    paymentId,
    refundablePaymentId: refundable.paymentId,
    invoiceId: await invoiceOf(paidContractId),
    otherInvoiceId: await invoiceOf(otherContractId),
    clientId: await clientOf(user),
    deletableClientId: await clientOf(user),
    otherClientId: await clientOf(other),
  };
});

afterAll(async () => {
  await ctx?.close();
});

describe('every API route × every caller', () => {
  const cases = ROUTES.flatMap((route) =>
    CALLERS.map((caller) => ({
      ...route,
      caller,
      title: `${route.method} ${route.route}${route.variant ? ` (${route.variant})` : ''} as ${caller}: ${route.expect[caller]}`,
    })),
  );

  // In table order, admin last: a refused call is checked before the allowed ones change things.
  it.each(cases)('$title', async ({ caller, method, request, expect: expectations, state }) => {
    const expected = expectations[caller];
    // 401, 403, and the 404 of someone else's record: nothing may change.
    const refused = typeof expected === 'number' && expected >= 400;
    const before = refused && state ? await state() : undefined;

    const response = await call(caller, method, request(caller));

    expectAnswer(response, expected);
    if (refused && state) expect(await state()).toEqual(before);
  });
});

describe("every user's contracts", () => {
  it.each([
    ['other', false],
    ['admin', true],
  ] as const)('are listed to %s: %s', async (caller, sees) => {
    const response = await ctx.injectAs(f[caller])({
      method: 'GET',
      url: '/api/contract?userActive=true&limit=1000',
    });
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.json().data.results.map((card: { id: string }) => card.id);
    expect(ids.includes(f.paidContractId)).toBe(sees);
  });

  it('are not listed to an editor (403)', async () => {
    const response = await ctx.injectAs(f.editor)({
      method: 'GET',
      url: '/api/contract?userActive=true&limit=1000',
    });
    expectAnswer(response, 403);
  });
});

describe('a token the server does not accept', () => {
  it.each(ROUTES.filter((route) => !route.variant))(
    '$method $route answers 401',
    async ({ method, request }) => {
      const response = await ctx.app.inject({
        method,
        ...request('user'),
        headers: { ...request('user').headers, authorization: 'Bearer not.a.jwt' },
      });
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().message).toBe(text.auth.unauthenticated);
    },
  );
});

describe('a refused caller is answered before the request is parsed or validated', () => {
  const cases = ROUTES.filter((route) => !route.variant).flatMap((route) =>
    (['anonymous', 'user', 'editor'] as const)
      .filter((caller) => route.expect[caller] === 401 || route.expect[caller] === 403)
      .map((caller) => ({
        ...route,
        caller,
        status: route.expect[caller],
      })),
  );

  async function sendMalformed({
    method,
    request,
    caller,
    status,
    state,
  }: (typeof cases)[number]): Promise<void> {
    const before = state ? await state() : undefined;
    const url = request(caller).url;
    const response = await call(
      caller,
      method,
      method === 'GET' || method === 'DELETE'
        ? { url: `${url}${url.includes('?') ? '&' : '?'}page=0&limit=100000` }
        : { url, payload: '{"not json', headers: { 'content-type': 'application/json' } },
    );
    expectAnswer(response, status);
    if (state) expect(await state()).toEqual(before);
  }

  it.each(cases)('$method $route with a malformed request as $caller: $status', sendMalformed);
});

describe('an account that is no longer allowed in', () => {
  it.each(['in attesa', 'sospeso', 'rifiutato', 'cancellato'] as const)(
    "gets 401 with a valid token while its status is '%s'",
    async (status) => {
      const account = await ctx.buildUser({ status });
      const response = await ctx.injectAs(account)({ method: 'GET', url: '/api/contract' });
      expectAnswer(response, 401);
    },
  );

  it('loses access at once when the admin suspends it', async () => {
    const account = await ctx.buildUser();
    const as = ctx.injectAs(account);
    expectAnswer(await as({ method: 'GET', url: '/api/contract' }), 200);

    const suspended = await ctx.injectAs(f.admin)({
      method: 'POST',
      url: '/api/auth/change-user-status',
      payload: { userId: account.id, status: 'sospeso' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    expectAnswer(await as({ method: 'GET', url: '/api/contract' }), 401);
  });

  it('loses access at once when its sessions are ended (as a password reset does)', async () => {
    const account = await ctx.buildUser();
    const as = ctx.injectAs(account);
    expectAnswer(await as({ method: 'GET', url: '/api/contract' }), 200);

    await ctx.db
      .update(users)
      .set({ sessionVersion: account.sessionVersion + 1 })
      .where(eq(users.id, account.id));

    expectAnswer(await as({ method: 'GET', url: '/api/contract' }), 401);
  });
});

describe('public routes', () => {
  it.each(PUBLIC_ROUTES)(
    '$method $route answers a visitor $anonymous',
    async ({ method, request, anonymous }) => {
      const response = await ctx.app.inject({ method, ...request });
      expect(response.statusCode, response.body).toBe(anonymous);
      if (response.statusCode === 401) {
        expect(response.json().message).not.toBe(text.auth.unauthenticated);
      }
    },
  );
});

describe('the table', () => {
  it('lists every /api route the app registers', () => {
    const all = registeredRoutes();
    // The parser read the tree: a route of each module is there.
    expect(all).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'PUT /api/template/:id/status',
        'GET /api/payment/:id',
      ]),
    );
    const registered = all.filter(
      (route) =>
        route.includes(' /api') && !route.startsWith('HEAD ') && !route.includes(DOCS_PREFIX),
    );
    const listed = new Set([
      ...ROUTES.map((route) => routeKey(route.method, route.route)),
      ...PUBLIC_ROUTES.map((route) => routeKey(route.method, route.route)),
    ]);
    const missing = registered
      .map((route) => route.replace(/\/$/, ''))
      .filter((route) => !listed.has(route));
    expect(missing).toEqual([]);
    // And nothing in the table is stale.
    for (const key of listed) {
      const [method = '', url = ''] = key.split(' ');
      expect(
        ctx.app.hasRoute({ method: method as RouteCase['method'], url }) ||
          ctx.app.hasRoute({ method: method as RouteCase['method'], url: `${url}/` }),
        key,
      ).toBe(true);
    }
  });
});
