import type { TBillingProfile, TBillingProfileView } from '@lexpath/shared/schemas/billing';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** The billing profile (issue 14): null until the user gives one. Read by the cart and the
 * profile, so it lives in lib/. */
export const billingQueries = {
  profile: (userId: string) =>
    queryOptions({
      queryKey: ['users', 'billing', userId],
      queryFn: ({ signal }) =>
        api.get<TBillingProfileView | null>(`/user/${encodeURIComponent(userId)}/billing`, {
          signal,
        }),
      enabled: userId !== '',
    }),
};

/** PUT /user/{id}/billing: the whole profile; the answer replaces the cached one. */
export function useSaveBillingMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: TBillingProfile) =>
      api.put<TBillingProfileView>(`/user/${encodeURIComponent(userId)}/billing`, profile),
    onSuccess: (saved) => {
      queryClient.setQueryData(billingQueries.profile(userId).queryKey, saved);
    },
    // The form shows the refusal itself, on the fields or in its banner.
    meta: { silent: true },
  });
}
