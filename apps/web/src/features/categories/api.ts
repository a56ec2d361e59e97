import { it } from '@lexpath/shared/messages/it';
import type { TCategory, TCategoryInput } from '@lexpath/shared/schemas/categories';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { progressToasts } from '../../lib/progress-toast.ts';

export interface CategoriesPage {
  results: TCategory[];
  page: number;
  totalPages: number;
}

const texts = it.web.categoriesAdmin;

export const categoryQueries = {
  all: ['categories'] as const,
  list: (page: number) =>
    queryOptions({
      queryKey: [...categoryQueries.all, 'list', { page }],
      queryFn: ({ signal }) => api.get<CategoriesPage>('/category', { query: { page }, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** POST /category, or PUT /category/{id} when `id` is set, with the SPEC §8 toasts. */
export function useSaveCategoryMutation(id: string) {
  const queryClient = useQueryClient();
  const toasts = id
    ? progressToasts(texts.updating, texts.updated)
    : progressToasts(texts.creating, texts.created);
  return useMutation({
    mutationFn: (category: TCategoryInput) =>
      id
        ? api.put<TCategory>(`/category/${id}`, category)
        : api.post<TCategory>('/category', category),
    ...toasts,
    onSuccess: (data, variables, context) => {
      toasts.onSuccess(data, variables, context);
      void queryClient.invalidateQueries({ queryKey: categoryQueries.all });
    },
  });
}

/** DELETE /category/{id}; a category still in use answers 409 with the reason. */
export function useDeleteCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/category/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryQueries.all }),
  });
}
