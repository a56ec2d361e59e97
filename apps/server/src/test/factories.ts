import { randomBytes } from 'node:crypto';
import { ROLES, USER_STATUS } from '@lexpath/shared';
import type { DbExecutor } from '../db/client.ts';
import type { UserRow } from '../db/schema.ts';
import { createUser, type NewUser } from '../modules/users/users.service.ts';

/** Meets the SPEC §5 strength rule. */
export const TEST_PASSWORD = 'Password1!';

export type TestUser = UserRow & { password: string };

/**
 * A user that can sign in unless the overrides say otherwise: a confirmed, verified lawyer
 * with a unique PEC and TEST_PASSWORD.
 */
export async function buildUser(
  db: DbExecutor,
  overrides: Partial<NewUser> = {},
): Promise<TestUser> {
  const password = overrides.password ?? TEST_PASSWORD;
  const row = await createUser(db, {
    name: 'Giulia',
    surname: 'Rossi',
    pec: `avv.${randomBytes(5).toString('hex')}@pec.test.it`,
    role: ROLES.user,
    status: USER_STATUS.confirmed,
    emailVerified: true,
    ...overrides,
    password,
  });
  return { ...row, password };
}
