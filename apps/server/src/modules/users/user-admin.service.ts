import { it, ROLES, type TUserPublic, type TUserStatus, USER_STATUS } from '@lexpath/shared';
import { countPages } from '@lexpath/shared/schemas/pagination';
import {
  canChangeUserStatus,
  type TChangeUserStatus,
  type TCreateEditor,
  type TUserStatusChanged,
} from '@lexpath/shared/schemas/user-admin';
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { revokeUserSessions } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import {
  accountApprovedMail,
  accountRefusedMail,
  type MailContent,
  type MailContext,
} from '../mail/mail.templates.ts';
import { insertUser, toUserPublic } from './users.service.ts';

export type UserAdminDeps = { db: Database; mail: MailContext };

/** The mail a status change sends to the user, if any (SPEC §2: access link, refusal). */
function mailForStatusChange(
  context: MailContext,
  from: TUserStatus,
  user: UserRow,
): MailContent | null {
  if (user.status === USER_STATUS.confirmed && from === USER_STATUS.pending) {
    return accountApprovedMail(context, user);
  }
  if (user.status === USER_STATUS.refused) return accountRefusedMail(context, user);
  return null;
}

/**
 * Accept, refuse, suspend or reactivate an account (SPEC §4 transitions only). One transaction
 * with the row locked: the change, the audit row, the user's mail and, on suspension, the
 * revocation of every session, so a suspended user cannot refresh their way back in.
 */
export async function changeUserStatus(
  { db, mail }: UserAdminDeps,
  admin: Caller,
  input: TChangeUserStatus,
): Promise<TUserStatusChanged> {
  if (!isUuid(input.userId)) throw new AppError('notFound', it.errors.notFound);
  if (input.userId === admin.id) throw new AppError('conflict', it.account.statusOwnAccount);

  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!target) throw new AppError('notFound', it.errors.notFound);
    const from = target.status;
    if (!canChangeUserStatus(from, input.status)) {
      throw new AppError('conflict', it.account.statusTransitionNotAllowed(from, input.status));
    }
    // Approval means the bar membership was checked for the PEC the user proved to own.
    if (input.status === USER_STATUS.confirmed && !target.emailVerified) {
      throw new AppError('conflict', it.account.statusPecNotVerified);
    }

    const [updated] = await tx
      .update(users)
      .set({ status: input.status })
      .where(eq(users.id, target.id))
      .returning();
    if (!updated) throw new Error('update returned no row');

    if (updated.status === USER_STATUS.suspended) await revokeUserSessions(tx, updated.id);
    const content = mailForStatusChange(mail, from, updated);
    if (content) await enqueueMail(tx, { to: updated.pec, ...content });
    await recordAudit(tx, {
      actorId: admin.id,
      action: AUDIT_ACTIONS.userStatusChanged,
      target: { type: 'user', id: updated.id },
      details: { from, to: updated.status },
    });
    return { id: updated.id, status: updated.status };
  });
}

/**
 * An admin creates an editor. Whatever the request said, the account is a confirmed editor
 * with a verified PEC (SPEC §6): an operator vouches for it.
 */
export async function createEditor(
  { db }: Pick<UserAdminDeps, 'db'>,
  admin: Caller,
  input: TCreateEditor,
): Promise<TUserPublic> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const editor = await insertUser(tx, {
      name: input.name,
      surname: input.surname,
      pec: input.pec,
      passwordHash,
      role: ROLES.editor,
      status: USER_STATUS.confirmed,
      emailVerified: true,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: AUDIT_ACTIONS.editorCreated,
      target: { type: 'user', id: editor.id },
      details: { role: editor.role, pec: editor.pec },
    });
    return toUserPublic(editor);
  });
}

export type UsersListQuery = { page: number; limit: number; email_verified?: boolean };

/**
 * The admin's users list, newest first. Cancelled accounts no longer exist for the product, so
 * they never appear. `newsletter` is the current marketing consent (kept in step with the
 * append-only consent history by every change).
 */
export async function listUsers(
  { db }: Pick<UserAdminDeps, 'db'>,
  query: UsersListQuery,
): Promise<{ results: TUserPublic[]; page: number; totalPages: number }> {
  const conditions: SQL[] = [ne(users.status, USER_STATUS.cancelled)];
  if (query.email_verified !== undefined) {
    conditions.push(eq(users.emailVerified, query.email_verified));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      // The id breaks ties, so a page boundary never repeats or skips a row.
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    results: rows.map(toUserPublic),
    page: query.page,
    totalPages: countPages(total?.value ?? 0, query.limit),
  };
}
