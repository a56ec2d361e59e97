import type {
  TAnswerChangeResult,
  TContractStarted,
  TContractStatus,
  TPartyFill,
  TPartyFilled,
} from '@lexpath/shared/schemas/contracts';
import type {
  TCheckout,
  TCheckoutResult,
  TLocalCheckout,
  TPaymentCreate,
} from '@lexpath/shared/schemas/payments';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { contractQueries } from '../../lib/contract-queries.ts';
import { retryDelay, shouldRetry } from '../../lib/query-client.ts';

export { newIdempotencyKey } from '../../lib/idempotency-key.ts';

/**
 * PUT /contract/ with the template id and the first answer: a new document with status
 * TO_COMPLETE, created only once the lawyer has answered (issue 12), with the answers the server
 * prefilled beside it (the lawyer's own facts). Each attempt sends its own
 * Idempotency-Key, kept across this mutation's retries, so a retry after a lost answer gets the
 * contract the first attempt created instead of a second one.
 */
export function useStartContractMutation() {
  return useMutation({
    mutationFn: ({
      templateId,
      answers,
      idempotencyKey,
    }: {
      templateId: string;
      answers: TAnswers;
      idempotencyKey: string;
    }) =>
      api.put<TContractStarted>(
        '/contract/',
        { type: templateId, answers },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    retry: shouldRetry,
    retryDelay,
  });
}

/** PUT /contract/{id}: the answers so far, or the completed status. */
export function useSaveContractMutation(options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string; answers?: TAnswers; status?: TContractStatus }) =>
      api.put<{ id: string }>(`/contract/${id}`, body),
    onSuccess: ({ id }) =>
      queryClient.invalidateQueries({ queryKey: contractQueries.detail(id).queryKey }),
    meta: { silent: options.silent ?? false },
  });
}

/**
 * PUT /contract/{id}/answers/{variable}: one answer changed from the summary. The server decides
 * which later answers the change discards (none when nothing depends on the question).
 */
export function useChangeAnswerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, variable, value }: { id: string; variable: string; value: TAnswerValue }) =>
      api.put<TAnswerChangeResult>(`/contract/${id}/answers/${encodeURIComponent(variable)}`, {
        value,
      }),
    onSuccess: ({ id }) =>
      queryClient.invalidateQueries({ queryKey: contractQueries.detail(id).queryKey }),
  });
}

/** DELETE /contract/{id}/answers/{variable}/items/{index}: one item of an elenco removed. */
export function useRemoveItemMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, variable, index }: { id: string; variable: string; index: number }) =>
      api.delete<TAnswerChangeResult>(
        `/contract/${id}/answers/${encodeURIComponent(variable)}/items/${index}`,
      ),
    onSuccess: ({ id }) =>
      queryClient.invalidateQueries({ queryKey: contractQueries.detail(id).queryKey }),
  });
}

/** POST /payment/local-checkout: the test provider's session for the contract. */
export function useLocalCheckoutMutation() {
  return useMutation({
    mutationFn: (body: TLocalCheckout) =>
      api.post<{ session_id: string }>('/payment/local-checkout', body),
  });
}

/**
 * POST /payment/checkout: where 'Acquista' sends the buyer, as the payment provider in force on
 * the server decides (DESIGN §8). A refusal is shown by the global error toast.
 */
export function useCheckoutMutation() {
  return useMutation({
    mutationFn: (body: TCheckout) => api.post<TCheckoutResult>('/payment/checkout', body),
  });
}

/** POST /payment: registers the checkout session as the contract's payment. */
export function useRegisterPaymentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPaymentCreate) => api.post<{ id: string }>('/payment', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contractQueries.root }),
    // The cart shows its own error banner (SPEC §8).
    meta: { silent: true },
  });
}

/**
 * «Scegli dall'anagrafica»: POST /contract/party, the party of the asked question filled from
 * the clients picked on top of the answers so far. Nothing is saved: the questionnaire saves the
 * answers as any step's. Silent: the picker's dialog shows the failure.
 */
export function useFillPartyMutation() {
  return useMutation({
    mutationFn: ({
      templateId,
      versionId,
      ...body
    }: TPartyFill & { templateId: string; versionId?: string }) =>
      api.post<TPartyFilled>('/contract/party', body, {
        query: versionId ? { type: templateId, version: versionId } : { type: templateId },
      }),
    meta: { silent: true },
  });
}
