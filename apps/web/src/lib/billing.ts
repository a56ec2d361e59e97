import type { TBillingProfile, TBillingProfileView } from '@lexpath/shared/schemas/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { userQueries } from './user-queries.ts';

/**
 * PUT /user/{id}/billing: the whole profile; the answer replaces the cached one. Given from the
 * cart and the profile (issue 14), so it lives in lib/.
 */
export function useSaveBillingMutation(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: TBillingProfile) =>
      api.put<TBillingProfileView>(`/user/${encodeURIComponent(userId)}/billing`, profile),
    onSuccess: (saved) => {
      queryClient.setQueryData(userQueries.billing(userId).queryKey, saved);
    },
    // The form shows the refusal itself, on the fields or in its banner.
    meta: { silent: true },
  });
}
