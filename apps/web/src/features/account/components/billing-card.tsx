import { HStack, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TUserPublic } from '@lexpath/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { BillingForm } from '../../../components/billing/billing-form.tsx';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { userQueries } from '../../../lib/user-queries.ts';
import { ProfileCard } from './profile-card.tsx';

const texts = it.web.billingForm;

/**
 * The fourth card of the reserved area (issue 14): the billing data the invoices name, read-only
 * until 'Modifica', saved on their own (the same form as the cart's). Without a profile yet, an
 * empty state and a button to add one.
 */
export function BillingCard({ user }: { user: TUserPublic }) {
  const billing = useQuery(userQueries.billing(user.id));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // The form's buttons vanish on save or cancel: the focus goes back to the button that opened it.
  useEffect(() => {
    if (!editing && wasEditing.current) openButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  const open = () => {
    setSaved(false);
    setEditing(true);
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
  } else if (billing.data === null && !editing) {
    content = (
      <Stack gap="12" align="flex-start">
        <Text>{texts.empty}</Text>
        <Button ref={openButton} type="button" onClick={open}>
          {texts.add}
        </Button>
      </Stack>
    );
  } else if (billing.data !== undefined) {
    content = (
      <Stack gap="12">
        {/* A new key on each opening: the form starts again from the saved data. */}
        <BillingForm
          key={editing ? 'editing' : 'reading'}
          userId={user.id}
          profile={billing.data}
          accountPec={user.pec}
          locked={!editing}
          focusOnShow={editing}
          onSaved={() => {
            setSaved(true);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
        {saved ? <AppAlert kind="success">{texts.saved}</AppAlert> : null}
        {editing ? null : (
          <HStack>
            <Button ref={openButton} type="button" aria-label={texts.editBilling} onClick={open}>
              {texts.edit}
            </Button>
          </HStack>
        )}
      </Stack>
    );
  }

  return <ProfileCard title={texts.title}>{content}</ProfileCard>;
}
