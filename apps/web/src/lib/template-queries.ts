import type { TPage } from '@lexpath/shared/schemas/pagination';
import type {
  TTemplateCard,
  TTemplateDetail,
  TTemplateStatus,
} from '@lexpath/shared/schemas/templates';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

export interface TemplatesFilter {
  page: number;
  name: string;
  categoryId: string;
  /** '' lists every status. */
  status?: TTemplateStatus | '';
}

/**
 * The templates (GET /template…). Here in lib/ because the admin's screens and the lawyer's
 * catalogue (published templates only, SPEC §4) both list them.
 */
export const templateQueries = {
  root: ['templates'] as const,
  lists: () => [...templateQueries.root, 'list'] as const,
  list: ({ page, name, categoryId, status = '' }: TemplatesFilter) =>
    queryOptions({
      queryKey: [...templateQueries.lists(), { page, name, categoryId, status }],
      queryFn: ({ signal }) =>
        api.get<TPage<TTemplateCard>>('/template', {
          query: {
            page,
            name: name || undefined,
            categoryId: categoryId || undefined,
            status: status || undefined,
          },
          signal,
        }),
      // The cards stay while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...templateQueries.root, 'detail', id],
      queryFn: ({ signal }) => api.get<TTemplateDetail>(`/template/${id}`, { signal }),
    }),
};
