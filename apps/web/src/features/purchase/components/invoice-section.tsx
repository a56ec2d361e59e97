import { Card, Flex, Grid, Heading, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TInvoiceRef } from '@lexpath/shared/schemas/invoices';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { formatDay } from '../../../lib/format.ts';
import { useDownloadInvoiceMutation } from '../../../lib/invoice-download.ts';
import { invoiceQueries } from '../../../lib/invoice-queries.ts';

const invoiceTexts = it.invoicesUi;

/**
 * «Fattura» on a bought document (issue 14): number, date and the two files. Once the purchase
 * was refunded, the credit note that cancels it is offered beside it.
 */
export function InvoiceSection({
  invoice,
  refunded,
}: {
  invoice: TInvoiceRef | null | undefined;
  refunded: boolean;
}) {
  const download = useDownloadInvoiceMutation();
  const row = useQuery({
    ...invoiceQueries.byNumber(invoice?.number ?? ''),
    enabled: refunded && invoice != null,
  });
  const creditNote = row.data?.results.find((item) => item.id === invoice?.id)?.creditNote ?? null;

  return (
    <Card.Root as="section" aria-labelledby="fattura-titolo" bg="white" maxW="560px" mb="24">
      <Card.Body gap="16">
        <Heading as="h2" id="fattura-titolo" textStyle="lg" color="navy.800">
          {invoiceTexts.section}
        </Heading>
        {invoice ? (
          <>
            <Grid as="dl" templateColumns="auto 1fr" columnGap="16" rowGap="8">
              <Text as="dt" fontWeight="semibold">
                {invoiceTexts.number}
              </Text>
              <Text as="dd">{invoice.number}</Text>
              <Text as="dt" fontWeight="semibold">
                {invoiceTexts.date}
              </Text>
              <Text as="dd">{formatDay(invoice.date)}</Text>
            </Grid>
            <Flex gap="8" wrap="wrap" align="center">
              <Button
                variant="outline"
                onClick={() => download.mutate({ kind: 'xml', id: invoice.id })}
              >
                {invoiceTexts.downloadXml}
              </Button>
              <Button
                variant="outline"
                onClick={() => download.mutate({ kind: 'pdf', id: invoice.id })}
              >
                {invoiceTexts.downloadPdf}
              </Button>
            </Flex>
            {creditNote ? (
              <>
                <Text fontWeight="semibold">
                  {invoiceTexts.creditNoteOf(creditNote.number, formatDay(creditNote.date))}
                </Text>
                <Flex gap="8" wrap="wrap" align="center">
                  <Button
                    variant="outline"
                    onClick={() => download.mutate({ kind: 'xml', id: creditNote.id })}
                  >
                    {invoiceTexts.downloadCreditNoteXml}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => download.mutate({ kind: 'pdf', id: creditNote.id })}
                  >
                    {invoiceTexts.downloadCreditNotePdf}
                  </Button>
                </Flex>
              </>
            ) : null}
            <Text role="status" textStyle="sm" color="navy.700">
              {download.data ? invoiceTexts.downloaded(download.data) : ''}
            </Text>
          </>
        ) : (
          <Text color="navy.700">{invoiceTexts.noInvoice}</Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
