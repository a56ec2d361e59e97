import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * The channel the triggers of migrations 0004 and 0005 notify: `user:<id>`, `template:<id>`,
 * or `session:<refresh-token family id>`.
 */
export const CHANGES_CHANNEL = 'lexpath_changes';

export type ChangeKind = 'user' | 'template' | 'session';

type Logger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
};

export type ChangeFeed = {
  /** True while the listener is connected: only then may a cache serve what it holds. */
  readonly live: boolean;
  /** Called with each changed row, and with `null` when notifications may have been missed. */
  subscribe: (listener: (change: { kind: ChangeKind; id: string } | null) => void) => void;
  close: () => Promise<void>;
};

const RECONNECT_MIN_MS = 500;
const RECONNECT_MAX_MS = 5_000;

export type ChangeFeedOptions = {
  /**
   * How often the feed notifies itself on its own connection. A connection that died without
   * an error (a network cut, a transaction-mode pooler that never delivers) echoes nothing.
   */
  heartbeatMs?: number;
  /** How long an echo may take before the feed counts as lost. */
  heartbeatTimeoutMs?: number;
};

function parseChange(payload: string | undefined): { kind: ChangeKind; id: string } | null {
  const match = /^(user|template|session):(.+)$/.exec(payload ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { kind: match[1] as ChangeKind, id: match[2] };
}

/**
 * One connection LISTENing to the change notifications, so every instance hears about a
 * change the moment it commits, whoever made it. While the connection is down nothing can be
 * trusted: the feed reports `live = false` and tells subscribers to drop everything, then
 * reconnects with a growing delay.
 */
export async function startChangeFeed(
  connectionString: string,
  logger?: Logger,
  { heartbeatMs = 10_000, heartbeatTimeoutMs = 5_000 }: ChangeFeedOptions = {},
): Promise<ChangeFeed> {
  const listeners = new Set<(change: { kind: ChangeKind; id: string } | null) => void>();
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retryDelay = RECONNECT_MIN_MS;
  let lostAt: number | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  const pingPrefix = `ping:${randomUUID()}:`;
  let pings = 0;
  let echoDeadline: NodeJS.Timeout | undefined;
  let awaitingEcho = false;
  const stopWaitingForEcho = () => {
    awaitingEcho = false;
    clearTimeout(echoDeadline);
  };

  const emit = (change: { kind: ChangeKind; id: string } | null) => {
    for (const listener of listeners) listener(change);
  };

  const lose = (error?: Error) => {
    const wasLive = live;
    live = false;
    stopWaitingForEcho();
    emit(null);
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
    client = undefined;
    if (closed) return;
    if (wasLive) {
      lostAt = Date.now();
      logger?.warn({ err: error }, 'change feed lost; caches off until it reconnects');
    }
    retryTimer = setTimeout(() => void connect(), retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RECONNECT_MAX_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('error', (error) => lose(error));
    next.on('end', () => {
      if (client === next) lose();
    });
    next.on('notification', (message) => {
      if (message.payload?.startsWith(pingPrefix)) {
        stopWaitingForEcho();
        return;
      }
      const change = parseChange(message.payload);
      if (change) emit(change);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      if (client === next) lose(error as Error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    // Anything that changed while nobody listened is unknown: start from empty caches.
    emit(null);
    live = true;
    retryDelay = RECONNECT_MIN_MS;
    if (lostAt !== undefined) {
      logger?.info({ downMs: Date.now() - lostAt }, 'change feed reconnected; caches on again');
      lostAt = undefined;
    }
  };

  // Other instances' pings carry another prefix and parse as no change: ignored.
  const beat = () => {
    const current = client;
    if (!live || !current || awaitingEcho) return;
    awaitingEcho = true;
    echoDeadline = setTimeout(() => {
      if (client === current) lose(new Error('change feed: no echo of its own notification'));
    }, heartbeatTimeoutMs);
    echoDeadline.unref();
    current
      .query('SELECT pg_notify($1, $2)', [CHANGES_CHANNEL, `${pingPrefix}${++pings}`])
      .catch(() => undefined); // a broken connection reports through 'error'
  };
  const heartbeat = setInterval(beat, heartbeatMs);
  heartbeat.unref();

  await connect();
  return {
    get live() {
      return live;
    },
    subscribe(listener) {
      listeners.add(listener);
    },
    async close() {
      closed = true;
      live = false;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      stopWaitingForEcho();
      const current = client;
      client = undefined;
      current?.removeAllListeners();
      current?.on('error', () => undefined);
      await current?.end().catch(() => undefined);
      emit(null);
    },
  };
}
