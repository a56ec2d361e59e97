import type { TInvoiceSummary, TRefundResult } from '@lexpath/shared/schemas/invoices';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface InvoicesPage {
  results: TInvoiceSummary[];
  page: number;
  totalPages: number;
}

export interface InvoicesFilter {
  page: number;
  /** A number or the buyer (name, denominazione, codice fiscale, partita IVA); '' for all. */
  q: string;
  /** YYYY-MM, or '' for every month. */
  month: string;
}

export const invoiceQueries = {
  all: ['invoices'] as const,
  lists: () => [...invoiceQueries.all, 'list'] as const,
  /** GET /invoice: for an admin every invoice and credit note, newest first. */
  list: ({ page, q, month }: InvoicesFilter) =>
    queryOptions({
      queryKey: [...invoiceQueries.lists(), { page, q, month }],
      queryFn: ({ signal }) =>
        api.get<InvoicesPage>('/invoice', {
          query: { page, q: q || undefined, month: month || undefined },
          signal,
        }),
      // The table stays while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
};

/**
 * POST /payment/{id}/refund: the payment refunded (Stripe or local), its credit note issued and
 * the document's download revoked. Every cached list is refetched, so the invoice's row names
 * its credit note and the credit note appears. Failures get the SPEC §8 toast.
 */
export function useRefundPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) =>
      api.post<TRefundResult>(`/payment/${encodeURIComponent(paymentId)}/refund`),
    onSuccess: async () => {
      // The contract's detail now carries refundedAt too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceQueries.all }),
        queryClient.invalidateQueries({ queryKey: ['contracts'] }),
      ]);
    },
  });
}
