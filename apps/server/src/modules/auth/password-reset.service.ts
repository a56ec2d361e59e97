import { setTimeout as sleep } from 'node:timers/promises';
import { it, USER_STATUS } from '@lexpath/shared';
import { and, eq, ne } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import {
  PASSWORD_RESET_LINK_HOURS,
  passwordChangedMail,
  passwordResetMail,
} from '../mail/mail.templates.ts';
import { findUserByPec } from '../users/users.service.ts';
import {
  type ActionTokenRefusal,
  consumeActionToken,
  hasRecentActionToken,
  issueActionToken,
  spendActionTokens,
} from './action-tokens.ts';
import { revokeUserSessions } from './auth.service.ts';
import { forgiveLoginAttempts } from './login-throttle.ts';
import { hashPassword } from './passwords.ts';
import type { AccountDeps } from './registration.service.ts';

export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_LINK_HOURS * 60 * 60_000;

/**
 * Every forgot-password answer takes at least this long, whether the PEC exists or not, so the
 * few milliseconds of writing a token and a mail do not tell who has an account.
 */
export const FORGOT_PASSWORD_MIN_RESPONSE_MS = 250;

/** One reset mail per account per minute at most, however many requests arrive. */
const RESET_MAIL_COOLDOWN_MS = 60_000;

/**
 * Forgot password: an account that exists and is not cancelled gets a reset link by mail;
 * for any other PEC nothing happens. The caller cannot tell which case it was.
 */
export async function requestPasswordReset({ db, mail }: AccountDeps, pec: string): Promise<void> {
  const answerAt = Date.now() + FORGOT_PASSWORD_MIN_RESPONSE_MS;
  try {
    const user = await findUserByPec(db, pec);
    if (!user || user.status === USER_STATUS.cancelled) return;
    await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
      const recent = await hasRecentActionToken(tx, {
        userId: user.id,
        kind: 'reset-password',
        withinMs: RESET_MAIL_COOLDOWN_MS,
      });
      if (recent) return;
      const token = await issueActionToken(tx, {
        userId: user.id,
        kind: 'reset-password',
        ttlMs: PASSWORD_RESET_TTL_MS,
      });
      await enqueueMail(tx, { to: user.pec, ...passwordResetMail(mail, { ...user, token }) });
    });
  } finally {
    await sleep(Math.max(0, answerAt - Date.now()));
  }
}

function resetRefusal(reason: ActionTokenRefusal): AppError {
  switch (reason) {
    case 'invalid':
      return new AppError('invalid', it.account.resetPasswordInvalid);
    case 'used':
      return new AppError('conflict', it.account.resetPasswordUsed);
    case 'expired':
      return new AppError('unprocessable', it.account.resetPasswordExpired);
  }
}

/**
 * The reset link was used: new password, every other reset link spent, every session of the
 * user ended (a thief holding one is out), the PEC's failed sign-ins forgotten (the owner is
 * not left locked out by a stranger's guesses), and a mail telling the owner. One transaction.
 * The token is checked before the (deliberately slow) hashing, so garbage costs nothing.
 */
export async function resetPassword(
  { db, mail }: AccountDeps,
  token: string | undefined,
  password: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const outcome = await consumeActionToken(tx, { token, kind: 'reset-password' });
    if ('refused' in outcome) throw resetRefusal(outcome.refused);
    const [user] = await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(and(eq(users.id, outcome.userId), ne(users.status, USER_STATUS.cancelled)))
      .returning();
    if (!user) throw resetRefusal('invalid');
    await spendActionTokens(tx, { userId: user.id, kind: 'reset-password' });
    await revokeUserSessions(tx, user.id);
    await forgiveLoginAttempts(tx, user.pec);
    await enqueueMail(tx, { to: user.pec, ...passwordChangedMail(mail, user) });
  });
}
