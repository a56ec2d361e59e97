import { z } from 'zod';
import { it } from '../messages/it.ts';
import { ZPec, ZStrongPassword } from './auth.ts';
import { ZRequiredText } from './users.ts';

/**
 * A checkbox that must be ticked to go on. Typed as a boolean (forms start unticked); false or
 * missing reads 'Conferma questo campo per poter procedere.'.
 */
const ZRequiredConsent = z
  .boolean({ error: it.validation.checkbox })
  .refine((ticked) => ticked, { error: it.validation.checkbox });

/**
 * POST /auth/register (SPEC §3). `terms_art_9_10` carries the acceptance of the specific
 * articles 2, 3, 8, 9 and 14. Unknown keys (role, status, email_verified…) are stripped: the
 * server decides those.
 */
export const ZRegister = z.object({
  name: ZRequiredText,
  surname: ZRequiredText,
  pec: ZPec,
  password: ZStrongPassword,
  terms_acceptance: ZRequiredConsent,
  terms_art_9_10: ZRequiredConsent,
  privacy: ZRequiredConsent,
  newsletter: z.boolean({ error: it.validation.invalid }).default(false),
});
export type TRegister = z.input<typeof ZRegister>;

/**
 * The registration form (SPEC §5): the screen's own field names, the API's rules.
 * `toRegisterPayload` turns it into the POST /auth/register body.
 */
export const ZRegistrationForm = z.object({
  name: ZRequiredText,
  lastName: ZRequiredText,
  pec: ZPec,
  password: ZStrongPassword,
  termsConditions: ZRequiredConsent,
  specificTermsConditions: ZRequiredConsent,
  privacy: ZRequiredConsent,
  newsletter: z.boolean(),
});
export type TRegistrationForm = z.input<typeof ZRegistrationForm>;

export function toRegisterPayload(form: z.output<typeof ZRegistrationForm>): TRegister {
  return {
    name: form.name,
    surname: form.lastName,
    pec: form.pec,
    password: form.password,
    terms_acceptance: form.termsConditions,
    terms_art_9_10: form.specificTermsConditions,
    privacy: form.privacy,
    newsletter: form.newsletter,
  };
}

/** POST /auth/forgot-password. */
export const ZForgotPassword = z.object({ pec: ZPec });
export type TForgotPassword = z.input<typeof ZForgotPassword>;

/** POST /auth/reset-password?token=…: the API body. */
export const ZResetPassword = z.object({ password: ZStrongPassword });
export type TResetPassword = z.input<typeof ZResetPassword>;

/** The reset-password form (SPEC §5): the API body plus a matching confirmation. */
export const ZResetPasswordForm = ZResetPassword.extend({
  passwordConfirmation: z.string({ error: it.validation.required }).min(1, it.validation.required),
}).refine((form) => form.password === form.passwordConfirmation, {
  path: ['passwordConfirmation'],
  error: it.validation.passwordMismatch,
});
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/**
 * `?token=` of verify-email and reset-password. Optional here so that a missing token gets
 * the same clear "invalid link" answer as a garbled one.
 */
export const ZActionTokenQuery = z.object({ token: z.string().optional() });
