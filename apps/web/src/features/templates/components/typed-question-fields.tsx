import {
  Box,
  Checkbox,
  Field,
  Heading,
  HStack,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TQuestionType } from '@lexpath/shared/schemas/questions';
import type { ReactNode } from 'react';
import { Controller, get, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { QuestionForm } from '../question-form.ts';
import { emptyField, FIELD_TYPES } from '../typed-question-form.ts';

const texts = it.web.questionEditor;

/** A native select: the keyboard alone picks (arrows, letters), as screen readers expect. */
export function SelectField({
  label,
  value,
  placeholder,
  choices,
  error,
  onChange,
}: {
  label: string;
  value: string;
  placeholder?: string | undefined;
  choices: Array<{ value: string; label: string }>;
  error?: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label color="navy.800">{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          bg="white"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Box minH="20">
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}

/**
 * «Obbligatoria», on by default: off, the lawyer may skip the question (or leave the field
 * empty) with «Salta». `label` names it (a field's is prefixed).
 */
export function RequiredSwitch({
  path,
  label = (text) => text,
}: {
  path: string;
  label?: (text: string) => string;
}) {
  return (
    <Controller
      name={path}
      render={({ field }) => (
        <Field.Root>
          <Switch.Root
            checked={field.value !== false}
            onCheckedChange={({ checked }) => field.onChange(checked)}
            colorPalette="navy"
          >
            <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} />
            <Switch.Control>
              <Switch.Thumb />
            </Switch.Control>
            <Switch.Label>{label(it.optionalAnswers.required)}</Switch.Label>
          </Switch.Root>
          <Field.HelperText color="navy.700">{it.optionalAnswers.requiredHelp}</Field.HelperText>
        </Field.Root>
      )}
    />
  );
}

export function typeChoices(types: readonly TQuestionType[]) {
  return types.map((type) => ({ value: type, label: texts.types[type] }));
}

/**
 * The message the form holds at `path`: a field's own, or a field array's (`fields` with no field,
 * too few options), which react-hook-form keeps under `root`.
 */
export function useErrorAt(path: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<QuestionForm>();
  const error: { message?: string; root?: { message?: string } } | undefined = get(errors, path);
  return error?.message ?? error?.root?.message;
}

/** A text input bound to the form at `path`; `key` fields turn spaces into `_` as typed (SPEC §3). */
export function FormTextField({
  path,
  label,
  required,
  inputMode,
  isKey,
}: {
  path: string;
  label: string;
  required?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric';
  isKey?: boolean;
}) {
  const { register } = useFormContext();
  const error = useErrorAt(path);
  const field = register(path);
  return (
    <TextField
      label={label}
      required={required}
      inputMode={inputMode}
      error={error}
      {...field}
      onChange={(event) => {
        if (isKey) event.target.value = event.target.value.replace(/\s/g, '_');
        return field.onChange(event);
      }}
    />
  );
}

/** A checkbox bound to the boolean at `path`. */
export function FormCheckbox({ path, label }: { path: string; label: string }) {
  return (
    <Controller
      name={path}
      render={({ field }) => (
        <Checkbox.Root
          colorPalette="navy"
          checked={field.value === true}
          onCheckedChange={({ checked }) => field.onChange(checked === true)}
        >
          <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
          <Checkbox.Control borderColor="navy.500" />
          <Checkbox.Label>{label}</Checkbox.Label>
        </Checkbox.Root>
      )}
    />
  );
}

/** The type picker bound to `path`, offering `types`. */
export function TypeSelect({
  path,
  label,
  types,
}: {
  path: string;
  label: string;
  types: readonly TQuestionType[];
}) {
  return (
    <Controller
      name={path}
      render={({ field }) => (
        <SelectField
          label={label}
          value={field.value}
          choices={typeChoices(types)}
          onChange={field.onChange}
        />
      )}
    />
  );
}

/** Two settings side by side on a wide screen, one above the other on a phone. */
function SettingsPair({ children }: { children: ReactNode }) {
  return (
    <Stack direction={{ base: 'column', sm: 'row' }} gap="4" align="stretch">
      {children}
    </Stack>
  );
}

/**
 * The settings a type needs (DESIGN §12): limits typed in Italian (`1.234,50`, `23/11/2026` or
 * `oggi`), decimals, the longest text, PEC. `prefix` is where they sit in the form ('' for the
 * question, `fields.2.` for a field of an `elenco`); `label` names them (a field's are prefixed).
 * A new type with settings adds its case here and its keys to `settingsOf`.
 */
export function TypeSettingsFields({
  type,
  prefix,
  label,
}: {
  type: TQuestionType;
  prefix: string;
  label(text: string): string;
}) {
  const limit = (key: 'min' | 'max', text: string) => (
    <FormTextField
      path={`${prefix}${key}`}
      label={label(text)}
      inputMode={type === 'data' ? 'text' : 'decimal'}
    />
  );
  const whole = (key: 'decimals' | 'max_length', text: string) => (
    <FormTextField path={`${prefix}${key}`} label={label(text)} inputMode="numeric" />
  );
  switch (type) {
    case 'testo':
      return whole('max_length', texts.maxLength);
    case 'numero':
      return (
        <Stack gap="4">
          <SettingsPair>
            {limit('min', texts.minNumber)}
            {limit('max', texts.maxNumber)}
          </SettingsPair>
          {whole('decimals', texts.decimals)}
        </Stack>
      );
    case 'importo':
      return (
        <SettingsPair>
          {limit('min', texts.minAmount)}
          {limit('max', texts.maxAmount)}
        </SettingsPair>
      );
    case 'data':
      return (
        <SettingsPair>
          {limit('min', texts.minDate)}
          {limit('max', texts.maxDate)}
        </SettingsPair>
      );
    case 'email':
      return <FormCheckbox path={`${prefix}pec`} label={label(texts.pec)} />;
    default:
      return null;
  }
}

/** A `scelta` field's answers, one per line, and whether several may be chosen. */
function ListFieldChoices({ prefix, label }: { prefix: string; label(text: string): string }) {
  const { register } = useFormContext();
  const error = useErrorAt(`${prefix}options`);
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label color="navy.800">{label(texts.fieldOptions)}</Field.Label>
        <Textarea bg="white" {...register(`${prefix}options`)} />
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Field.Root>
      <FormCheckbox path={`${prefix}is_multiple_selection`} label={label(texts.multiple)} />
    </Stack>
  );
}

/** One field of an `elenco` item: key, text, type (not `elenco`) and the type's settings. */
function ListFieldEditor({
  position,
  count,
  onMove,
  onRemove,
}: {
  position: number;
  count: number;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
}) {
  const number = position + 1;
  const prefix = `fields.${position}.`;
  const label = (text: string) => texts.fieldLabel(number, text);
  const type = useWatch<QuestionForm, `fields.${number}.type`>({ name: `fields.${position}.type` });
  return (
    <Box
      role="group"
      aria-label={texts.field(number)}
      borderWidth="1px"
      borderColor="beige.300"
      rounded="md"
      p="12"
    >
      <Heading as="h3" textStyle="sm" color="navy.800" mb="8">
        {texts.field(number)}
      </Heading>
      <Stack gap="4">
        <FormTextField path={`${prefix}variable`} label={label(texts.variable)} required isKey />
        <FormTextField path={`${prefix}question`} label={label(texts.question)} required />
        <TypeSelect path={`${prefix}type`} label={label(texts.type)} types={FIELD_TYPES} />
        {type === 'scelta' ? (
          <ListFieldChoices prefix={prefix} label={label} />
        ) : (
          <TypeSettingsFields type={type} prefix={prefix} label={label} />
        )}
        <RequiredSwitch path={`${prefix}obbligatoria`} label={label} />
      </Stack>
      <HStack gap="8" mt="8" wrap="wrap">
        <Button size="xs" variant="outline" disabled={position === 0} onClick={() => onMove(-1)}>
          {texts.moveFieldUp(number)}
        </Button>
        <Button
          size="xs"
          variant="outline"
          disabled={position === count - 1}
          onClick={() => onMove(1)}
        >
          {texts.moveFieldDown(number)}
        </Button>
        <Button size="xs" variant="outline" onClick={onRemove}>
          {texts.removeField(number)}
        </Button>
      </HStack>
    </Box>
  );
}

/** An `elenco`'s settings: its fields (added, removed, reordered), labels and item counts. */
export function ListSettingsFields() {
  const { fields, append, move, remove } = useFieldArray<QuestionForm, 'fields'>({
    name: 'fields',
  });
  const fieldsError = useErrorAt('fields');
  return (
    <Stack gap="12">
      <SettingsPair>
        <FormTextField path="label_singolare" label={texts.labelSingular} required />
        <FormTextField path="label_plurale" label={texts.labelPlural} required />
      </SettingsPair>
      <SettingsPair>
        <FormTextField path="min_items" label={texts.minItems} inputMode="numeric" />
        <FormTextField path="max_items" label={texts.maxItems} inputMode="numeric" />
      </SettingsPair>
      <Box as="fieldset" minW="0">
        <Heading as="legend" textStyle="md" color="navy.800" mb="8">
          {texts.fields}
        </Heading>
        <Stack gap="8">
          {fields.map((field, position) => (
            <ListFieldEditor
              key={field.id}
              position={position}
              count={fields.length}
              onMove={(offset) => move(position, position + offset)}
              onRemove={() => remove(position)}
            />
          ))}
        </Stack>
        {fieldsError ? (
          <Text role="alert" color="red.700">
            {fieldsError}
          </Text>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          mt="8"
          onClick={() => append(emptyField(), { shouldFocus: false })}
        >
          {texts.addField}
        </Button>
      </Box>
    </Stack>
  );
}
