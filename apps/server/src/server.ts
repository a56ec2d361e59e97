import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, ConfigError, loadConfig } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { MigrationsFromNewerVersionError } from './db/migrate.ts';
import { type OpenDatabase, openDatabase } from './db/open-database.ts';
import type { DocumentPool } from './documents/document-pool.ts';
import type { PdfPool } from './documents/pdf-pool.ts';
import { createLogger } from './logger.ts';
import type { OutboxWorker } from './modules/mail/mail.worker.ts';

/** A mistake the person starting the server can fix: one readable line, no stack. */
function exitWithMessage(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function readConfig(): AppConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWithMessage(error.message);
    throw error;
  }
}

const config = readConfig();
const logger = createLogger(config);

let database: OpenDatabase | undefined;
let app: FastifyInstance | undefined;
let outboxWorker: OutboxWorker | undefined;
let pdfPool: PdfPool | undefined;
let documentPool: DocumentPool | undefined;
let changeFeed: ChangeFeed | undefined;

async function start(): Promise<void> {
  const opening = openDatabase(config, logger);
  // Loaded while PostgreSQL starts; a failure to load is reported with the start below.
  const loading = import('./server-modules.ts');
  loading.catch(() => undefined);
  try {
    database = await opening;
  } catch (error) {
    if (error instanceof DataDirInUseError || error instanceof MigrationsFromNewerVersionError) {
      exitWithMessage(error.message);
    }
    logger.fatal({ err: error }, 'could not open the database');
    process.exit(1);
  }
  try {
    const {
      buildApp,
      courtesyCopyOf,
      createDocumentPool,
      createMailTransport,
      createMetrics,
      createPdfPool,
      DEMO_ACCOUNTS,
      DEMO_PASSWORD,
      directoryTransmitter,
      openPreviewStore,
      seedDemoData,
      startChangeFeed,
      startOutboxWorker,
    } = await loading;
    if (database.isEmbedded && (await seedDemoData(database.db)).seeded) {
      const accounts = DEMO_ACCOUNTS.map((account) => account.pec).join(', ');
      logger.info(`first start: demo accounts ${accounts} created, password ${DEMO_PASSWORD}`);
    }
    const documents = createDocumentPool({ logger });
    documentPool = documents;
    // The first lint or render in a thread pays for loading and JIT (160–440 ms, DESIGN §7).
    void documents.warmUp().catch((error: unknown) => {
      logger.warn({ err: error }, 'document worker warm-up failed');
    });
    // Before the PDF pool: the metrics time its conversions.
    const metrics = createMetrics({ withProcessMetrics: true });
    const pdfs = createPdfPool({
      sofficePath: config.sofficePath,
      size: config.pdfPoolSize,
      store:
        config.previewCacheBytes > 0
          ? openPreviewStore(path.join(config.dataDir, 'previews'), config.previewCacheBytes)
          : undefined,
      // Profiles and temporary files live with the data, where a crash's leftovers are found
      // and removed at the next start.
      workDir: path.join(config.dataDir, 'pdf-pool'),
      // The strip before conversion parses the whole package: in the document workers.
      prepare: async (docx) => (await documents.strip(docx, { withoutComments: true })).bytes,
      onConversion: metrics.observeConversion,
      logger,
    });
    pdfPool = pdfs;
    // No LibreOffice at boot: the first listener starts when the first finished questionnaire
    // asks for its preview ahead of time, while the lawyer reads the summary, so an idle server
    // holds none (~110 MB) and a restart does not wait for it.
    changeFeed = await startChangeFeed(database.url, logger);
    app = await buildApp({
      config,
      db: database.db,
      logger,
      pdfPool,
      documentPool,
      changeFeed,
      metrics,
      // The composition root of invoice transmission: an accredited intermediary's adapter
      // (an InvoiceTransmitter) replaces this one here.
      invoiceTransmitter: directoryTransmitter(config.dataDir),
    });
    await app.listen({ port: config.port, host: config.host });
    const transport = createMailTransport(config, logger);
    const { db } = database;
    outboxWorker = startOutboxWorker({
      db,
      transport,
      logger,
      // The purchase confirmation's invoice PDF, converted by the previews' LibreOffice pool.
      invoiceAttachment: (invoiceId) => courtesyCopyOf(db, pdfs, invoiceId),
    });
    logger.info(`mail outbox worker started: ${transport.description}`);
  } catch (error) {
    logger.fatal({ err: error }, 'could not start the server');
    await outboxWorker?.stop().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await changeFeed?.close();
    await pdfPool?.close().catch(() => undefined);
    await documentPool?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : config.port;
  logger.info({ url: `http://localhost:${port}` }, `LexPath is ready at http://localhost:${port}`);
}

let shuttingDown = false;

/**
 * In-flight requests finish (Fastify's close waits for them), then the outbox worker finishes
 * its current mail, then the pool closes, then the embedded PostgreSQL stops with a checkpoint.
 * A signal during startup waits for it to finish first, so PostgreSQL is never left running;
 * a hung step cannot keep the process forever.
 */
async function shutDown(signal: NodeJS.Signals | 'launcher gone'): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown took longer than 30 s; exiting anyway');
    process.exit(1);
  }, 30_000).unref();
  try {
    await starting;
    await app?.close();
    await changeFeed?.close();
    // Before the pool closes: the mail being sent is recorded as sent (or retried later).
    await outboxWorker?.stop();
    await pdfPool?.close();
    await documentPool?.close();
    await database?.close();
    logger.info('stopped');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

// SIGHUP too: closing the terminal must not leave PostgreSQL running without its server.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  process.on(signal, () => void shutDown(signal));
}
// `npm start` runs the server as npm's child (its shell `exec`s node) with this flag: npm
// passes stop signals on, but when npm dies without doing so (kill -9) the server is handed to
// another parent, and it must not outlive `npm start`. Not by default: a server started in the
// background of a shell that then exits keeps running.
if (process.argv.includes('--exit-with-parent')) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void shutDown('launcher gone');
  }, 250).unref();
}
// Started with an IPC channel (a process manager or a test): the channel closes when the
// parent dies without passing a signal on, and the server must not outlive it.
if (process.channel) {
  process.channel.unref();
  process.on('disconnect', () => void shutDown('launcher gone'));
}
const starting = start();
await starting;
