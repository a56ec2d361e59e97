import { ROLES, type TRole } from '@lexpath/shared/roles';

/** Every URL of the app (SPEC §2 route table). */
export const PATHS = {
  root: '/',
  login: '/login',
  logout: '/logout',
  registration: '/registrazione',
  forgotPassword: '/recupero-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** The local payment provider's checkout page (DESIGN §8), used when Stripe is not set up. */
  testPayment: '/pagamento-di-prova',

  userBase: '/user',
  contracts: '/user/contratti',
  archive: '/user/archivio',
  archiveDetail: '/user/archivio/dettaglio-documento',
  profile: '/user/area-personale',
  newContract: '/user/nuovo-contratto',
  questionnaire: '/user/nuovo-contratto/questionario',
  summary: '/user/nuovo-contratto/riepilogo',
  preview: '/user/nuovo-contratto/anteprima',
  cart: '/user/nuovo-contratto/carrello',
  /** The lawyer's client register (not in SPEC's table: added with it). */
  clients: '/user/clienti',
  newClient: '/user/clienti/nuovo',

  adminBase: '/admin',
  usersContracts: '/admin/contratti-utenti',
  usersContractDetail: '/admin/contratti-utenti/dettaglio-documento',
  users: '/admin/utenti',
  newTemplate: '/admin/nuovo-documento',
  uploadQuestions: '/admin/nuovo-documento/caricamento-domande',
  /** The master's blanks turned into tags and questions (not in SPEC's table: added with it). */
  convertBlanks: '/admin/nuovo-documento/converti-spazi-vuoti',
  templates: '/admin/master-inseriti',
  templateQuestionnaire: '/admin/master-inseriti/questionario',
  templateSummary: '/admin/master-inseriti/riepilogo',
  templatePreview: '/admin/master-inseriti/anteprima',
  categories: '/admin/categorie',
  newCategory: '/admin/nuova-categoria',
  createEditor: '/admin/crea-editor',
  /** Issue 14: every invoice and credit note, the month's export and refunds (admin only). */
  invoices: '/admin/fatture',
  /** Issue 24: stopped mails, invoices to check, failed previews (admin only). */
  serviceStatus: '/admin/stato-del-servizio',
} as const;

/** The five public authentication pages (SPEC §2). */
export const PUBLIC_PATHS: readonly string[] = [
  PATHS.login,
  PATHS.registration,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.verifyEmail,
];

/** True when `pathname` is `base` or lies beneath it. */
export function isWithin(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Where each role lands: after login, on the root and on public pages (DESIGN §6). */
export function homePathFor(role: TRole | null): string {
  if (role === ROLES.admin) return PATHS.usersContracts;
  if (role === ROLES.editor) return PATHS.templates;
  return PATHS.contracts;
}
