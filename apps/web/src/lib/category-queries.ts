import { PAGE_SIZE_MAX } from '@lexpath/shared/page-sizes';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import type { TPage } from '@lexpath/shared/schemas/pagination';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The categories (GET /category). Every key starts with `root`, so a change to the categories
 * refreshes the admin's list and every selector at once. Here in lib/ because the catalogue, the
 * archive, the admin's screens and the template form all read them.
 */
export const categoryQueries = {
  root: ['categories'] as const,
  /** The admin's list, one page at a time. */
  list: (page: number) =>
    queryOptions({
      queryKey: [...categoryQueries.root, 'list', { page }],
      queryFn: ({ signal }) => api.get<TPage<TCategory>>('/category', { query: { page }, signal }),
      // The table stays while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  /** SPEC §9: the selectors (and the category form's lookup) load up to 1000 categories. */
  all: () =>
    queryOptions({
      queryKey: [...categoryQueries.root, 'all'],
      queryFn: ({ signal }) =>
        api.get<TPage<TCategory>>('/category', {
          query: { page: 1, limit: PAGE_SIZE_MAX },
          signal,
        }),
      staleTime: 60_000,
    }),
};
