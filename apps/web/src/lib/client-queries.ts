import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TPage } from '@lexpath/shared/schemas/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The lawyer's client register (GET /client). Here in lib/ because the register's screens and
 * the questionnaire's «Scegli dall'anagrafica» both read it.
 */
export const clientQueries = {
  root: ['clients'] as const,
  /** One page by name; `q` searches name, denominazione and codice fiscale ('' for all). */
  list: ({ page, q }: { page: number; q: string }) =>
    queryOptions({
      queryKey: [...clientQueries.root, 'list', { page, q }],
      queryFn: ({ signal }) =>
        api.get<TPage<TClient>>('/client', { query: { page, q: q || undefined }, signal }),
      // The table stays while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...clientQueries.root, 'detail', id],
      queryFn: ({ signal }) => api.get<TClient>(`/client/${encodeURIComponent(id)}`, { signal }),
    }),
};
