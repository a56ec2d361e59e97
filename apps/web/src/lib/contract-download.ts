import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { fileNameFrom, saveBlobAs } from './download.ts';
import { focusPageTitle } from './focus-title.ts';

/**
 * The bought document as the SPEC's .docx, or as PDF/A-2b for a digital signature (issue 11);
 * a document set's every document as one .zip.
 */
export type ContractDownloadFormat = 'docx' | 'pdf' | 'zip';

/** A contract's id, or its id and the document of its set (from 1; the first without it). */
export type ContractDownloadTarget = string | { id: string; document?: number };

/**
 * GET /contract/download/{id}: a bought document's .docx (or with `format` "pdf" its PDF/A, with
 * "zip" its set), saved through a link carrying the server's file name. The lawyer's archive and
 * detail use it, and the admin's users' contracts. The button is disabled while it loads, which
 * drops the focus to the page: it goes to the screen's title instead.
 */
export function useDownloadContractMutation(format: ContractDownloadFormat = 'docx') {
  return useMutation({
    mutationFn: async (target: ContractDownloadTarget) => {
      const { id, document } = typeof target === 'string' ? { id: target } : target;
      const params = new URLSearchParams();
      if (format !== 'docx') params.set('format', format);
      if (document !== undefined) params.set('document', String(document));
      const query = params.size > 0 ? `?${params}` : '';
      const { data, headers } = await api.request<Blob>(`/contract/download/${id}${query}`, {
        responseType: 'blob',
      });
      const name = fileNameFrom(headers.get('content-disposition'), `documento.${format}`);
      saveBlobAs(data, name);
      return name;
    },
    onSettled: () => {
      focusPageTitle();
    },
  });
}
