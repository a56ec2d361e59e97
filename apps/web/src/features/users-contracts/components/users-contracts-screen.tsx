import { Box, Wrap } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TContractCard, TContractSort, TSortOrder } from '@lexpath/shared/schemas/contracts';
import { CONTRACT_STATUS, type TContractStatus } from '@lexpath/shared/statuses';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { type DataColumn, DataTable } from '../../../components/lists/data-table.tsx';
import { ListFilters } from '../../../components/lists/list-filters.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { formatListDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useCategorySearchStore } from '../../../lib/storage.ts';

const texts = it.web.usersContracts;

interface Sort {
  key: TContractSort;
  order: TSortOrder;
}

/** SPEC §4: by generation date, newest first, until a header says otherwise. */
const DEFAULT_SORT: Sort = { key: 'created_at_date', order: 'desc' };

/** SPEC §2 columns: name, surname, type_contract, created_at_date, payment_date; all sort. */
const columns: DataColumn<TContractCard>[] = [
  { key: 'name', header: texts.name, cell: (contract) => contract.userId.name, sortable: true },
  {
    key: 'surname',
    header: texts.surname,
    cell: (contract) => contract.userId.surname,
    sortable: true,
  },
  {
    key: 'type_contract',
    header: texts.document,
    cell: (contract) => contract.title,
    sortable: true,
    inCard: false,
  },
  {
    key: 'created_at_date',
    header: texts.generatedAt,
    cell: (contract) => formatListDate(contract.createdAt),
    sortable: true,
  },
  {
    key: 'payment_date',
    header: texts.paidAt,
    cell: (contract) =>
      contract.paymentId ? formatListDate(contract.paymentId.updatedAt) : texts.notPaid,
    sortable: true,
  },
];

/** The generated documents, or apart the drafts: questionnaires not finished (issue 12). */
type StatusShown = TContractStatus;

/** Generated documents by default; drafts (questionnaires left unfinished) apart (issue 12). */
function StatusFilter({
  value,
  onChange,
}: {
  value: StatusShown;
  onChange(value: StatusShown): void;
}) {
  const options: [StatusShown, string][] = [
    [CONTRACT_STATUS.completed, texts.showGenerated],
    [CONTRACT_STATUS.toComplete, texts.showDrafts],
  ];
  return (
    <Box role="group" aria-label={texts.statusFilter} mb="24">
      <Wrap gap="8">
        {options.map(([status, label]) => (
          <Button
            key={status}
            variant="chips"
            size="xs"
            aria-pressed={value === status}
            onClick={() => onChange(status)}
          >
            {label}
          </Button>
        ))}
      </Wrap>
    </Box>
  );
}

/**
 * 'Documenti generati' (SPEC §2): every user's documents, filtered, sorted, paginated. Drafts
 * are listed apart, on request, so abandoned questionnaires do not hide the generated ones.
 */
export function UsersContractsScreen() {
  const navigate = useNavigate();
  const search = useCategorySearchStore((state) => state.value);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [status, setStatus] = useState<StatusShown>(CONTRACT_STATUS.completed);
  const categories = useQuery(categoryQueries.all());
  const contracts = useQuery(
    // For an admin, every user's documents (userActive). The server sorts the whole list, so
    // every page continues the order of the one before.
    contractQueries.list({
      page,
      name: search.value || undefined,
      categoryId: search.category || undefined,
      sort: sort.key,
      order: sort.order,
      status,
      userActive: true,
    }),
  );

  // A new filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(1), [search.value, search.category, status]);

  /** The server sorts the whole list; a new order starts again from its first page. */
  function changeSort(next: Sort) {
    setSort(next);
    setPage(1);
  }

  const results = contracts.data?.results ?? [];
  return (
    <>
      <PageTitle>{it.web.titles.usersContracts}</PageTitle>
      <ListFilters categories={categories.data?.results ?? []} />
      <StatusFilter value={status} onChange={setStatus} />
      <ListState
        query={contracts}
        emptyText={status === CONTRACT_STATUS.toComplete ? texts.draftsEmpty : texts.empty}
        errorText={texts.loadFailed}
        filtered={search.value !== '' || search.category !== ''}
      />
      {results.length > 0 ? (
        <DataTable
          caption={texts.caption}
          rows={results}
          rowKey={(contract) => contract.id}
          columns={columns}
          cardTitle={(contract) => contract.title}
          sort={{ ...sort, onChange: changeSort }}
          actions={{
            header: texts.actions,
            cell: (contract) => (
              <Button
                size="xs"
                variant="secondary"
                aria-label={texts.openOf(
                  contract.title,
                  `${contract.userId.name} ${contract.userId.surname}`,
                )}
                onClick={() =>
                  navigate(`${PATHS.usersContractDetail}?id=${encodeURIComponent(contract.id)}`)
                }
              >
                {texts.open}
              </Button>
            ),
          }}
        />
      ) : null}
      <Pager page={page} totalPages={contracts.data?.totalPages ?? 1} onPageChange={setPage} />
    </>
  );
}
