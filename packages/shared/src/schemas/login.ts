import * as z from 'zod/mini';
import { itPublic } from '../messages/it-public.ts';

// zod's "mini" API (same core, same issues and messages as the classic one; classic objects
// accept these schemas as fields): the login page imports this module alone, and the classic
// API's methods and JSON Schema support would more than double the JavaScript it downloads
// (issue 13). auth.ts re-exports both for everyone else.

export const ZPec = z.pipe(
  z.pipe(
    z
      .string({ error: itPublic.validation.required })
      .check(z.trim(), z.minLength(1, itPublic.validation.required)),
    z.email({ error: itPublic.validation.pec }),
  ),
  z.transform((pec: string) => pec.toLowerCase()),
);

export const ZLogin = z.object({
  pec: ZPec,
  password: z
    .string({ error: itPublic.validation.required })
    .check(z.minLength(1, itPublic.validation.required)),
});
export type TLogin = z.input<typeof ZLogin>;
