import type { TRole } from '@lexpath/shared/roles';
import type { TSessionUser, TUserPublic } from '@lexpath/shared/schemas/auth';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
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
    lexmind: false,
    ...overrides,
  };
}

/** Stores a session as a successful login would. */
export function signInAs(
  role: TRole,
  tokens = { token: 'access-0', refreshToken: 'refresh-0' },
  overrides: Partial<TSessionUser> = {},
) {
  const user = buildSessionUser(role, overrides);
  useSessionStore.getState().signIn(tokens, user);
  return user;
}

let nextUserNumber = 1;

/** A user as GET /user answers it (the admin's list, the profile). */
export function buildPublicUser(overrides: Partial<TUserPublic> = {}): TUserPublic {
  const number = nextUserNumber++;
  const pec = overrides.pec ?? `avvocato${number}@pec.it`;
  return {
    id: `user-${number}`,
    name: 'Giulia',
    surname: 'Bianchi',
    pec,
    email: pec,
    role: 'user',
    status: 'confermato',
    email_verified: true,
    newsletter: false,
    createdAt: '2026-01-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A published template as the catalogue lists it (GET /template). */
export function buildTemplateCard(overrides: Partial<TTemplateCard> = {}): TTemplateCard {
  return {
    id: 'tpl-locazione',
    name: 'Contratto di locazione',
    description: 'Locazione ad uso abitativo con canone libero.',
    price: 49.9,
    price_cents: 4990,
    categoryId: { id: 'cat-famiglia', name: 'Famiglia' },
    status: 'PUBLISHED',
    min_time: 10,
    max_time: 20,
    min_questions: 2,
    max_questions: 3,
    userId: { name: 'Marco', surname: 'Rossi' },
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-03-03T10:00:00.000Z',
    latestVersionAt: '2026-03-03T10:00:00.000Z',
    ...overrides,
  };
}
