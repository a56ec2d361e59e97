import { z } from 'zod';
import { it } from '../messages/it.ts';
import { ZPec, ZStrongPassword } from './auth.ts';

const ZRequiredText = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, it.validation.required);

/** An account made by an operator, not by registration: the first admin, an editor (SPEC §5). */
export const ZNewStaffUser = z.object({
  name: ZRequiredText,
  surname: ZRequiredText,
  pec: ZPec,
  password: ZStrongPassword,
});
export type TNewStaffUser = z.input<typeof ZNewStaffUser>;
