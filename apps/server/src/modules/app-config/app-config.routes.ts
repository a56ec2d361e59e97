import { dataOf, ZAppConfig } from '@lexpath/shared/schemas/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Public: the support address and the external links the web shows before anyone signs in. */
export const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['system'],
        summary: 'Support e-mail and external links for the web app',
        response: { 200: dataOf(ZAppConfig) },
      },
    },
    async () => ({
      data: {
        supportEmail: app.config.supportEmail,
        faqUrl: app.config.faqUrl,
        termsUrl: app.config.termsUrl,
        privacyUrl: app.config.privacyUrl,
      },
    }),
  );
};
