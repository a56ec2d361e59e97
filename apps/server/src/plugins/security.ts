import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet headers and a strict Content Security Policy for the SPA. Chakra (emotion) injects
 * <style> tags at run time, hence 'unsafe-inline' for styles only; scripts come from our own
 * origin only. Blob URLs are allowed for images and for the PDF previews shown in a frame.
 *
 * helmet itself, built once: @fastify/helmet rebuilds the middleware (and re-parses the CSP)
 * on every request, which cost a tenth of a questionnaire step's CPU time.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const setSecurityHeaders = helmet({
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
    });
    app.addHook('onRequest', (request, reply, done) => {
      setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
    });
  },
  { name: 'security' },
);
