import { Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TContractCard } from '@lexpath/shared/schemas/contracts';
import { CONTRACT_STATUS } from '@lexpath/shared/statuses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { formatListDate } from '../../../lib/format.ts';
import { useOpenInFlow } from '../../../lib/open-in-flow.ts';
import { toaster } from '../../../lib/toaster.ts';
import { SameDataButton } from './same-data-dialog.tsx';

const texts = it.web.purchase.drafts;
const HEADING_ID = 'drafts-heading';

/** «Riprendi»: the draft as the server keeps it, opened in the flow at its next question. */
function useResumeDraft() {
  const queryClient = useQueryClient();
  const openInFlow = useOpenInFlow();
  return useMutation({
    mutationFn: (id: string) => queryClient.fetchQuery(contractQueries.detail(id)),
    onSuccess: openInFlow,
    meta: { silent: true },
  });
}

function DraftCard({
  draft,
  onRemove,
}: {
  draft: TContractCard;
  onRemove(draft: TContractCard, button: HTMLButtonElement | null): void;
}) {
  const resume = useResumeDraft();
  const removeButton = useRef<HTMLButtonElement>(null);
  return (
    <Card.Root as="article" bg="white" height="100%">
      <Card.Body gap="8">
        <Heading as="h3" textStyle="md" color="navy.800">
          {draft.title}
        </Heading>
        <Stack gap="2" textStyle="sm" color="navy.700" mt="auto">
          <Text>{texts.answered(draft.answers_count)}</Text>
          <Text>
            {texts.lastChange}: {formatListDate(draft.updatedAt)}
          </Text>
        </Stack>
        {resume.isError ? (
          <AppAlert kind="error">
            {texts.resumeFailed} {errorMessage(resume.error)}
          </AppAlert>
        ) : null}
        <Flex gap="8" mt="8" wrap="wrap">
          <Button
            variant="primary"
            size="sm"
            aria-label={texts.resumeOf(draft.title)}
            loading={resume.isPending}
            onClick={() => resume.mutate(draft.id)}
          >
            {texts.resume}
          </Button>
          <Button
            ref={removeButton}
            variant="outline"
            size="sm"
            aria-label={texts.removeOf(draft.title)}
            onClick={() => onRemove(draft, removeButton.current)}
          >
            {texts.remove}
          </Button>
          <SameDataButton contractId={draft.id} title={draft.title} size="sm" />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The archive's «Documenti in corso» (issue 23): the lawyer's unfinished questionnaires, newest
 * first, to resume or delete. Shown only when there is one (or when they cannot be read).
 */
export function DraftsSection() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<TContractCard | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const drafts = useQuery(contractQueries.list({ page, status: CONTRACT_STATUS.toComplete }));
  const remove = useMutation({
    mutationFn: (draft: TContractCard) => api.delete<null>(`/contract/${draft.id}`),
    onSuccess: (_, draft) => {
      toaster.create({ type: 'success', description: texts.removed(draft.title) });
      // The section's heading takes the focus: the deleted card's button is gone.
      returnFocus.current = document.getElementById(HEADING_ID);
      void queryClient.invalidateQueries({ queryKey: contractQueries.lists() });
    },
    onSettled: () => setRemoving(null),
  });

  const results = drafts.data?.results ?? [];
  if (drafts.isPending || (drafts.isSuccess && results.length === 0 && page === 1)) return null;

  return (
    <Stack as="section" aria-labelledby={HEADING_ID} gap="12" mb="32">
      <Heading id={HEADING_ID} as="h2" textStyle="xl" color="navy.800" tabIndex={-1}>
        {texts.title}
      </Heading>
      <Text color="navy.900">{texts.intro}</Text>
      {drafts.isError ? <AppAlert kind="error">{texts.loadFailed}</AppAlert> : null}
      {results.length > 0 ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="16">
          {results.map((draft) => (
            <DraftCard
              key={draft.id}
              draft={draft}
              onRemove={(chosen, button) => {
                returnFocus.current = button;
                setRemoving(chosen);
              }}
            />
          ))}
        </SimpleGrid>
      ) : null}
      <Pager
        page={page}
        totalPages={drafts.data?.totalPages ?? 1}
        onPageChange={setPage}
        label={texts.title}
      />
      <ConfirmDialog
        open={removing !== null}
        title={texts.removeTitle}
        confirmLabel={texts.remove}
        danger
        pending={remove.isPending}
        finalFocusEl={() => returnFocus.current}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
        onClose={() => setRemoving(null)}
      >
        {removing ? texts.removeText(removing.title) : null}
      </ConfirmDialog>
    </Stack>
  );
}
