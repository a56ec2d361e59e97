import { sql } from 'drizzle-orm';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';
import type { PdfConversionResult, PdfPoolStatus } from '../../documents/pdf-pool.ts';

/** The methods the API routes use; anything else is counted as `other` (bounded labels). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** What the scrape reads from the app at that moment. */
export type MetricsSources = {
  db: Database;
  pdfPoolStatus: () => PdfPoolStatus;
};

/**
 * One registry per app (tests build several in one process). Labels are route patterns,
 * methods, status codes and fixed words: never a URL with ids, a PEC or a name.
 */
export type Metrics = {
  registry: Registry;
  /** Called on every response with the route pattern (`/api/contract/:id`), or none. */
  observeRequest: (method: string, route: string | undefined, status: number, ms: number) => void;
  /** The PDF pool's `onConversion`: one LibreOffice conversion done or given up. */
  observeConversion: (result: PdfConversionResult) => void;
  /** The Prometheus text, after reading the database and the PDF pool once. */
  scrape: (sources: MetricsSources) => Promise<string>;
};

/** The pool behind drizzle (connectDatabase's): its counts are the connections in use. */
function poolOf(db: Database): pg.Pool | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/**
 * `withProcessMetrics`: Node's own (CPU, memory, event loop lag) too. The server asks for them;
 * apps built in tests do not, since each set keeps an event-loop monitor running for good.
 */
export function createMetrics({ withProcessMetrics = false } = {}): Metrics {
  const registry = new Registry();
  if (withProcessMetrics) collectDefaultMetrics({ register: registry });
  const labels = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'lexpath_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: labels,
    registers: [registry],
  });
  const requestSeconds = new Histogram({
    name: 'lexpath_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: labels,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const loginThrottled = new Counter({
    name: 'lexpath_login_throttled_total',
    help: 'Login attempts refused with 429 (per-account lock or per-address limit)',
    registers: [registry],
  });
  const conversionSeconds = new Histogram({
    name: 'lexpath_preview_conversion_seconds',
    help: 'LibreOffice conversion time, by output and outcome',
    labelNames: ['output', 'outcome'] as const,
    buckets: [0.25, 0.5, 1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers: [registry] });
  const databaseUp = gauge('lexpath_database_up', '1 when the scrape could read PostgreSQL');
  const poolInUse = gauge('lexpath_pg_pool_in_use', 'PostgreSQL connections checked out');
  const poolIdle = gauge('lexpath_pg_pool_idle', 'PostgreSQL connections open and idle');
  const poolWaiting = gauge(
    'lexpath_pg_pool_waiting',
    'Queries waiting for a PostgreSQL connection',
  );
  const previewQueue = gauge(
    'lexpath_preview_queue_depth',
    'Conversions waiting for a LibreOffice listener',
  );
  const listenersAlive = gauge(
    'lexpath_libreoffice_listeners_alive',
    'LibreOffice listeners running (started on the first preview)',
  );
  const outboxBacklog = gauge(
    'lexpath_mail_outbox_backlog',
    'Mails waiting to be sent (pending or being sent)',
  );
  const outboxOldest = gauge(
    'lexpath_mail_outbox_oldest_age_seconds',
    'Age of the oldest mail waiting to be sent (0 when none)',
  );
  const outboxStopped = gauge(
    'lexpath_mail_outbox_stopped',
    'Mails that stopped after their attempts (see «Stato del servizio»)',
  );
  const invoicesWaiting = gauge(
    'lexpath_invoices_awaiting_transmission',
    'Issued invoices not yet handed to the transmission adapter',
  );

  return {
    registry,
    observeRequest: (method, route, status, ms) => {
      const values = {
        method: KNOWN_METHODS.has(method) ? method : 'other',
        // 404s of no route, and the web app's fallback, are one series each.
        route: route ?? 'unmatched',
        status: String(status),
      };
      requests.inc(values);
      requestSeconds.observe(values, ms / 1000);
      if (route === '/api/auth/login' && status === 429) loginThrottled.inc();
    },
    observeConversion: (result) => {
      conversionSeconds.observe(
        { output: result.output, outcome: result.ok ? 'ok' : 'failed' },
        result.seconds,
      );
    },
    scrape: async ({ db, pdfPoolStatus }) => {
      const pool = poolOf(db);
      if (pool) {
        poolInUse.set(pool.totalCount - pool.idleCount);
        poolIdle.set(pool.idleCount);
        poolWaiting.set(pool.waitingCount);
      }
      const pdf = pdfPoolStatus();
      previewQueue.set(pdf.queued);
      listenersAlive.set(pdf.listeners.filter((listener) => listener.alive).length);
      try {
        const result = await db.execute<{
          backlog: string;
          oldest: string | null;
          stopped: string;
          waiting: string;
        }>(sql`
          select
            (select count(*) from outbox where status in ('pending', 'sending')) as backlog,
            (select extract(epoch from now() - min(created_at)) from outbox
              where status in ('pending', 'sending')) as oldest,
            (select count(*) from outbox where status = 'failed') as stopped,
            (select count(*) from invoices where transmitted_at is null) as waiting`);
        const row = result.rows[0];
        outboxBacklog.set(Number(row?.backlog ?? 0));
        outboxOldest.set(Number(row?.oldest ?? 0));
        outboxStopped.set(Number(row?.stopped ?? 0));
        invoicesWaiting.set(Number(row?.waiting ?? 0));
        databaseUp.set(1);
      } catch {
        // PostgreSQL down: the scrape still answers, and says so, instead of failing.
        databaseUp.set(0);
        for (const stale of [outboxBacklog, outboxOldest, outboxStopped, invoicesWaiting]) {
          stale.reset();
        }
      }
      return registry.metrics();
    },
  };
}
