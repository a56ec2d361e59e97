import { Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { itemLabel } from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswerChangeResult, TContractDetail } from '@lexpath/shared/schemas/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { RecapCard } from '../../../components/flow/recap-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore } from '../../../lib/storage.ts';
import { purchaseQueries, useRemoveItemMutation, useSaveContractMutation } from '../api.ts';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;

type RecapEntry = TContractDetail['detailed_answers'][number];

/** The item of an `elenco` the lawyer asked to remove: the entry, the item (from 0), its name. */
type Removal = { entry: RecapEntry; index: number; label: string };

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
  const detail = useQuery(purchaseQueries.contract(contract.id));
  const edit = useSaveContractMutation();
  const remove = useRemoveItemMutation();
  const complete = useSaveContractMutation({ silent: true });
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Removal | null>(null);

  if (contract.id === '') return <NoContract title={it.web.titles.summary} />;

  const recap = detail.data?.detailed_answers ?? [];

  function rulesOf(entry: RecapEntry) {
    return entry.rules ?? contract.questions?.[entry.variable];
  }

  /** SPEC: a change others depend on is confirmed; one nothing depends on is asked alone. */
  function startEdit(index: number) {
    const entry = recap[index];
    if (!entry) return;
    // A server that does not say (or says "answer") gets the SPEC's confirmation.
    if (entry.dependence === 'none' || entry.dependence === 'count') {
      setContract({ editing: { variable: entry.variable, dependence: entry.dependence } });
      navigate(PATHS.questionnaire);
    } else {
      setEditing(index);
    }
  }

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

  function confirmRemoval() {
    if (!removing) return;
    const { entry, index } = removing;
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
          setRemoving(null);
          if (result.discarded.length > 0) navigate(PATHS.questionnaire);
        },
      },
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.summary}</PageTitle>
      {detail.isPending ? <PageLoader /> : null}
      {complete.isError ? <AppAlert kind="error">{errorMessage(complete.error)}</AppAlert> : null}
      {/* The recap cards' questions are h3: the outline goes h1 → h2 → h3 (issue 12). */}
      <Heading as="h2" textStyle="lg" color="navy.800" mt="16">
        {texts.answers}
      </Heading>
      <Stack as="ul" aria-label={texts.answers} gap="12" my="16">
        {recap.map((item, index) => {
          const rules = rulesOf(item);
          return (
            <RecapCard
              key={item.variable}
              question={item.question}
              answer={item.given_answer}
              rules={rules}
              onEdit={() => startEdit(index)}
              onRemoveItem={
                rules?.type === 'elenco'
                  ? (itemIndex) =>
                      setRemoving({
                        entry: item,
                        index: itemIndex,
                        label: itemLabel(rules, itemIndex + 1),
                      })
                  : undefined
              }
            />
          );
        })}
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
      <ConfirmDialog
        open={removing !== null}
        title={removing ? texts.removeItemTitle(removing.label) : ''}
        confirmLabel={texts.removeItem}
        pending={remove.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setRemoving(null)}
      >
        {removing ? (
          <Stack gap="8">
            <Text>{texts.removeItemText(removing.label)}</Text>
            <Text>
              {removing.entry.item_removal_discards
                ? texts.removeItemDiscards(removing.label)
                : texts.removeItemKeeps}
            </Text>
          </Stack>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
