import { Box, Flex, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TClient } from '@lexpath/shared/schemas/clients';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { type DataColumn, DataTable } from '../../../components/lists/data-table.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { clientQueries } from '../../../lib/client-queries.ts';
import { PATHS } from '../../../lib/paths.ts';

const texts = it.clientRegister;

export function clientPath(id: string): string {
  return `${PATHS.clients}/${encodeURIComponent(id)}`;
}

/** A person is known by the codice fiscale, a company by the partita IVA when there is one. */
function taxCodeOf(client: TClient): string {
  return client.dati.codice_fiscale ?? client.dati.partita_iva ?? '';
}

const columns: DataColumn<TClient>[] = [
  {
    key: 'name',
    header: texts.columns.name,
    // The name opens the client: one stop per row for the keyboard.
    cell: (client) => (
      <Link asChild color="navy.800" fontWeight="semibold" textDecoration="underline">
        <RouterLink to={clientPath(client.id)}>{client.nome_visualizzato}</RouterLink>
      </Link>
    ),
  },
  { key: 'kind', header: texts.columns.kind, cell: (client) => texts.kindNames[client.tipo] },
  {
    key: 'codiceFiscale',
    header: texts.columns.codiceFiscale,
    cell: (client) => taxCodeOf(client),
    cellProps: { whiteSpace: 'nowrap' },
  },
];

function AddClientButton() {
  return (
    <Button asChild variant="primary">
      <RouterLink to={PATHS.newClient}>{texts.add}</RouterLink>
    </Button>
  );
}

/**
 * «Clienti»: the lawyer's own clients by name, searched by name, denominazione or codice
 * fiscale and paged; an empty register says so and offers to add the first client.
 */
export function ClientsScreen() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const clients = useQuery(clientQueries.list({ page, q }));

  function applySearch(event: FormEvent) {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
  }

  const results = clients.data?.results ?? [];
  const emptyRegister = clients.isSuccess && results.length === 0 && q === '';
  return (
    <Box minW="0">
      <PageTitle>{texts.title}</PageTitle>
      <Text color="navy.700" mb="16" maxW="720px">
        {texts.intro}
      </Text>
      {emptyRegister ? (
        <Stack gap="12" py="24" align="start">
          <Text textStyle="md" fontWeight="semibold" color="navy.800">
            {texts.empty}
          </Text>
          <Text color="navy.700">{texts.emptyHint}</Text>
          <AddClientButton />
        </Stack>
      ) : (
        <>
          <Flex gap="12" wrap="wrap" align="center" justify="space-between" mb="24">
            {/* On a phone the search takes the row and shrinks with it: no page wider than the screen. */}
            <Box flex="1 1 280px" minW="0" maxW="460px">
              {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (happy-dom, older Safari) */}
              <form role="search" onSubmit={applySearch}>
                <HStack gap="8">
                  <Input
                    type="search"
                    aria-label={texts.search}
                    placeholder={texts.search}
                    flex="1"
                    minW="0"
                    bg="white"
                    value={typed}
                    onChange={(event) => {
                      setTyped(event.target.value);
                      // Emptying the box shows every client again, as the other lists do.
                      if (event.target.value === '') {
                        setQ('');
                        setPage(1);
                      }
                    }}
                  />
                  <Button type="submit" variant="primary" size="sm">
                    {texts.searchButton}
                  </Button>
                </HStack>
              </form>
            </Box>
            <AddClientButton />
          </Flex>
          <ListState
            query={clients}
            emptyText={texts.empty}
            errorText={texts.loadFailed}
            filtered={q !== ''}
          />
          {results.length > 0 ? (
            <DataTable
              caption={texts.caption}
              rows={results}
              rowKey={(client) => client.id}
              columns={columns}
            />
          ) : null}
          <Pager page={page} totalPages={clients.data?.totalPages ?? 1} onPageChange={setPage} />
        </>
      )}
    </Box>
  );
}
