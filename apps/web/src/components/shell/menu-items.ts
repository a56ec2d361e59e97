import { itPublic } from '@lexpath/shared/messages/it-public';
import { ROLES, type TRole } from '@lexpath/shared/roles';
import { PATHS } from '../../lib/paths.ts';

export interface MenuItem {
  label: string;
  to: string;
}

const { menu } = itPublic.web;

const USER_MENU: MenuItem[] = [
  { label: menu.newDocument, to: PATHS.contracts },
  { label: menu.archive, to: PATHS.archive },
  { label: menu.clients, to: PATHS.clients },
  { label: menu.profile, to: PATHS.profile },
];

const ADMIN_MENU: MenuItem[] = [
  { label: menu.generatedDocuments, to: PATHS.usersContracts },
  { label: menu.invoices, to: PATHS.invoices },
  { label: menu.serviceStatus, to: PATHS.serviceStatus },
  { label: menu.users, to: PATHS.users },
  { label: menu.templates, to: PATHS.templates },
  { label: menu.categories, to: PATHS.categories },
  { label: menu.editor, to: PATHS.newTemplate },
  { label: menu.createEditor, to: PATHS.createEditor },
  { label: menu.createCategory, to: PATHS.newCategory },
];

const EDITOR_MENU: MenuItem[] = [
  { label: menu.templates, to: PATHS.templates },
  { label: menu.editor, to: PATHS.newTemplate },
];

/** SPEC §2 menus by role. */
export function menuItemsFor(role: TRole): MenuItem[] {
  if (role === ROLES.admin) return ADMIN_MENU;
  if (role === ROLES.editor) return EDITOR_MENU;
  return USER_MENU;
}

/** SPEC §1/§6: everyone but admins sees the external FAQ link. */
export function showsFaqLink(role: TRole): boolean {
  return role !== ROLES.admin;
}
