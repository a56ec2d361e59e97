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
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  emptyField,
  FIELD_TYPES,
  type FieldForm,
  type FieldType,
  type ListSettings,
  type TypedErrors,
  type TypeSettings,
} from '../typed-question-form.ts';

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
  checked,
  label = (text) => text,
  onChange,
}: {
  checked: boolean;
  label?: (text: string) => string;
  onChange(checked: boolean): void;
}) {
  return (
    <Field.Root>
      <Switch.Root
        checked={checked}
        onCheckedChange={({ checked: on }) => onChange(on)}
        colorPalette="navy"
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{label(it.optionalAnswers.required)}</Switch.Label>
      </Switch.Root>
      <Field.HelperText color="navy.700">{it.optionalAnswers.requiredHelp}</Field.HelperText>
    </Field.Root>
  );
}

export function typeChoices(types: readonly TQuestionType[]) {
  return types.map((type) => ({ value: type, label: texts.types[type] }));
}

/**
 * The settings a type needs (DESIGN §12): limits typed in Italian (`1.234,50`, `23/11/2026` or
 * `oggi`), decimals, the longest text, PEC. `label` names them (a field's are prefixed).
 */
export function TypeSettingsFields({
  type,
  settings,
  errors,
  prefix,
  label,
  onChange,
}: {
  type: TQuestionType;
  settings: TypeSettings;
  errors: TypedErrors;
  /** The errors' path prefix: '' for the question, `fields.2.` for a field. */
  prefix: string;
  label(text: string): string;
  onChange(patch: Partial<TypeSettings>): void;
}) {
  const limit = (key: 'min' | 'max', text: string) => (
    <TextField
      label={label(text)}
      value={settings[key]}
      inputMode={type === 'data' ? 'text' : 'decimal'}
      error={errors[`${prefix}${key}`]}
      onChange={(event) => onChange({ [key]: event.target.value })}
    />
  );
  const whole = (key: 'decimals' | 'max_length', text: string) => (
    <TextField
      label={label(text)}
      value={settings[key]}
      inputMode="numeric"
      error={errors[`${prefix}${key}`]}
      onChange={(event) => onChange({ [key]: event.target.value })}
    />
  );
  switch (type) {
    case 'testo':
      return whole('max_length', texts.maxLength);
    case 'numero':
      return (
        <Stack gap="4">
          <HStack align="flex-start">
            {limit('min', texts.minNumber)}
            {limit('max', texts.maxNumber)}
          </HStack>
          {whole('decimals', texts.decimals)}
        </Stack>
      );
    case 'importo':
      return (
        <HStack align="flex-start">
          {limit('min', texts.minAmount)}
          {limit('max', texts.maxAmount)}
        </HStack>
      );
    case 'data':
      return (
        <HStack align="flex-start">
          {limit('min', texts.minDate)}
          {limit('max', texts.maxDate)}
        </HStack>
      );
    case 'email':
      return (
        <Checkbox.Root
          colorPalette="navy"
          checked={settings.pec}
          onCheckedChange={({ checked }) => onChange({ pec: checked === true })}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control borderColor="navy.500" />
          <Checkbox.Label>{label(texts.pec)}</Checkbox.Label>
        </Checkbox.Root>
      );
    default:
      return null;
  }
}

/** One field of an `elenco` item: key, text, type (not `elenco`) and the type's settings. */
function ListFieldEditor({
  field,
  position,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  field: FieldForm;
  position: number;
  count: number;
  errors: TypedErrors;
  onChange(patch: Partial<FieldForm>): void;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
}) {
  const number = position + 1;
  const prefix = `fields.${position}.`;
  const label = (text: string) => texts.fieldLabel(number, text);
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
        <TextField
          label={label(texts.variable)}
          required
          value={field.variable}
          error={errors[`${prefix}variable`]}
          onChange={(event) => onChange({ variable: event.target.value.replace(/\s/g, '_') })}
        />
        <TextField
          label={label(texts.question)}
          required
          value={field.question}
          error={errors[`${prefix}question`]}
          onChange={(event) => onChange({ question: event.target.value })}
        />
        <SelectField
          label={label(texts.type)}
          value={field.type}
          choices={typeChoices(FIELD_TYPES)}
          onChange={(type) => onChange({ type: type as FieldType })}
        />
        {field.type === 'scelta' ? (
          <Stack gap="4">
            <Field.Root invalid={Boolean(errors[`${prefix}options`])}>
              <Field.Label color="navy.800">{label(texts.fieldOptions)}</Field.Label>
              <Textarea
                bg="white"
                value={field.options}
                onChange={(event) => onChange({ options: event.target.value })}
              />
              <Field.ErrorText color="red.700">{errors[`${prefix}options`]}</Field.ErrorText>
            </Field.Root>
            <Checkbox.Root
              colorPalette="navy"
              checked={field.is_multiple_selection}
              onCheckedChange={({ checked }) =>
                onChange({ is_multiple_selection: checked === true })
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control borderColor="navy.500" />
              <Checkbox.Label>{label(texts.multiple)}</Checkbox.Label>
            </Checkbox.Root>
          </Stack>
        ) : (
          <TypeSettingsFields
            type={field.type}
            settings={field}
            errors={errors}
            prefix={prefix}
            label={label}
            onChange={onChange}
          />
        )}
        <RequiredSwitch
          checked={field.obbligatoria}
          label={label}
          onChange={(obbligatoria) => onChange({ obbligatoria })}
        />
      </Stack>
      <HStack gap="8" mt="8">
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
export function ListSettingsFields({
  list,
  errors,
  onChange,
}: {
  list: ListSettings;
  errors: TypedErrors;
  onChange(list: ListSettings): void;
}) {
  const update = (patch: Partial<ListSettings>) => onChange({ ...list, ...patch });
  const setField = (position: number, patch: Partial<FieldForm>) =>
    update({
      fields: list.fields.map((field, p) => (p === position ? { ...field, ...patch } : field)),
    });
  const move = (position: number, offset: -1 | 1) => {
    const fields = [...list.fields];
    const [moved] = fields.splice(position, 1);
    if (moved) fields.splice(position + offset, 0, moved);
    update({ fields });
  };
  return (
    <Stack gap="12">
      <HStack align="flex-start">
        <TextField
          label={texts.labelSingular}
          required
          value={list.label_singolare}
          error={errors.label_singolare}
          onChange={(event) => update({ label_singolare: event.target.value })}
        />
        <TextField
          label={texts.labelPlural}
          required
          value={list.label_plurale}
          error={errors.label_plurale}
          onChange={(event) => update({ label_plurale: event.target.value })}
        />
      </HStack>
      <HStack align="flex-start">
        <TextField
          label={texts.minItems}
          inputMode="numeric"
          value={list.min_items}
          error={errors.min_items}
          onChange={(event) => update({ min_items: event.target.value })}
        />
        <TextField
          label={texts.maxItems}
          inputMode="numeric"
          value={list.max_items}
          error={errors.max_items}
          onChange={(event) => update({ max_items: event.target.value })}
        />
      </HStack>
      <Box as="fieldset">
        <Heading as="legend" textStyle="md" color="navy.800" mb="8">
          {texts.fields}
        </Heading>
        <Stack gap="8">
          {list.fields.map((field, position) => (
            <ListFieldEditor
              // Fields move: the position is their identity only until the next move.
              key={`field-${position.toString()}`}
              field={field}
              position={position}
              count={list.fields.length}
              errors={errors}
              onChange={(patch) => setField(position, patch)}
              onMove={(offset) => move(position, offset)}
              onRemove={() => update({ fields: list.fields.filter((_, p) => p !== position) })}
            />
          ))}
        </Stack>
        {errors.fields ? (
          <Text role="alert" color="red.700">
            {errors.fields}
          </Text>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          mt="8"
          onClick={() => update({ fields: [...list.fields, emptyField()] })}
        >
          {texts.addField}
        </Button>
      </Box>
    </Stack>
  );
}
