import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * One user's record (GET /user/{id}). Keys live under ['users'], as the admin's list does, so
 * invalidating users covers both. Here in lib/ because the profile and the cart (the billing
 * form's default PEC) both read it.
 */
export const userQueries = {
  detail: (id: string) =>
    queryOptions({
      queryKey: ['users', 'detail', id],
      queryFn: ({ signal }) => api.get<TUserPublic>(`/user/${encodeURIComponent(id)}`, { signal }),
      enabled: id !== '',
    }),
};
