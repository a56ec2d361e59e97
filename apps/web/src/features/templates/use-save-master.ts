import { it } from '@lexpath/shared/messages/it';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client.ts';
import { contractQueries } from '../../lib/contract-queries.ts';
import { PATHS } from '../../lib/paths.ts';
import {
  type DraftCompanion,
  useMasterFilesStore,
  useTemplateDraftStore,
} from '../../lib/storage.ts';
import { templateQueries } from '../../lib/template-queries.ts';
import { toaster } from '../../lib/toaster.ts';
import { saveTemplate, uploadCompanion, uploadMaster } from './api.ts';
import { pickedCompanionFiles } from './draft.ts';
import type { ZMasterForm } from './master-form-schema.ts';

export interface SaveMasterInput {
  values: z.output<typeof ZMasterForm>;
  master: File | null;
  preview: File | null;
  questions: TQuestion[];
  /** The set's companion documents in order (none for a template of one document). */
  companions?: DraftCompanion[];
  /** The main document's name ('' for the template's title). */
  documentName?: string;
}

/**
 * Uploads the companions' picked files one by one, each linted with the master and the
 * companions stored so far; answers the set's list for the payload and the lint's warnings.
 */
async function uploadCompanions(
  questions: TQuestion[],
  fileName: string,
  companions: DraftCompanion[],
): Promise<{ documents: { name: string; file_name: string }[]; warnings: string[] }> {
  const stored = companions.map((companion) => ({
    name: companion.name,
    file_name: companion.file_name,
  }));
  const warnings: string[] = [];
  for (const [index, companion] of companions.entries()) {
    const file = pickedCompanionFiles.get(companion.key);
    if (!file) continue;
    const uploaded = await uploadCompanion({
      questions,
      fileName,
      file,
      documents: stored.flatMap((document, other) =>
        other === index ? [{ name: document.name }] : document.file_name ? [document] : [],
      ),
    });
    const name = uploaded.document_file_name ?? '';
    stored[index] = { name: companion.name, file_name: name };
    pickedCompanionFiles.delete(companion.key);
    // The stored name replaces the file at once: a failed save does not upload it again.
    const draft = useTemplateDraftStore.getState();
    draft.set({
      documents: (draft.value.documents ?? []).map((entry) =>
        entry.key === companion.key ? { ...entry, file_name: name, title: file.name } : entry,
      ),
    });
    warnings.push(...uploaded.warnings);
  }
  return { documents: stored, warnings };
}

/** The API's messages of a failed save: the lint list of a 422, or the single message. */
export function saveErrorsOf(error: unknown): string[] {
  if (!error) return [];
  return isApiError(error) ? error.messages : [it.errors.internal];
}

/**
 * SPEC §4 'Salva e concludi': changed files are uploaded first (their stored names replace the
 * old ones at once, so a failed save does not upload them again), then the template is created
 * or updated and the editor goes back to the list. Failures stay on the form as red boxes
 * (SPEC §8), not as a toast.
 */
export function useSaveMasterMutation(templateId: string, onFilesUploaded: () => void) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({
      values,
      master,
      preview,
      questions,
      companions = [],
      documentName = '',
    }: SaveMasterInput) => {
      const stored = useMasterFilesStore.getState().value;
      let names = { file_name: stored.file_name, preview_name: stored.preview_name };
      let warnings: string[] = [];
      if (master || preview) {
        const uploaded = await uploadMaster({
          questions,
          master,
          preview,
          fileName: stored.file_name,
          previewName: stored.preview_name,
          documents: companions
            .filter((companion) => companion.file_name !== '')
            .map(({ name, file_name }) => ({ name, file_name })),
        });
        names = {
          file_name: uploaded.file_name ?? names.file_name,
          preview_name: uploaded.preview_name ?? names.preview_name,
        };
        warnings = uploaded.warnings;
        useMasterFilesStore.getState().set(names);
        onFilesUploaded();
      }
      const set = await uploadCompanions(questions, names.file_name, companions);
      warnings = [...new Set([...warnings, ...set.warnings])];
      // An edited template always sends its list, so removing the last companion removes it.
      const documents =
        templateId || set.documents.length > 0
          ? { documents: set.documents, document_name: documentName.trim() || null }
          : {};
      await saveTemplate(templateId, {
        ...values,
        ...names,
        json_questions: questions,
        ...documents,
      });
      return { warnings };
    },
    onSuccess: ({ warnings }) => {
      toaster.create({
        type: 'success',
        title: it.toast.successTitle,
        description: it.web.masterForm.saved,
      });
      // The lint's warnings (mail-merge fields, loops that repeat a clause) do not block the
      // save; they stay on screen until closed, as the editor has to fix them in Word.
      if (warnings.length > 0) {
        toaster.create({
          type: 'warning',
          title: it.web.masterForm.savedWithWarnings,
          description: warnings.join('\n\n'),
          closable: true,
          duration: Number.POSITIVE_INFINITY,
        });
      }
      void queryClient.invalidateQueries({ queryKey: templateQueries.root });
      // The try-out's next questions follow the template's questions, which may have changed.
      void queryClient.invalidateQueries({ queryKey: contractQueries.nextQuestions() });
      void navigate(PATHS.templates);
    },
  });
}
