import { Box, Card, Flex, Grid, Heading, Text } from '@chakra-ui/react';
import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import { centsToDecimal, computeTotal } from '@lexpath/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore, useSessionStore } from '../../../lib/storage.ts';
import { userQueries } from '../../../lib/user-queries.ts';
import { useCheckoutMutation, useRegisterPaymentMutation } from '../api.ts';
import { CartBilling } from './cart-billing.tsx';
import { useAllowLeave } from './flow-layout.tsx';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;

/** A path of this app (not `//host`, which the browser reads as another origin). */
function isAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <>
      <Text as="dt" color="navy.800" fontWeight={strong ? 'bold' : 'normal'}>
        {label}
      </Text>
      <Text as="dd" textAlign="right" fontWeight={strong ? 'bold' : 'normal'}>
        {value}
      </Text>
    </>
  );
}

/**
 * The cart (SPEC §2): title, personalisation level, subtotal, VAT and total, then the
 * provider's checkout. Back from the checkout with ?session_id=, it registers the payment and
 * opens the document in the archive.
 */
export function CartScreen() {
  const navigate = useNavigate();
  const allowLeave = useAllowLeave();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const stored = useNewContractStore((state) => state.value);
  const resetContract = useNewContractStore((state) => state.reset);
  const contractId = stored.id || params.get('contract') || '';
  const detail = useQuery(contractQueries.detail(contractId));
  const register = useRegisterPaymentMutation();
  const checkout = useCheckoutMutation();
  const registering = useRef(false);
  const userId = useSessionStore((state) => state.user?.id) ?? '';
  const billing = useQuery(userQueries.billing(userId));
  const [editingBilling, setEditingBilling] = useState(false);
  const billingHintId = useId();

  const priceCents = detail.data?.templateId.price_cents;

  useEffect(() => {
    if (!sessionId || priceCents === undefined || registering.current) return;
    registering.current = true;
    const { totalCents } = computeTotal(priceCents);
    register.mutate(
      { transactionId: sessionId, price: centsToDecimal(totalCents), contractId },
      {
        onSuccess: () => {
          allowLeave();
          resetContract();
          navigate(`${PATHS.archiveDetail}?id=${encodeURIComponent(contractId)}`, {
            replace: true,
          });
        },
      },
    );
  }, [sessionId, priceCents, contractId, register, allowLeave, resetContract, navigate]);

  if (contractId === '') return <NoContract title={it.web.titles.cart} />;
  if (detail.isPending) return <PageLoader />;
  if (detail.isError || !detail.data) return null;

  const contract = detail.data;
  const { netCents, vatCents, totalCents } = computeTotal(contract.templateId.price_cents);
  const answers = contract.detailed_answers.length;

  // The invoice names the buyer's billing data: no purchase without them (issue 14).
  const billingReady = Boolean(billing.data) && !editingBilling;
  const billingMissing = !billingReady && !billing.isPending;

  // The server says where to pay (the local test page, or the provider's checkout).
  function buy() {
    checkout.mutate(
      { contractId: contract.id },
      {
        onSuccess: ({ url }) => {
          allowLeave();
          if (isAppPath(url)) navigate(url);
          else window.location.assign(url);
        },
        // The toast says why; a refusal about the billing data shows them again, fresh.
        onError: (error) => {
          if (isApiError(error) && error.status === 422) void billing.refetch();
        },
      },
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.cart}</PageTitle>
      {register.isError ? (
        <Box mb="16">
          <AppAlert kind="error" title={texts.paymentFailedTitle}>
            {texts.paymentFailedText}
          </AppAlert>
        </Box>
      ) : null}
      {sessionId && register.isPending ? (
        <Text role="status" mb="16">
          {texts.registeringPayment}
        </Text>
      ) : null}
      <Card.Root bg="white" maxW="560px">
        <Card.Body gap="16">
          <div>
            <Text textStyle="sm" color="navy.700">
              {texts.document}
            </Text>
            <Heading as="h2" textStyle="xl" color="navy.800">
              {contract.title}
            </Heading>
          </div>
          <Grid as="dl" templateColumns="1fr auto" gap="8">
            <Line label={texts.personalisation} value={texts.answersCount(answers)} />
            <Line label={texts.subtotal} value={formatEuro(netCents)} />
            <Line label={texts.vat} value={formatEuro(vatCents)} />
            <Line label={texts.total} value={formatEuro(totalCents)} strong />
          </Grid>
        </Card.Body>
      </Card.Root>
      <CartBilling userId={userId} editing={editingBilling} onEditingChange={setEditingBilling} />
      {billingMissing ? (
        <Text id={billingHintId} mt="24" color="navy.800">
          {it.web.billingForm.buyNeedsBilling}
        </Text>
      ) : null}
      <Flex gap="8" mt="24" wrap="wrap">
        <Button variant="outline" onClick={() => navigate(PATHS.preview)}>
          {texts.backToPreview}
        </Button>
        <Button
          variant="primary"
          onClick={buy}
          disabled={register.isPending || !billingReady}
          aria-describedby={billingMissing ? billingHintId : undefined}
          loading={checkout.isPending}
        >
          {texts.buy}
        </Button>
      </Flex>
    </>
  );
}
