import { z } from 'zod';
import { it } from '../messages/it.ts';
import { type TUserStatus, USER_STATUS, USER_STATUS_VALUES } from '../roles.ts';
import { ZPageQuery } from './pagination.ts';
import { ZNewStaffUser } from './users.ts';

/**
 * The status changes an admin may make (SPEC §4); the web shows one action button per entry.
 * Refused and cancelled accounts are final.
 */
export const USER_STATUS_TRANSITIONS: Readonly<Record<TUserStatus, readonly TUserStatus[]>> = {
  [USER_STATUS.pending]: [USER_STATUS.confirmed, USER_STATUS.refused],
  [USER_STATUS.confirmed]: [USER_STATUS.suspended],
  [USER_STATUS.suspended]: [USER_STATUS.confirmed],
  [USER_STATUS.refused]: [],
  [USER_STATUS.cancelled]: [],
};

export function canChangeUserStatus(from: TUserStatus, to: TUserStatus): boolean {
  return USER_STATUS_TRANSITIONS[from].includes(to);
}

/** POST /auth/change-user-status. */
export const ZChangeUserStatus = z.object({
  userId: z.string({ error: it.validation.required }).min(1, it.validation.required),
  status: z.enum(USER_STATUS_VALUES, { error: it.validation.invalid }),
});
export type TChangeUserStatus = z.input<typeof ZChangeUserStatus>;

export const ZUserStatusChanged = z.object({
  id: z.string(),
  status: z.enum(USER_STATUS_VALUES),
});
export type TUserStatusChanged = z.infer<typeof ZUserStatusChanged>;

/**
 * POST /user: an admin creates an editor. The web also sends role, email_verified and status
 * (SPEC §7); they are stripped, because the server always makes a confirmed, verified editor.
 */
export const ZCreateEditor = ZNewStaffUser;
export type TCreateEditor = z.input<typeof ZCreateEditor>;

/** GET /user/: the admin's users list. `email_verified=true` is what the Utenti screen asks. */
export const ZUsersQuery = ZPageQuery.extend({
  email_verified: z
    .enum(['true', 'false'], { error: it.validation.invalid })
    .transform((value) => value === 'true')
    .optional(),
});
export type TUsersQuery = z.input<typeof ZUsersQuery>;
