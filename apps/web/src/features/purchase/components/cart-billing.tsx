import { Box, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { BillingForm } from '../../../components/billing/billing-form.tsx';
import { BillingSummary } from '../../../components/billing/billing-summary.tsx';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { userQueries } from '../../../lib/user-queries.ts';

const texts = it.web.billingForm;

export interface CartBillingProps {
  userId: string;
  /** The saved profile is being changed from the cart ('Modifica'). */
  editing: boolean;
  onEditingChange: (editing: boolean) => void;
}

/**
 * The cart's billing data (issue 14): the form the first time, a short summary with 'Modifica'
 * once saved. The invoice of the purchase names these data, so the cart asks for them before
 * 'Acquista'.
 */
export function CartBilling({ userId, editing, onEditingChange }: CartBillingProps) {
  const billing = useQuery(userQueries.billing(userId));
  const needsForm = billing.data === null || editing;
  // The account's PEC is the default delivery; only the form needs it.
  const account = useQuery({ ...userQueries.detail(userId), enabled: userId !== '' && needsForm });
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const focusTitle = useRef(false);

  // The form's buttons vanish on save or cancel: the focus goes to the section's title.
  useEffect(() => {
    if (needsForm || !focusTitle.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [needsForm]);

  const close = () => {
    focusTitle.current = true;
    onEditingChange(false);
  };

  let content = <Text role="status">{it.web.loading}</Text>;
  if (billing.isError) {
    content = (
      <Stack gap="12" align="flex-start">
        <AppAlert kind="error" title={texts.loadFailed}>
          {errorMessage(billing.error)}
        </AppAlert>
        <Button variant="secondary" onClick={() => void billing.refetch()}>
          {texts.retry}
        </Button>
      </Stack>
    );
  } else if (billing.data !== undefined && needsForm && !account.isPending) {
    content = (
      <BillingForm
        userId={userId}
        profile={billing.data}
        accountPec={account.data?.pec ?? ''}
        focusOnShow={editing}
        onSaved={close}
        {...(billing.data ? { onCancel: close } : {})}
        intro={<Text>{texts.intro}</Text>}
      />
    );
  } else if (billing.data) {
    content = (
      <Stack gap="12" align="flex-start">
        <BillingSummary profile={billing.data} />
        <Box>
          <Button
            variant="linkButton"
            size="link"
            aria-label={texts.editBilling}
            onClick={() => onEditingChange(true)}
          >
            {texts.edit}
          </Button>
        </Box>
      </Stack>
    );
  }

  return (
    <Card.Root as="section" aria-labelledby={titleId} bg="white" maxW="560px" mt="24">
      <Card.Body gap="16">
        <Heading
          as="h2"
          id={titleId}
          ref={title}
          tabIndex={-1}
          textStyle="xl"
          color="navy.800"
          _focus={{ outline: 'none' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'navy.700' }}
        >
          {texts.title}
        </Heading>
        {content}
      </Card.Body>
    </Card.Root>
  );
}
