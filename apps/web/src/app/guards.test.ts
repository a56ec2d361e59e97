import type { TRole } from '@lexpath/shared/roles';
import { describe, expect, it } from 'vitest';
import { homePathFor, PATHS, PUBLIC_PATHS } from '../lib/paths.ts';
import { type GuardSession, resolveGuardRedirect } from './guards.ts';

const USER_PAGES = [
  PATHS.userBase,
  PATHS.contracts,
  PATHS.archive,
  PATHS.archiveDetail,
  PATHS.profile,
  PATHS.newContract,
  PATHS.questionnaire,
  PATHS.summary,
  PATHS.preview,
  PATHS.cart,
];

/** Admin-area pages open to editors too. */
const STAFF_PAGES = [
  PATHS.adminBase,
  PATHS.newTemplate,
  PATHS.uploadQuestions,
  PATHS.templates,
  PATHS.templateQuestionnaire,
  PATHS.templateSummary,
  PATHS.templatePreview,
  PATHS.categories,
];

/** Admin-only screens and where an editor is sent instead (SPEC §2, §6). */
const ADMIN_ONLY_PAGES: Array<[string, string]> = [
  [PATHS.usersContracts, PATHS.templates],
  [PATHS.usersContractDetail, PATHS.templates],
  [PATHS.users, PATHS.templates],
  [PATHS.createEditor, PATHS.templates],
  [PATHS.invoices, PATHS.templates],
  [PATHS.newCategory, PATHS.categories],
];

const ADMIN_PAGES = [...STAFF_PAGES, ...ADMIN_ONLY_PAGES.map(([path]) => path)];
const OTHER_SIGNED_IN_PAGES = [PATHS.logout, PATHS.testPayment];
const EVERY_PROTECTED_PAGE = [...USER_PAGES, ...ADMIN_PAGES, ...OTHER_SIGNED_IN_PAGES];

const signedIn = (role: TRole): GuardSession => ({ token: 'jwt', role });
const visitor: GuardSession = { token: null, role: null };

describe('a visitor without a stored token', () => {
  it('is sent from the root to the login page', () => {
    expect(resolveGuardRedirect(PATHS.root, visitor)).toBe(PATHS.login);
  });

  it.each(PUBLIC_PATHS)('sees the public page %s', (path) => {
    expect(resolveGuardRedirect(path, visitor)).toBeNull();
  });

  it.each(EVERY_PROTECTED_PAGE)('is sent from %s to the login page (rule 2)', (path) => {
    expect(resolveGuardRedirect(path, visitor)).toBe(PATHS.login);
  });

  it('is sent to login even if a role is remembered without a token', () => {
    expect(resolveGuardRedirect(PATHS.contracts, { token: null, role: 'user' })).toBe(PATHS.login);
  });
});

describe.each([
  ['user', PATHS.contracts],
  ['editor', PATHS.templates],
  ['admin', PATHS.usersContracts],
] as const)('a signed-in %s on the root or a public page (rule 1)', (role, landing) => {
  it.each([PATHS.root, ...PUBLIC_PATHS])(`is sent from %s to ${landing}`, (path) => {
    expect(resolveGuardRedirect(path, signedIn(role))).toBe(landing);
  });

  it('lands where the login sends the same role', () => {
    expect(homePathFor(role)).toBe(landing);
  });
});

describe('an ordinary user', () => {
  it.each([...USER_PAGES, ...OTHER_SIGNED_IN_PAGES])('sees %s', (path) => {
    expect(resolveGuardRedirect(path, signedIn('user'))).toBeNull();
  });

  it.each(ADMIN_PAGES)('is sent from the admin page %s to contracts (rule 3)', (path) => {
    expect(resolveGuardRedirect(path, signedIn('user'))).toBe(PATHS.contracts);
  });
});

describe('an admin', () => {
  it.each([...ADMIN_PAGES, ...OTHER_SIGNED_IN_PAGES])('sees %s', (path) => {
    expect(resolveGuardRedirect(path, signedIn('admin'))).toBeNull();
  });

  it.each(USER_PAGES)("is sent from the user page %s to users' contracts (rule 4)", (path) => {
    expect(resolveGuardRedirect(path, signedIn('admin'))).toBe(PATHS.usersContracts);
  });
});

describe('an editor', () => {
  it.each([...STAFF_PAGES, ...OTHER_SIGNED_IN_PAGES])('sees %s', (path) => {
    expect(resolveGuardRedirect(path, signedIn('editor'))).toBeNull();
  });

  it.each(ADMIN_ONLY_PAGES)('is sent from the admin-only screen %s to %s', (path, target) => {
    expect(resolveGuardRedirect(path, signedIn('editor'))).toBe(target);
  });

  it.each(USER_PAGES)(
    "is sent from the user page %s past users' contracts to templates created",
    (path) => {
      expect(resolveGuardRedirect(path, signedIn('editor'))).toBe(PATHS.templates);
    },
  );
});

describe('path details', () => {
  it('ignores trailing slashes', () => {
    expect(resolveGuardRedirect('/user/', signedIn('admin'))).toBe(PATHS.usersContracts);
    expect(resolveGuardRedirect('/login/', signedIn('user'))).toBe(PATHS.contracts);
    expect(resolveGuardRedirect('/admin/utenti/', signedIn('editor'))).toBe(PATHS.templates);
  });

  it('does not take a look-alike prefix for an area', () => {
    expect(resolveGuardRedirect('/username', signedIn('admin'))).toBeNull();
    expect(resolveGuardRedirect('/administrator', signedIn('user'))).toBeNull();
  });

  it('treats a token without a stored role as an ordinary user', () => {
    const session = { token: 'jwt', role: null };
    expect(resolveGuardRedirect(PATHS.login, session)).toBe(PATHS.contracts);
    expect(resolveGuardRedirect(PATHS.categories, session)).toBe(PATHS.contracts);
  });
});
