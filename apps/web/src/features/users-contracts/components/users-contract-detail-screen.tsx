import { Box, Card, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { DocumentSetDownloads } from '../../../components/flow/document-set-downloads.tsx';
import { RecapCard } from '../../../components/flow/recap-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useDownloadContractMutation } from '../../../lib/contract-download.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { decimalToCents, formatListDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';

const texts = it.web.usersContracts;

/**
 * A user's document as the admin sees it: who, when, what was paid, the .docx once paid (the
 * server records the admin's download) and the answers.
 */
export function UsersContractDetailScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const detail = useQuery(contractQueries.detail(id));
  const contract = detail.data;
  const payment = contract?.paymentId ?? null;
  const download = useDownloadContractMutation();

  return (
    <>
      <Box mb="16">
        <Button variant="linkButton" size="link" onClick={() => navigate(PATHS.usersContracts)}>
          {texts.backToList}
        </Button>
      </Box>
      <PageTitle>{contract ? contract.title : it.web.titles.documentDetail}</PageTitle>
      {id === '' || detail.isError ? <Text>{texts.detailMissing}</Text> : null}
      {id !== '' && detail.isPending ? <PageLoader /> : null}
      {contract ? (
        <>
          <Card.Root bg="white" maxW="560px" mb="24">
            <Card.Body>
              <Grid as="dl" templateColumns="auto 1fr" columnGap="16" rowGap="8">
                <Text as="dt" fontWeight="semibold">
                  {texts.user}
                </Text>
                <Text as="dd">
                  {contract.userId.name} {contract.userId.surname}
                </Text>
                <Text as="dt" fontWeight="semibold">
                  {texts.generatedAt}
                </Text>
                <Text as="dd">{formatListDate(contract.createdAt)}</Text>
                <Text as="dt" fontWeight="semibold">
                  {texts.paidAt}
                </Text>
                <Text as="dd">{payment ? formatListDate(payment.updatedAt) : texts.notPaid}</Text>
                <Text as="dt" fontWeight="semibold">
                  {texts.pricePaid}
                </Text>
                <Text as="dd">
                  {payment ? formatEuro(decimalToCents(payment.price)) : texts.notPaid}
                </Text>
                <Text as="dt" fontWeight="semibold">
                  {texts.questionsCount}
                </Text>
                <Text as="dd">{contract.detailed_answers.length}</Text>
              </Grid>
              <Stack mt="16" gap="8" align="flex-start">
                <Button
                  variant="primary"
                  loading={download.isPending}
                  disabled={!payment}
                  onClick={() => download.mutate(id)}
                >
                  {texts.downloadDocx}
                </Button>
                {payment ? null : <Text textStyle="sm">{texts.downloadUnpaid}</Text>}
                {download.isSuccess ? (
                  <Text role="status">{texts.downloaded(download.data)}</Text>
                ) : null}
              </Stack>
            </Card.Body>
          </Card.Root>
          {payment ? <DocumentSetDownloads contractId={id} documents={contract.documents} /> : null}
          <Heading as="h2" textStyle="lg" color="navy.800" mb="12">
            {texts.answers}
          </Heading>
          <Stack as="ul" aria-label={texts.answers} gap="12">
            {contract.detailed_answers.map((item) => (
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
