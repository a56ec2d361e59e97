import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ROLES, it as text } from '@lexpath/shared';
import { todayInItaly } from '@lexpath/shared/answer-types';
import type { TInvoiceSummary } from '@lexpath/shared/schemas/invoices';
import { eq, sql } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  payContract,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { buildFatturaPa } from './fatturapa.ts';
import { issueInvoice } from './invoices.service.ts';
import { SEDE_NAPOLI } from './test-invoices.ts';

const run = promisify(execFile);
const SCHEMA = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'schema/Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd',
);

const PROFESSIONAL = {
  tipo: 'persona_fisica',
  nome: 'Marco',
  cognome: 'Esposito',
  codice_fiscale: 'RSSMRA80A01H501U',
  partita_iva: '12345678903',
  ...SEDE_NAPOLI,
  codice_destinatario: 'M5UXCR1',
};
const STUDIO = {
  tipo: 'studio',
  denominazione: 'Studio Legale Bianchi & Associati',
  codice_fiscale: '07654321095',
  partita_iva: '07654321095',
  indirizzo: 'corso Vittorio Emanuele 5',
  cap: '20122',
  comune: 'Milano',
  provincia: 'MI',
  nazione: 'IT',
  pec_destinatario: 'fatture@pec.bianchi.it',
};
const COMPANY = {
  tipo: 'societa',
  denominazione: 'Verdi Consulenze S.r.l.',
  codice_fiscale: '02468135799',
  partita_iva: '02468135799',
  indirizzo: 'via Roma 1',
  cap: '10121',
  comune: 'Torino',
  provincia: 'TO',
  nazione: 'IT',
  codice_destinatario: 'ABC1234',
};

const YEAR = Number(todayInItaly().slice(0, 4));
const LAST_YEAR = YEAR - 1;
const MARCH = `${LAST_YEAR}-03`;

let ctx: TestContext;
let templateId: string;
let scratch: string;
let marco: TestUser;
let studio: TestUser;
let company: TestUser;
let editor: TestUser;
let admin: TestUser;
/** Marco's three contracts, bought today. */
let marcoContracts: string[];
let studioContract: string;
/** The company's purchases of last year (March, April) and the March one's credit note. */
let marchInvoiceId: string;
let aprilInvoiceId: string;
let creditNoteId: string;

async function saveBilling(user: TestUser, profile: object): Promise<void> {
  const saved = await ctx.injectAs(user)({
    method: 'PUT',
    url: `/api/user/${user.id}/billing`,
    payload: profile,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function invoiceOf(contractId: string) {
  const [row] = await ctx.db
    .select()
    .from(invoices)
    .where(eq(invoices.contractId, contractId))
    .orderBy(invoices.number);
  if (!row) throw new Error(`no invoice for contract ${contractId}`);
  return row;
}

/** A paid contract, before its buyer had a billing profile: fulfilled without an invoice. */
async function paidWithoutInvoice(
  buyer: TestUser,
): Promise<{ contractId: string; paymentId: string }> {
  const contractId = await startCompletedContract(ctx, buyer, templateId);
  const { paymentId } = await payContract(ctx, buyer, contractId, { beforeInvoicing: true });
  return { contractId, paymentId };
}

/** The invoice of a sale paid earlier, issued on a past day (now that the buyer has a profile). */
async function backdatedInvoice(
  buyer: TestUser,
  sale: { contractId: string; paymentId: string },
  issuedOn: string,
): Promise<string> {
  const issued = await issueInvoice(ctx.db, ctx.config.seller, {
    userId: buyer.id,
    ...sale,
    title: 'Contratto di locazione',
    netCents: 4990,
    issuedOn,
  });
  if (!issued) throw new Error('the buyer has no profile');
  return issued.id;
}

/**
 * A credit note of `invoiceId` issued on `issuedOn`, written as a refund writes one: the next
 * number of its year, its own progressivo, the TD04 XML naming the invoice it corrects.
 */
async function creditNoteOf(invoiceId: string, issuedOn: string): Promise<string> {
  const [original] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!original) throw new Error('no invoice');
  const year = Number(issuedOn.slice(0, 4));
  const counter = await ctx.db.execute<{ number: number }>(
    sql`insert into invoice_counters (year, last_number) values (${year}, 1)
        on conflict (year) do update set last_number = invoice_counters.last_number + 1
        returning last_number as number`,
  );
  const sequence = await ctx.db.execute<{ value: string }>(
    sql`select nextval('invoice_progressivo_seq')::text as value`,
  );
  const number = Number(counter.rows[0]?.number);
  const progressivo = Number(sequence.rows[0]?.value).toString(36).toUpperCase().padStart(5, '0');
  const fullNumber = `${year}/${String(number).padStart(6, '0')}`;
  const xml = buildFatturaPa({
    tipoDocumento: 'TD04',
    numero: fullNumber,
    data: issuedOn,
    progressivoInvio: progressivo,
    seller: ctx.config.seller,
    buyer: original.buyer,
    lines: original.lines,
    rettifica: { numero: original.fullNumber, data: original.issuedOn },
  });
  const { id: _id, createdAt: _created, updatedAt: _updated, ...copied } = original;
  const [created] = await ctx.db
    .insert(invoices)
    .values({
      ...copied,
      year,
      number,
      fullNumber,
      tipo: 'TD04',
      issuedOn,
      correctsInvoiceId: original.id,
      progressivoInvio: progressivo,
      transmittedAt: null,
      status: 'pronta',
      statusReason: null,
      xml,
    })
    .returning({ id: invoices.id });
  if (!created) throw new Error('no credit note');
  return created.id;
}

async function list(
  as: TestUser,
  query = '',
): Promise<{ results: TInvoiceSummary[]; page: number; totalPages: number }> {
  const response = await ctx.injectAs(as)({ method: 'GET', url: `/api/invoice${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function validates(xml: string): Promise<void> {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.xml`);
  await writeFile(file, xml);
  await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
}

beforeAll(async () => {
  ctx = await createTestContext();
  templateId = (await createPublishedTemplate(ctx, 'fatture-api')).template.id;
  scratch = await mkdtemp(path.join(tmpdir(), 'lexpath-invoice-api-'));
  [marco, studio, company, editor, admin] = await Promise.all([
    ctx.buildUser(),
    ctx.buildUser(),
    ctx.buildUser(),
    ctx.buildUser({ role: ROLES.editor }),
    ctx.buildUser({ role: ROLES.admin }),
  ]);
  // Last year's purchases of the company, invoiced on their (past) days: March, its credit note
  // later in March, April.
  const march = await paidWithoutInvoice(company);
  const april = await paidWithoutInvoice(company);
  await saveBilling(company, COMPANY);
  marchInvoiceId = await backdatedInvoice(company, march, `${MARCH}-15`);
  creditNoteId = await creditNoteOf(marchInvoiceId, `${MARCH}-28`);
  aprilInvoiceId = await backdatedInvoice(company, april, `${LAST_YEAR}-04-02`);
  // This year's: Marco's three, the studio's one.
  await Promise.all([saveBilling(marco, PROFESSIONAL), saveBilling(studio, STUDIO)]);
  marcoContracts = [];
  for (let index = 0; index < 3; index += 1) {
    const contractId = await startCompletedContract(ctx, marco, templateId);
    await payContract(ctx, marco, contractId);
    marcoContracts.push(contractId);
  }
  studioContract = await startCompletedContract(ctx, studio, templateId);
  await payContract(ctx, studio, studioContract);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('GET /api/invoice', () => {
  it("lists the lawyer's own invoices, newest first, with the buyer, amounts and status", async () => {
    const own = await list(marco);
    const expected = await Promise.all([...marcoContracts].reverse().map(invoiceOf));
    expect(own.results.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(own.results[0]).toEqual({
      id: expected[0]?.id,
      number: expected[0]?.fullNumber,
      date: todayInItaly(),
      tipo: 'TD01',
      buyer: {
        name: 'Marco Esposito',
        codiceFiscale: 'RSSMRA80A01H501U',
        partitaIva: '12345678903',
      },
      imponibile: '49.90',
      iva: '10.98',
      totale: '60.88',
      status: 'pronta',
      statusReason: null,
      contractId: marcoContracts[2],
      paymentId: expected[0]?.paymentId,
      title: expected[0]?.lines[0]?.descrizione,
      corrects: null,
      creditNote: null,
      disputed: false,
    });
  });

  it("lists every buyer's invoices and credit notes for an admin, newest first", async () => {
    const all = await list(admin, '?limit=100');
    const rows = await ctx.db.select().from(invoices);
    expect(all.results).toHaveLength(rows.length);
    expect(all.results.map((row) => row.id)).toEqual(
      [...rows].sort((a, b) => b.year - a.year || b.number - a.number).map((row) => row.id),
    );
    // Last year's after this year's; within it, April, the March credit note, March.
    expect(all.results.slice(-3).map((row) => row.id)).toEqual([
      aprilInvoiceId,
      creditNoteId,
      marchInvoiceId,
    ]);
  });

  it('names the credit note of a refunded invoice, the invoice a credit note corrects, and disputes', async () => {
    const [march] = await ctx.db.select().from(invoices).where(eq(invoices.id, marchInvoiceId));
    const [note] = await ctx.db.select().from(invoices).where(eq(invoices.id, creditNoteId));
    await ctx.db
      .update(payments)
      .set({ disputedAt: new Date(), disputeReason: 'fraudulent' })
      .where(eq(payments.id, march?.paymentId ?? ''));
    const rows = (await list(company, `?month=${MARCH}`)).results;
    expect(rows.map((row) => [row.id, row.tipo])).toEqual([
      [creditNoteId, 'TD04'],
      [marchInvoiceId, 'TD01'],
    ]);
    expect(rows[1]).toMatchObject({
      creditNote: { id: creditNoteId, number: note?.fullNumber, date: `${MARCH}-28` },
      corrects: null,
      disputed: true,
    });
    expect(rows[0]).toMatchObject({
      corrects: { id: marchInvoiceId, number: march?.fullNumber, date: `${MARCH}-15` },
      creditNote: null,
      buyer: { name: 'Verdi Consulenze S.r.l.', partitaIva: '02468135799' },
    });
  });

  it('finds an invoice by its number, whole or in part', async () => {
    const studioInvoice = await invoiceOf(studioContract);
    const whole = await list(admin, `?q=${encodeURIComponent(studioInvoice.fullNumber)}`);
    expect(whole.results.map((row) => row.id)).toEqual([studioInvoice.id]);
    const tail = `/${String(studioInvoice.number).padStart(6, '0')}`;
    const part = await list(
      admin,
      `?q=${encodeURIComponent(tail)}&month=${todayInItaly().slice(0, 7)}`,
    );
    expect(part.results.map((row) => row.id)).toEqual([studioInvoice.id]);
  });

  it('finds invoices by the buyer: name, denominazione, partita IVA, codice fiscale, any case', async () => {
    const marcoIds = (await Promise.all(marcoContracts.map(invoiceOf))).map((row) => row.id);
    const studioId = (await invoiceOf(studioContract)).id;
    const ids = async (q: string) =>
      (await list(admin, `?q=${encodeURIComponent(q)}`)).results.map((row) => row.id).sort();
    expect(await ids('marco esposito')).toEqual([...marcoIds].sort());
    expect(await ids('ESPOSITO MARCO')).toEqual([...marcoIds].sort());
    expect(await ids('bianchi & assoc')).toEqual([studioId]);
    expect(await ids('07654321095')).toEqual([studioId]);
    expect(await ids('rssmra80a01')).toEqual([...marcoIds].sort());
    expect(await ids('nessuno del genere')).toEqual([]);
    // A lawyer searches their own invoices only.
    expect((await list(marco, '?q=07654321095')).results).toEqual([]);
  });

  it('filters by month of issue', async () => {
    const april = await list(admin, `?month=${LAST_YEAR}-04`);
    expect(april.results.map((row) => row.id)).toEqual([aprilInvoiceId]);
    expect((await list(admin, `?month=${LAST_YEAR}-05`)).results).toEqual([]);
    expect((await list(marco, `?month=${MARCH}`)).results).toEqual([]);
    const bad = await ctx.injectAs(admin)({ method: 'GET', url: '/api/invoice?month=2026-13' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages the list and counts its pages', async () => {
    const first = await list(marco, '?limit=2');
    const second = await list(marco, '?limit=2&page=2');
    expect([first.totalPages, second.totalPages, second.page]).toEqual([2, 2, 2]);
    expect(first.results).toHaveLength(2);
    expect(second.results).toHaveLength(1);
    const [total] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(invoices);
    expect((await list(admin, '?limit=3')).totalPages).toBe(Math.ceil((total?.n ?? 0) / 3));
  });

  it('is refused to editors', async () => {
    const response = await ctx.injectAs(editor)({ method: 'GET', url: '/api/invoice' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(text.auth.forbidden);
  });
});

describe('GET /api/invoice/{id}/xml', () => {
  it('answers the stored FatturaPA file under its SDI name, valid against the schema', async () => {
    const invoice = await invoiceOf(marcoContracts[0] ?? '');
    const response = await ctx.injectAs(marco)({
      method: 'GET',
      url: `/api/invoice/${invoice.id}/xml`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const fileName = `IT${ctx.config.seller.partitaIva}_${invoice.progressivoInvio}.xml`;
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(invoice.xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );
    expect(response.body).toBe(invoice.xml);
    await validates(response.body);
    const asAdmin = await ctx.injectAs(admin)({
      method: 'GET',
      url: `/api/invoice/${invoice.id}/xml`,
    });
    expect(asAdmin.body).toBe(invoice.xml);
  });

  it("is 404 for someone else's invoice and for unknown ids, never 403", async () => {
    const invoice = await invoiceOf(marcoContracts[0] ?? '');
    for (const url of [
      `/api/invoice/${invoice.id}/xml`,
      '/api/invoice/00000000-0000-4000-8000-000000000000/xml',
      '/api/invoice/not-an-id/xml',
    ]) {
      const response = await ctx.injectAs(studio)({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(text.errors.notFound);
    }
  });
});

describe('GET /api/invoice/export', () => {
  it("zips exactly the month's invoices and credit notes, each under its SDI name", async () => {
    const response = await ctx.injectAs(admin)({
      method: 'GET',
      url: `/api/invoice/export?month=${MARCH}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain(`filename="fatture-${MARCH}.zip"`);
    const zip = new PizZip(response.rawPayload);
    const expected = await ctx.db
      .select()
      .from(invoices)
      .where(sql`${invoices.id} in (${marchInvoiceId}, ${creditNoteId})`);
    expect(Object.keys(zip.files).sort()).toEqual(
      expected.map((row) => `IT${ctx.config.seller.partitaIva}_${row.progressivoInvio}.xml`).sort(),
    );
    for (const row of expected) {
      const entry = zip.file(`IT${ctx.config.seller.partitaIva}_${row.progressivoInvio}.xml`);
      expect(entry?.asText()).toBe(row.xml);
      await validates(entry?.asText() ?? '');
    }
  });

  it('answers 404 with a message for a month without invoices, 400 for a bad month', async () => {
    const empty = await ctx.injectAs(admin)({
      method: 'GET',
      url: `/api/invoice/export?month=${LAST_YEAR}-06`,
    });
    expect(empty.statusCode).toBe(404);
    expect(empty.json().message).toBe(text.invoices.exportEmpty);
    const bad = await ctx.injectAs(admin)({
      method: 'GET',
      url: '/api/invoice/export?month=03-2025',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.injectAs(admin)({ method: 'GET', url: '/api/invoice/export' });
    expect(missing.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const user of [marco, editor]) {
      const response = await ctx.injectAs(user)({
        method: 'GET',
        url: `/api/invoice/export?month=${MARCH}`,
      });
      expect(response.statusCode).toBe(403);
    }
  });
});

describe("the contract's invoice", () => {
  it('is null until the contract is paid, then names the invoice on the detail and the archive', async () => {
    const contractId = await startCompletedContract(ctx, marco, templateId);
    const before = await ctx.injectAs(marco)({ method: 'GET', url: `/api/contract/${contractId}` });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data.invoice).toBeNull();

    await payContract(ctx, marco, contractId);
    const invoice = await invoiceOf(contractId);
    const ref = { id: invoice.id, number: invoice.fullNumber, date: invoice.issuedOn };
    for (const user of [marco, admin]) {
      const after = await ctx.injectAs(user)({ method: 'GET', url: `/api/contract/${contractId}` });
      expect(after.json().data.invoice).toEqual(ref);
    }
    // The archive (/user/archivio): the lawyer's paid documents.
    const archive = await ctx.injectAs(marco)({
      method: 'GET',
      url: '/api/contract?status=COMPLETED&payed=true&limit=100',
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const cards: { id: string; invoice: unknown }[] = archive.json().data.results;
    expect(cards.find((card) => card.id === contractId)?.invoice).toEqual(ref);
    expect(cards).toHaveLength(4);
    expect(cards.every((card) => card.invoice !== null)).toBe(true);
  });

  it('is null for a purchase that was not invoiced', async () => {
    const buyer = await ctx.buildUser();
    const { contractId } = await paidWithoutInvoice(buyer);
    const detail = await ctx.injectAs(buyer)({ method: 'GET', url: `/api/contract/${contractId}` });
    expect(detail.json().data.invoice).toBeNull();
  });
});
