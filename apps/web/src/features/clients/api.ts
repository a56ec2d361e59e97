import { it } from '@lexpath/shared/messages/it';
import type { TClient, TClientInput } from '@lexpath/shared/schemas/clients';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { clientQueries } from '../../lib/client-queries.ts';
import { fileNameFrom, saveBlobAs } from '../../lib/download.ts';

const texts = it.clientRegister;

/**
 * POST /client, or PUT /client/{id} when `id` is set. Silent: the form puts a refusal under
 * its fields, and toasts only what names none.
 */
export function useSaveClientMutation(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: TClientInput) =>
      id
        ? api.put<TClient>(`/client/${encodeURIComponent(id)}`, client)
        : api.post<TClient>('/client', client),
    onSuccess: (saved) => {
      queryClient.setQueryData(clientQueries.detail(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: [...clientQueries.root, 'list'] });
    },
    meta: { silent: true },
  });
}

/** DELETE /client/{id}: the record erased; every list is asked again. */
export function useDeleteClientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/client/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: clientQueries.detail(id).queryKey });
      return queryClient.invalidateQueries({ queryKey: [...clientQueries.root, 'list'] });
    },
  });
}

/** GET /client/{id}/export: the JSON saved under the server's name, which is returned. */
export function useExportClientMutation() {
  return useMutation({
    mutationFn: async (client: TClient) => {
      const { data, headers } = await api.request<Blob>(
        `/client/${encodeURIComponent(client.id)}/export`,
        { responseType: 'blob' },
      );
      const name = fileNameFrom(
        headers.get('content-disposition'),
        texts.exportFileName(client.nome_visualizzato),
      );
      saveBlobAs(data, name);
      return name;
    },
  });
}
