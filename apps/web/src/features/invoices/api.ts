import type { TRefundResult } from '@lexpath/shared/schemas/invoices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { contractQueries } from '../../lib/contract-queries.ts';
import { invoiceQueries } from '../../lib/invoice-queries.ts';

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
        queryClient.invalidateQueries({ queryKey: invoiceQueries.root }),
        queryClient.invalidateQueries({ queryKey: contractQueries.root }),
      ]);
    },
  });
}
