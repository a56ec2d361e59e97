import { isStaff, ROLES, type TRole } from '@lexpath/shared/roles';
import { homePathFor, isWithin, PATHS, PUBLIC_PATHS } from '../lib/paths.ts';

export interface GuardSession {
  /** The stored access token, if any. */
  token: string | null;
  /** The stored user's role; null when unknown (treated as an ordinary user). */
  role: TRole | null;
}

/** Admin-area screens an editor may not open, and where SPEC §2 sends them instead. */
const EDITOR_REDIRECTS: ReadonlyArray<readonly [string, string]> = [
  [PATHS.usersContracts, PATHS.templates],
  [PATHS.users, PATHS.templates],
  [PATHS.createEditor, PATHS.templates],
  [PATHS.invoices, PATHS.templates],
  [PATHS.serviceStatus, PATHS.templates],
  [PATHS.newCategory, PATHS.categories],
];

function normalize(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? PATHS.root : trimmed;
}

/** One step of the SPEC §2 rules, in their order. */
function applyRules(pathname: string, { token, role }: GuardSession): string | null {
  const isRoot = pathname === PATHS.root;
  // Rule 1: root or a public page with a session → the role's landing page.
  if (isRoot || PUBLIC_PATHS.includes(pathname)) {
    if (token) return homePathFor(role);
    return isRoot ? PATHS.login : null;
  }
  // Rule 2: anything else needs a session.
  if (!token) return PATHS.login;
  const inAdminArea = isWithin(pathname, PATHS.adminBase);
  // Rule 3: the admin area is for admins and editors.
  if (inAdminArea && !isStaff(role)) return PATHS.contracts;
  // Rule 4: the user area is for ordinary users.
  if (isWithin(pathname, PATHS.userBase) && isStaff(role)) return PATHS.usersContracts;
  // SPEC §2/§6: screens inside the admin area that editors are sent away from.
  if (inAdminArea && role === ROLES.editor) {
    const match = EDITOR_REDIRECTS.find(([base]) => isWithin(pathname, base));
    if (match) return match[1];
  }
  // Rule 5: show the page.
  return null;
}

/**
 * Where the router must send a visitor instead of `pathname`, or null to show it. Rules are
 * applied until they settle, so an editor is sent straight to the final screen (an editor on a
 * user page goes to users' contracts, which editors in turn leave for templates created).
 */
export function resolveGuardRedirect(pathname: string, session: GuardSession): string | null {
  let current = normalize(pathname);
  let target: string | null = null;
  for (let hop = 0; hop < 4; hop += 1) {
    const next = applyRules(current, session);
    if (next === null || next === current) break;
    target = next;
    current = next;
  }
  return target;
}
