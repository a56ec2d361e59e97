import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import type { TBillingProfileView } from '@lexpath/shared/schemas/billing';
import type { TPage } from '@lexpath/shared/schemas/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The users (GET /user…) and their billing profiles. Every key starts with `root`, so
 * invalidating users covers the admin's list and the records. Here in lib/ because the admin's
 * list, the profile and the cart (the billing form's default PEC) read them.
 */
export const userQueries = {
  root: ['users'] as const,
  lists: () => [...userQueries.root, 'list'] as const,
  /** SPEC §2: only users who confirmed their PEC are listed (cancelled ones never are). */
  list: (page: number) =>
    queryOptions({
      queryKey: [...userQueries.lists(), { page, emailVerified: true }],
      queryFn: ({ signal }) =>
        api.get<TPage<TUserPublic>>('/user', { query: { page, email_verified: true }, signal }),
      // The table stays while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  /** One user's record (GET /user/{id}). */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...userQueries.root, 'detail', id],
      queryFn: ({ signal }) => api.get<TUserPublic>(`/user/${encodeURIComponent(id)}`, { signal }),
      enabled: id !== '',
    }),
  /** The billing profile (issue 14): null until the user gives one. */
  billing: (userId: string) =>
    queryOptions({
      queryKey: [...userQueries.root, 'billing', userId],
      queryFn: ({ signal }) =>
        api.get<TBillingProfileView | null>(`/user/${encodeURIComponent(userId)}/billing`, {
          signal,
        }),
      enabled: userId !== '',
    }),
};
