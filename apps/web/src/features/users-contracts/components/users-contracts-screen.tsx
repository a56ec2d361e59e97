import { chakra, Table } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TContractSort, TSortOrder } from '@lexpath/shared/schemas/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths.ts';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { ListFilters } from '../../../components/lists/list-filters.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { formatListDate } from '../../../lib/format.ts';
import { useCategorySearchStore } from '../../../lib/storage.ts';
import { usersContractsQueries } from '../api.ts';

const texts = it.web.usersContracts;

interface Sort {
  key: TContractSort;
  order: TSortOrder;
}

/** SPEC §4: by generation date, newest first, until a header says otherwise. */
const DEFAULT_SORT: Sort = { key: 'created_at_date', order: 'desc' };

interface SortHeaderProps {
  label: string;
  column: TContractSort;
  sort: Sort;
  onSort(column: TContractSort): void;
}

function SortHeader({ label, column, sort, onSort }: SortHeaderProps) {
  const active = sort.key === column;
  const direction = sort.order === 'asc' ? 'ascending' : 'descending';
  return (
    <Table.ColumnHeader color="navy.800" aria-sort={active ? direction : 'none'}>
      <chakra.button
        type="button"
        fontWeight="inherit"
        cursor="pointer"
        onClick={() => onSort(column)}
        title={texts.sortBy(label)}
      >
        {label}
        <chakra.span aria-hidden="true" ms="4">
          {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
        </chakra.span>
      </chakra.button>
    </Table.ColumnHeader>
  );
}

/** 'Documenti generati' (SPEC §2): every user's documents, filtered, sorted, paginated. */
export function UsersContractsScreen() {
  const navigate = useNavigate();
  const search = useCategorySearchStore((state) => state.value);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const categories = useQuery(usersContractsQueries.categories());
  const contracts = useQuery(
    usersContractsQueries.list({
      page,
      name: search.value,
      categoryId: search.category,
      sort: sort.key,
      order: sort.order,
    }),
  );

  // A new filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(1), [search.value, search.category]);

  /** The server sorts the whole list; a new order starts again from its first page. */
  function toggleSort(column: TContractSort) {
    setSort((current) =>
      current.key === column
        ? { key: column, order: current.order === 'desc' ? 'asc' : 'desc' }
        : { key: column, order: 'desc' },
    );
    setPage(1);
  }

  const results = contracts.data?.results ?? [];
  return (
    <>
      <PageTitle>{it.web.titles.usersContracts}</PageTitle>
      <ListFilters categories={categories.data?.results ?? []} />
      <ListState query={contracts} emptyText={texts.empty} errorText={texts.loadFailed} />
      {results.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" borderColor="beige.300" rounded="md" bg="white">
          <Table.Root size="sm">
            <Table.Caption captionSide="top" textAlign="start" color="navy.700" px="12" py="8">
              {texts.caption}
            </Table.Caption>
            <Table.Header>
              <Table.Row bg="beige.100">
                <SortHeader label={texts.name} column="name" sort={sort} onSort={toggleSort} />
                <SortHeader
                  label={texts.surname}
                  column="surname"
                  sort={sort}
                  onSort={toggleSort}
                />
                <SortHeader
                  label={texts.document}
                  column="type_contract"
                  sort={sort}
                  onSort={toggleSort}
                />
                <SortHeader
                  label={texts.generatedAt}
                  column="created_at_date"
                  sort={sort}
                  onSort={toggleSort}
                />
                <SortHeader
                  label={texts.paidAt}
                  column="payment_date"
                  sort={sort}
                  onSort={toggleSort}
                />
                <Table.ColumnHeader color="navy.800">{texts.actions}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {results.map((contract) => (
                <Table.Row key={contract.id}>
                  <Table.Cell>{contract.userId.name}</Table.Cell>
                  <Table.Cell>{contract.userId.surname}</Table.Cell>
                  <Table.Cell>{contract.title}</Table.Cell>
                  <Table.Cell>{formatListDate(contract.createdAt)}</Table.Cell>
                  <Table.Cell>
                    {contract.paymentId
                      ? formatListDate(contract.paymentId.updatedAt)
                      : texts.notPaid}
                  </Table.Cell>
                  <Table.Cell>
                    <Button
                      size="xs"
                      variant="secondary"
                      aria-label={texts.openOf(
                        contract.title,
                        `${contract.userId.name} ${contract.userId.surname}`,
                      )}
                      onClick={() =>
                        navigate(
                          `${PATHS.usersContractDetail}?id=${encodeURIComponent(contract.id)}`,
                        )
                      }
                    >
                      {texts.open}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      <Pager page={page} totalPages={contracts.data?.totalPages ?? 1} onPageChange={setPage} />
    </>
  );
}
