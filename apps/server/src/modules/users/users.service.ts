import {
  it,
  ROLES,
  type TRole,
  type TUserProfile,
  type TUserPublic,
  type TUserStatus,
  USER_STATUS,
} from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { isPgError, PG_UNIQUE_VIOLATION } from '../../lib/pg-errors.ts';
import { type Caller, mayEditUser, mayReadUser } from '../../policy.ts';
import { AUDIT_ACTIONS, recordAudit } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { recordConsents } from '../consents/consents.service.ts';

export type NewUser = {
  name: string;
  surname: string;
  pec: string;
  password: string;
  role?: TRole;
  status?: TUserStatus;
  emailVerified?: boolean;
  newsletter?: boolean;
};

/** Unique violation of the PEC index: the only conflict a new user can hit. */
function isPecTaken(error: unknown): boolean {
  return isPgError(error, PG_UNIQUE_VIOLATION, 'users_pec_unique');
}

/**
 * Inserts an account whose password is already hashed, so a caller can hash (argon2 takes tens
 * of milliseconds) before opening its transaction. The PEC is the login, stored lowercased.
 * 409 when it is taken.
 */
export async function insertUser(
  db: DbExecutor,
  input: Omit<NewUser, 'password'> & { passwordHash: string },
): Promise<UserRow> {
  const pec = input.pec.trim().toLowerCase();
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        surname: input.surname.trim(),
        pec,
        email: pec,
        passwordHash: input.passwordHash,
        role: input.role ?? ROLES.user,
        status: input.status ?? USER_STATUS.pending,
        emailVerified: input.emailVerified ?? false,
        newsletter: input.newsletter ?? false,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isPecTaken(error)) throw new AppError('conflict', it.auth.pecAlreadyRegistered);
    throw error;
  }
}

/** Creates an account from a plain password. 409 when the PEC is taken. */
export async function createUser(db: DbExecutor, input: NewUser): Promise<UserRow> {
  const { password, ...rest } = input;
  return insertUser(db, { ...rest, passwordHash: await hashPassword(password) });
}

export async function findUserByPec(db: DbExecutor, pec: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.pec, pec.trim().toLowerCase()));
  return row;
}

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** The user as the API shows it: never the password hash. */
export function toUserPublic(row: UserRow): TUserPublic {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    pec: row.pec,
    email: row.email,
    role: row.role,
    status: row.status,
    email_verified: row.emailVerified,
    newsletter: row.newsletter,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether `pec` is one of the LEXMIND_USERS (already lowercased by the config), who choose the
 * generation mode. Derived on each answer, so editing the setting takes effect at the next
 * login without touching the database.
 */
export function isLexmindUser(pec: string, lexmindUsers: readonly string[]): boolean {
  return lexmindUsers.includes(pec.trim().toLowerCase());
}

/**
 * A user record as `viewer` may see it: their own, or anyone's for an admin. Anything else is
 * 404, so nobody learns which ids exist.
 */
export async function getUserForViewer(
  db: DbExecutor,
  viewer: Caller,
  id: string,
  lexmindUsers: readonly string[] = [],
): Promise<TUserProfile> {
  if (!mayReadUser(viewer, id)) throw new AppError('notFound', it.errors.notFound);
  const row = await findUserById(db, id);
  if (!row) throw new AppError('notFound', it.errors.notFound);
  return { ...toUserPublic(row), lexmind: isLexmindUser(row.pec, lexmindUsers) };
}

export type ProfileChanges = { name?: string; surname?: string; newsletter?: boolean };

/**
 * PUT /user/{id}: the owner edits their profile, an admin anyone's; for anyone else the user
 * does not exist (404). A newsletter change appends a consent row; an admin's edit of someone
 * else is audited. One transaction, the row locked, so two edits cannot lose a consent.
 */
export async function updateUserProfile(
  db: Database,
  actor: Caller,
  id: string,
  changes: ProfileChanges,
): Promise<TUserPublic> {
  if (!mayEditUser(actor, id) || !isUuid(id)) {
    throw new AppError('notFound', it.errors.notFound);
  }
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!current || current.status === USER_STATUS.cancelled) {
      throw new AppError('notFound', it.errors.notFound);
    }
    const changed = (Object.keys(changes) as Array<keyof ProfileChanges>).filter(
      (field) => changes[field] !== undefined && changes[field] !== current[field],
    );
    if (changed.length === 0) return toUserPublic(current);

    const patch = Object.fromEntries(changed.map((field) => [field, changes[field]]));
    const [updated] = await tx.update(users).set(patch).where(eq(users.id, id)).returning();
    if (!updated) throw new Error('update returned no row');
    if (changed.includes('newsletter')) {
      await recordConsents(tx, id, [{ kind: 'newsletter', granted: updated.newsletter }]);
    }
    if (actor.id !== id) {
      await recordAudit(tx, {
        actorId: actor.id,
        action: AUDIT_ACTIONS.userUpdated,
        target: { type: 'user', id },
        details: Object.fromEntries(
          changed.map((field) => [field, { from: current[field], to: updated[field] }]),
        ),
      });
    }
    return toUserPublic(updated);
  });
}
