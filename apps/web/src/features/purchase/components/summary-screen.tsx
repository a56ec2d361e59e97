import { Flex, Stack } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths.ts';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { RecapCard } from '../../../components/flow/recap-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useNewContractStore } from '../../../lib/storage.ts';
import { purchaseQueries, useSaveContractMutation } from '../api.ts';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;

/**
 * The answers given (SPEC §2). Changing one drops it and every later answer, after a
 * confirmation; 'Vai all'anteprima' completes the document.
 */
export function SummaryScreen() {
  const navigate = useNavigate();
  const contract = useNewContractStore((state) => state.value);
  const setContract = useNewContractStore((state) => state.set);
  const detail = useQuery(purchaseQueries.contract(contract.id));
  const edit = useSaveContractMutation();
  const complete = useSaveContractMutation({ silent: true });
  const [editing, setEditing] = useState<number | null>(null);

  if (contract.id === '') return <NoContract title={it.web.titles.summary} />;

  const recap = detail.data?.detailed_answers ?? [];

  function confirmEdit() {
    if (editing === null) return;
    const kept = Object.fromEntries(
      recap.slice(0, editing).map((item) => [item.variable, item.given_answer]),
    );
    // The answers taken back are shown again, filled, when their questions are asked.
    const drafts = Object.fromEntries(
      recap.slice(editing).map((item) => [item.variable, item.given_answer]),
    );
    edit.mutate(
      { id: contract.id, answers: kept },
      {
        onSuccess: () => {
          setContract({ answers: kept, drafts: { ...contract.drafts, ...drafts } });
          setEditing(null);
          navigate(PATHS.questionnaire);
        },
      },
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.summary}</PageTitle>
      {detail.isPending ? <PageLoader /> : null}
      {complete.isError ? <AppAlert kind="error">{errorMessage(complete.error)}</AppAlert> : null}
      <Stack as="ul" aria-label={texts.answers} gap="12" my="16">
        {recap.map((item, index) => (
          <RecapCard
            key={item.variable}
            question={item.question}
            answer={item.given_answer}
            rules={item.rules ?? contract.questions?.[item.variable]}
            onEdit={() => setEditing(index)}
          />
        ))}
      </Stack>
      <Flex justify="flex-end">
        <Button
          variant="primary"
          loading={complete.isPending}
          disabled={detail.isPending}
          onClick={() =>
            complete.mutate(
              { id: contract.id, status: 'COMPLETED' },
              {
                onSuccess: () => {
                  setContract({ status: 'COMPLETED' });
                  navigate(PATHS.preview);
                },
              },
            )
          }
        >
          {texts.toPreview}
        </Button>
      </Flex>
      <ConfirmDialog
        open={editing !== null}
        title={texts.editTitle}
        pending={edit.isPending}
        onConfirm={confirmEdit}
        onClose={() => setEditing(null)}
      >
        {texts.editText}
      </ConfirmDialog>
    </>
  );
}
