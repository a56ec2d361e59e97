import { Box, Card, Flex, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { DocumentSetDownloads } from '../../../components/flow/document-set-downloads.tsx';
import { RecapCard } from '../../../components/flow/recap-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDownloadContractMutation } from '../../../lib/contract-download.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { useFocusPageTitle } from '../../../lib/focus-title.ts';
import { decimalToCents, formatLongDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { InvoiceSection } from './invoice-section.tsx';
import { SameDataButton } from './same-data-dialog.tsx';

const texts = it.web.purchase;

/** SPEC §9: the success notice shows while the payment is at most half a minute old. */
export const PAYMENT_NOTICE_WINDOW_MS = 30_000;
const RECHECK_MS = 5000;

/** True while `updatedAt` lies within the notice window; rechecked at an interval. */
function useIsRecent(updatedAt: string | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  const at = updatedAt ? Date.parse(updatedAt) : Number.NaN;
  const recent = now - at <= PAYMENT_NOTICE_WINDOW_MS;
  useEffect(() => {
    if (!recent) return;
    const timer = setInterval(() => setNow(Date.now()), RECHECK_MS);
    return () => clearInterval(timer);
  }, [recent]);
  return recent;
}

/**
 * A purchased document (SPEC §2): data, .docx and PDF/A downloads, its invoice (issue 14) and the
 * answers given. A refunded purchase keeps its data and invoice but no longer offers the document.
 */
export function DocumentDetailScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery(contractQueries.detail(id));
  const download = useDownloadContractMutation();
  const downloadPdfA = useDownloadContractMutation('pdf');
  const payment = detail.data?.paymentId ?? null;
  const refundedAt = detail.data?.refundedAt ?? null;
  const recentPayment = useIsRecent(payment?.updatedAt);
  // The title that stays (the document's, once loaded) takes the focus on arrival.
  useFocusPageTitle(detail.data !== undefined, id);

  return (
    <>
      <Box mb="16">
        <Button variant="linkButton" size="link" onClick={() => navigate(PATHS.archive)}>
          {texts.backToArchive}
        </Button>
      </Box>
      {recentPayment ? (
        <Box mb="16">
          <AppAlert kind="success" title={texts.paymentSucceeded} />
        </Box>
      ) : null}
      {detail.data ? null : <PageTitle>{it.web.titles.documentDetail}</PageTitle>}
      {id === '' || detail.isError ? <Text>{texts.detailMissing}</Text> : null}
      {id !== '' && detail.isPending ? <PageLoader /> : null}
      {detail.data ? (
        <>
          <PageTitle>{detail.data.title}</PageTitle>
          <Card.Root bg="white" maxW="560px" mb="24">
            <Card.Body gap="16">
              <Grid as="dl" templateColumns="auto 1fr" columnGap="16" rowGap="8">
                <Text as="dt" fontWeight="semibold">
                  {texts.questionsCount}
                </Text>
                <Text as="dd">{detail.data.detailed_answers.length}</Text>
                {payment ? (
                  <>
                    <Text as="dt" fontWeight="semibold">
                      {texts.pricePaid}
                    </Text>
                    <Text as="dd">{formatEuro(decimalToCents(payment.price))}</Text>
                    <Text as="dt" fontWeight="semibold">
                      {texts.purchasedAt}
                    </Text>
                    <Text as="dd">{formatLongDate(payment.updatedAt)}</Text>
                  </>
                ) : null}
              </Grid>
              {refundedAt ? (
                <AppAlert kind="info" title={it.invoicesUi.refunded(formatLongDate(refundedAt))} />
              ) : (
                <Flex gap="8" wrap="wrap" align="center">
                  <Button
                    variant="primary"
                    loading={download.isPending}
                    disabled={!payment}
                    onClick={() => download.mutate(id)}
                  >
                    {texts.downloadDocx}
                  </Button>
                  <Button
                    variant="outline"
                    loading={downloadPdfA.isPending}
                    disabled={!payment}
                    title={texts.downloadPdfAHint}
                    onClick={() => downloadPdfA.mutate(id)}
                  >
                    {texts.downloadPdfA}
                  </Button>
                </Flex>
              )}
              <Flex>
                <SameDataButton contractId={id} title={detail.data.title} />
              </Flex>
            </Card.Body>
          </Card.Root>
          {payment && !refundedAt ? (
            <DocumentSetDownloads contractId={id} documents={detail.data.documents} />
          ) : null}
          {payment ? (
            <InvoiceSection invoice={detail.data.invoice} refunded={refundedAt !== null} />
          ) : null}
          <Heading as="h2" textStyle="lg" color="navy.800" mb="12">
            {texts.answers}
          </Heading>
          <Stack as="ul" aria-label={texts.answers} gap="12">
            {detail.data.detailed_answers.map((item) => (
              <RecapCard
                key={item.variable}
                question={item.question}
                answer={item.given_answer}
                rules={item.rules}
              />
            ))}
          </Stack>
        </>
      ) : null}
    </>
  );
}
