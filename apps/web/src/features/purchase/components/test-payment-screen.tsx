import { Box, Card, Text } from '@chakra-ui/react';
import { formatEuro } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import { computeTotal } from '@lexpath/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { useFocusPageTitle } from '../../../lib/focus-title.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useLocalCheckoutMutation } from '../api.ts';

const texts = it.web.purchase;

/**
 * The local provider's checkout (DESIGN §8), used when Stripe is not configured: clearly a
 * test, no money moves. 'Paga' opens a local session and returns to the cart with it.
 */
export function TestPaymentScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const contractId = params.get('contract') ?? '';
  const detail = useQuery(contractQueries.detail(contractId));
  const checkout = useLocalCheckoutMutation();
  // Arriving from the cart's «Acquista», the focus would be on the page: it starts at the title.
  useFocusPageTitle(true, contractId);

  return (
    <Box maxW="560px" mx="auto">
      <PageTitle>{it.web.titles.testPayment}</PageTitle>
      <Box mb="16">
        <AppAlert kind="info">{texts.testPaymentNotice}</AppAlert>
      </Box>
      {contractId === '' ? <Text>{texts.testPaymentMissing}</Text> : null}
      {contractId !== '' && detail.isPending ? <PageLoader /> : null}
      {detail.data ? (
        <Card.Root bg="white">
          <Card.Body gap="16">
            <Text fontWeight="semibold" color="navy.800">
              {detail.data.title}
            </Text>
            <Text textStyle="xl" color="navy.800">
              {texts.total}:{' '}
              {formatEuro(computeTotal(detail.data.templateId.price_cents).totalCents)}
            </Text>
            <Button
              variant="primary"
              loading={checkout.isPending}
              onClick={() =>
                checkout.mutate(
                  { contractId },
                  {
                    onSuccess: ({ session_id }) =>
                      navigate(
                        `${PATHS.cart}?session_id=${encodeURIComponent(session_id)}&contract=${encodeURIComponent(contractId)}`,
                      ),
                  },
                )
              }
            >
              {texts.pay}
            </Button>
          </Card.Body>
        </Card.Root>
      ) : null}
    </Box>
  );
}
