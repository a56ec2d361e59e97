import type { TCategory } from '@lexpath/shared/schemas/categories';
import type {
  TContractCard,
  TContractDetail,
  TContractSort,
  TSortOrder,
} from '@lexpath/shared/schemas/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface Page<T> {
  results: T[];
  page: number;
  totalPages: number;
}

export interface UsersContractsFilter {
  page: number;
  name: string;
  categoryId: string;
  sort: TContractSort;
  order: TSortOrder;
  /** The generated documents, or apart the drafts: questionnaires not finished (issue 12). */
  status: 'COMPLETED' | 'TO_COMPLETE';
}

export const usersContractsQueries = {
  /**
   * GET /contract?userActive=true: for an admin, every user's completed documents, or their
   * drafts. The server sorts the whole list, so every page continues the order of the one before.
   */
  list: ({ page, name, categoryId, sort, order, status }: UsersContractsFilter) =>
    queryOptions({
      queryKey: ['contracts', 'list', { page, name, categoryId, sort, order, status, all: true }],
      queryFn: ({ signal }) =>
        api.get<Page<TContractCard>>('/contract', {
          query: {
            page,
            name: name || undefined,
            categoryId: categoryId || undefined,
            sort,
            order,
            status,
            userActive: true,
          },
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['contracts', 'detail', id],
      queryFn: ({ signal }) => api.get<TContractDetail>(`/contract/${id}`, { signal }),
      enabled: id !== '',
    }),
  categories: () =>
    queryOptions({
      queryKey: ['categories', 'list', { page: 1, limit: 1000 }],
      queryFn: ({ signal }) =>
        api.get<Page<TCategory>>('/category', { query: { page: 1, limit: 1000 }, signal }),
      staleTime: 60_000,
    }),
};
