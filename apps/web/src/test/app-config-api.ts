import type { TestHandler } from './test-api-server.ts';

export const TEST_APP_CONFIG = {
  supportEmail: 'assistenza@lexpath.test',
  faqUrl: 'https://lexpath.test/faq',
  termsUrl: 'https://lexpath.test/termini',
  privacyUrl: 'https://lexpath.test/privacy',
};

/** GET /api/app-config as the server answers it. */
export const appConfigRoute: Record<string, TestHandler> = {
  'GET /api/app-config': () => ({ body: { data: TEST_APP_CONFIG } }),
};
