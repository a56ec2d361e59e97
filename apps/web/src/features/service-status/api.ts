import type { TServiceStatus } from '@lexpath/shared/schemas/service-status';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const serviceStatusQueries = {
  root: ['service-status'] as const,
  /** GET /service-status: what stopped, newest first. */
  current: () =>
    queryOptions({
      queryKey: serviceStatusQueries.root,
      queryFn: ({ signal }) => api.get<TServiceStatus>('/service-status', { signal }),
    }),
};

/**
 * POST /service-status/{mails|invoices}/{id}/retry; the lists are read again afterwards, so a
 * mail back in the queue leaves the screen (a retried invoice leaves it once transmitted).
 */
export function useRetryMutation(kind: 'mails' | 'invoices') {
  const queryClient = useQueryClient();
  return useMutation({
    // The screen reads the outcome out in its status line: no toast on top of it.
    meta: { silent: true },
    mutationFn: (id: string) =>
      api.post<{ id: string }>(`/service-status/${kind}/${encodeURIComponent(id)}/retry`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serviceStatusQueries.root }),
  });
}
