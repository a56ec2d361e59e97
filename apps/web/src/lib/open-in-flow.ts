import { it } from '@lexpath/shared/messages/it';
import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from './api-client.ts';
import { contractQueries } from './contract-queries.ts';
import { PATHS } from './paths.ts';
import { useNewContractStore } from './storage.ts';
import { toaster } from './toaster.ts';

/**
 * A contract as the server keeps it becomes the flow's document, and the questionnaire goes on at
 * its next unanswered question (the answers decide which): «Riprendi» on a draft, and a document
 * started with another's answers. A draft whose template has a newer version keeps asking its own
 * version's questions.
 */
export function useOpenInFlow(): (detail: TContractDetail) => void {
  const navigate = useNavigate();
  const setContract = useNewContractStore((state) => state.set);
  const reset = useNewContractStore((state) => state.reset);
  return (detail) => {
    reset();
    setContract({
      id: detail.id,
      type: detail.type,
      title: detail.title,
      answers: detail.answers,
      status: detail.status,
      maxQuestions: detail.templateId.max_questions ?? 0,
      versionId: detail.templateId.newer_version ? detail.templateId.version_id : undefined,
    });
    navigate(PATHS.questionnaire);
  };
}

/**
 * «Nuovo documento con gli stessi dati» and «Nuovo documento per questo cliente»: PUT /contract/
 * with the chosen template and `from` (the earlier document whose answers the new one starts
 * with) or `clients` (party question → the client filling it). The new document is opened in
 * the flow at its first question left; the toast says how many answers came prefilled.
 */
export function useStartFromContractMutation() {
  const queryClient = useQueryClient();
  const openInFlow = useOpenInFlow();
  return useMutation({
    mutationFn: async ({
      templateId,
      from,
      clients,
      idempotencyKey,
    }: {
      templateId: string;
      from?: string;
      clients?: Record<string, string>;
      idempotencyKey: string;
    }) => {
      const { id } = await api.put<{ id: string }>(
        '/contract/',
        { type: templateId, ...(from ? { from } : {}), ...(clients ? { clients } : {}) },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      );
      return queryClient.fetchQuery(contractQueries.detail(id));
    },
    onSuccess: (detail: TContractDetail) => {
      const count = detail.prefilled?.length ?? 0;
      toaster.create({
        type: count > 0 ? 'success' : 'info',
        description: count > 0 ? it.prefillUi.started(count) : it.prefillUi.nothingCopied,
      });
      void queryClient.invalidateQueries({ queryKey: contractQueries.lists() });
      openInFlow(detail);
    },
    meta: { silent: true },
  });
}
