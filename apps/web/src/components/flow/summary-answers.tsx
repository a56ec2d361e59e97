import { Heading, Stack, Text } from '@chakra-ui/react';
import { itemLabel } from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { useState } from 'react';
import { ConfirmDialog } from '../feedback/confirm-dialog.tsx';
import { RecapCard, type RecapCardProps } from './recap-card.tsx';

const texts = it.web.purchase;

/** One answer of the summary: its question, how later questions depend on it, its type. */
export type SummaryEntry = TContractDetail['detailed_answers'][number];

/** The item of an `elenco` to remove: the entry, the item (from 0), its name. */
type Removal = { entry: SummaryEntry; index: number; label: string };

/**
 * Whether a change is asked alone (issue 11): nothing depends on the answer, or only its number
 * of items. A summary that does not say (or says "answer") gets the SPEC's confirmation.
 */
export function changesAlone(
  entry: SummaryEntry,
): entry is SummaryEntry & { dependence: 'none' | 'count' } {
  return entry.dependence === 'none' || entry.dependence === 'count';
}

/** The SPEC edit from entry `index`: the answers before it stay, it and the later ones go back. */
export function splitAt(entries: readonly SummaryEntry[], index: number) {
  const toAnswers = (list: readonly SummaryEntry[]): TAnswers =>
    Object.fromEntries(list.map((item) => [item.variable, item.given_answer]));
  return { kept: toAnswers(entries.slice(0, index)), drafts: toAnswers(entries.slice(index)) };
}

export interface SummaryAnswersProps {
  entries: readonly SummaryEntry[];
  /** The type and needs of an entry's question, to show its answer in Italian. */
  rulesOf(entry: SummaryEntry): RecapCardProps['rules'];
  /** A change nothing else depends on (`changesAlone`): the question is asked alone. */
  onEditAlone(entry: SummaryEntry & { dependence: 'none' | 'count' }): void;
  /** A confirmed SPEC edit from entry `index` (`splitAt`); `done` closes the confirmation. */
  onEditFrom(index: number, done: () => void): void;
  editPending?: boolean;
  /** A confirmed removal of item `index` of an `elenco`; `done` closes the confirmation. */
  onRemoveItem(entry: SummaryEntry, index: number, done: () => void): void;
  removePending?: boolean;
  /** The keys of the answers copied from another document or a client, marked «Precompilata». */
  prefilled?: readonly string[];
}

/**
 * The answers of the summary, the same for the lawyer's flow and the staff's try-out (SPEC §2,
 * issue 11): changing an answer a later question depends on asks first, as it drops that answer
 * and every later one; changing one nothing depends on goes straight to its question. An
 * `elenco`'s items can be removed down to its `min_items`, the confirmation saying whether later
 * answers go too.
 */
export function SummaryAnswers({
  entries,
  rulesOf,
  onEditAlone,
  onEditFrom,
  editPending,
  onRemoveItem,
  removePending,
  prefilled = [],
}: SummaryAnswersProps) {
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<Removal | null>(null);

  function startEdit(index: number) {
    const entry = entries[index];
    if (!entry) return;
    if (changesAlone(entry)) onEditAlone(entry);
    else setEditing(index);
  }

  return (
    <>
      {/* The recap cards' questions are h3: the outline goes h1 → h2 → h3 (issue 12). */}
      <Heading as="h2" textStyle="lg" color="navy.800" mt="16">
        {texts.answers}
      </Heading>
      <Stack as="ul" aria-label={texts.answers} gap="12" my="16">
        {entries.map((item, index) => {
          const rules = rulesOf(item);
          return (
            <RecapCard
              key={item.variable}
              question={item.question}
              answer={item.given_answer}
              rules={rules}
              prefilled={prefilled.includes(item.variable)}
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
      <ConfirmDialog
        open={editing !== null}
        title={texts.editTitle}
        pending={editPending}
        onConfirm={() => {
          if (editing !== null) onEditFrom(editing, () => setEditing(null));
        }}
        onClose={() => setEditing(null)}
      >
        {texts.editText}
      </ConfirmDialog>
      <ConfirmDialog
        open={removing !== null}
        title={removing ? texts.removeItemTitle(removing.label) : ''}
        confirmLabel={texts.removeItem}
        pending={removePending}
        onConfirm={() => {
          if (removing) onRemoveItem(removing.entry, removing.index, () => setRemoving(null));
        }}
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
