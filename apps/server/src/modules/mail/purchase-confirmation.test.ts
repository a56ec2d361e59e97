import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { it as text } from '@lexpath/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { mailsTo } from '../../test/outbox.ts';
import {
  createTestSmtpServer,
  decodeQuotedPrintable,
  type TestSmtpServer,
} from '../../test/smtp.ts';
import {
  createPublishedTemplate,
  payContract,
  startCompletedContract,
} from '../contracts/test-contracts.ts';
import { courtesyCopyOf } from '../invoices/courtesy-copy.ts';
import { buyWithInvoice, lawyerWithBilling, pdfToText } from '../invoices/test-invoices.ts';
import { createFileTransport, createSmtpTransport, type MailLogger } from './mail.transport.ts';
import { drainOutboxOnce, type OutboxWorkerOptions } from './mail.worker.ts';

let ctx: TestContext;
let smtp: TestSmtpServer;
let pdfPool: PdfPool;
/** A pool whose LibreOffice is missing: every conversion answers 503, as when it is down. */
let downPool: PdfPool;
let templateId: string;

const FROM = 'LexPath <no-reply@pec.demo.it>';
const silent: MailLogger = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  pdfPool = createPdfPool({ sofficePath: process.env.SOFFICE_PATH });
  downPool = createPdfPool({ sofficePath: '/nonexistent/soffice' });
  ctx = await createTestContext({ env: { INVOICE_PREFIX: 'LP-' } });
  templateId = (await createPublishedTemplate(ctx, 'conferma')).template.id;
  smtp = await createTestSmtpServer();
  await smtp.start();
}, 60_000);

afterAll(async () => {
  await smtp?.stop();
  await ctx?.close();
  await pdfPool?.close();
  await downPool?.close();
});

beforeEach(async () => {
  await ctx.db.delete(outbox);
  smtp.received.length = 0;
});

/** The worker's options: SMTP on loopback, the courtesy copy converted by `pool`. */
function worker(pool: PdfPool, transport = createSmtpTransport({ url: smtp.url, from: FROM })) {
  return {
    db: ctx.db,
    transport,
    logger: silent,
    invoiceAttachment: (invoiceId: string) => courtesyCopyOf(ctx.db, pool, invoiceId),
  } satisfies OutboxWorkerOptions;
}

/** The PDF attachments of a raw RFC 822 message, decoded as a mail client would. */
function pdfAttachments(raw: string): { fileName: string; pdf: Buffer }[] {
  return raw
    .split(/^--.*$/m)
    .map((part) => {
      const blank = part.search(/\r?\n\r?\n/);
      return { headers: part.slice(0, blank), body: part.slice(blank) };
    })
    .filter(({ headers }) => /^Content-Type: application\/pdf/im.test(headers))
    .map(({ headers, body }) => ({
      fileName: /filename="?([^";\r\n]+)/i.exec(headers)?.[1] ?? '',
      pdf: Buffer.from(body.replace(/\s+/g, ''), 'base64'),
    }));
}

async function outboxRow(id: string) {
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

describe('the purchase confirmation mail', () => {
  it('is queued with the payment, to the buyer’s PEC, naming the invoice, the total and the document', async () => {
    const lawyer = await lawyerWithBilling(ctx);
    const { invoice, contractId } = await buyWithInvoice(ctx, lawyer, templateId);
    const mails = await mailsTo(ctx.db, lawyer.pec);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const title = invoice.lines[0]?.descrizione;
    expect(mail).toMatchObject({
      subject: `Acquisto completato: ${title}`,
      attachInvoiceId: invoice.id,
      status: 'pending',
    });
    expect(mail?.text).toContain(`fattura n. ${invoice.fullNumber}`);
    expect(mail?.text).toContain('Totale pagato: 60,88\u00a0€');
    expect(mail?.text).toContain(
      `http://localhost:3000/user/archivio/dettaglio-documento?id=${contractId}`,
    );
  });

  it('goes out over SMTP with the invoice’s courtesy PDF attached', {
    timeout: 90_000,
  }, async () => {
    const lawyer = await lawyerWithBilling(ctx);
    const { invoice } = await buyWithInvoice(ctx, lawyer, templateId);

    expect(await drainOutboxOnce(worker(pdfPool))).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [received] = smtp.received;
    expect(received?.to).toEqual([lawyer.pec]);
    expect(decodeQuotedPrintable(received?.raw ?? '')).toContain(invoice.fullNumber);
    const attachments = pdfAttachments(received?.raw ?? '');
    expect(attachments.map((attachment) => attachment.fileName)).toEqual([
      `fattura-${invoice.fullNumber.replace('/', '-')}.pdf`,
    ]);
    const pdf = await pdfToText(attachments[0]?.pdf ?? Buffer.alloc(0));
    expect(pdf).toContain(`Fattura n. ${invoice.fullNumber}`);
    expect(pdf).toContain(
      'Copia di cortesia — il documento fiscale è il file XML trasmesso allo SDI',
    );
  });

  it('waits, pending, while LibreOffice is down, and goes out with the PDF once it is back', {
    timeout: 90_000,
  }, async () => {
    const lawyer = await lawyerWithBilling(ctx);
    const { invoice } = await buyWithInvoice(ctx, lawyer, templateId);
    const [queued] = await mailsTo(ctx.db, lawyer.pec);
    if (!queued) throw new Error('no mail queued');

    expect(await drainOutboxOnce(worker(downPool))).toEqual({ sent: 0, retried: 1, failed: 0 });
    const waiting = await outboxRow(queued.id);
    expect(waiting.status).toBe('pending');
    expect(waiting.lastError).toContain(text.documents.previewUnavailable);
    // Retried with the worker's backoff, not at once.
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
    expect(smtp.received).toEqual([]);

    // LibreOffice is back and the retry falls due.
    await ctx.db.update(outbox).set({ nextAttemptAt: sql`now()` }).where(eq(outbox.id, queued.id));
    expect(await drainOutboxOnce(worker(pdfPool))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect((await outboxRow(queued.id)).status).toBe('sent');
    const attachments = pdfAttachments(smtp.received[0]?.raw ?? '');
    expect(attachments).toHaveLength(1);
    expect(await pdfToText(attachments[0]?.pdf ?? Buffer.alloc(0))).toContain(invoice.fullNumber);
  });

  it('stops, failed and logged for admins, when its invoice’s PDF still cannot be made at its last attempt', {
    timeout: 120_000,
  }, async () => {
    const lawyer = await lawyerWithBilling(ctx);
    await buyWithInvoice(ctx, lawyer, templateId);
    const [queued] = await mailsTo(ctx.db, lawyer.pec);
    if (!queued) throw new Error('no mail queued');
    const errors: string[] = [];
    const logger = { ...silent, error: (_: object, message: string) => errors.push(message) };
    const options = { ...worker(downPool), logger, maxAttempts: 3, retryDelayMs: () => 0 };

    expect(await drainOutboxOnce(options)).toEqual({ sent: 0, retried: 2, failed: 1 });

    const row = await outboxRow(queued.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row.lastError).toContain(text.documents.previewUnavailable);
    expect(errors).toEqual(['mail given up after the last attempt']);
    // Never picked up again, even once LibreOffice is back.
    expect(await drainOutboxOnce({ ...options, ...worker(pdfPool), logger })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    expect(smtp.received).toEqual([]);
  });

  it('is written with its PDF attachment to an .eml file when there is no SMTP_URL', {
    timeout: 90_000,
  }, async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'lexpath-purchase-mail-'));
    try {
      const lawyer = await lawyerWithBilling(ctx);
      const { invoice } = await buyWithInvoice(ctx, lawyer, templateId);
      const [queued] = await mailsTo(ctx.db, lawyer.pec);
      const transport = createFileTransport({ directory, from: FROM, logger: silent });

      expect((await drainOutboxOnce(worker(pdfPool, transport))).sent).toBe(1);

      expect(await readdir(directory)).toEqual([`${queued?.id}.eml`]);
      const eml = await readFile(path.join(directory, `${queued?.id}.eml`), 'utf8');
      const attachments = pdfAttachments(eml);
      expect(attachments.map((attachment) => attachment.fileName)).toEqual([
        `fattura-${invoice.fullNumber.replace('/', '-')}.pdf`,
      ]);
      expect(await pdfToText(attachments[0]?.pdf ?? Buffer.alloc(0))).toContain(
        `Fattura n. ${invoice.fullNumber}`,
      );
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('confirms a purchase without an invoice (no billing profile) too, with no attachment', async () => {
    const lawyer = await ctx.buildUser();
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, contractId, { beforeInvoicing: true });
    const [queued] = await mailsTo(ctx.db, lawyer.pec);
    expect(queued).toMatchObject({ attachInvoiceId: null });
    expect(queued?.text).not.toContain('fattura');

    // No LibreOffice needed: nothing to convert.
    expect(await drainOutboxOnce(worker(downPool))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(pdfAttachments(smtp.received[0]?.raw ?? '')).toEqual([]);
  });
});
