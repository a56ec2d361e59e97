import { Box, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import { ELENCO_MAX_ITEMS } from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ChoiceDialog } from '../../../components/feedback/choice-dialog.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { clientQueries } from '../../../lib/client-queries.ts';

const texts = it.partyPicker;

/** What tells two clients of the same name apart in a list: the codice fiscale or partita IVA. */
function idOf(client: TClient): string {
  return client.dati.codice_fiscale ?? client.dati.partita_iva ?? '';
}

type Picked = Pick<TClient, 'id' | 'nome_visualizzato'>;

/**
 * The register searched as the lawyer types: for a single party each client is a «Scegli»
 * button that fills it at once; for an `elenco` the clients are ticked (up to its `max_items`)
 * and filled together.
 */
function ClientChoices({
  many,
  max,
  pending,
  onPick,
}: {
  many: boolean;
  max: number;
  pending: boolean;
  onPick(clients: Picked[]): void;
}) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [ticked, setTicked] = useState<Picked[]>([]);
  const list = useQuery({
    ...clientQueries.list({ page, q: q.trim() }),
    meta: { silent: true },
  });
  const headingId = useId();
  const results = list.data?.results ?? [];
  const searching = q.trim() !== '';
  const full = ticked.length >= max;

  function toggle(client: TClient, on: boolean) {
    setTicked((before) =>
      on
        ? [...before, { id: client.id, nome_visualizzato: client.nome_visualizzato }]
        : before.filter((each) => each.id !== client.id),
    );
  }

  return (
    <Stack gap="12">
      <TextField
        label={texts.search}
        type="search"
        value={q}
        onChange={(event) => {
          setQ(event.target.value);
          setPage(1);
        }}
      />
      <Text id={headingId} fontWeight="semibold" color="navy.800">
        {texts.results}
      </Text>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? (
        <AppAlert kind="error" title={texts.loadFailed}>
          <Text>{errorMessage(list.error)}</Text>
          <Button variant="outline" size="sm" mt="8" onClick={() => void list.refetch()}>
            {texts.retry}
          </Button>
        </AppAlert>
      ) : null}
      {list.isSuccess && results.length === 0 ? (
        <Text role="status">{searching ? texts.none : texts.emptyRegister}</Text>
      ) : null}
      {results.length > 0 ? (
        <Stack as="ul" aria-labelledby={headingId} gap="8" listStyleType="none">
          {results.map((client) => {
            const checked = ticked.some((each) => each.id === client.id);
            return (
              <Flex
                as="li"
                key={client.id}
                gap="8"
                align="center"
                justify="space-between"
                borderWidth="1px"
                borderColor="navy.100"
                borderRadius="md"
                p="8"
              >
                {many ? (
                  <Checkbox.Root
                    checked={checked}
                    disabled={pending || (!checked && full)}
                    onCheckedChange={(details) => toggle(client, details.checked === true)}
                    colorPalette="navy"
                    alignItems="flex-start"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control mt="2" borderColor="navy.500" />
                    <Checkbox.Label fontWeight="normal" color="navy.900" overflowWrap="anywhere">
                      {client.nome_visualizzato}{' '}
                      <Text as="span" color="navy.700" textStyle="sm">
                        {idOf(client)}
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ) : (
                  <>
                    <Box minW="0">
                      <Text color="navy.900" overflowWrap="anywhere">
                        {client.nome_visualizzato}
                      </Text>
                      <Text color="navy.700" textStyle="sm">
                        {idOf(client)}
                      </Text>
                    </Box>
                    <Button
                      variant="outline"
                      size="sm"
                      flexShrink={0}
                      aria-label={texts.chooseOf(client.nome_visualizzato)}
                      disabled={pending}
                      onClick={() =>
                        onPick([{ id: client.id, nome_visualizzato: client.nome_visualizzato }])
                      }
                    >
                      {texts.choose}
                    </Button>
                  </>
                )}
              </Flex>
            );
          })}
        </Stack>
      ) : null}
      {list.data ? (
        <Pager page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
      ) : null}
      {many ? (
        <Stack gap="8">
          <Text role="status" color="navy.700" textStyle="sm">
            {ticked.length > 0 ? texts.selectedCount(ticked.length, max) : ''}
          </Text>
          <Box>
            <Button
              variant="primary"
              disabled={ticked.length === 0}
              loading={pending}
              onClick={() => onPick(ticked)}
            >
              {texts.fill}
            </Button>
          </Box>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * «Scegli dall'anagrafica» on a party question: a dialog searching the lawyer's clients. The
 * clients picked go to `onPick`, which fills the party and closes the dialog once it is done;
 * a failure is shown in the dialog.
 */
export function PartyPicker({
  question,
  pending,
  error,
  onPick,
  onReset,
}: {
  question: TNextQuestion;
  pending: boolean;
  error: unknown;
  onPick(clients: Picked[], done: () => void): void;
  onReset(): void;
}) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const many = question.type === 'elenco';
  const max = question.max_items ?? ELENCO_MAX_ITEMS;

  function close() {
    if (pending) return;
    setOpen(false);
    onReset();
  }

  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        onClick={() => {
          onReset();
          setOpen(true);
        }}
      >
        {texts.pick}
      </Button>
      <ChoiceDialog
        open={open}
        title={texts.title}
        description={many ? texts.textMany(max) : texts.textOne}
        error={error ? `${texts.fillFailed} ${errorMessage(error)}` : null}
        busy={pending}
        closeLabel={texts.close}
        finalFocusEl={() => opener.current}
        onClose={close}
      >
        <ClientChoices
          many={many}
          max={max}
          pending={pending}
          onPick={(clients) => onPick(clients, () => setOpen(false))}
        />
      </ChoiceDialog>
    </>
  );
}
