import {
  Box,
  chakra,
  Field,
  HStack,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatItalian } from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import {
  CLIENT_KINDS,
  CLIENT_PERSON_FIELDS,
  type ClientField,
  COMPANY_FIELDS,
  PERSON_FIELDS,
  type TClient,
  type TClientInput,
  type TClientInputError,
  type TClientInputParsed,
  type TClientKind,
  ZClientInput,
} from '@lexpath/shared/schemas/clients';
import { useEffect, useId, useRef } from 'react';
import { Controller, type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { TextField } from '../../../components/form/text-field.tsx';
import { inputProps } from '../../../components/form/typed-input-props.ts';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { toaster } from '../../../lib/toaster.ts';

const texts = it.clientRegister;

type Group = Record<string, string>;

/**
 * What the form holds: one `dati` for both kinds, so the fields they share (codice fiscale, the
 * address, the contacts) survive a change of kind; only the chosen kind's fields are sent.
 */
export interface ClientFormValues {
  tipo: TClientKind;
  dati: Group;
  legale_rappresentante: Group;
}

type FieldPath = `dati.${string}` | `legale_rappresentante.${string}` | 'tipo';

const DATI_NAMES = [
  ...new Set([...CLIENT_PERSON_FIELDS, ...COMPANY_FIELDS].map((f) => f.variable)),
];
const FIELD_OF_NAME = new Map(
  [...CLIENT_PERSON_FIELDS, ...COMPANY_FIELDS].map((f) => [f.variable, f]),
);

/** A stored value as the lawyer types it again (a date as dd/mm/yyyy). */
function draftOf(name: string, value: string | undefined): string {
  const field = FIELD_OF_NAME.get(name);
  if (!value || !field) return value ?? '';
  return formatItalian(field, value);
}

function groupOf(names: readonly string[], values: Group | null | undefined): Group {
  return Object.fromEntries(names.map((name) => [name, draftOf(name, values?.[name])]));
}

/** The form's starting values: the stored client, or an empty persona fisica. */
export function clientFormValuesOf(client: TClient | undefined): ClientFormValues {
  return {
    tipo: client?.tipo ?? 'persona_fisica',
    dati: groupOf(DATI_NAMES, client?.dati),
    legale_rappresentante: groupOf(
      PERSON_FIELDS.map((f) => f.variable),
      client?.legale_rappresentante,
    ),
  };
}

function pick(fields: readonly ClientField[], values: Group): Group {
  return Object.fromEntries(fields.map((f) => [f.variable, values[f.variable] ?? '']));
}

/**
 * What is sent: the chosen kind's fields; a company's representative only once one of its
 * fields is filled (then its name and surname are required).
 */
export function clientInputOf(values: ClientFormValues): TClientInput {
  if (values.tipo === 'persona_fisica') {
    return { tipo: 'persona_fisica', dati: pick(CLIENT_PERSON_FIELDS, values.dati) };
  }
  const representative = pick(PERSON_FIELDS, values.legale_rappresentante);
  const given = Object.values(representative).some((value) => value.trim() !== '');
  return {
    tipo: 'persona_giuridica',
    dati: pick(COMPANY_FIELDS, values.dati),
    ...(given ? { legale_rappresentante: representative } : {}),
  };
}

const inputResolver = zodResolver(ZClientInput);

/** The shared `ZClientInput` on what would be sent: the same checks and messages as the server. */
const clientResolver: Resolver<ClientFormValues, unknown, TClientInputParsed> = async (
  values,
  context,
  options,
) => (await inputResolver(clientInputOf(values), context, options as never)) as never;

/** The server's field messages, when a refusal carries them (422 from POST/PUT /client). */
function refusedFields(error: unknown): Record<string, string> | undefined {
  if (!isApiError(error) || error.status !== 422) return undefined;
  const body = error.body as Partial<TClientInputError> | null;
  return body?.fields && typeof body.fields === 'object' ? body.fields : undefined;
}

interface FieldInputProps {
  field: ClientField;
  name: FieldPath;
  error: string | undefined;
  register: ReturnType<typeof useForm<ClientFormValues, unknown, TClientInputParsed>>['register'];
  disabled: boolean;
}

/** One client field as its type asks: a select for a choice, a text box with its keyboard else. */
function FieldInput({ field, name, error, register, disabled }: FieldInputProps) {
  if (field.type === 'scelta') {
    return (
      <Field.Root invalid={Boolean(error)}>
        <Field.Label fontWeight="semibold" color="navy.800">
          {field.label}
        </Field.Label>
        <NativeSelect.Root size="lg" disabled={disabled}>
          <NativeSelect.Field bg="white" borderColor="navy.300" {...register(name)}>
            <option value="">{texts.genderNone}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {texts.genderNames[option as keyof typeof texts.genderNames] ?? option}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {field.help ? <Field.HelperText color="navy.700">{field.help}</Field.HelperText> : null}
        <Box minH="20">
          <Field.ErrorText color="red.700">{error}</Field.ErrorText>
        </Box>
      </Field.Root>
    );
  }
  return (
    <TextField
      label={field.label}
      required={field.required}
      requiredMark={field.required}
      error={error}
      disabled={disabled}
      {...inputProps(field)}
      {...register(name)}
    />
  );
}

function errorAt(
  errors: FieldErrors<ClientFormValues>,
  group: 'dati' | 'legale_rappresentante',
  name: string,
) {
  return (errors[group] as Record<string, { message?: string } | undefined> | undefined)?.[name]
    ?.message;
}

export interface ClientFormProps {
  client?: TClient;
  pending: boolean;
  /** Saves what the form would send; the promise settles with the save. */
  onSave(input: TClientInput): Promise<unknown>;
}

/**
 * A client of the register: the kind (a radio group), then its fields built from PERSON_FIELDS
 * or COMPANY_FIELDS, and a company's legal representative in a fieldset of its own. Checked
 * with the shared `ZClientInput` (errors under each field, focus on the first wrong one); the
 * server's refusals go back under their fields.
 */
export function ClientForm({ client, pending, onSave }: ClientFormProps) {
  const legendId = useId();
  const refused = useRef<FieldPath | null>(null);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<ClientFormValues, unknown, TClientInputParsed>({
    mode: 'onTouched',
    resolver: clientResolver,
    defaultValues: clientFormValuesOf(client),
  });
  const tipo = watch('tipo');
  const fields = tipo === 'persona_fisica' ? CLIENT_PERSON_FIELDS : COMPANY_FIELDS;

  // The fields are disabled while saving: the focus goes to a refused one once they are back.
  useEffect(() => {
    if (pending || !refused.current) return;
    setFocus(refused.current);
    refused.current = null;
  }, [pending, setFocus]);

  const save = handleSubmit(async () => {
    try {
      await onSave(clientInputOf(getValues()));
    } catch (error) {
      const onFields = refusedFields(error);
      if (onFields && Object.keys(onFields).length > 0) {
        for (const [path, message] of Object.entries(onFields)) {
          setError(path as FieldPath, { type: 'server', message });
          refused.current ??= path as FieldPath;
        }
        return;
      }
      toaster.create({
        type: 'error',
        title: it.toast.failureTitle,
        description: isApiError(error) ? error.messages.join('\n') : it.errors.internal,
        closable: true,
      });
    }
  });

  return (
    <form noValidate onSubmit={save} aria-busy={pending}>
      <Stack gap="16">
        <chakra.fieldset>
          <chakra.legend id={legendId} fontWeight="semibold" color="navy.800" mb="8">
            {texts.kindLegend}
          </chakra.legend>
          <Controller
            control={control}
            name="tipo"
            render={({ field }) => (
              <RadioGroup.Root
                colorPalette="navy"
                aria-labelledby={legendId}
                name={field.name}
                value={field.value}
                disabled={pending}
                onValueChange={({ value }) => {
                  if (value) field.onChange(value);
                }}
              >
                <Stack gap="10" direction={{ base: 'column', md: 'row' }} columnGap="24">
                  {CLIENT_KINDS.map((kind) => (
                    <RadioGroup.Item key={kind} value={kind}>
                      <RadioGroup.ItemHiddenInput
                        onBlur={field.onBlur}
                        ref={kind === field.value ? field.ref : undefined}
                      />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{texts.kindNames[kind]}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            )}
          />
          {errors.tipo?.message ? (
            <Text color="red.700" mt="4">
              {errors.tipo.message}
            </Text>
          ) : null}
        </chakra.fieldset>
        <chakra.fieldset minW="0">
          <chakra.legend fontWeight="semibold" color="navy.800" textStyle="lg" mb="8">
            {tipo === 'persona_fisica' ? texts.personData : texts.companyData}
          </chakra.legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="16">
            {fields.map((field) => (
              <FieldInput
                key={`dati.${field.variable}`}
                field={field}
                name={`dati.${field.variable}`}
                error={errorAt(errors, 'dati', field.variable)}
                register={register}
                disabled={pending}
              />
            ))}
          </SimpleGrid>
        </chakra.fieldset>
        {tipo === 'persona_giuridica' ? (
          <chakra.fieldset minW="0">
            <chakra.legend fontWeight="semibold" color="navy.800" textStyle="lg" mb="4">
              {texts.representative}
            </chakra.legend>
            <Text color="navy.700" mb="8">
              {texts.representativeHint}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="16">
              {PERSON_FIELDS.map((field) => (
                <FieldInput
                  key={`legale_rappresentante.${field.variable}`}
                  field={field}
                  name={`legale_rappresentante.${field.variable}`}
                  error={errorAt(errors, 'legale_rappresentante', field.variable)}
                  register={register}
                  disabled={pending}
                />
              ))}
            </SimpleGrid>
          </chakra.fieldset>
        ) : null}
        <HStack gap="12" wrap="wrap">
          <Button type="submit" variant="primary" loading={pending} loadingText={texts.saving}>
            {texts.save}
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={PATHS.clients}>{texts.cancel}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
