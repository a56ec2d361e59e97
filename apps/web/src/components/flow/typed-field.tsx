import {
  Checkbox,
  chakra,
  DatePicker,
  Field,
  Flex,
  IconButton,
  Input,
  Portal,
  parseDate,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import {
  type AnswerRules,
  amountToCents,
  formatData,
  formatItalian,
  isCanonicalImporto,
  isChoice,
  isRequired,
  labelOf,
  parseData,
  parseItalian,
  validateCanonical,
} from '@lexpath/shared/answer-types';
import { formatAmount } from '@lexpath/shared/italian-formats';
import { it } from '@lexpath/shared/messages/it';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { inputProps } from '../form/typed-input-props.ts';

const texts = it.web.purchase;

/** What a field holds while the lawyer edits it: Italian text, or the options chosen. */
export type Draft = string | string[];

/** A question or an `elenco` field as the questionnaire receives it. */
export type AskedField = AnswerRules & { question: string; description?: string | null };

/** A canonical answer as the lawyer types it again: "1234.50" → "1.234,50", dates as dd/mm/yyyy. */
export function toDraft(field: AskedField, value: unknown): Draft {
  if (isChoice(field)) {
    if (field.is_multiple_selection) return Array.isArray(value) ? value.map(String) : [];
    return typeof value === 'string' ? value : '';
  }
  if (typeof value !== 'string') return '';
  if (field.type === 'importo' && isCanonicalImporto(value)) {
    return formatAmount(amountToCents(value));
  }
  return formatItalian(field, value);
}

/** The empty draft of a field. */
export function emptyDraft(field: AskedField): Draft {
  return isChoice(field) && field.is_multiple_selection ? [] : '';
}

/**
 * A draft as the canonical answer, or the Italian reason it is not one (parse first, then the
 * question's own limits), so nothing wrong is sent. An optional field left empty is no answer:
 * `null`, which the server stores as such.
 */
export function checkDraft(
  field: AskedField,
  draft: Draft,
  label?: string,
): { ok: true; value: Draft | null } | { ok: false; error: string } {
  if (typeof draft === 'string' ? draft.trim() === '' : draft.length === 0) {
    return isRequired(field)
      ? { ok: false, error: it.validation.required }
      : { ok: true, value: null };
  }
  if (isChoice(field)) return { ok: true, value: draft };
  const parsed = parseItalian(field, typeof draft === 'string' ? draft : '');
  if (!parsed.ok) return parsed;
  const problem = validateCanonical(field, parsed.value, { label: label ?? labelOf(field) })[0];
  return problem ? { ok: false, error: problem } : { ok: true, value: parsed.value };
}

/**
 * The calendar beside a date field: the typed Italian text stays the answer, the calendar only
 * writes into it (so typing, Enter and the inline error work the same either way).
 */
function DateCalendar({ draft, onChange }: { draft: string; onChange(draft: string): void }) {
  const parsed = parseData(draft);
  return (
    <DatePicker.Root
      locale="it-IT"
      startOfWeek={1}
      value={parsed.ok ? [parseDate(parsed.value)] : []}
      onValueChange={({ value }) => {
        const [date] = value;
        if (date) onChange(formatData(date.toString()));
      }}
      width="auto"
    >
      <DatePicker.Trigger asChild>
        <IconButton variant="outline" aria-label={texts.pickDate}>
          <CalendarDays aria-hidden="true" />
        </IconButton>
      </DatePicker.Trigger>
      <Portal>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </Portal>
    </DatePicker.Root>
  );
}

export interface FieldControlProps {
  field: AskedField;
  /** The visible label: the question, or a composed one (an `elenco` item's field). */
  label: ReactNode;
  draft: Draft;
  error: string | null;
  id: string;
  onChange(draft: Draft): void;
  /** What an optional field's label adds: «Facoltativa» for a question by default. */
  optionalNote?: string;
}

/** «(Facoltativa)» after the label of an optional field, read with it by screen readers. */
function OptionalNote({ field, note }: { field: AskedField; note: string }) {
  if (isRequired(field)) return null;
  return (
    <chakra.span fontWeight="normal" color="navy.700" textStyle="sm" ms="8">
      ({note})
    </chakra.span>
  );
}

/**
 * The control a question's type needs (DESIGN §12), with its label, its description as help text
 * and its inline error; choices as radios or checkboxes in a labelled group.
 */
export function FieldControl({
  field,
  label,
  draft,
  error,
  id,
  onChange,
  optionalNote = it.optionalAnswers.optional,
}: FieldControlProps) {
  const note = <OptionalNote field={field} note={optionalNote} />;
  const help = field.description ? <Field.HelperText>{field.description}</Field.HelperText> : null;
  const errorText = (
    <Field.ErrorText role="alert" color="red.700">
      {error}
    </Field.ErrorText>
  );

  if (isChoice(field)) {
    const options = field.options ?? [];
    const errorId = `${id}-error`;
    return (
      <chakra.fieldset aria-describedby={error ? errorId : undefined} mb="16">
        <chakra.legend fontWeight="semibold" color="navy.800" mb="8">
          {label}
          {note}
        </chakra.legend>
        {field.description ? (
          <Text color="navy.700" mb="8">
            {field.description}
          </Text>
        ) : null}
        {field.is_multiple_selection ? (
          <Stack gap="10" mt="8">
            {options.map((option) => {
              const chosen = Array.isArray(draft) ? draft : [];
              return (
                <Checkbox.Root
                  key={option}
                  colorPalette="navy"
                  checked={chosen.includes(option)}
                  onCheckedChange={({ checked }) =>
                    onChange(
                      checked === true
                        ? [...chosen, option]
                        : chosen.filter((item) => item !== option),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control borderColor="navy.500" />
                  <Checkbox.Label fontWeight="normal">{option}</Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </Stack>
        ) : (
          <RadioGroup.Root
            colorPalette="navy"
            value={typeof draft === 'string' && draft !== '' ? draft : null}
            onValueChange={({ value }) => onChange(value ?? '')}
            mt="8"
          >
            <Stack gap="10">
              {options.map((option) => (
                <RadioGroup.Item key={option} value={option}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
        {error ? (
          <chakra.p id={errorId} color="red.700" role="alert" mt="8">
            {error}
          </chakra.p>
        ) : null}
      </chakra.fieldset>
    );
  }

  const text = typeof draft === 'string' ? draft : '';
  const upper =
    field.type === 'codice_fiscale' ||
    field.type === 'partita_iva' ||
    field.type === 'provincia' ||
    field.type === 'iban';
  return (
    <Field.Root invalid={error !== null} id={id} mb="16">
      <Field.Label fontWeight="semibold" color="navy.800">
        {label}
        {note}
      </Field.Label>
      {field.type === 'testo_lungo' ? (
        <Textarea
          value={text}
          rows={5}
          maxLength={field.max_length}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            // Enter makes a new line in a long text; Ctrl/Cmd+Enter continues.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
      ) : field.type === 'data' ? (
        <Flex gap="8" width="full">
          <Input
            value={text}
            {...inputProps(field)}
            onChange={(event) => onChange(event.target.value)}
          />
          <DateCalendar draft={text} onChange={onChange} />
        </Flex>
      ) : (
        <Input
          value={text}
          maxLength={field.type === 'testo' ? field.max_length : undefined}
          {...inputProps(field)}
          onChange={(event) =>
            onChange(upper ? event.target.value.toUpperCase() : event.target.value)
          }
        />
      )}
      {help}
      {field.type === 'testo_lungo' ? (
        <Field.HelperText>{texts.longTextHint}</Field.HelperText>
      ) : null}
      {errorText}
    </Field.Root>
  );
}
