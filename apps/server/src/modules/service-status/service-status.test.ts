import { it as text } from '@lexpath/shared';
import { ROLES } from '@lexpath/shared/roles';
import type { TServiceStatus } from '@lexpath/shared/schemas/service-status';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, outbox } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  payContract,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import type { InvoiceTransmitter } from '../invoices/transmission.ts';
import { recordPreviewFailure } from './preview-failures.ts';

let ctx: TestContext;

/** The audit rows about one mail or invoice, as the database holds them. */
async function auditOf(targetId: string) {
  return ctx.db
    .select({
      actorId: auditLog.actorId,
      action: auditLog.action,
      targetType: auditLog.targetType,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId));
}
let admin: TestUser;
let lawyer: TestUser;
let templateId: string;
/** The intermediary is down until a test says otherwise. */
let intermediaryUp = false;
const handedOver: string[] = [];

const intermediary: InvoiceTransmitter = {
  name: 'intermediario di prova',
  async transmit({ invoiceId }) {
    if (!intermediaryUp) throw new Error('intermediary unreachable');
    handedOver.push(invoiceId);
    return { status: 'inviata' };
  },
};

beforeAll(async () => {
  ctx = await createTestContext({
    app: {
      invoiceTransmitter: intermediary,
      // Only a fulfilment or an admin's retry makes the worker try: no poll, no retry of its own.
      invoiceTransmission: { pollIntervalMs: 60 * 60_000, retryDelayMs: () => 60 * 60_000 },
    },
  });
  admin = await ctx.buildUser({ role: ROLES.admin });
  lawyer = await ctx.buildUser();
  templateId = (await createPublishedTemplate(ctx)).template.id;
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** A purchase's invoice, as old as `ageMinutes` (the immutability trigger set aside for it). */
async function invoiceAged(ageMinutes: number): Promise<string> {
  const contractId = await startCompletedContract(ctx, lawyer, templateId);
  await payContract(ctx, lawyer, contractId);
  const [invoice] = await ctx.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.contractId, contractId));
  if (!invoice) throw new Error('no invoice issued');
  await ctx.pool.query('alter table invoices disable trigger invoices_immutable');
  try {
    await ctx.pool.query(
      `update invoices set created_at = now() - make_interval(mins => $2) where id = $1`,
      [invoice.id, ageMinutes],
    );
  } finally {
    await ctx.pool.query('alter table invoices enable trigger invoices_immutable');
  }
  return invoice.id;
}

async function status(): Promise<TServiceStatus> {
  const response = await ctx.injectAs(admin)({ method: 'GET', url: '/api/service-status' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

describe('«Stato del servizio»', () => {
  it('lists stopped mails, refused and stuck invoices and failed previews; a fresh invoice is not stuck', async () => {
    const [mail] = await ctx.db
      .insert(outbox)
      .values({
        to: 'destinatario@pec.test.it',
        subject: 'Conferma di acquisto',
        html: '<p>x</p>',
        text: 'x',
        status: 'failed',
        attempts: 12,
        lastError: '550 mailbox unavailable',
      })
      .returning({ id: outbox.id });
    const stuck = await invoiceAged(60);
    const fresh = await invoiceAged(1);
    const refused = await invoiceAged(120);
    await ctx.db
      .update(invoices)
      .set({
        transmittedAt: new Date(),
        status: 'scartata',
        statusReason: '00404 Fattura duplicata',
      })
      .where(eq(invoices.id, refused));
    await recordPreviewFailure(ctx.db, { output: 'pdf', templateId, document: 1 }, 'timeout');

    const shown = await status();
    expect(shown.mails).toEqual([
      expect.objectContaining({
        id: mail?.id,
        to: 'destinatario@pec.test.it',
        subject: 'Conferma di acquisto',
        attempts: 12,
        lastError: '550 mailbox unavailable',
      }),
    ]);
    expect(shown.invoices.map(({ id, problem, reason }) => ({ id, problem, reason }))).toEqual([
      { id: stuck, problem: 'ferma', reason: null },
      { id: refused, problem: 'scartata', reason: '00404 Fattura duplicata' },
    ]);
    expect(shown.invoices.map((invoice) => invoice.id)).not.toContain(fresh);
    expect(shown.previews).toEqual([
      expect.objectContaining({ output: 'pdf', reason: 'timeout', templateId, contractId: null }),
    ]);
  });

  it('sends a stopped mail again with a fresh count of attempts, once', async () => {
    const [mail] = await ctx.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.status, 'failed'));
    const retry = () =>
      ctx.injectAs(admin)({
        method: 'POST',
        url: `/api/service-status/mails/${mail?.id}/retry`,
      });
    const first = await retry();
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await ctx.db
      .select({ status: outbox.status, attempts: outbox.attempts })
      .from(outbox)
      .where(eq(outbox.id, mail?.id ?? ''));
    expect(row).toEqual({ status: 'pending', attempts: 0 });
    expect((await status()).mails).toEqual([]);
    const audited = await auditOf(mail?.id ?? '');
    expect(audited).toEqual([
      {
        actorId: admin.id,
        action: 'mail.retried',
        targetType: 'mail',
        details: { attemptsBefore: 12 },
      },
    ]);
    // Neither the address nor the subject (personal data) is written to the audit log.
    expect(JSON.stringify(audited)).not.toMatch(/destinatario|Conferma/);

    const again = await retry();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(text.operations.mailNotStopped);
    expect(await auditOf(mail?.id ?? '')).toHaveLength(1);
  });

  it('tries a stuck invoice again now, and never resends one transmitted or refused', async () => {
    const { invoices: listed } = await status();
    const stuck = listed.find((invoice) => invoice.problem === 'ferma')?.id ?? '';
    const refused = listed.find((invoice) => invoice.problem === 'scartata')?.id ?? '';
    intermediaryUp = true;

    const retried = await ctx.injectAs(admin)({
      method: 'POST',
      url: `/api/service-status/invoices/${stuck}/retry`,
    });
    expect(retried.statusCode, retried.body).toBe(202);
    await expect
      .poll(
        async () =>
          (
            await ctx.db
              .select({ status: invoices.status, transmittedAt: invoices.transmittedAt })
              .from(invoices)
              .where(eq(invoices.id, stuck))
          )[0]?.status,
        { timeout: 5000 },
      )
      .toBe('inviata');
    expect(handedOver).toContain(stuck);
    const [number] = await ctx.db
      .select({ fullNumber: invoices.fullNumber })
      .from(invoices)
      .where(eq(invoices.id, stuck));
    expect(await auditOf(stuck)).toEqual([
      {
        actorId: admin.id,
        action: 'invoice.transmission-retried',
        targetType: 'invoice',
        details: { number: number?.fullNumber },
      },
    ]);
    expect((await status()).invoices.map((invoice) => invoice.id)).toEqual([refused]);

    for (const id of [stuck, refused]) {
      const response = await ctx.injectAs(admin)({
        method: 'POST',
        url: `/api/service-status/invoices/${id}/retry`,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(text.operations.invoiceAlreadyTransmitted);
    }
    expect(handedOver.filter((id) => id === refused)).toEqual([]);
    // A refused retry changed nothing, so it is not audited.
    expect(await auditOf(refused)).toEqual([]);
    expect(await auditOf(stuck)).toHaveLength(1);
  });
});
