// The conversion screen's pieces of a proposal: its summary, and the editors of a type's details.
import { Box, Checkbox, Field, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { BlankDraft, QuestionDraft } from '../blank-choices.ts';
import { type ProposedType, TYPE_NAMES, TYPE_ORDER } from '../blanks.ts';

const texts = it.web.blankConversion;

/** The accepted proposal in one glance: question, key, type and the blank's own detail. */
export function ProposalSummary({
  question,
  draft,
}: {
  question: QuestionDraft;
  draft: BlankDraft;
}) {
  const rows: [string, string][] = [
    [texts.question, question.question],
    [texts.variable, question.variable],
    [texts.type, TYPE_NAMES[question.type] ?? question.type],
  ];
  if (question.type === 'scelta') {
    rows.push([texts.options, question.options.filter((o) => o.trim()).join(' · ')]);
    const option = question.options[draft.option];
    if (draft.hasOption && option) rows.push([texts.option, option]);
  }
  if (question.type === 'elenco') {
    rows.push([texts.fields, question.fields.map((field) => field.label).join(' · ')]);
    const field = question.fields[draft.field];
    if (draft.hasField && field)
      rows.push([draft.total ? texts.totalOf : texts.field, field.label]);
  }
  if (draft.hasPhrase && draft.phrase) rows.push([texts.phrase, draft.phrase]);
  return (
    // On a phone the terms stand above their values: beside them, the longest term («Questa
    // casella vale») left the values a third of the width and broke keys mid-word.
    <Box
      as="dl"
      display="grid"
      gridTemplateColumns={{ base: '1fr', sm: 'auto 1fr' }}
      columnGap="12"
      rowGap={{ base: '0', sm: '2' }}
      minW="0"
    >
      {rows.map(([term, value]) => (
        <Box key={term} display="contents">
          <Box as="dt" fontWeight="semibold" color="navy.800">
            {term}
          </Box>
          <Box
            as="dd"
            color="navy.900"
            overflowWrap="anywhere"
            minW="0"
            mb={{ base: '2', sm: '0' }}
          >
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

export function TypeSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: ProposedType;
  onChange(type: ProposedType): void;
}) {
  const types = TYPE_ORDER.includes(value) ? TYPE_ORDER : [...TYPE_ORDER, value];
  return (
    <Field.Root mb="20">
      <Field.Label fontWeight="semibold" color="navy.800">
        {label}
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          bg="white"
          borderColor="navy.300"
          value={value}
          onChange={(event) => onChange(event.target.value as ProposedType)}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {TYPE_NAMES[type] ?? type}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

interface DetailEditorProps {
  question: QuestionDraft;
  draft: BlankDraft;
  problems: Record<string, string>;
  blankId: string;
  onQuestion(change: Partial<QuestionDraft>): void;
  onBlank(change: Partial<BlankDraft>): void;
}

/** A `scelta`: the options, one a line, and which of them this box stands for. */
export function ChoiceEditor({
  question,
  draft,
  problems,
  blankId,
  onQuestion,
  onBlank,
}: DetailEditorProps) {
  const key = draft.question;
  const optionsProblem = problems[`q:${key}.options`];
  const optionProblem = problems[`b:${blankId}.option`];
  return (
    <Stack gap="4">
      <Field.Root invalid={Boolean(optionsProblem)}>
        <Field.Label fontWeight="semibold" color="navy.800">
          {texts.options}
        </Field.Label>
        <Textarea
          bg="white"
          borderColor="navy.300"
          rows={Math.max(3, question.options.length)}
          value={question.options.join('\n')}
          aria-invalid={optionsProblem ? true : undefined}
          onChange={(event) => onQuestion({ options: event.target.value.split('\n') })}
        />
        <Field.HelperText color="navy.700">{texts.optionsHelp}</Field.HelperText>
        <Box minH="20">
          <Field.ErrorText color="red.700">{optionsProblem}</Field.ErrorText>
        </Box>
      </Field.Root>
      <Checkbox.Root
        checked={question.multiple}
        onCheckedChange={({ checked }) => onQuestion({ multiple: checked === true })}
        colorPalette="navy"
        mb="12"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control borderColor="navy.500" />
        <Checkbox.Label fontWeight="normal" color="navy.900">
          {texts.multiple}
        </Checkbox.Label>
      </Checkbox.Root>
      {draft.hasOption ? (
        <IndexSelect
          label={texts.option}
          value={draft.option}
          items={question.options.map((option) => option.trim())}
          error={optionProblem}
          onChange={(option) => onBlank({ option })}
        />
      ) : null}
    </Stack>
  );
}

/** An `elenco`: the fields of each item, and which of them this blank fills. */
export function ListEditor({
  question,
  draft,
  problems,
  blankId,
  questionKey,
  onQuestion,
  onBlank,
}: DetailEditorProps & { questionKey: string }) {
  const fieldsProblem = problems[`q:${questionKey}.fields`];
  const setField = (index: number, change: Partial<QuestionDraft['fields'][number]>) =>
    onQuestion({
      fields: question.fields.map((field, at) => (at === index ? { ...field, ...change } : field)),
    });
  return (
    <Stack as="fieldset" gap="4" minW="0">
      <Text as="legend" fontWeight="semibold" color="navy.800" mb="8">
        {texts.fields}
      </Text>
      {question.fields.map((field, index) => {
        const at = `q:${questionKey}.fields.${index}`;
        return (
          // Fields have no identity but their place: a rename must not remount the inputs.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Stack key={index} gap="0" borderTopWidth="1px" borderColor="beige.300" pt="8">
            <TextField
              label={texts.fieldLabel(index + 1)}
              value={field.label}
              error={problems[`${at}.label`]}
              aria-invalid={problems[`${at}.label`] ? true : undefined}
              onChange={(event) => setField(index, { label: event.target.value })}
            />
            <TextField
              label={texts.fieldVariable(index + 1)}
              value={field.variable}
              error={problems[`${at}.variable`]}
              aria-invalid={problems[`${at}.variable`] ? true : undefined}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(event) => setField(index, { variable: event.target.value })}
            />
            <TypeSelect
              label={texts.fieldType(index + 1)}
              value={field.type}
              onChange={(type) => setField(index, { type })}
            />
            <Box>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  onQuestion({ fields: question.fields.filter((_, at) => at !== index) })
                }
              >
                {texts.removeField(index + 1)}
              </Button>
            </Box>
          </Stack>
        );
      })}
      <Box>
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            onQuestion({ fields: [...question.fields, { variable: '', label: '', type: 'testo' }] })
          }
        >
          {texts.addField}
        </Button>
      </Box>
      {fieldsProblem ? (
        <Text color="red.700" aria-invalid="true" tabIndex={-1}>
          {fieldsProblem}
        </Text>
      ) : null}
      {draft.hasField ? (
        <IndexSelect
          label={draft.total ? texts.totalOf : texts.field}
          value={draft.field}
          items={question.fields.map((field) => field.label.trim() || field.variable)}
          error={problems[`b:${blankId}.field`]}
          onChange={(field) => onBlank({ field })}
        />
      ) : null}
    </Stack>
  );
}

/** A choice among the lines of a list (options, fields), kept by place so renames follow. */
function IndexSelect({
  label,
  value,
  items,
  error,
  onChange,
}: {
  label: string;
  value: number;
  items: string[];
  error: string | undefined;
  onChange(index: number): void;
}) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label fontWeight="semibold" color="navy.800">
        {label}
      </Field.Label>
      <NativeSelect.Root size="lg">
        <NativeSelect.Field
          bg="white"
          borderColor="navy.300"
          value={String(value)}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(Number(event.target.value))}
        >
          <option value="-1">—</option>
          {items.map((item, index) =>
            item ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list
              <option key={index} value={String(index)}>
                {item}
              </option>
            ) : null,
          )}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Box minH="20">
        <Field.ErrorText color="red.700">{error}</Field.ErrorText>
      </Box>
    </Field.Root>
  );
}
