import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { it as text } from '@lexpath/shared';
import { todayInItaly } from '@lexpath/shared/answer-types';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { checkoutSessions, invoices } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { issueInvoice } from './invoices.service.ts';
import { lawyerWithBilling, STUDIO } from './test-invoices.ts';

const run = promisify(execFile);
const SCHEMA = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'schema/Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd',
);

let ctx: TestContext;
let templateId: string;
let scratch: string;

beforeAll(async () => {
  ctx = await createTestContext();
  templateId = (await createPublishedTemplate(ctx, 'fatture')).template.id;
  scratch = await mkdtemp(path.join(tmpdir(), 'lexpath-invoices-'));
});

afterAll(async () => {
  await ctx.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('the invoice of a purchase', () => {
  it('is issued with the payment: numbered, the buyer as they were, XML valid against the schema', async () => {
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const { paymentId } = await payContract(ctx, lawyer, contractId);
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    if (!invoice) throw new Error('no invoice issued');
    const year = Number(todayInItaly().slice(0, 4));
    expect(invoice).toMatchObject({
      contractId,
      userId: lawyer.id,
      tipo: 'TD01',
      year,
      issuedOn: todayInItaly(),
      status: 'pronta',
      totaleCents: Math.round(Number(SAMPLE_TOTAL) * 100),
    });
    expect(invoice.fullNumber).toBe(`${year}/${String(invoice.number).padStart(6, '0')}`);
    expect(invoice.buyer).toMatchObject({ denominazione: STUDIO.denominazione });
    const file = path.join(scratch, 'fattura.xml');
    await writeFile(file, invoice.xml);
    await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
    expect(invoice.xml).toContain(`<Numero>${invoice.fullNumber}</Numero>`);
    expect(invoice.xml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');

    // Changing the billing profile later changes no invoice issued before.
    await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/user/${lawyer.id}/billing`,
      payload: { ...STUDIO, denominazione: 'Altro Studio' },
    });
    const [again] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(again?.xml).toBe(invoice.xml);
  });

  it('is never missing: a buyer without a billing profile cannot check out (422), nothing is paid', async () => {
    const lawyer = await ctx.buildUser();
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const refused = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment/local-checkout',
      payload: { contractId },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(text.payments.billingRequired);
    expect(await ctx.db.select().from(invoices).where(eq(invoices.contractId, contractId))).toEqual(
      [],
    );
    expect(
      await ctx.db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.contractId, contractId)),
    ).toEqual([]);
  });

  it('can never be changed or deleted, but its transmission status can', async () => {
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const { paymentId } = await payContract(
      ctx,
      lawyer,
      await startCompletedContract(ctx, lawyer, templateId),
    );
    const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    if (!invoice) throw new Error('no invoice issued');
    await expect(
      ctx.db.update(invoices).set({ totaleCents: 1 }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(invoices).where(eq(invoices.id, invoice.id))).rejects.toThrow();
    await ctx.db.update(invoices).set({ status: 'inviata' }).where(eq(invoices.id, invoice.id));
    const [after] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(after).toMatchObject({ status: 'inviata', totaleCents: invoice.totaleCents });
  });
});

describe('invoice numbers', () => {
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    // A second server instance on the same database, with its own connection pool.
    const { db, pool } = connectDatabase(ctx.databaseUrl, undefined, { max: 4 });
    second = await buildApp({ config: ctx.config, db });
    await second.ready();
    closeSecond = async () => {
      await second.close();
      await pool.end();
    };
  });

  afterAll(async () => {
    await closeSecond();
  });

  it('have no gap and no duplicate when 20 purchases are fulfilled at once on two instances', {
    timeout: 60_000,
  }, async () => {
    const lawyers = await Promise.all(
      Array.from({ length: 20 }, () => lawyerWithBilling(ctx, STUDIO)),
    );
    const contractIds = await Promise.all(
      lawyers.map((lawyer) => startCompletedContract(ctx, lawyer, templateId)),
    );
    const sessions = await Promise.all(
      contractIds.map(async (contractId, index) => {
        const lawyer = lawyers[index] as TestUser;
        const response = await ctx.injectAs(lawyer)({
          method: 'POST',
          url: '/api/payment/local-checkout',
          payload: { contractId },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.session_id as string;
      }),
    );
    const before = await ctx.db
      .select({ number: invoices.number })
      .from(invoices)
      .orderBy(asc(invoices.number));
    // Half the payments reach one instance, half the other, all at once.
    const responses = await Promise.all(
      contractIds.map(async (contractId, index) => {
        const lawyer = lawyers[index] as TestUser;
        const headers = await ctx.authHeaders(lawyer);
        const app = index % 2 === 0 ? ctx.app : second;
        return app.inject({
          method: 'POST',
          url: '/api/payment',
          headers,
          payload: { transactionId: sessions[index], price: SAMPLE_TOTAL, contractId },
        });
      }),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const numbers = (
      await ctx.db.select({ number: invoices.number }).from(invoices).orderBy(asc(invoices.number))
    ).map((row) => row.number);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    expect(numbers.length - before.length).toBe(20);
    const [counter] = (
      await ctx.db.execute<{ last: number }>(
        sql`select max(last_number) as last from invoice_counters`,
      )
    ).rows;
    expect(Number(counter?.last)).toBe(numbers.length);
  });

  it('are not used up by a fulfilment that rolls back', async () => {
    const [last] = await ctx.db
      .select()
      .from(invoices)
      .orderBy(sql`${invoices.number} desc`)
      .limit(1);
    if (!last) throw new Error('no invoice yet');
    await expect(
      ctx.db.transaction(async (tx) => {
        const taken = await issueInvoice(tx, ctx.config.seller, {
          userId: last.userId,
          contractId: last.contractId,
          paymentId: last.paymentId,
          title: 'Annullata',
          netCents: 100,
        });
        expect(taken?.fullNumber).toMatch(
          new RegExp(`/${String(last.number + 1).padStart(6, '0')}$`),
        );
        throw new Error('the payment fails after the invoice');
      }),
    ).rejects.toThrow('the payment fails after the invoice');
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const { paymentId } = await payContract(
      ctx,
      lawyer,
      await startCompletedContract(ctx, lawyer, templateId),
    );
    const [next] = await ctx.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
    expect(next?.number).toBe(last.number + 1);
  });
});

describe('invoice dates', () => {
  it('reads the issue date only once the previous number committed: a higher number never has an earlier date', async () => {
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const { paymentId } = await payContract(ctx, lawyer, contractId);
    const sale = { userId: lawyer.id, contractId, paymentId, title: 'Contratto', netCents: 4990 };
    // Midnight passes while the first invoice's transaction is still open.
    let midnightPassed = false;
    const today = () => (midnightPassed ? '2026-11-24' : '2026-11-23');
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = ctx.db.transaction(async (tx) => {
      const issued = await issueInvoice(tx, ctx.config.seller, { ...sale, today });
      holding();
      await released;
      return issued;
    });
    await held;
    // The second one starts before midnight and waits for the first to commit.
    const second = ctx.db.transaction((tx) =>
      issueInvoice(tx, ctx.config.seller, { ...sale, today }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    midnightPassed = true;
    release();
    const [a, b] = await Promise.all([first, second]);
    const rows = await ctx.db
      .select({ number: invoices.number, issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(sql`${invoices.id} in (${a?.id}, ${b?.id})`)
      .orderBy(asc(invoices.number));
    expect(rows.map((row) => row.issuedOn)).toEqual(['2026-11-23', '2026-11-24']);
    expect((rows[1]?.number ?? 0) - (rows[0]?.number ?? 0)).toBe(1);
  });
});
