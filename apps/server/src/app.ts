import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import type { Database } from './db/client.ts';
import { createDocumentPool, type DocumentPool } from './documents/document-pool.ts';
import { createPdfPool, type PdfPool } from './documents/pdf-pool.ts';
import { ChangeAwareCache } from './lib/change-aware-cache.ts';
import { AccessLogController, LazyRequestLogger } from './logger.ts';
import { appConfigRoutes } from './modules/app-config/app-config.routes.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes, type RateLimit } from './modules/auth/auth.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { clientRoutes } from './modules/clients/clients.routes.ts';
import { findClientOf } from './modules/clients/clients.service.ts';
import { prepareBoughtPdf } from './modules/contracts/contract-documents.service.ts';
import { contractRoutes } from './modules/contracts/contracts.routes.ts';
import type { ClientLookup } from './modules/contracts/prefill.ts';
import { questionRoutes } from './modules/contracts/questions.routes.ts';
import { fileRoutes } from './modules/files/files.routes.ts';
import { healthRoutes, readinessRoutes } from './modules/health/health.routes.ts';
import { invoicePdfRoutes } from './modules/invoices/invoice-pdf.routes.ts';
import { invoiceRoutes } from './modules/invoices/invoices.routes.ts';
import {
  type InvoiceTransmitter,
  startTransmissionWorker,
  type TransmissionWorkerOptions,
} from './modules/invoices/transmission.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetrics, type Metrics } from './modules/metrics/metrics.ts';
import { paymentRoutes } from './modules/payments/payments.routes.ts';
import { watchPreviewOutcomes } from './modules/service-status/preview-failures.ts';
import { serviceStatusRoutes } from './modules/service-status/service-status.routes.ts';
import type { CurrentVersionRow } from './modules/templates/questionnaire.service.ts';
import { templateRoutes } from './modules/templates/templates.routes.ts';
import { userStatusRoutes } from './modules/users/user-status.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { type AccountRow, authPlugin } from './plugins/auth.ts';
import { errorsPlugin, handleClientError, handleFrameworkError } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticSpaPlugin } from './plugins/static-spa.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import { textGuardPlugin } from './plugins/text-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    caches: AppCaches;
    /** Lint and render of untrusted .docx files, in worker threads (DESIGN §10). */
    documents: DocumentPool;
    /** Wakes the invoice transmission worker (a no-op when the app runs none). */
    invoiceTransmission: { kick: () => void; retry: (invoiceId: string) => void };
    /** What /metrics reports, and the previews that failed on this instance. */
    metrics: Metrics;
  }
}

/** What the hot paths read on every request, cached while the change feed is live. */
export type AppCaches = {
  /** By user id: the account `authenticate` checks. */
  accounts: ChangeAwareCache<AccountRow | undefined>;
  /** By template id: its status and current version, for the questionnaire's steps. */
  templates: ChangeAwareCache<CurrentVersionRow | undefined>;
  /** By session (refresh-token family) id: whether it is still open, for `authenticate`. */
  sessions: ChangeAwareCache<boolean>;
};

/** A safety net only: a live feed drops a changed entry the moment the change commits. */
const CACHE_TTL_MS = 5 * 60_000;

function createCaches(feed: ChangeFeed | undefined): AppCaches {
  return {
    accounts: new ChangeAwareCache('user', feed, { maxEntries: 10_000, ttlMs: CACHE_TTL_MS }),
    templates: new ChangeAwareCache('template', feed, { maxEntries: 1000, ttlMs: CACHE_TTL_MS }),
    sessions: new ChangeAwareCache('session', feed, { maxEntries: 10_000, ttlMs: CACHE_TTL_MS }),
  };
}

export type BuildAppOptions = {
  config: AppConfig;
  db: Database;
  /** The process logger; none (silent) when omitted, as in tests. */
  logger?: FastifyBaseLogger;
  /** Per-route request budgets; tests shrink or widen them. */
  rateLimits?: Partial<RateLimits>;
  /**
   * The LibreOffice pool for PDF previews; the caller owns it (starts, warms and closes it).
   * When omitted the app makes a lazy one from the config and closes it with itself.
   */
  pdfPool?: PdfPool;
  /**
   * The worker threads for lint and render; the caller owns it (warms and closes it). When
   * omitted the app makes one with the defaults and closes it with itself.
   */
  documentPool?: DocumentPool;
  /**
   * PostgreSQL's change notifications (the caller owns the feed). Without one nothing is
   * cached: every request reads the account and the template afresh.
   */
  changeFeed?: ChangeFeed;
  /**
   * Convert a finished contract's preview while the lawyer reads the summary (issue 13), and a
   * bought document's PDF/A right after its payment; on unless false. Tests of other behaviour
   * turn it off, so a finished questionnaire or a purchase does not start LibreOffice behind
   * their back.
   */
  previewAheadOfTime?: boolean;
  /**
   * The lawyer's client register as `PUT /contract/` with `clients` reads it: a client of the
   * owner or null. The register's own table unless a test passes another.
   */
  findClient?: ClientLookup;
  /**
   * Where issued invoices go (issue 14): the server passes the directory adapter or an
   * intermediary's; the app then runs the transmission worker from ready to close. None in tests
   * of other behaviour, so no file is written behind their back.
   */
  invoiceTransmitter?: InvoiceTransmitter;
  /**
   * The instance's metrics; the server makes them before the PDF pool, whose conversions they
   * time. When omitted the app makes its own.
   */
  metrics?: Metrics;
  /** The transmission worker's timings (tests shorten them). */
  invoiceTransmission?: Pick<TransmissionWorkerOptions, 'pollIntervalMs' | 'retryDelayMs'>;
};

export type RateLimits = {
  /** Login attempts per IP and PEC. */
  login: RateLimit;
  /** Registrations per IP: a law firm behind one address registers a few lawyers, not dozens. */
  register: RateLimit;
  /** Forgot-password requests per IP. */
  forgotPassword: RateLimit;
};

const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, timeWindowMs: 60_000 },
  register: { max: 10, timeWindowMs: 60 * 60_000 },
  forgotPassword: { max: 10, timeWindowMs: 15 * 60_000 },
};

/** Headers come first and are small: a client gets this long (or the request timeout). */
const HEADERS_TIMEOUT_MS = 30_000;

/** Builds the whole HTTP application without listening: plugins first, then the modules. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { requestTimeoutMs, keepAliveTimeoutMs } = options.config;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    logController: new AccessLogController(),
    childLoggerFactory: (logger, bindings, options) =>
      new LazyRequestLogger(logger, bindings, options),
    routerOptions: {
      // `/api/user/` and `/api/user` are one route (DESIGN §3).
      ignoreTrailingSlash: true,
      // No parameter is a regular expression, so the router's 100-character guard protects
      // nothing; with it, a long `:id` skipped its route (a raw 414, or the static files'
      // wildcard). The request line's own limit (16 KB of headers) bounds a parameter instead,
      // and the route answers.
      maxParamLength: 16 * 1024,
    },
    frameworkErrors: handleFrameworkError,
    clientErrorHandler: handleClientError,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client: a header from anyone else is the
    // client's own claim, and the per-address throttles would count whatever it says.
    trustProxy: options.config.trustProxy.length > 0 ? options.config.trustProxy : false,
    // A client that stops sending mid-request is answered 408 and let go: it cannot hold a
    // connection open.
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // Node looks for late requests on this period (30 s by default), which would stretch
      // a short REQUEST_TIMEOUT_MS by up to that much.
      connectionsCheckingInterval: Math.min(5_000, Math.max(100, requestTimeoutMs / 4)),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('db', options.db);
  app.decorate('caches', createCaches(options.changeFeed));
  const metrics = options.metrics ?? createMetrics();
  app.decorate('metrics', metrics);
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      request.method,
      request.routeOptions.url,
      reply.statusCode,
      reply.elapsedTime,
    );
  });
  watchPreviewOutcomes(app);
  let documentPool = options.documentPool;
  if (!documentPool) {
    // Threads start at the first document: most apps built in tests never lint or render.
    const ownPool = createDocumentPool({
      minThreads: 0,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    app.addHook('onClose', () => ownPool.close());
    documentPool = ownPool;
  }
  app.decorate('documents', documentPool);
  const transmitter = options.invoiceTransmitter;
  if (transmitter) {
    let worker: ReturnType<typeof startTransmissionWorker> | undefined;
    app.decorate('invoiceTransmission', {
      kick: () => worker?.kick(),
      retry: (invoiceId: string) => worker?.retry(invoiceId),
    });
    app.addHook('onReady', async () => {
      worker = startTransmissionWorker({
        db: options.db,
        transmitter,
        logger: app.log,
        ...options.invoiceTransmission,
      });
    });
    // Before the pool closes (the caller's, after this): the invoice being handed over is
    // recorded.
    app.addHook('onClose', async () => {
      await worker?.stop();
    });
  } else {
    app.decorate('invoiceTransmission', { kick: () => undefined, retry: () => undefined });
  }

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(textGuardPlugin);
  // Off by default; routes opt in through `config.rateLimit` (login, register,
  // forgot-password).
  await app.register(rateLimit, { global: false });
  await app.register(authPlugin);
  await app.register(swaggerPlugin);

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(readinessRoutes, {
    prefix: '/api/ready',
    ...(options.changeFeed ? { changeFeed: options.changeFeed } : {}),
  });
  await app.register(appConfigRoutes, { prefix: '/api/app-config' });
  const { registrationsPerHour } = options.config;
  const rateLimits = {
    ...DEFAULT_RATE_LIMITS,
    ...(registrationsPerHour
      ? { register: { ...DEFAULT_RATE_LIMITS.register, max: registrationsPerHour } }
      : {}),
    ...options.rateLimits,
  };
  await app.register(authRoutes, { prefix: '/api/auth', loginRateLimit: rateLimits.login });
  await app.register(accountRoutes, {
    prefix: '/api/auth',
    registerRateLimit: rateLimits.register,
    forgotPasswordRateLimit: rateLimits.forgotPassword,
  });
  await app.register(userStatusRoutes, { prefix: '/api/auth' });
  await app.register(userRoutes, { prefix: '/api/user' });
  await app.register(categoryRoutes, { prefix: '/api/category' });
  await app.register(clientRoutes, { prefix: '/api/client' });
  let pdfPool = options.pdfPool;
  if (!pdfPool) {
    const documents = documentPool;
    const ownPool = createPdfPool({
      sofficePath: options.config.sofficePath,
      size: options.config.pdfPoolSize,
      prepare: async (docx) => (await documents.strip(docx, { withoutComments: true })).bytes,
      onConversion: metrics.observeConversion,
      ...(options.logger ? { logger: options.logger } : {}),
    });
    app.addHook('onClose', () => ownPool.close());
    pdfPool = ownPool;
  }
  await app.register(templateRoutes, { prefix: '/api/template', pdfPool });
  await app.register(fileRoutes, { prefix: '/api/template' });
  await app.register(questionRoutes, { prefix: '/api/contract' });
  await app.register(contractRoutes, {
    prefix: '/api/contract',
    pdfPool,
    previewAheadOfTime: options.previewAheadOfTime ?? true,
    findClient: options.findClient ?? findClientOf,
  });
  const pdfPoolForPaid = pdfPool;
  await app.register(paymentRoutes, {
    prefix: '/api/payment',
    // The PDF/A a lawyer downloads right after paying, converted meanwhile in the background.
    ...((options.previewAheadOfTime ?? true)
      ? {
          onPaid: (contractId: string) => {
            prepareBoughtPdf(app.db, app.documents, pdfPoolForPaid, contractId).catch(
              (error: unknown) => {
                app.log.warn(
                  { err: error },
                  'Bought PDF/A ahead of time failed: converted when asked',
                );
              },
            );
          },
        }
      : {}),
  });
  await app.register(invoicePdfRoutes, { prefix: '/api/invoice', pdfPool });
  await app.register(invoiceRoutes, { prefix: '/api/invoice' });
  await app.register(metricsRoutes, { prefix: '/metrics', metrics, pdfPool });
  await app.register(serviceStatusRoutes, { prefix: '/api/service-status' });

  // Last: the SPA and its history fallback own every path the API does not.
  await app.register(staticSpaPlugin, { distDir: options.config.webDistDir });

  return app;
}
