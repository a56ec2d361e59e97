import type { TRole } from '@lexpath/shared/roles';
import type { TSessionUser } from '@lexpath/shared/schemas/auth';
import { useSessionStore } from '../lib/storage.ts';

const NAMES: Record<TRole, [string, string]> = {
  user: ['Giulia', 'Bianchi'],
  editor: ['Marco', 'Rossi'],
  admin: ['Anna', 'Verdi'],
};

export function buildSessionUser(role: TRole, overrides: Partial<TSessionUser> = {}): TSessionUser {
  const [name, surname] = NAMES[role];
  return {
    id: `${role}-1`,
    name,
    surname,
    status: 'confermato',
    role,
    newsletter: false,
    ...overrides,
  };
}

/** Stores a session as a successful login would. */
export function signInAs(role: TRole, tokens = { token: 'access-0', refreshToken: 'refresh-0' }) {
  const user = buildSessionUser(role);
  useSessionStore.getState().signIn(tokens, user);
  return user;
}
