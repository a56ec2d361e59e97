import { it } from '@lexpath/shared/messages/it';
import type { TCategory, TCategoryInput } from '@lexpath/shared/schemas/categories';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { categoryQueries } from '../../lib/category-queries.ts';
import { progressToasts } from '../../lib/progress-toast.ts';

const texts = it.web.categoriesAdmin;

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
      void queryClient.invalidateQueries({ queryKey: categoryQueries.root });
    },
  });
}

/** DELETE /category/{id}; a category still in use answers 409 with the reason. */
export function useDeleteCategoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/category/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryQueries.root }),
  });
}
