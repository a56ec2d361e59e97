import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestReply {
  status?: number;
  body?: unknown;
  /** A raw, non-JSON body (what a proxy error page would send). */
  text?: string;
  /** A binary body (a PDF the server drew), sent as it is. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
  /** Answer only after this many milliseconds, to shape races. */
  delayMs?: number;
}

export type TestHandler = (request: IncomingMessage, body: unknown) => TestReply;

export interface TestApi {
  origin: string;
  /** How many requests each `METHOD /path` received. */
  hits(route: string): number;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += chunk;
  if (!text) return undefined;
  // A multipart upload (upload-master) is no JSON: handlers get its raw text.
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A real HTTP server on a loopback port standing in for the API: tests drive the web code
 * over the network exactly as the browser would. Unknown routes answer 404 like the API.
 */
export async function startTestApi(routes: Record<string, TestHandler>): Promise<TestApi> {
  const hits = new Map<string, number>();
  const server = createServer(async (request, response) => {
    const route = `${request.method} ${request.url?.split('?')[0]}`;
    hits.set(route, (hits.get(route) ?? 0) + 1);
    const handler = routes[route];
    const reply: TestReply = handler
      ? handler(request, await readBody(request))
      : { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'Non trovato' } };
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    response.writeHead(reply.status ?? 200, {
      'content-type': 'application/json',
      // No keep-alive: closing the server must not cut a socket the page still holds.
      connection: 'close',
      ...reply.headers,
    });
    response.end(
      reply.bytes ?? reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    hits: (route) => hits.get(route) ?? 0,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The API's error body (DESIGN §3). */
export function apiError(status: number, message: string | string[]): TestReply {
  return { status, body: { statusCode: status, error: 'Error', message } };
}

/** Points the happy-dom page at the test server, so the app's relative '/api' reaches it
 * same-origin, as in production. */
export function pointPageAt(origin: string): void {
  happyDom().setURL(`${origin}/`);
}

/** Resizes the happy-dom window, so the `lg` breakpoint's media queries switch. */
export function setViewportWidth(width: number): void {
  happyDom().setViewport({ width, height: 900 });
}

function happyDom() {
  return (
    window as unknown as {
      happyDOM: {
        setURL(url: string): void;
        setViewport(viewport: { width: number; height: number }): void;
      };
    }
  ).happyDOM;
}
