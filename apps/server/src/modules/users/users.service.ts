import {
  it,
  ROLES,
  type TRole,
  type TUserPublic,
  type TUserStatus,
  USER_STATUS,
} from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';
import { AppError } from '../../plugins/errors.ts';
import { hashPassword } from '../auth/passwords.ts';

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
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, constraint, cause } = current as {
      code?: unknown;
      constraint?: unknown;
      cause?: unknown;
    };
    if (code === '23505' && constraint === 'users_pec_unique') return true;
    current = cause;
  }
  return false;
}

/** Creates an account; the PEC is the login, stored lowercased. 409 when it is taken. */
export async function createUser(db: DbExecutor, input: NewUser): Promise<UserRow> {
  const pec = input.pec.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({
        name: input.name.trim(),
        surname: input.surname.trim(),
        pec,
        email: pec,
        passwordHash,
        role: input.role ?? ROLES.user,
        status: input.status ?? USER_STATUS.pending,
        emailVerified: input.emailVerified ?? false,
        newsletter: input.newsletter ?? false,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  } catch (error) {
    if (isPecTaken(error)) throw new AppError(409, it.auth.pecAlreadyRegistered);
    throw error;
  }
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
 * A user record as `viewer` may see it: their own, or anyone's for an admin. Anything else is
 * 404, so nobody learns which ids exist.
 */
export async function getUserForViewer(
  db: DbExecutor,
  viewer: { id: string; role: TRole },
  id: string,
): Promise<TUserPublic> {
  if (viewer.id !== id && viewer.role !== ROLES.admin) throw new AppError(404, it.errors.notFound);
  const row = await findUserById(db, id);
  if (!row) throw new AppError(404, it.errors.notFound);
  return toUserPublic(row);
}
