/**
 * What the server needs once PostgreSQL is up, loaded while it starts (server.ts): loading these
 * modules and their packages takes about as long as PostgreSQL takes to start (issue 13).
 */
export { buildApp } from './app.ts';
export { startChangeFeed } from './db/change-feed.ts';
export { createDocumentPool } from './documents/document-pool.ts';
export { createPdfPool } from './documents/pdf-pool.ts';
export { openPreviewStore } from './documents/preview-store.ts';
export { courtesyCopyOf } from './modules/invoices/courtesy-copy.ts';
export { directoryTransmitter } from './modules/invoices/transmission.ts';
export { createMailTransport } from './modules/mail/mail.transport.ts';
export { startOutboxWorker } from './modules/mail/mail.worker.ts';
export { createMetrics } from './modules/metrics/metrics.ts';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './seed.ts';
