import {
  Badge,
  Box,
  Field,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import type { TInvoiceStatus, TInvoiceSummary } from '@lexpath/shared/schemas/invoices';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { type DataColumn, DataTable } from '../../../components/lists/data-table.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { decimalToCents, formatDay } from '../../../lib/format.ts';
import { useDownloadInvoiceMutation } from '../../../lib/invoice-download.ts';
import { invoiceQueries } from '../../../lib/invoice-queries.ts';
import { toaster } from '../../../lib/toaster.ts';
import { useRefundPaymentMutation } from '../api.ts';

const texts = it.invoicesUi;

/** How many months back the month filter offers (the zip export is per month). */
const MONTHS_OFFERED = 24;

const monthName = new Intl.DateTimeFormat('it-IT', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The current month and the ones before it, newest first: ["2026-11", "novembre 2026"]… */
export function recentMonths(now: Date, count = MONTHS_OFFERED): [string, string][] {
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - back, 1));
    const value = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    return [value, monthName.format(first)];
  });
}

/** "60.88" → "60,88 €"; a credit note's amount may carry a minus sign. */
function formatAmount(decimal: string): string {
  const negative = decimal.trim().startsWith('-');
  const cents = decimalToCents(decimal.trim().replace(/^-/, ''));
  return formatEuro(negative ? -cents : cents);
}

const STATUS_PALETTE: Record<TInvoiceStatus, string> = {
  pronta: 'gray',
  inviata: 'blue',
  consegnata: 'green',
  scartata: 'red',
};

const columns: DataColumn<TInvoiceSummary>[] = [
  {
    key: 'number',
    header: texts.columns.number,
    cell: (invoice) => invoice.number,
    cellProps: { whiteSpace: 'nowrap' },
  },
  { key: 'date', header: texts.columns.date, cell: (invoice) => formatDay(invoice.date) },
  {
    key: 'tipo',
    header: texts.columns.tipo,
    cell: (invoice) => (
      <Stack gap="2">
        <Text>{texts.tipoNames[invoice.tipo]}</Text>
        {invoice.creditNote ? (
          <Text textStyle="xs" color="navy.700">
            {texts.correctedBy(invoice.creditNote.number)}
          </Text>
        ) : null}
        {invoice.corrects ? (
          <Text textStyle="xs" color="navy.700">
            {texts.corrects(invoice.corrects.number)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    key: 'buyer',
    header: texts.columns.buyer,
    cell: (invoice) => (
      <Stack gap="2">
        <Text>{invoice.buyer.name}</Text>
        <Text textStyle="xs" color="navy.700">
          {invoice.buyer.partitaIva
            ? texts.partitaIva(invoice.buyer.partitaIva)
            : texts.codiceFiscale(invoice.buyer.codiceFiscale)}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'totale',
    header: texts.columns.totale,
    cell: (invoice) => formatAmount(invoice.totale),
    cellProps: { whiteSpace: 'nowrap' },
  },
  {
    key: 'status',
    header: texts.columns.status,
    cell: (invoice) => (
      <Stack gap="4" align="start">
        <HStack gap="4" wrap="wrap">
          <Badge colorPalette={STATUS_PALETTE[invoice.status]}>
            {texts.statusNames[invoice.status]}
          </Badge>
          {invoice.disputed ? <Badge colorPalette="orange">{texts.disputed}</Badge> : null}
        </HStack>
        {invoice.statusReason ? (
          <Text textStyle="xs" color="navy.700">
            {texts.statusReason(invoice.statusReason)}
          </Text>
        ) : null}
      </Stack>
    ),
  },
];

/** An invoice not yet cancelled: its payment may be refunded (a credit note cancels it). */
function isRefundable(invoice: TInvoiceSummary): boolean {
  return invoice.tipo === 'TD01' && invoice.creditNote === null;
}

/**
 * 'Fatture' (issue 14, admin only): every invoice and credit note with its SDI status, searched by
 * number or buyer and filtered by month; per row the XML and the courtesy PDF, the month's XML as
 * a zip for the accountant, and the refund of a purchase (which issues its credit note).
 */
export function InvoicesScreen() {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [month, setMonth] = useState('');
  const [months] = useState(() => recentMonths(new Date()));
  const [toRefund, setToRefund] = useState<TInvoiceSummary | null>(null);
  const [refundOpen, setRefundOpen] = useState(false);
  const refundTrigger = useRef<HTMLButtonElement | null>(null);
  const invoices = useQuery(invoiceQueries.list({ page, q, month }));
  const download = useDownloadInvoiceMutation();
  const refund = useRefundPaymentMutation();

  function applySearch(event: FormEvent) {
    event.preventDefault();
    setQ(typed.trim());
    setPage(1);
  }

  function confirmRefund() {
    if (!toRefund) return;
    refund.mutate(toRefund.paymentId, {
      onSuccess: (result) => {
        setRefundOpen(false);
        toaster.create({
          type: 'success',
          title: it.toast.successTitle,
          description: result.creditNote
            ? texts.refundedWithNote(result.creditNote.number)
            : texts.refundDone,
        });
      },
      // The failure toast (the server's Italian message) comes from the query client.
      onError: () => setRefundOpen(false),
    });
  }

  const results = invoices.data?.results ?? [];
  return (
    <>
      <PageTitle>{texts.title}</PageTitle>
      <Stack gap="16" mb="24">
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (happy-dom, older Safari) */}
        <form role="search" onSubmit={applySearch}>
          <HStack gap="8" maxW="460px">
            <Input
              type="search"
              aria-label={texts.search}
              placeholder={texts.search}
              width="360px"
              maxW="100%"
              bg="white"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                // Emptying the box shows every invoice again, as the other lists do.
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
        <Flex gap="12" wrap="wrap" align="end">
          <Field.Root width="240px" maxW="100%">
            <Field.Label>{texts.month}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                bg="white"
                value={month}
                onChange={(event) => {
                  setMonth(event.target.value);
                  setPage(1);
                }}
              >
                <option value="">{texts.allMonths}</option>
                {months.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Box>
            <Button
              variant="outline"
              size="sm"
              disabled={month === ''}
              aria-describedby={month === '' ? 'esporta-suggerimento' : undefined}
              onClick={() => download.mutate({ kind: 'zip', month })}
            >
              {texts.exportMonth}
            </Button>
          </Box>
          {month === '' ? (
            <Text id="esporta-suggerimento" textStyle="sm" color="navy.700">
              {texts.exportHint}
            </Text>
          ) : null}
        </Flex>
        <Text role="status" textStyle="sm" color="navy.700">
          {download.data ? texts.downloaded(download.data) : ''}
        </Text>
      </Stack>
      <ListState
        query={invoices}
        emptyText={texts.empty}
        errorText={texts.loadFailed}
        filtered={q !== '' || month !== ''}
      />
      {results.length > 0 ? (
        <DataTable
          caption={texts.caption}
          rows={results}
          rowKey={(invoice) => invoice.id}
          columns={columns}
          actions={{
            header: texts.columns.actions,
            cell: (invoice) => (
              <HStack gap="8" wrap="wrap">
                <Button
                  size="xs"
                  variant="secondary"
                  aria-label={texts.xmlOf(invoice.number)}
                  onClick={() => download.mutate({ kind: 'xml', id: invoice.id })}
                >
                  {texts.xml}
                </Button>
                <Button
                  size="xs"
                  variant="secondary"
                  aria-label={texts.pdfOf(invoice.number)}
                  onClick={() => download.mutate({ kind: 'pdf', id: invoice.id })}
                >
                  {texts.pdf}
                </Button>
                {isRefundable(invoice) ? (
                  <Button
                    size="xs"
                    variant="outline"
                    aria-label={texts.refundOf(invoice.number)}
                    disabled={refund.isPending}
                    onClick={(event) => {
                      refundTrigger.current = event.currentTarget;
                      setToRefund(invoice);
                      setRefundOpen(true);
                    }}
                  >
                    {texts.refund}
                  </Button>
                ) : null}
              </HStack>
            ),
          }}
        />
      ) : null}
      <Pager page={page} totalPages={invoices.data?.totalPages ?? 1} onPageChange={setPage} />
      <ConfirmDialog
        open={refundOpen}
        title={texts.refundTitle}
        confirmLabel={texts.refund}
        danger
        pending={refund.isPending}
        finalFocusEl={() => (refundTrigger.current?.isConnected ? refundTrigger.current : null)}
        onClose={() => setRefundOpen(false)}
        onConfirm={confirmRefund}
      >
        {toRefund ? texts.refundText(formatAmount(toRefund.totale)) : ''}
      </ConfirmDialog>
    </>
  );
}
