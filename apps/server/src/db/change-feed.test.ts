import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/context.ts';
import { type ChangeFeed, startChangeFeed } from './change-feed.ts';

/**
 * A loopback TCP proxy in front of PostgreSQL that can go silent: bytes are swallowed both ways
 * and no socket closes, as with a network cut or a pooler that never delivers notifications.
 */
async function startSilenceableProxy(target: { host: string; port: number }) {
  let silent = false;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      if (!silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!silent) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    /** From now on nothing passes, on the connections open now (later ones still connect). */
    silence: () => {
      silent = true;
    },
    /** Traffic flows again; the connections that went silent are cut, as TCP would in the end. */
    restore: () => {
      silent = false;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

async function eventually(probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let ctx: TestContext;
let proxy: Awaited<ReturnType<typeof startSilenceableProxy>>;
let feed: ChangeFeed | undefined;

beforeAll(async () => {
  ctx = await createTestContext();
  const url = new URL(ctx.databaseUrl);
  proxy = await startSilenceableProxy({ host: url.hostname, port: Number(url.port) });
});

afterAll(async () => {
  await feed?.close();
  await proxy.close();
  await ctx.close();
});

describe('the change feed', () => {
  it('notices a connection that went silent by its missing echo, then reconnects', async () => {
    const url = new URL(ctx.databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    feed = await startChangeFeed(url.toString(), undefined, {
      heartbeatMs: 50,
      heartbeatTimeoutMs: 300,
    });
    const resets: number[] = [];
    feed.subscribe((change) => {
      if (change === null) resets.push(Date.now());
    });
    const live = feed;
    expect(live.live).toBe(true);
    // Healthy: the echoes come back, the feed stays live well past several heartbeats.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(live.live).toBe(true);
    expect(resets).toEqual([]);

    // No error, no closed socket: only the missing echo can tell.
    proxy.silence();
    await eventually(() => !live.live, 2000);
    expect(resets.length).toBeGreaterThan(0);

    proxy.restore();
    await eventually(() => live.live, 5000);
  });
});
