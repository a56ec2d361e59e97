import { it, ROLES, type TUserPublic, USER_STATUS } from '@lexpath/shared';
import type { ZRegister } from '@lexpath/shared/schemas/registration';
import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, DbExecutor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordConsents } from '../consents/consents.service.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import {
  type MailContext,
  VERIFY_EMAIL_LINK_DAYS,
  verifyEmailMail,
} from '../mail/mail.templates.ts';
import { insertUser, toUserPublic } from '../users/users.service.ts';
import {
  type ActionTokenRefusal,
  consumeActionToken,
  hasRecentActionToken,
  issueActionToken,
} from './action-tokens.ts';
import { hashPassword } from './passwords.ts';

export type AccountDeps = { db: Database; mail: MailContext };

export const VERIFY_EMAIL_TTL_MS = VERIFY_EMAIL_LINK_DAYS * 24 * 60 * 60_000;

/** A new verify link is sent on a refused login at most this often (see login). */
const VERIFY_EMAIL_RESEND_AFTER_MS = 60 * 60_000;

async function sendVerificationMail(
  executor: DbExecutor,
  context: MailContext,
  user: UserRow,
): Promise<void> {
  const token = await issueActionToken(executor, {
    userId: user.id,
    kind: 'verify-email',
    ttlMs: VERIFY_EMAIL_TTL_MS,
  });
  await enqueueMail(executor, { to: user.pec, ...verifyEmailMail(context, { ...user, token }) });
}

/**
 * A lawyer registers: the account (role user, 'in attesa', PEC not verified, whatever the
 * request said), the consent rows, the verify token and its mail, in one transaction; if any
 * part fails, nothing is left behind, not even the mail.
 */
export async function registerUser(
  { db, mail }: AccountDeps,
  input: z.output<typeof ZRegister>,
): Promise<TUserPublic> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      name: input.name,
      surname: input.surname,
      pec: input.pec,
      passwordHash,
      role: ROLES.user,
      status: USER_STATUS.pending,
      emailVerified: false,
      newsletter: input.newsletter,
    });
    await recordConsents(tx, user.id, [
      { kind: 'terms', granted: input.terms_acceptance },
      { kind: 'specific_terms', granted: input.terms_art_9_10 },
      { kind: 'privacy', granted: input.privacy },
      { kind: 'newsletter', granted: input.newsletter },
    ]);
    await sendVerificationMail(tx, mail, user);
    return toUserPublic(user);
  });
}

function verifyRefusal(reason: ActionTokenRefusal): AppError {
  switch (reason) {
    case 'invalid':
      return new AppError('invalid', it.account.verifyEmailInvalid);
    case 'used':
      return new AppError('conflict', it.account.verifyEmailUsed);
    case 'expired':
      return new AppError('unprocessable', it.account.verifyEmailExpired);
  }
}

/** The PEC link was opened: the token is spent and the PEC marked verified. */
export async function verifyEmail(
  { db }: Pick<AccountDeps, 'db'>,
  token: string | undefined,
): Promise<void> {
  await db.transaction(async (tx) => {
    const outcome = await consumeActionToken(tx, { token, kind: 'verify-email' });
    if ('refused' in outcome) throw verifyRefusal(outcome.refused);
    const [verified] = await tx
      .update(users)
      .set({ emailVerified: true })
      .where(and(eq(users.id, outcome.userId), ne(users.status, USER_STATUS.cancelled)))
      .returning({ id: users.id });
    if (!verified) throw verifyRefusal('invalid');
  });
}

/**
 * Called when a login with the right password is refused because the PEC is not verified: if
 * no verify link went out in the last hour, a new one is sent. That is how a lawyer whose link
 * expired (or got lost) gets another, without a page of its own and without letting anyone
 * who lacks the password fill a mailbox.
 */
export async function resendVerificationIfDue(
  { db, mail }: AccountDeps,
  user: UserRow,
): Promise<void> {
  if (user.emailVerified || user.status === USER_STATUS.cancelled) return;
  await db.transaction(async (tx) => {
    // Lock the user row: two refused logins at once send one mail, not two.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const recent = await hasRecentActionToken(tx, {
      userId: user.id,
      kind: 'verify-email',
      withinMs: VERIFY_EMAIL_RESEND_AFTER_MS,
    });
    if (recent) return;
    await sendVerificationMail(tx, mail, user);
  });
}
