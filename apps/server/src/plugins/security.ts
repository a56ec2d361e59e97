import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Helmet headers and a strict Content Security Policy for the SPA. Chakra (emotion) injects
 * <style> tags at run time, hence 'unsafe-inline' for styles only; scripts come from our own
 * origin only. Blob URLs are allowed for images and for the PDF previews shown in a frame.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      global: true,
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
  },
  { name: 'security' },
);
