import { chakra, Flex } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswerChangeResult } from '@lexpath/shared/schemas/contracts';
import { CONTRACT_STATUS } from '@lexpath/shared/statuses';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import {
  SummaryAnswers,
  type SummaryEntry,
  splitAt,
} from '../../../components/flow/summary-answers.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore } from '../../../lib/storage.ts';
import { useRemoveItemMutation, useSaveContractMutation } from '../api.ts';
import { NoContract } from './no-contract.tsx';
import { SummaryParties } from './summary-parties.tsx';

const texts = it.web.purchase;
const TO_PREVIEW_ID = 'summary-to-preview';

/**
 * The answers given (SPEC §2). Changing an answer that a later question depends on drops it and
 * every later answer, after a confirmation (SPEC); changing one nothing depends on (a name, an
 * amount) asks it again alone and keeps the rest (issue 11). An `elenco`'s items can be removed
 * down to its `min_items`, the confirmation saying whether later answers go too. 'Vai
 * all'anteprima' completes the document.
 */
export function SummaryScreen() {
  const navigate = useNavigate();
  const contract = useNewContractStore((state) => state.value);
  const setContract = useNewContractStore((state) => state.set);
  const detail = useQuery(contractQueries.detail(contract.id));
  const edit = useSaveContractMutation();
  const remove = useRemoveItemMutation();
  const complete = useSaveContractMutation({ silent: true });

  if (contract.id === '') return <NoContract title={it.web.titles.summary} />;

  const recap = detail.data?.detailed_answers ?? [];

  function editFrom(index: number, done: () => void) {
    const { kept, drafts } = splitAt(recap, index);
    edit.mutate(
      { id: contract.id, answers: kept },
      {
        onSuccess: () => {
          // The answers taken back are shown again, filled, when their questions are asked.
          setContract({ answers: kept, drafts: { ...contract.drafts, ...drafts } });
          done();
          navigate(PATHS.questionnaire);
        },
      },
    );
  }

  function removeItem(entry: SummaryEntry, index: number, done: () => void) {
    remove.mutate(
      { id: contract.id, variable: entry.variable, index },
      {
        onSuccess: (result: TAnswerChangeResult) => {
          // Discarded answers are shown again, filled, when their questions are asked.
          const drafts = Object.fromEntries(
            recap
              .filter((item) => result.discarded.includes(item.variable))
              .map((item) => [item.variable, item.given_answer]),
          );
          setContract({ answers: result.answers, drafts: { ...contract.drafts, ...drafts } });
          done();
          if (result.discarded.length > 0) navigate(PATHS.questionnaire);
        },
      },
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.summary}</PageTitle>
      {/* Past every answer and its «Modifica» (dozens of Tabs) to the way on. */}
      <chakra.a
        href={`#${TO_PREVIEW_ID}`}
        srOnly
        _focus={{
          position: 'static',
          display: 'inline-block',
          width: 'auto',
          height: 'auto',
          clip: 'auto',
          whiteSpace: 'normal',
          mb: '12',
          px: '16',
          py: '8',
          fontWeight: 'semibold',
          color: 'navy.800',
          borderRadius: 'md',
          outline: '2px solid',
          outlineColor: 'navy.500',
          outlineOffset: '2px',
        }}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(TO_PREVIEW_ID)?.focus();
        }}
      >
        {it.lawyerScreens.skipToActions}
      </chakra.a>
      {detail.isPending ? <PageLoader /> : null}
      {complete.isError ? <AppAlert kind="error">{errorMessage(complete.error)}</AppAlert> : null}
      <SummaryAnswers
        entries={recap}
        rulesOf={(entry) => entry.rules ?? contract.questions?.[entry.variable]}
        onEditAlone={(entry) => {
          setContract({ editing: { variable: entry.variable, dependence: entry.dependence } });
          navigate(PATHS.questionnaire);
        }}
        onEditFrom={editFrom}
        editPending={edit.isPending}
        onRemoveItem={removeItem}
        removePending={remove.isPending}
        prefilled={detail.data?.prefilled}
      />
      {detail.data ? (
        <SummaryParties
          asked={Object.values(contract.questions ?? {})}
          answers={detail.data.answers}
          prefilled={[...(detail.data.prefilled ?? []), ...(contract.fromRegister ?? [])]}
        />
      ) : null}
      <Flex justify="flex-end">
        <Button
          id={TO_PREVIEW_ID}
          variant="primary"
          loading={complete.isPending}
          disabled={detail.isPending}
          onClick={() =>
            complete.mutate(
              { id: contract.id, status: CONTRACT_STATUS.completed },
              {
                onSuccess: () => {
                  setContract({ status: CONTRACT_STATUS.completed });
                  navigate(PATHS.preview);
                },
              },
            )
          }
        >
          {texts.toPreview}
        </Button>
      </Flex>
    </>
  );
}
