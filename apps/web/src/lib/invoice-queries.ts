import type { TInvoiceSummary } from '@lexpath/shared/schemas/invoices';
import type { TPage } from '@lexpath/shared/schemas/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface InvoicesFilter {
  page: number;
  /** A number or the buyer (name, denominazione, codice fiscale, partita IVA); '' for all. */
  q: string;
  /** YYYY-MM, or '' for every month. */
  month: string;
}

/**
 * The invoices and credit notes (GET /invoice). Here in lib/ because the admin's register and
 * the lawyer's document (its invoice's credit note) both read them.
 */
export const invoiceQueries = {
  root: ['invoices'] as const,
  lists: () => [...invoiceQueries.root, 'list'] as const,
  /** For an admin every invoice and credit note, newest first; for a lawyer their own. */
  list: ({ page, q, month }: InvoicesFilter) =>
    queryOptions({
      queryKey: [...invoiceQueries.lists(), { page, q, month }],
      queryFn: ({ signal }) =>
        api.get<TPage<TInvoiceSummary>>('/invoice', {
          query: { page, q: q || undefined, month: month || undefined },
          signal,
        }),
      // The table stays while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  /**
   * One invoice by its number (GET /invoice?q=): its row names the credit note issued when the
   * purchase was refunded, which the contract detail does not carry.
   */
  byNumber: (number: string) => ({
    ...invoiceQueries.list({ page: 1, q: number, month: '' }),
    enabled: number !== '',
  }),
};
