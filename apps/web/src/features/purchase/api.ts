import type { TCategory } from '@lexpath/shared/schemas/categories';
import type {
  TAnswerChangeResult,
  TContractCard,
  TContractDetail,
} from '@lexpath/shared/schemas/contracts';
import type { TInvoiceSummary } from '@lexpath/shared/schemas/invoices';
import type {
  TCheckout,
  TCheckoutResult,
  TLocalCheckout,
  TPaymentCreate,
} from '@lexpath/shared/schemas/payments';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion, TTemplateCard } from '@lexpath/shared/schemas/templates';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { retryDelay, shouldRetry } from '../../lib/query-client.ts';

export interface Page<T> {
  results: T[];
  page: number;
  totalPages: number;
}

export interface ListFilter {
  page: number;
  name: string;
  categoryId: string;
}

export const purchaseQueries = {
  categories: () =>
    queryOptions({
      queryKey: ['categories', 'list', { page: 1, limit: 1000 }],
      queryFn: ({ signal }) =>
        api.get<Page<TCategory>>('/category', { query: { page: 1, limit: 1000 }, signal }),
      staleTime: 60_000,
    }),
  /** Customers only ever receive PUBLISHED templates (SPEC §4); the status says so anyway. */
  templates: ({ page, name, categoryId }: ListFilter) =>
    queryOptions({
      queryKey: ['templates', 'published', { page, name, categoryId }],
      queryFn: ({ signal }) =>
        api.get<Page<TTemplateCard>>('/template', {
          query: { page, name, categoryId, status: 'PUBLISHED' },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  /** The archive: completed, paid documents. */
  archive: ({ page, name, categoryId }: ListFilter) =>
    queryOptions({
      queryKey: ['contracts', 'list', { page, name, categoryId, status: 'COMPLETED', payed: true }],
      queryFn: ({ signal }) =>
        api.get<Page<TContractCard>>('/contract', {
          query: { page, name, categoryId, status: 'COMPLETED', payed: true },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  contract: (id: string) =>
    queryOptions({
      queryKey: ['contracts', 'detail', id],
      queryFn: ({ signal }) => api.get<TContractDetail>(`/contract/${id}`, { signal }),
      enabled: id !== '',
    }),
  /**
   * The lawyer's own invoice by its number (GET /invoice?q=): its row names the credit note
   * issued when the purchase was refunded, which the contract detail does not carry.
   */
  invoice: (number: string) =>
    queryOptions({
      queryKey: ['invoices', 'list', { page: 1, q: number }],
      queryFn: ({ signal }) =>
        api.get<Page<TInvoiceSummary>>('/invoice', { query: { page: 1, q: number }, signal }),
      enabled: number !== '',
    }),
  /** The next question after `answers`; null when the questionnaire is finished. */
  nextQuestion: (type: string, answers: TAnswers) =>
    queryOptions({
      queryKey: ['contracts', 'next-question', type, answers],
      queryFn: ({ signal }) =>
        api.post<TNextQuestion | null>('/contract/questions', answers, {
          query: { type },
          signal,
        }),
      staleTime: Number.POSITIVE_INFINITY,
      // The questionnaire shows the failure itself, with 'Riprova'.
      meta: { silent: true },
    }),
  /** The generated PDF, as a blob the preview frame shows through an object URL. */
  preview: (id: string) =>
    queryOptions({
      queryKey: ['contracts', 'preview', id],
      queryFn: ({ signal }) =>
        api.get<Blob>(`/contract/preview/${id}`, { responseType: 'blob', signal }),
      // A 503 (no LibreOffice) will not heal in seconds: the screen offers a retry instead.
      retry: false,
      gcTime: 0,
      meta: { silent: true },
    }),
};

/**
 * A fresh Idempotency-Key. `randomUUID` exists only in secure contexts (https, localhost); a
 * plain-http deployment gets 128 random bits from `getRandomValues`, available everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * PUT /contract/ with the template id and the first answer: a new document with status
 * TO_COMPLETE, created only once the lawyer has answered (issue 12). Each attempt sends its own
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
      api.put<{ id: string }>(
        '/contract/',
        { type: templateId, answers },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    retry: shouldRetry,
    retryDelay,
  });
}

/** PUT /contract/{id}: the answers so far, or the COMPLETED status. */
export function useSaveContractMutation(options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      ...body
    }: {
      id: string;
      answers?: TAnswers;
      status?: 'TO_COMPLETE' | 'COMPLETED';
    }) => api.put<{ id: string }>(`/contract/${id}`, body),
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: ['contracts', 'detail', id] }),
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
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: ['contracts', 'detail', id] }),
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
    onSuccess: ({ id }) => queryClient.invalidateQueries({ queryKey: ['contracts', 'detail', id] }),
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['contracts'] }),
    // The cart shows its own error banner (SPEC §8).
    meta: { silent: true },
  });
}
