import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../app.ts';
import { connectDatabase } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import {
  createPublishedTemplate,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { lawyerWithBilling, STUDIO } from './test-invoices.ts';
import {
  directoryTransmitter,
  type InvoiceTransmitter,
  recordTransmissionStatus,
} from './transmission.ts';

let ctx: TestContext;
let templateId: string;
let scratch: string;
/** Apps a test started, closed after it even when it fails. */
const started: (() => Promise<void>)[] = [];

beforeAll(async () => {
  // The context's own app runs no transmission worker: each test starts the instances it needs.
  ctx = await createTestContext();
  templateId = (await createPublishedTemplate(ctx, 'trasmissione')).template.id;
  scratch = await mkdtemp(path.join(tmpdir(), 'lexpath-transmission-'));
});

afterAll(async () => {
  for (const close of started.splice(0)) await close();
  await ctx?.close();
  await rm(scratch, { recursive: true, force: true });
});

/** Another server instance on the test database, with its own pool and a transmitter. */
async function instance(
  options: Pick<BuildAppOptions, 'invoiceTransmitter' | 'invoiceTransmission'>,
  ready = true,
): Promise<FastifyInstance> {
  const { db, pool } = connectDatabase(ctx.databaseUrl, undefined, { max: 4 });
  const app = await buildApp({ config: ctx.config, db, previewAheadOfTime: false, ...options });
  if (ready) await app.ready();
  started.push(async () => {
    await app.close();
    await pool.end();
  });
  return app;
}

async function stopInstances(): Promise<void> {
  for (const close of started.splice(0)) await close();
}

async function invoiceOfContract(contractId: string) {
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.contractId, contractId));
  if (!row) throw new Error('no invoice');
  return row;
}

async function waitFor<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function fileNameOf(invoice: { progressivoInvio: string }): string {
  return `IT${ctx.config.seller.partitaIva}_${invoice.progressivoInvio}.xml`;
}

describe('the directory transmitter', () => {
  it('writes the XML of a purchase under $DATA_DIR/invoices with its SDI name, then marks it transmitted', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(scratch, 'kick');
    // Polls once an hour: only the wake-up after the payment can transmit within the test.
    const app = await instance({
      invoiceTransmitter: directoryTransmitter(dataDir),
      invoiceTransmission: { pollIntervalMs: 60 * 60_000 },
    });
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const headers = await ctx.authHeaders(lawyer);
    const checkout = await app.inject({
      method: 'POST',
      url: '/api/payment/local-checkout',
      headers,
      payload: { contractId },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const paid = await app.inject({
      method: 'POST',
      url: '/api/payment',
      headers,
      payload: { transactionId: checkout.json().data.session_id, price: SAMPLE_TOTAL, contractId },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const invoice = await waitFor(async () => {
      const row = await invoiceOfContract(contractId);
      return row.transmittedAt ? row : undefined;
    }, 'the transmission');
    expect(invoice.status).toBe('pronta');
    const folder = path.join(dataDir, 'invoices');
    expect(await readdir(folder)).toEqual([fileNameOf(invoice)]);
    expect(await readFile(path.join(folder, fileNameOf(invoice)), 'utf8')).toBe(invoice.xml);
    await stopInstances();
  });

  it('hands each invoice over once when two instances drain the queue at once', {
    timeout: 120_000,
  }, async () => {
    const lawyers = await Promise.all(
      Array.from({ length: 12 }, () => lawyerWithBilling(ctx, STUDIO)),
    );
    const contractIds = await Promise.all(
      lawyers.map(async (lawyer) => {
        const contractId = await startCompletedContract(ctx, lawyer, templateId);
        await payContract(ctx, lawyer, contractId);
        return contractId;
      }),
    );
    const dataDir = path.join(scratch, 'two');
    const journal = path.join(scratch, 'two-journal.txt');
    await writeFile(journal, '');
    const folderWriter = directoryTransmitter(dataDir);
    // The directory adapter, with a journal line per hand-over and a pause that lets the other
    // instance claim while one is writing.
    const journaled = (instanceName: string): InvoiceTransmitter => ({
      name: `journaled ${instanceName}`,
      async transmit(file) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        const answer = await folderWriter.transmit(file);
        await appendFile(journal, `${instanceName} ${file.invoiceId}\n`);
        return answer;
      },
    });
    const [first, second] = await Promise.all([
      instance(
        { invoiceTransmitter: journaled('a'), invoiceTransmission: { pollIntervalMs: 50 } },
        false,
      ),
      instance(
        { invoiceTransmitter: journaled('b'), invoiceTransmission: { pollIntervalMs: 50 } },
        false,
      ),
    ]);
    await Promise.all([first?.ready(), second?.ready()]);

    await waitFor(async () => {
      const pending = await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(isNull(invoices.transmittedAt));
      return pending.length === 0;
    }, 'every transmission');
    await stopInstances();
    const lines = (await readFile(journal, 'utf8')).trim().split('\n');
    const handed = lines.map((line) => line.split(' ')[1]);
    const ours = (
      await ctx.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(inArray(invoices.contractId, contractIds))
    ).map((row) => row.id);
    expect(ours).toHaveLength(12);
    // Each invoice handed over exactly once, whichever instance took it.
    expect([...handed].sort()).toEqual([...new Set(handed)].sort());
    expect(handed).toEqual(expect.arrayContaining(ours));
    const rows = await ctx.db.select().from(invoices).where(inArray(invoices.id, ours));
    const files = await readdir(path.join(dataDir, 'invoices'));
    expect(files).toEqual(expect.arrayContaining(rows.map(fileNameOf)));
  });

  it('leaves an invoice untransmitted when the folder cannot be written, and retries it', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(scratch, 'blocked');
    await mkdir(dataDir, { recursive: true });
    // A file where the folder should be: every write fails (ENOTDIR), as on a broken disk.
    const blocker = path.join(dataDir, 'invoices');
    await writeFile(blocker, 'not a folder');
    await instance({
      invoiceTransmitter: directoryTransmitter(dataDir),
      invoiceTransmission: { pollIntervalMs: 50, retryDelayMs: () => 200 },
    });
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, contractId);
    const invoice = await invoiceOfContract(contractId);
    // Several attempts fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [failed] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(failed).toMatchObject({ transmittedAt: null, status: 'pronta', statusReason: null });

    await rm(blocker);
    const transmitted = await waitFor(async () => {
      const [row] = await ctx.db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoice.id)));
      return row?.transmittedAt ? row : undefined;
    }, 'the retry');
    expect(transmitted.status).toBe('pronta');
    expect(await readFile(path.join(blocker, fileNameOf(invoice)), 'utf8')).toBe(invoice.xml);
    await stopInstances();
  });
});

describe("an intermediary's later word", () => {
  it('sets the refusal and its reason; the invoice and its XML stay as issued', async () => {
    const lawyer = await lawyerWithBilling(ctx, STUDIO);
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, contractId);
    const invoice = await invoiceOfContract(contractId);

    const reason = 'Codice destinatario non valido (codice errore 00311)';
    expect(await recordTransmissionStatus(ctx.db, invoice.id, 'inviata')).toBe(true);
    expect(await recordTransmissionStatus(ctx.db, invoice.id, 'scartata', reason)).toBe(true);
    expect(
      await recordTransmissionStatus(ctx.db, '00000000-0000-4000-8000-000000000000', 'consegnata'),
    ).toBe(false);

    const listed = await ctx.injectAs(lawyer)({ method: 'GET', url: '/api/invoice' });
    expect(listed.json().data.results[0]).toMatchObject({
      id: invoice.id,
      status: 'scartata',
      statusReason: reason,
    });
    const xml = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/invoice/${invoice.id}/xml`,
    });
    expect(xml.body).toBe(invoice.xml);
    const [after] = await ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const { status: _s, statusReason: _r, updatedAt: _u, ...issued } = invoice;
    expect(after).toMatchObject(issued);
    // The trigger lets only the transmission columns change.
    await expect(
      ctx.db.update(invoices).set({ xml: '<altro/>' }).where(eq(invoices.id, invoice.id)),
    ).rejects.toThrow();
  });
});
