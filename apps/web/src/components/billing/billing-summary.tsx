import { Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TBillingProfileView } from '@lexpath/shared/schemas/billing';

const texts = it.web.billingForm;

/** Whom the invoice names: the person, or the studio or company. */
export function billingHolderOf(profile: TBillingProfileView): string {
  if (profile.tipo !== 'persona_fisica') return profile.denominazione ?? '';
  return [profile.nome, profile.cognome].filter(Boolean).join(' ');
}

/** The saved billing data in a few lines, as the invoice will carry them. */
export function BillingSummary({ profile }: { profile: TBillingProfileView }) {
  const delivery = profile.codice_destinatario
    ? texts.summaryDelivery('codice', profile.codice_destinatario)
    : texts.summaryDelivery('pec', profile.pec_destinatario ?? '');
  return (
    <Stack gap="2" color="navy.900">
      <Text fontWeight="semibold">
        {billingHolderOf(profile)} ({texts.tipoNames[profile.tipo]})
      </Text>
      <Text>{texts.summaryFiscal(profile.codice_fiscale, profile.partita_iva)}</Text>
      <Text>
        {profile.indirizzo}, {profile.cap} {profile.comune} ({profile.provincia}), {profile.nazione}
      </Text>
      <Text>{delivery}</Text>
    </Stack>
  );
}
