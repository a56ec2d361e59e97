import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type {
  TInvoiceProblem,
  TPreviewFailure,
  TStoppedMail,
} from '@lexpath/shared/schemas/service-status';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDay, formatListDate } from '../../../lib/format.ts';
import { serviceStatusQueries, useRetryMutation } from '../api.ts';

const texts = it.serviceStatusUi;
const previewTexts = it.servicePreviewFailures;

/** One list of the screen: its heading, and its items or the sentence saying there are none. */
function Section({
  id,
  title,
  note,
  empty,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  empty: string;
  children: ReactNode[];
}) {
  return (
    <Box as="section" aria-labelledby={id}>
      <Heading as="h2" id={id} textStyle="xl" color="navy.800" mb="8">
        {title}
      </Heading>
      {note ? (
        <Text textStyle="sm" color="navy.700" mb="8">
          {note}
        </Text>
      ) : null}
      {children.length === 0 ? (
        <Text color="navy.800">{empty}</Text>
      ) : (
        <Stack as="ul" gap="12" listStyleType="none" m="0" p="0">
          {children}
        </Stack>
      )}
    </Box>
  );
}

function Item({ children }: { children: ReactNode }) {
  return (
    <Box as="li" bg="white" borderWidth="1px" borderColor="gray.200" rounded="md" p="16">
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

function MailItem({
  mail,
  pending,
  onRetry,
}: {
  mail: TStoppedMail;
  pending: boolean;
  onRetry: () => void;
}) {
  return (
    <Item>
      <Text fontWeight="semibold" color="navy.800" overflowWrap="anywhere">
        {mail.subject}
      </Text>
      <Text textStyle="sm" overflowWrap="anywhere">
        {texts.mails.to(mail.to)}
      </Text>
      <Text textStyle="sm" color="navy.700">
        {texts.mails.createdAt(formatListDate(mail.createdAt))} ·{' '}
        {texts.mails.attempts(mail.attempts)}
      </Text>
      {mail.lastError ? (
        <Text textStyle="sm" color="navy.700" overflowWrap="anywhere">
          {texts.mails.lastError(mail.lastError)}
        </Text>
      ) : null}
      <Box mt="8">
        <Button
          size="sm"
          variant="secondary"
          disabled={pending}
          aria-label={texts.mails.retryOf(mail.to, mail.subject)}
          onClick={onRetry}
        >
          {texts.mails.retry}
        </Button>
      </Box>
    </Item>
  );
}

function InvoiceItem({
  invoice,
  pending,
  onRetry,
}: {
  invoice: TInvoiceProblem;
  pending: boolean;
  onRetry: () => void;
}) {
  const refused = invoice.problem === 'scartata';
  return (
    <Item>
      <HStack gap="8" wrap="wrap">
        <Text fontWeight="semibold" color="navy.800">
          {texts.invoices.number(invoice.number, formatDay(invoice.issuedOn))}
        </Text>
        <Badge colorPalette={refused ? 'red' : 'orange'} variant="subtle">
          {texts.invoices.problems[invoice.problem]}
        </Badge>
      </HStack>
      {invoice.reason ? (
        <Text textStyle="sm" overflowWrap="anywhere">
          {texts.invoices.reason(invoice.reason)}
        </Text>
      ) : null}
      <Text textStyle="sm" color="navy.700">
        {refused ? texts.invoices.refusedHint : texts.invoices.stuckHint}
      </Text>
      {refused ? null : (
        <Box mt="8">
          <Button
            size="sm"
            variant="secondary"
            disabled={pending}
            aria-label={texts.invoices.retryOf(invoice.number)}
            onClick={onRetry}
          >
            {texts.invoices.retry}
          </Button>
        </Box>
      )}
    </Item>
  );
}

function PreviewItem({ failure }: { failure: TPreviewFailure }) {
  return (
    <Item>
      <Text fontWeight="semibold" color="navy.800">
        {texts.previews.outputs[failure.output]}
      </Text>
      <Text textStyle="sm">
        {previewTexts.of(failure.templateName, failure.document)}
        {failure.contractId ? '' : ` (${previewTexts.tryOut})`}
      </Text>
      <Text textStyle="sm">{texts.previews.reasons[failure.reason] ?? failure.reason}</Text>
      <Text textStyle="sm" color="navy.700">
        {texts.previews.at(formatListDate(failure.at))}
      </Text>
    </Item>
  );
}

/**
 * «Stato del servizio» (issue 24): what stopped and needs the admin, with a retry where one is
 * safe. A retry's outcome is read out in the status line; the lists are read again after it.
 */
export function ServiceStatusScreen() {
  const status = useQuery(serviceStatusQueries.current());
  const retryMail = useRetryMutation('mails');
  const retryInvoice = useRetryMutation('invoices');
  const [announcement, setAnnouncement] = useState('');

  const retry = (mutation: typeof retryMail, id: string, success: string) => {
    setAnnouncement('');
    mutation.mutate(id, {
      onSuccess: () => setAnnouncement(success),
      onError: (error) => setAnnouncement(errorMessage(error)),
    });
  };

  return (
    <>
      <PageTitle>{texts.title}</PageTitle>
      <Text color="navy.800" mb="16">
        {texts.intro}
      </Text>
      <Text role="status" textStyle="sm" color="navy.800" fontWeight="semibold" mb="16">
        {announcement}
      </Text>
      {status.isPending ? <PageLoader /> : null}
      {status.isError ? (
        <AppAlert kind="error" title={texts.loadFailed}>
          <Button variant="outline" size="sm" mt="8" onClick={() => void status.refetch()}>
            {it.web.purchase.retry}
          </Button>
        </AppAlert>
      ) : null}
      {status.data ? (
        <Stack gap="32" mb="24">
          <Section id="mail-ferme" title={texts.mails.title} empty={texts.mails.empty}>
            {status.data.mails.map((mail) => (
              <MailItem
                key={mail.id}
                mail={mail}
                pending={retryMail.isPending}
                onRetry={() => retry(retryMail, mail.id, texts.mails.retried(mail.to))}
              />
            ))}
          </Section>
          <Section
            id="fatture-da-controllare"
            title={texts.invoices.title}
            empty={texts.invoices.empty}
          >
            {status.data.invoices.map((invoice) => (
              <InvoiceItem
                key={invoice.id}
                invoice={invoice}
                pending={retryInvoice.isPending}
                onRetry={() =>
                  retry(retryInvoice, invoice.id, texts.invoices.retried(invoice.number))
                }
              />
            ))}
          </Section>
          <Section
            id="anteprime-non-riuscite"
            title={texts.previews.title}
            note={previewTexts.scope}
            empty={texts.previews.empty}
          >
            {status.data.previews.map((failure) => (
              <PreviewItem
                key={`${failure.at}-${failure.output}-${failure.reason}`}
                failure={failure}
              />
            ))}
          </Section>
        </Stack>
      ) : null}
    </>
  );
}
