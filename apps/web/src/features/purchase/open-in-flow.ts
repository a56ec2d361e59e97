import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { useNewContractStore } from '../../lib/storage.ts';

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
