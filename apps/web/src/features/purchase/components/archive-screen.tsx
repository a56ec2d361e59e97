import { Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import type { TContractCard } from '@lexpath/shared/schemas/contracts';
import { CONTRACT_STATUS } from '@lexpath/shared/statuses';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { ListFilters } from '../../../components/lists/list-filters.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { useDownloadContractMutation } from '../../../lib/contract-download.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { decimalToCents, formatListDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCategorySearchStore } from '../../../lib/storage.ts';
import { DraftsSection } from './drafts-section.tsx';

const texts = it.web.purchase;

/** One term of a card's description list: a dt/dd pair on one line. */
function Entry({ label, value }: { label: string; value: string }) {
  return (
    <Flex gap="4" wrap="wrap">
      <Text as="dt" fontWeight="bold">
        {label}:
      </Text>{' '}
      <Text as="dd">{value}</Text>
    </Flex>
  );
}

function ArchiveCard({ contract }: { contract: TContractCard }) {
  const navigate = useNavigate();
  const download = useDownloadContractMutation();
  const downloadPdfA = useDownloadContractMutation('pdf');
  const downloadSet = useDownloadContractMutation('zip');
  const paid = contract.paymentId;
  // A document set is downloaded whole from its card; each document from its detail.
  const documents = contract.documents_count ?? 1;
  const downloads =
    documents > 1
      ? [
          {
            label: texts.downloadSet,
            name: texts.downloadSetOf(contract.title),
            mutation: downloadSet,
          },
        ]
      : [
          { label: texts.download, name: texts.downloadOf(contract.title), mutation: download },
          {
            label: texts.downloadPdfA,
            name: texts.downloadPdfAOf(contract.title),
            mutation: downloadPdfA,
          },
        ];
  return (
    <Card.Root as="article" bg="white" height="100%">
      <Card.Body gap="8">
        <Heading as="h2" textStyle="lg" color="navy.800">
          {contract.title}
        </Heading>
        <Text color="navy.900">{contract.description}</Text>
        <Stack gap="2" textStyle="sm" color="navy.700" mt="auto">
          <Stack as="dl" gap="2">
            {paid ? (
              <Entry label={texts.pricePaid} value={formatEuro(decimalToCents(paid.price))} />
            ) : null}
            {documents > 1 ? (
              <Entry label={texts.documentsCount} value={String(documents)} />
            ) : null}
            <Entry label={texts.generatedAt} value={formatListDate(contract.createdAt)} />
            {paid ? (
              <Entry label={texts.purchasedAt} value={formatListDate(paid.updatedAt)} />
            ) : null}
          </Stack>
          {/* «Fattura n. …» is one phrase, not a label and a value: a line under the dl. */}
          {contract.invoice ? (
            <Text>{it.invoicesUi.invoiceNumber(contract.invoice.number)}</Text>
          ) : null}
        </Stack>
        <Flex gap="8" mt="8" wrap="wrap">
          <Button
            variant="primary"
            size="sm"
            aria-label={texts.openDetailOf(contract.title)}
            onClick={() => navigate(`${PATHS.archiveDetail}?id=${encodeURIComponent(contract.id)}`)}
          >
            {texts.openDetail}
          </Button>
          {downloads.map(({ label, name, mutation }) => (
            <Button
              key={label}
              variant="outline"
              size="sm"
              aria-label={name}
              loading={mutation.isPending}
              onClick={() => mutation.mutate(contract.id)}
            >
              {label}
            </Button>
          ))}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** 'Archivio' (SPEC §2): the completed, paid documents, after the documents in progress. */
export function ArchiveScreen() {
  const search = useCategorySearchStore((state) => state.value);
  const [page, setPage] = useState(1);
  const categories = useQuery(categoryQueries.all());
  const archive = useQuery(
    // The archive: completed, paid documents.
    contractQueries.list({
      page,
      name: search.value,
      categoryId: search.category,
      status: CONTRACT_STATUS.completed,
      payed: true,
    }),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(1), [search.value, search.category]);

  const results = archive.data?.results ?? [];
  return (
    <>
      <PageTitle>{it.web.titles.archive}</PageTitle>
      <DraftsSection />
      <ListFilters categories={categories.data?.results ?? []} />
      <ListState
        query={archive}
        emptyText={texts.archiveEmpty}
        errorText={texts.archiveLoadFailed}
        filtered={search.value !== '' || search.category !== ''}
      />
      {results.length > 0 ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="16">
          {results.map((contract) => (
            <ArchiveCard key={contract.id} contract={contract} />
          ))}
        </SimpleGrid>
      ) : null}
      <Pager page={page} totalPages={archive.data?.totalPages ?? 1} onPageChange={setPage} />
    </>
  );
}
