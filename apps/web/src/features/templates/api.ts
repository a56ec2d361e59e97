import { it } from '@lexpath/shared/messages/it';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type {
  TTemplateCreateInput,
  TTemplateDetail,
  TTemplateStatus,
  TUploadMasterResult,
} from '@lexpath/shared/schemas/templates';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, errorMessage } from '../../lib/api-client.ts';
import { fileNameFrom, saveBlobAs } from '../../lib/download.ts';
import { progressToasts } from '../../lib/progress-toast.ts';
import { templateQueries } from '../../lib/template-queries.ts';
import { toaster } from '../../lib/toaster.ts';

const texts = it.web.templatesAdmin;

/** The server asks to confirm a master that still holds blanks (409 to Pubblica). */
export function isBlanksConfirmation(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409;
}

/** The server's sentence naming how many blanks the master holds. */
export const blanksConfirmationText = (error: ApiError): string => errorMessage(error);

/**
 * PUT /template/{id}/status: Pubblica or Sospendi, with the SPEC §8 toasts. A master with blanks
 * left answers 409 to Pubblica: no failure toast then, the screen asks to confirm instead.
 */
export function useTemplateStatusMutation() {
  const queryClient = useQueryClient();
  const toasts = progressToasts(texts.statusUpdating, texts.statusUpdated);
  return useMutation({
    mutationFn: ({
      id,
      status,
      confirmBlanks,
    }: {
      id: string;
      status: TTemplateStatus;
      confirmBlanks?: boolean;
    }) =>
      api.put<{ id: string; status: TTemplateStatus }>(`/template/${id}/status`, {
        status,
        ...(confirmBlanks ? { confirmBlanks } : {}),
      }),
    ...toasts,
    onError: (error, variables, context) => {
      if (isBlanksConfirmation(error)) {
        if (context) toaster.remove(context.toastId);
        return;
      }
      toasts.onError(error, variables, context);
    },
    onSuccess: (data, variables, context) => {
      toasts.onSuccess(data, variables, context);
      void queryClient.invalidateQueries({ queryKey: templateQueries.lists() });
    },
  });
}

export function useDeleteTemplateMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<unknown>(`/template/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateQueries.lists() }),
  });
}

/**
 * What POST/PUT /template receive (SPEC §7), as the shared schema reads it (`price` and the
 * counts as typed, '' meaning "compute it"); `preview_name` '' when the master serves for it.
 */
export type TemplatePayload = Omit<TTemplateCreateInput, 'preview_name'> & { preview_name: string };

export interface MasterUpload {
  questions: unknown[];
  master: File | null;
  preview: File | null;
  fileName: string;
  previewName: string;
  /** The set's companions already stored, linted with the master as one set. */
  documents?: { name: string; file_name: string }[];
}

/** POST /template/upload-master: the picked files, or the stored names of unchanged ones. */
export function uploadMaster({
  questions,
  master,
  preview,
  fileName,
  previewName,
  documents,
}: MasterUpload) {
  const form = new FormData();
  if (documents && documents.length > 0) form.append('documents', JSON.stringify(documents));
  form.append('questions', JSON.stringify(questions));
  if (master) form.append('master', master, master.name);
  else if (fileName) form.append('file_name', fileName);
  if (preview) form.append('preview', preview, preview.name);
  else if (previewName) form.append('preview_name', previewName);
  return api.post<TUploadMasterResult>('/template/upload-master', form);
}

/**
 * POST /template/upload-master with a companion document's new file: linted with the stored
 * master and the set's other documents (`documents`, the new one without `file_name`).
 */
export function uploadCompanion({
  questions,
  fileName,
  documents,
  file,
}: {
  questions: unknown[];
  fileName: string;
  documents: { name: string; file_name?: string }[];
  file: File;
}) {
  const form = new FormData();
  form.append('questions', JSON.stringify(questions));
  form.append('file_name', fileName);
  form.append('documents', JSON.stringify(documents));
  form.append('document', file, file.name);
  return api.post<TUploadMasterResult>('/template/upload-master', form);
}

export function saveTemplate(id: string, { preview_name, ...fields }: TemplatePayload) {
  // No preview file: left out, so the master serves for it (and a PUT keeps what is stored).
  const payload = preview_name ? { ...fields, preview_name } : fields;
  return id
    ? api.put<TTemplateDetail>(`/template/${id}`, payload)
    : api.post<TTemplateDetail>('/template', payload);
}

/** PUT /template/{id}/download-test: the .docx built from the try-out answers. */
export async function downloadTestDocument(templateId: string, answers: TAnswers) {
  const { data, headers } = await api.request<Blob>(`/template/${templateId}/download-test`, {
    method: 'PUT',
    body: { answers },
    responseType: 'blob',
  });
  return {
    blob: data,
    fileName: fileNameFrom(headers.get('content-disposition'), 'documento.docx'),
  };
}

/**
 * PUT /template/{id}/preview-test: the try-out's protected preview (a PDF of page pictures), as
 * the lawyer's preview shows it; keyed by the answers, so new answers draw a new one.
 */
export function previewTestQuery(templateId: string, answers: TAnswers) {
  return queryOptions({
    queryKey: ['template', 'preview-test', templateId, answers],
    queryFn: async ({ signal }) =>
      (
        await api.request<Blob>(`/template/${templateId}/preview-test`, {
          method: 'PUT',
          body: { answers },
          responseType: 'blob',
          signal,
        })
      ).data,
    // A 503 (no LibreOffice, a full queue) will not heal in seconds: the screen offers a retry.
    retry: false,
    gcTime: 0,
    meta: { silent: true },
  });
}

/** Downloads the try-out .docx through a link carrying the server's file name. */
export function useDownloadTestMutation() {
  return useMutation({
    mutationFn: async ({ templateId, answers }: { templateId: string; answers: TAnswers }) => {
      const { blob, fileName } = await downloadTestDocument(templateId, answers);
      saveBlobAs(blob, fileName);
      return fileName;
    },
  });
}
