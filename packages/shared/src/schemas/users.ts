import { z } from 'zod';
import { it } from '../messages/it.ts';
import { ZPec, ZStrongPassword } from './auth.ts';

/** A non-empty text field (names): blank after trimming reads 'Campo obbligatorio.'. */
export const ZRequiredText = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, it.validation.required)
  .max(100, it.validation.invalid);

/** An account made by an operator, not by registration: the first admin, an editor (SPEC §5). */
export const ZNewStaffUser = z.object({
  name: ZRequiredText,
  surname: ZRequiredText,
  pec: ZPec,
  password: ZStrongPassword,
});
export type TNewStaffUser = z.input<typeof ZNewStaffUser>;

/**
 * PUT /user/{id}: only the fields the profile screen edits, each optional (SPEC §7 sends the
 * edited ones). Anything else in the body (role, status, pec…) is stripped.
 */
export const ZUpdateUser = z.object({
  name: ZRequiredText.optional(),
  surname: ZRequiredText.optional(),
  newsletter: z.boolean({ error: it.validation.invalid }).optional(),
});
export type TUpdateUser = z.input<typeof ZUpdateUser>;

/** The profile form (SPEC §2): the same fields, all present; only the edited ones are sent. */
export const ZProfileForm = ZUpdateUser.required();
export type TProfileForm = z.input<typeof ZProfileForm>;
