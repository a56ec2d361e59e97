import { Box, chakra, HStack, RadioGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import {
  BILLING_TYPES,
  type TBillingProfile,
  type TBillingProfileInput,
  type TBillingProfileView,
  type TBillingType,
  ZBillingProfile,
} from '@lexpath/shared/schemas/billing';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type Resolver,
  type UseFormRegisterReturn,
  useForm,
} from 'react-hook-form';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { useSaveBillingMutation } from '../../lib/billing.ts';
import { AppAlert } from '../feedback/app-alert.tsx';
import { TextField } from '../form/text-field.tsx';
import { Button } from '../ui/button.tsx';

const texts = it.web.billingForm;
const problems = it.billing;

/** Locked fields still show the data: readable, only set apart by the background. */
const lockedStyle = { opacity: 1, bg: 'beige.50', cursor: 'not-allowed' } as const;

export type BillingDelivery = 'pec' | 'codice';
const DELIVERIES: readonly BillingDelivery[] = ['pec', 'codice'];

/** The inputs as typed, plus the delivery choice, which is no part of the stored profile. */
export interface BillingFormValues {
  tipo: TBillingType;
  nome: string;
  cognome: string;
  denominazione: string;
  codice_fiscale: string;
  partita_iva: string;
  indirizzo: string;
  cap: string;
  comune: string;
  provincia: string;
  nazione: string;
  consegna: BillingDelivery;
  codice_destinatario: string;
  pec_destinatario: string;
}
type FieldName = keyof BillingFormValues;

/** The form's starting values: the stored profile, or an Italian professional whose invoices go
 * to the account's PEC. */
export function billingFormValuesOf(
  profile: TBillingProfileView | null,
  accountPec: string,
): BillingFormValues {
  return {
    tipo: profile?.tipo ?? 'persona_fisica',
    nome: profile?.nome ?? '',
    cognome: profile?.cognome ?? '',
    denominazione: profile?.denominazione ?? '',
    codice_fiscale: profile?.codice_fiscale ?? '',
    partita_iva: profile?.partita_iva ?? '',
    indirizzo: profile?.indirizzo ?? '',
    cap: profile?.cap ?? '',
    comune: profile?.comune ?? '',
    provincia: profile?.provincia ?? '',
    nazione: profile?.nazione ?? 'IT',
    consegna: profile?.codice_destinatario ? 'codice' : 'pec',
    codice_destinatario: profile?.codice_destinatario ?? '',
    pec_destinatario: profile?.pec_destinatario ?? accountPec,
  };
}

/**
 * Only what the chosen type and delivery use is checked and sent: a codice destinatario typed
 * and then given up for the PEC must neither block the save nor reach the invoice.
 */
function profileOf({ consegna, ...values }: BillingFormValues): TBillingProfileInput {
  const person = values.tipo === 'persona_fisica';
  return {
    ...values,
    nome: person ? values.nome : '',
    cognome: person ? values.cognome : '',
    denominazione: person ? '' : values.denominazione,
    codice_destinatario: consegna === 'codice' ? values.codice_destinatario : '',
    pec_destinatario: consegna === 'pec' ? values.pec_destinatario : '',
  };
}

const profileResolver = zodResolver(ZBillingProfile);

/** The shared `ZBillingProfile`, on the fields in use; a chosen codice destinatario must be
 * given (the schema lets an empty one fall back to the PEC). */
const billingResolver: Resolver<BillingFormValues, unknown, TBillingProfile> = async (
  values,
  context,
  options,
) => {
  const result = await profileResolver(profileOf(values), context, options as never);
  if (values.consegna === 'codice' && values.codice_destinatario.trim() === '') {
    return {
      values: {},
      errors: {
        ...result.errors,
        codice_destinatario: { type: 'required', message: problems.codiceDestinatario },
      },
    } as never;
  }
  return result as never;
};

/** The server's field messages (it.billing) mapped back to their fields. */
const FIELD_OF_MESSAGE = new Map<string, FieldName>([
  [problems.tipo, 'tipo'],
  [problems.nome, 'nome'],
  [problems.cognome, 'cognome'],
  [problems.denominazione, 'denominazione'],
  [problems.codiceFiscalePersona, 'codice_fiscale'],
  [problems.codiceFiscaleEnte, 'codice_fiscale'],
  [problems.partitaIva, 'partita_iva'],
  [problems.indirizzo, 'indirizzo'],
  [problems.cap, 'cap'],
  [problems.comune, 'comune'],
  [problems.provincia, 'provincia'],
  [problems.nazione, 'nazione'],
  [problems.codiceDestinatario, 'codice_destinatario'],
  [problems.pecDestinatario, 'pec_destinatario'],
]);

/** The fields on screen for the chosen type and delivery. */
function shownFields({ tipo, consegna }: BillingFormValues): Set<FieldName> {
  const names: FieldName[] = ['tipo', 'codice_fiscale', 'partita_iva', 'indirizzo', 'cap'];
  names.push('comune', 'provincia', 'nazione', 'consegna');
  if (tipo === 'persona_fisica') names.push('nome', 'cognome');
  else names.push('denominazione');
  names.push(consegna === 'codice' ? 'codice_destinatario' : 'pec_destinatario');
  return new Set(names);
}

/** Codes are written in capitals as they are typed (the caret stays where it was). */
function upperCased<T extends string>(registration: UseFormRegisterReturn<T>) {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement; type?: unknown }) => {
      const input = event.target;
      const { selectionStart, selectionEnd } = input;
      input.value = input.value.toUpperCase();
      input.setSelectionRange(selectionStart, selectionEnd);
      return registration.onChange(event);
    },
  };
}

interface ChoiceGroupProps<V extends string> {
  control: Control<BillingFormValues, unknown, TBillingProfile>;
  name: 'tipo' | 'consegna';
  legend: string;
  options: readonly V[];
  labelOf: (value: V) => string;
  disabled: boolean;
}

/** A radio group in a fieldset, its legend naming it; arrows move between the options. */
function ChoiceGroup<V extends string>({
  control,
  name,
  legend,
  options,
  labelOf,
  disabled,
}: ChoiceGroupProps<V>) {
  const legendId = useId();
  return (
    <chakra.fieldset>
      <chakra.legend id={legendId} fontWeight="semibold" color="navy.800" mb="8">
        {legend}
        <chakra.span aria-hidden="true" color="red.700" ms="4">
          *
        </chakra.span>
      </chakra.legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <RadioGroup.Root
            colorPalette="navy"
            aria-labelledby={legendId}
            name={field.name}
            value={field.value}
            disabled={disabled}
            onValueChange={({ value }) => {
              if (value) field.onChange(value);
            }}
          >
            <Stack gap="10" direction={{ base: 'column', md: 'row' }} wrap="wrap" columnGap="24">
              {options.map((option) => (
                <RadioGroup.Item key={option} value={option}>
                  <RadioGroup.ItemHiddenInput
                    onBlur={field.onBlur}
                    ref={option === field.value ? field.ref : undefined}
                  />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{labelOf(option)}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
      />
    </chakra.fieldset>
  );
}

export interface BillingFormProps {
  userId: string;
  profile: TBillingProfileView | null;
  /** The account's PEC: where invoices go unless another PEC or a codice destinatario is set. */
  accountPec: string;
  /** Fields shown but disabled (the profile card before 'Modifica'); no buttons. */
  locked?: boolean;
  /** Put the focus on the first field once shown (after a 'Modifica'). */
  focusOnShow?: boolean;
  onSaved: (saved: TBillingProfileView) => void;
  /** Offers 'Annulla' when given. */
  onCancel?: () => void;
  /** Shown above the fields (the cart's explanation). */
  intro?: ReactNode;
}

/**
 * The billing profile form (issue 14), one component for the cart and the reserved area:
 * checked with the shared `ZBillingProfile` (errors under each field, focus on the first one),
 * saved whole with PUT /user/{id}/billing; the server's refusals go back onto their fields,
 * or into a banner when they name none.
 */
export function BillingForm({
  userId,
  profile,
  accountPec,
  locked = false,
  focusOnShow = false,
  onSaved,
  onCancel,
  intro,
}: BillingFormProps) {
  const mutation = useSaveBillingMutation(userId);
  const [banner, setBanner] = useState<string[] | null>(null);
  const refusedField = useRef<FieldName | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    getValues,
    watch,
    formState: { errors },
  } = useForm<BillingFormValues, unknown, TBillingProfile>({
    mode: 'onTouched',
    resolver: billingResolver,
    defaultValues: billingFormValuesOf(profile, accountPec),
  });
  const tipo = watch('tipo');
  const consegna = watch('consegna');

  useEffect(() => {
    if (!focusOnShow) return;
    setFocus(getValues('tipo') === 'persona_fisica' ? 'nome' : 'denominazione');
  }, [focusOnShow, setFocus, getValues]);

  // The fields are disabled while saving: the focus goes to a refused one once they are back.
  useEffect(() => {
    if (mutation.isPending || !refusedField.current) return;
    setFocus(refusedField.current);
    refusedField.current = null;
  }, [mutation.isPending, setFocus]);

  const showRefusal = (error: unknown) => {
    const messages = isApiError(error) ? error.messages : [errorMessage(error)];
    const onFields = isApiError(error) && (error.status === 400 || error.status === 422);
    const shown = shownFields(getValues());
    const unmapped: string[] = [];
    for (const message of messages) {
      const field = onFields ? FIELD_OF_MESSAGE.get(message) : undefined;
      if (field && shown.has(field)) {
        setError(field, { type: 'server', message });
        refusedField.current ??= field;
      } else unmapped.push(message);
    }
    setBanner(unmapped.length > 0 ? unmapped : null);
  };

  const save = handleSubmit((values) => {
    setBanner(null);
    mutation.mutate(values, { onSuccess: onSaved, onError: showRefusal });
  });

  const disabled = locked || mutation.isPending;
  const common = { disabled, _disabled: lockedStyle } as const;
  const field = (name: Exclude<FieldName, 'tipo' | 'consegna'>) => ({
    ...common,
    error: errors[name]?.message,
    ...register(name),
  });
  const codeField = (name: 'codice_fiscale' | 'provincia' | 'nazione' | 'codice_destinatario') => ({
    ...common,
    error: errors[name]?.message,
    ...upperCased(register(name)),
  });

  return (
    <form noValidate onSubmit={save}>
      <Stack gap="12">
        {intro}
        {locked ? null : <Text color="navy.700">{texts.requiredNote}</Text>}
        <ChoiceGroup
          control={control}
          name="tipo"
          legend={texts.tipo}
          options={BILLING_TYPES}
          labelOf={(value) => texts.tipoNames[value]}
          disabled={disabled}
        />
        {tipo === 'persona_fisica' ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="16">
            <TextField
              label={texts.nome}
              autoComplete="given-name"
              required
              requiredMark
              {...field('nome')}
            />
            <TextField
              label={texts.cognome}
              autoComplete="family-name"
              required
              requiredMark
              {...field('cognome')}
            />
          </SimpleGrid>
        ) : (
          <TextField
            label={texts.denominazione}
            autoComplete="organization"
            required
            requiredMark
            {...field('denominazione')}
          />
        )}
        <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="16">
          <TextField
            label={texts.codiceFiscale}
            autoComplete="off"
            spellCheck={false}
            maxLength={16}
            required
            requiredMark
            {...codeField('codice_fiscale')}
          />
          <TextField
            label={texts.partitaIva}
            autoComplete="off"
            inputMode="numeric"
            maxLength={11}
            required
            requiredMark
            {...field('partita_iva')}
          />
        </SimpleGrid>
        <chakra.fieldset>
          <chakra.legend fontWeight="semibold" color="navy.800" mb="8">
            {texts.sede}
          </chakra.legend>
          <TextField
            label={texts.indirizzo}
            autoComplete="street-address"
            required
            requiredMark
            {...field('indirizzo')}
          />
          <SimpleGrid columns={{ base: 1, md: 3 }} columnGap="16">
            <TextField
              label={texts.cap}
              autoComplete="postal-code"
              inputMode="numeric"
              maxLength={5}
              required
              requiredMark
              {...field('cap')}
            />
            <TextField
              label={texts.comune}
              autoComplete="address-level2"
              required
              requiredMark
              {...field('comune')}
            />
            <TextField
              label={texts.provincia}
              autoComplete="off"
              maxLength={2}
              required
              requiredMark
              {...codeField('provincia')}
            />
          </SimpleGrid>
          <Box maxW={{ md: '50%' }}>
            <TextField
              label={texts.nazione}
              helperText={texts.nazioneHint}
              autoComplete="country"
              maxLength={2}
              required
              requiredMark
              {...codeField('nazione')}
            />
          </Box>
        </chakra.fieldset>
        <ChoiceGroup
          control={control}
          name="consegna"
          legend={texts.delivery}
          options={DELIVERIES}
          labelOf={(value) => texts.deliveryNames[value]}
          disabled={disabled}
        />
        {consegna === 'codice' ? (
          <TextField
            label={texts.codiceDestinatario}
            autoComplete="off"
            spellCheck={false}
            maxLength={7}
            required
            requiredMark
            {...codeField('codice_destinatario')}
          />
        ) : (
          <TextField
            label={texts.pecDestinatario}
            type="email"
            autoComplete="email"
            helperText={texts.pecDestinatarioHint}
            {...field('pec_destinatario')}
          />
        )}
        {banner ? (
          <AppAlert kind="error" title={texts.saveFailed}>
            {banner.join(' ')}
          </AppAlert>
        ) : null}
        {locked ? null : (
          <HStack gap="12" wrap="wrap">
            <Button type="submit" loading={mutation.isPending}>
              {texts.save}
            </Button>
            {onCancel ? (
              <Button
                type="button"
                variant="secondary"
                disabled={mutation.isPending}
                onClick={onCancel}
              >
                {texts.cancel}
              </Button>
            ) : null}
          </HStack>
        )}
      </Stack>
    </form>
  );
}
