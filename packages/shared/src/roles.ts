/** Roles and account states as the API and the database spell them (SPEC §3). */
export const ROLES = { user: 'user', editor: 'editor', admin: 'admin' } as const;
export type TRole = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = [ROLES.user, ROLES.editor, ROLES.admin] as const;

export const USER_STATUS = {
  pending: 'in attesa',
  confirmed: 'confermato',
  suspended: 'sospeso',
  refused: 'rifiutato',
  cancelled: 'cancellato',
} as const;
export type TUserStatus = (typeof USER_STATUS)[keyof typeof USER_STATUS];
export const USER_STATUS_VALUES = [
  USER_STATUS.pending,
  USER_STATUS.confirmed,
  USER_STATUS.suspended,
  USER_STATUS.refused,
  USER_STATUS.cancelled,
] as const;

/** Admins and editors share the admin area. */
export function isStaff(role: TRole | undefined | null): boolean {
  return role === ROLES.admin || role === ROLES.editor;
}
