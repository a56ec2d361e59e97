import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../config.ts';
import { connectDatabase } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { buildTestConfig, createTestContext, type TestContext } from '../../test/context.ts';
import {
  createTestSmtpServer,
  decodeQuotedPrintable,
  type TestSmtpServer,
} from '../../test/smtp.ts';
import { claimDueMails, enqueueMail } from './mail.outbox.ts';
import { verifyEmailMail } from './mail.templates.ts';
import { createMailTransport, createSmtpTransport, type MailLogger } from './mail.transport.ts';
import { defaultRetryDelayMs, drainOutboxOnce, startOutboxWorker } from './mail.worker.ts';

let ctx: TestContext;
let smtp: TestSmtpServer;

const FROM = 'LexPath <no-reply@pec.demo.it>';
const silent: MailLogger = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await createTestSmtpServer();
  await smtp.start();
});

afterAll(async () => {
  await smtp.stop();
  await ctx.close();
});

beforeEach(async () => {
  // Every test starts from an empty queue: a drain sends whatever is due.
  await ctx.db.delete(outbox);
  smtp.received.length = 0;
});

function queueMail(to: string, subject = 'Prova') {
  return enqueueMail(ctx.db, {
    to,
    subject,
    text: `Testo di ${subject}`,
    html: `<p>Testo di ${subject}</p>`,
  });
}

async function outboxRow(id: string) {
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.id, id));
  if (!row) throw new Error(`no outbox row ${id}`);
  return row;
}

/** A TCP server on loopback that accepts connections and never says a word. */
async function startSilentServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    connections: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('outbox worker over SMTP (a real server on loopback)', () => {
  it('delivers a queued mail with text and HTML, from MAIL_FROM, and marks it sent', async () => {
    const id = await enqueueMail(ctx.db, {
      to: 'avv.bianchi@pec.test.it',
      ...verifyEmailMail(
        { appUrl: 'https://lexpath.test', supportEmail: 'supporto@pec.test.it' },
        { name: 'Anna', surname: 'Bianchi', token: 'abc123' },
      ),
    });
    const transport = createSmtpTransport({ url: smtp.url, from: FROM });

    const result = await drainOutboxOnce({ db: ctx.db, transport, logger: silent });

    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['avv.bianchi@pec.test.it']);
    expect(mail?.from).toBe('no-reply@pec.demo.it');
    // The id of the outbox row: a copy re-sent after a crash can be recognised.
    expect(mail?.messageId).toBe(`<${id}@pec.demo.it>`);
    const body = decodeQuotedPrintable(mail?.raw ?? '');
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('https://lexpath.test/verify-email?token=abc123');
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    // The live token leaves the database with the mail; recipient and subject stay.
    expect(JSON.stringify(row)).not.toContain('abc123');
    expect(row).toMatchObject({ to: 'avv.bianchi@pec.test.it', subject: expect.any(String) });
  });

  it('retries with backoff while the SMTP server is down, and delivers once it is back', async () => {
    const down = await createTestSmtpServer();
    const transport = createSmtpTransport({ url: down.url, from: FROM });
    const options = { db: ctx.db, transport, logger: silent, retryDelayMs: () => 400 };
    const id = await queueMail('ritardo@pec.test.it');

    expect(await drainOutboxOnce(options)).toEqual({ sent: 0, retried: 1, failed: 0 });
    const afterFailure = await outboxRow(id);
    expect(afterFailure).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFailure.lastError).toContain('ECONNREFUSED');
    const [{ due } = { due: true }] = (
      await ctx.db.execute<{ due: boolean }>(
        sql`select next_attempt_at <= now() as due from outbox where id = ${id}`,
      )
    ).rows;
    expect(due).toBe(false);

    // Before the backoff has passed nothing is attempted, even if a worker polls.
    expect(await drainOutboxOnce(options)).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect((await outboxRow(id)).attempts).toBe(1);

    await down.start();
    const worker = startOutboxWorker({ ...options, pollIntervalMs: 50 });
    try {
      await waitFor(() => down.received.length > 0);
      await waitFor(async () => (await outboxRow(id)).status === 'sent');
    } finally {
      await worker.stop();
      await down.stop();
    }
    expect(down.received.map((mail) => mail.to)).toEqual([['ritardo@pec.test.it']]);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after the last attempt: status failed, with the last error', async () => {
    const down = await createTestSmtpServer();
    const transport = createSmtpTransport({ url: down.url, from: FROM });
    const id = await queueMail('mai@pec.test.it');
    const errors: string[] = [];
    const logger = { ...silent, error: (_: object, message: string) => errors.push(message) };

    const result = await drainOutboxOnce({
      db: ctx.db,
      transport,
      logger,
      maxAttempts: 3,
      retryDelayMs: () => 0,
    });

    expect(result).toEqual({ sent: 0, retried: 2, failed: 1 });
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row.lastError).toContain('ECONNREFUSED');
    expect(errors).toEqual(['mail given up after the last attempt']);
    // A failed mail is never picked up again.
    expect(await drainOutboxOnce({ db: ctx.db, transport, logger, retryDelayMs: () => 0 })).toEqual(
      { sent: 0, retried: 0, failed: 0 },
    );
  });

  it('two workers draining at once never send one mail twice', async () => {
    const recipients = Array.from({ length: 30 }, (_, index) => `studio${index}@pec.test.it`);
    for (const to of recipients) await queueMail(to, `Mail per ${to}`);
    // A second instance: its own pool, as another server process would have.
    const other = connectDatabase(ctx.databaseUrl, undefined, { max: 2 });
    const transport = createSmtpTransport({ url: smtp.url, from: FROM });
    try {
      const [first, second] = await Promise.all([
        drainOutboxOnce({ db: ctx.db, transport, logger: silent, concurrency: 3 }),
        drainOutboxOnce({ db: other.db, transport, logger: silent, concurrency: 3 }),
      ]);
      expect((first?.sent ?? 0) + (second?.sent ?? 0)).toBe(30);
      // Both really worked side by side, each on its own share.
      expect(first?.sent).toBeGreaterThan(0);
      expect(second?.sent).toBeGreaterThan(0);
    } finally {
      await other.pool.end();
    }

    const delivered = smtp.received.flatMap((mail) => mail.to).sort();
    expect(delivered).toEqual([...recipients].sort());
    expect(new Set(smtp.received.map((mail) => mail.messageId)).size).toBe(30);
    const statuses = await ctx.db.select({ status: outbox.status }).from(outbox);
    expect(statuses.every((row) => row.status === 'sent')).toBe(true);
  });

  it('sends a mail again when the worker that claimed it died, once its lease runs out', async () => {
    const id = await queueMail('ripresa@pec.test.it');
    // A worker claims the mail and crashes before sending it (nothing else happens).
    const [claimed] = await claimDueMails(ctx.db, { limit: 10, leaseMs: 300 });
    expect(claimed?.id).toBe(id);
    expect(await outboxRow(id)).toMatchObject({ status: 'sending', attempts: 1 });
    const transport = createSmtpTransport({ url: smtp.url, from: FROM });

    // While the lease holds, another worker leaves the mail alone.
    expect(await drainOutboxOnce({ db: ctx.db, transport, logger: silent })).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    await sleep(350);
    expect(await drainOutboxOnce({ db: ctx.db, transport, logger: silent })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('on stop, finishes the mails being sent and leaves the rest in the queue', async () => {
    const recipients = ['a', 'b', 'c', 'd', 'e'].map((name) => `${name}@pec.test.it`);
    for (const to of recipients) await queueMail(to);
    const smtpTransport = createSmtpTransport({ url: smtp.url, from: FROM });
    // A slow provider: each send takes a while after the server has the message.
    const slow = {
      ...smtpTransport,
      send: async (mail: Parameters<typeof smtpTransport.send>[0]) => {
        await smtpTransport.send(mail);
        await sleep(300);
      },
    };
    const worker = startOutboxWorker({
      db: ctx.db,
      transport: slow,
      logger: silent,
      concurrency: 2,
    });
    await waitFor(() => smtp.received.length === 2);

    await worker.stop();

    const rows = await ctx.db.select().from(outbox);
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(2);
    // Never claimed: no lease to wait for.
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(3);
    // The next start sends the other three, and nothing twice.
    const result = await drainOutboxOnce({ db: ctx.db, transport: smtpTransport, logger: silent });
    expect(result.sent).toBe(3);
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(recipients);
  });

  it('a mail to a server that accepts and never greets delays no other mail, and is retried', async () => {
    const hung = await startSilentServer();
    const slowFirst = 'lento@pec.test.it';
    // The first attempt of one mail goes to the hung server, everything else to the real one.
    const toHung = createSmtpTransport({
      url: `smtp://127.0.0.1:${hung.port}`,
      from: FROM,
      timeouts: { connectionTimeout: 1500, greetingTimeout: 1500 },
    });
    const toSmtp = createSmtpTransport({ url: smtp.url, from: FROM });
    const tried = new Set<string>();
    const deliveredAt = new Map<string, number>();
    const transport = {
      ...toSmtp,
      send: async (mail: Parameters<typeof toSmtp.send>[0]) => {
        const first = !tried.has(mail.id);
        tried.add(mail.id);
        await (mail.to === slowFirst && first ? toHung : toSmtp).send(mail);
        deliveredAt.set(mail.to, Date.now());
      },
    };
    const slowId = await queueMail(slowFirst);
    const others = ['uno', 'due', 'tre', 'quattro', 'cinque', 'sei'].map(
      (name) => `${name}@pec.test.it`,
    );
    for (const to of others) await queueMail(to);
    const began = Date.now();

    try {
      const result = await drainOutboxOnce({
        db: ctx.db,
        transport,
        logger: silent,
        retryDelayMs: () => 300,
      });
      const failedAt = Date.now();

      expect(result).toEqual({ sent: 6, retried: 1, failed: 0 });
      expect(hung.connections()).toBe(1);
      // All six went out long before the stuck one gave up after its greeting timeout.
      for (const to of others) expect((deliveredAt.get(to) ?? Infinity) - began).toBeLessThan(1000);
      expect(failedAt - began).toBeGreaterThanOrEqual(1400);
      const stuck = await outboxRow(slowId);
      expect(stuck).toMatchObject({ status: 'pending', attempts: 1 });
      expect(stuck.lastError).toContain('Greeting never received');
    } finally {
      await hung.close();
    }

    // Not lost: after its backoff it is sent.
    await sleep(350);
    expect(await drainOutboxOnce({ db: ctx.db, transport, logger: silent })).toEqual({
      sent: 1,
      retried: 0,
      failed: 0,
    });
    expect(await outboxRow(slowId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual([...others, slowFirst].sort());
  });

  it('never sends the mail of a change that rolled back', async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'annullato@pec.test.it', subject: 'x', text: 'x', html: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const transport = createSmtpTransport({ url: smtp.url, from: FROM });
    expect((await drainOutboxOnce({ db: ctx.db, transport, logger: silent })).sent).toBe(0);
    expect(await ctx.db.select().from(outbox)).toEqual([]);
  });

  it('backs off exponentially by default: 30 s, 1 min, 2 min … at most an hour', () => {
    expect([1, 2, 3, 4, 8, 20].map(defaultRetryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ]);
  });
});

describe('without SMTP_URL (development)', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(REPOSITORY_ROOT, '.test-data', 'mail-files-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as a readable .eml under $DATA_DIR/mail and logs its links', async () => {
    const config = buildTestConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:3000' });
    expect(config.smtpUrl).toBeUndefined();
    const logged: Array<{ object: object; message: string }> = [];
    const logger = {
      ...silent,
      info: (object: object, message: string) => logged.push({ object, message }),
    };
    const transport = createMailTransport(config, logger);
    expect(transport.kind).toBe('file');
    const id = await enqueueMail(ctx.db, {
      to: 'sviluppo@pec.test.it',
      ...verifyEmailMail(config, { name: 'Luca', surname: 'Verdi', token: 'tok_123-abc' }),
    });

    expect((await drainOutboxOnce({ db: ctx.db, transport, logger })).sent).toBe(1);

    const folder = path.join(dataDir, 'mail');
    expect(await readdir(folder)).toEqual([`${id}.eml`]);
    const eml = await readFile(path.join(folder, `${id}.eml`), 'utf8');
    expect(eml).toMatch(/^From: LexPath <no-reply@pec\.demo\.it>$/m);
    expect(eml).toMatch(/^To: sviluppo@pec\.test\.it$/m);
    expect(eml).toMatch(/^Subject: /m);
    const decoded = decodeQuotedPrintable(eml);
    expect(decoded).toContain('http://localhost:3000/verify-email?token=tok_123-abc');
    expect(decoded).toContain('Gentile Luca Verdi,');
    expect(logged).toContainEqual({
      object: expect.objectContaining({
        to: 'sviluppo@pec.test.it',
        links: ['http://localhost:3000/verify-email?token=tok_123-abc'],
      }),
      message: 'mail written to file',
    });
  });
});
