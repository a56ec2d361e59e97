import { z } from 'zod';
import { it } from '../messages/it.ts';
import { ROLE_VALUES, USER_STATUS_VALUES } from '../roles.ts';

export { type TLogin, ZLogin, ZPec } from './login.ts';

/** SPEC §5: at least 8 characters, one uppercase letter, one digit, one of @#$%^&+=! */
export const PASSWORD_PATTERN = /^(?=.*[A-Z])(?=.*\d)(?=.*[@#$%^&+=!]).{8,}$/;

export const ZStrongPassword = z
  .string({ error: it.validation.required })
  // An empty field is "required", not also "weak".
  .min(1, { error: it.validation.required, abort: true })
  .regex(PASSWORD_PATTERN, it.validation.weakPassword);

/** The user as the API shows it: never a password hash. */
export const ZUserPublic = z.object({
  id: z.string(),
  name: z.string(),
  surname: z.string(),
  pec: z.string(),
  email: z.string(),
  role: z.enum(ROLE_VALUES),
  status: z.enum(USER_STATUS_VALUES),
  email_verified: z.boolean(),
  newsletter: z.boolean(),
  createdAt: z.string(),
});
export type TUserPublic = z.infer<typeof ZUserPublic>;

/**
 * Whether the user sees the generation-mode dialog (SPEC §2, LexMind). Computed from the
 * server's LEXMIND_USERS on every answer, never stored.
 */
const ZLexmindFlag = z.boolean();

/** GET /user/{id}: the user, plus whether they are a LexMind user. */
export const ZUserProfile = ZUserPublic.extend({ lexmind: ZLexmindFlag });
export type TUserProfile = z.infer<typeof ZUserProfile>;

/** What the login answers in `data` and the web keeps as the signed-in user (SPEC §3). */
export const ZSessionUser = ZUserPublic.pick({
  id: true,
  name: true,
  surname: true,
  status: true,
  role: true,
  newsletter: true,
}).extend({ lexmind: ZLexmindFlag });
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const AUTH_HEADERS = {
  /** Response and request header carrying `Bearer <jwt>`. */
  access: 'authorization',
  /** Response and request header carrying the opaque refresh token. */
  refresh: 'refresh',
} as const;
