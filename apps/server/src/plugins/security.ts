import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet headers and a strict Content Security Policy for the SPA. Chakra (emotion) injects
 * <style> tags at run time, hence 'unsafe-inline' for styles only; scripts come from our own
 * origin only. Blob URLs are allowed for images and for the PDF previews shown in a frame.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'self'", 'blob:'],
      frameAncestors: ["'self'"],
      formAction: ["'self'"],
      // No upgrade-insecure-requests: the app is also served over plain http on localhost.
    },
  },
};

/**
 * The headers helmet writes, computed once: with these options (no nonces) they are the same
 * for every response. @fastify/helmet rebuilt the middleware and re-parsed the CSP on every
 * request, and even built once, a dozen `setHeader` calls per response cost about a seventh of
 * a questionnaire step; Fastify writes a ready header object in one go.
 */
function pageSecurityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * What a JSON answer of the API needs (OWASP REST Security Cheat Sheet, "Security headers"):
 * never stored by a cache (answers are personal), never framed, never sniffed as something
 * else, never read by another origin. The page-level headers (the SPA's CSP and the rest of
 * helmet's set) mean nothing to a browser for a JSON body, and each costs every response.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * /api answers data, except the Swagger UI under /api/docs, which is a page; /metrics is data
 * too (a scraper's, never a page to frame or keep).
 */
function answersData(url: string): boolean {
  if (url === '/metrics' || url.startsWith('/metrics?')) return true;
  const api = url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  return api && !url.startsWith('/api/docs');
}

let pageHeaders: Record<string, string> | undefined;

/**
 * The security headers of an answer to `url`. Exported for the answers Fastify writes before
 * any hook runs (a URL the router cannot decode, a request that timed out).
 */
export function securityHeadersFor(url: string | undefined): Readonly<Record<string, string>> {
  if (url === undefined || answersData(url)) return API_SECURITY_HEADERS;
  pageHeaders ??= pageSecurityHeaders();
  return pageHeaders;
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(securityHeadersFor(request.url));
      done();
    });
  },
  { name: 'security' },
);
