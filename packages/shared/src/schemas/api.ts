import { z } from 'zod';

/** Every error body of the API (DESIGN §3): `message` is Italian, fit to show a user. */
export const ZApiError = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.union([z.string(), z.array(z.string())]),
});
export type TApiError = z.infer<typeof ZApiError>;

/** Public settings the web reads at start: the support address and the external links. */
export const ZAppConfig = z.object({
  supportEmail: z.string(),
  faqUrl: z.string(),
  termsUrl: z.string(),
  privacyUrl: z.string(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

export const ZHealth = z.object({ status: z.literal('ok') });

/** Success bodies are `{ data: … }` (DESIGN §3). */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}
