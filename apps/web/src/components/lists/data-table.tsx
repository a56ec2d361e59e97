import {
  Box,
  chakra,
  HStack,
  NativeSelect,
  Stack,
  Table,
  type TableCellProps,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { ReactNode } from 'react';

const texts = it.web.lists;

export type TSortOrder = 'asc' | 'desc';

export interface DataColumn<T> {
  /** Unique among the columns; the key handed to `sort.onChange` when the column sorts. */
  key: string;
  header: string;
  cell(row: T): ReactNode;
  sortable?: boolean;
  /** False leaves the column out of the small-screen card (its title already says it). */
  inCard?: boolean;
  cellProps?: TableCellProps;
}

export interface DataTableSort<K extends string = string> {
  key: K;
  order: TSortOrder;
  onChange(next: { key: K; order: TSortOrder }): void;
}

export interface DataTableProps<T, K extends string = string> {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey(row: T): string;
  /** Names the table (its caption) and the list of cards. */
  caption: string;
  /** The row's buttons: a column that stays in view while the others scroll, or the card's foot. */
  actions?: { header: string; cell(row: T): ReactNode };
  /** The card's title on a small screen; the first column's cell when absent. */
  cardTitle?(row: T): ReactNode;
  sort?: DataTableSort<K>;
}

/**
 * The staff lists' one table, from column definitions. From `md` up a table whose action
 * column sticks to the right edge while the others scroll; below it (a phone) one card per
 * row, its buttons under the data, so no action ever sits off-screen and no page is wider
 * than the screen.
 */
export function DataTable<T, K extends string = string>(props: DataTableProps<T, K>) {
  // ssr off: the first render already knows the screen, no table flashes on a phone.
  const layout = useBreakpointValue({ base: 'cards', md: 'table' }, { ssr: false });
  return layout === 'cards' ? <DataCards {...props} /> : <DataGrid {...props} />;
}

/** Same key: the other direction; a new key starts from the newest / last (desc). */
function toggled<K extends string>(sort: DataTableSort<K>, key: K) {
  return { key, order: sort.key === key && sort.order === 'desc' ? 'asc' : 'desc' } as const;
}

function DataGrid<T, K extends string>({
  rows,
  columns,
  rowKey,
  caption,
  actions,
  sort,
}: DataTableProps<T, K>) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="beige.300" rounded="md" bg="white" maxW="full">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" textAlign="start" color="navy.700" px="12" py="8">
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="beige.100">
            {columns.map((column) => {
              if (!(sort && column.sortable)) {
                return (
                  <Table.ColumnHeader key={column.key} color="navy.800">
                    {column.header}
                  </Table.ColumnHeader>
                );
              }
              const active = sort.key === column.key;
              return (
                <Table.ColumnHeader
                  key={column.key}
                  color="navy.800"
                  aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <chakra.button
                    type="button"
                    fontWeight="inherit"
                    cursor="pointer"
                    title={`${texts.sortBy} ${column.header}`}
                    onClick={() => sort.onChange(toggled(sort, column.key as K))}
                  >
                    {column.header}
                    <chakra.span aria-hidden="true" ms="4">
                      {active ? (sort.order === 'asc' ? '▲' : '▼') : '↕'}
                    </chakra.span>
                  </chakra.button>
                </Table.ColumnHeader>
              );
            })}
            {actions ? (
              <Table.ColumnHeader color="navy.800" {...stickyEnd} bg="beige.100">
                {actions.header}
              </Table.ColumnHeader>
            ) : null}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.key} {...column.cellProps}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
              {actions ? (
                <Table.Cell {...stickyEnd} bg="white">
                  {actions.cell(row)}
                </Table.Cell>
              ) : null}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The action column stays at the right edge of the scroller, a line marking where it starts. */
const stickyEnd = {
  position: 'sticky',
  insetEnd: '0',
  zIndex: '1',
  boxShadow: 'inset 1px 0 0 {colors.beige.300}',
} as const;

function DataCards<T, K extends string>({
  rows,
  columns,
  rowKey,
  caption,
  actions,
  cardTitle,
  sort,
}: DataTableProps<T, K>) {
  const titleOf = cardTitle ?? columns[0]?.cell;
  const listed = columns.filter(
    (column, index) => column.inCard !== false && (cardTitle !== undefined || index > 0),
  );
  const sortable = columns.filter((column) => column.sortable);
  return (
    <Stack gap="12">
      {sort && sortable.length > 0 ? (
        <Box maxW="320px">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={texts.sortBy}
              bg="white"
              value={`${sort.key}:${sort.order}`}
              onChange={(event) => {
                const [key, order] = event.target.value.split(':') as [K, TSortOrder];
                sort.onChange({ key, order });
              }}
            >
              {sortable.flatMap((column) =>
                (['desc', 'asc'] as const).map((order) => (
                  <option key={`${column.key}:${order}`} value={`${column.key}:${order}`}>
                    {texts.sortOption(column.header, order)}
                  </option>
                )),
              )}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
      ) : null}
      <chakra.ul aria-label={caption} listStyleType="none" display="grid" gap="12">
        {rows.map((row) => (
          <chakra.li
            key={rowKey(row)}
            borderWidth="1px"
            borderColor="beige.300"
            rounded="md"
            bg="white"
            p="12"
            minW="0"
          >
            {titleOf ? (
              <Text fontWeight="semibold" color="navy.800" mb="8" overflowWrap="anywhere">
                {titleOf(row)}
              </Text>
            ) : null}
            <chakra.dl
              display="grid"
              gridTemplateColumns="minmax(0, auto) minmax(0, 1fr)"
              columnGap="12"
              rowGap="4"
              textStyle="sm"
            >
              {listed.map((column) => (
                <Box key={column.key} display="contents">
                  <chakra.dt color="navy.700">{column.header}</chakra.dt>
                  <chakra.dd overflowWrap="anywhere">{column.cell(row)}</chakra.dd>
                </Box>
              ))}
            </chakra.dl>
            {actions ? (
              <HStack mt="12" gap="8" wrap="wrap">
                {actions.cell(row)}
              </HStack>
            ) : null}
          </chakra.li>
        ))}
      </chakra.ul>
    </Stack>
  );
}
