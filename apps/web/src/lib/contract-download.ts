import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { fileNameFrom, saveBlobAs } from './download.ts';

/**
 * GET /contract/download/{id}: a bought document's .docx, saved through a link carrying the
 * server's file name. The lawyer's archive and detail use it, and the admin's users' contracts.
 */
export function useDownloadContractMutation() {
  return useMutation({
    mutationFn: async (id: string) => {
      const { data, headers } = await api.request<Blob>(`/contract/download/${id}`, {
        responseType: 'blob',
      });
      const name = fileNameFrom(headers.get('content-disposition'), 'documento.docx');
      saveBlobAs(data, name);
      return name;
    },
  });
}
