import { Box, Checkbox, chakra, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useId } from 'react';
import { useController, useFieldArray } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type ConditionPair, type QuestionForm, toggleAnswer } from '../question-form.ts';
import { SelectField, useErrorAt } from './typed-question-fields.tsx';

const texts = it.web.questionEditor;

const emptyPair = (): ConditionPair => ({ variable: '', answers: [] });

/**
 * The answers that satisfy a pair: any of the ticked ones (a condition value may list several).
 * A fieldset of checkboxes: each is reachable with Tab and toggled with Space.
 */
function AnswersField({
  options,
  answers,
  error,
  onChange,
}: {
  options: readonly string[];
  answers: readonly string[];
  error?: string | undefined;
  onChange(answers: string[]): void;
}) {
  const errorId = useId();
  // A stored answer that is no longer an option stays visible, so it can be unticked.
  const choices = [...options, ...answers.filter((answer) => !options.includes(answer))];
  return (
    <chakra.fieldset flex="1" minW="0" aria-describedby={error ? errorId : undefined}>
      <chakra.legend color="navy.800" fontWeight="medium" textStyle="sm" mb="6">
        {texts.conditionAnswer}
      </chakra.legend>
      {choices.length === 0 ? (
        <Text color="navy.700">{texts.selectQuestion}</Text>
      ) : (
        <Stack gap="6" pl="4">
          {choices.map((choice) => (
            <Checkbox.Root
              key={choice}
              colorPalette="navy"
              checked={answers.includes(choice)}
              onCheckedChange={({ checked }) =>
                onChange(toggleAnswer(answers, choice, checked === true, options))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control borderColor="navy.500" />
              <Checkbox.Label fontWeight="normal" overflowWrap="anywhere">
                {choice}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
      <Box minH="20">
        {error ? (
          <Text id={errorId} color="red.700" textStyle="sm">
            {error}
          </Text>
        ) : null}
      </Box>
    </chakra.fieldset>
  );
}

/**
 * One pair of a condition: an earlier question, then the answers that satisfy it, or for an
 * `elenco` the least number of items (DESIGN §12). Picking another question starts it afresh.
 */
function PairEditor({
  path,
  earlier,
  first,
}: {
  path: `conditions.${number}.pairs.${number}`;
  earlier: readonly TQuestion[];
  first: boolean;
}) {
  const { field } = useController<QuestionForm, typeof path>({ name: path });
  const pair = field.value;
  const error = useErrorAt(path);
  const picked = earlier.find((q) => q.variable === pair.variable);
  const update = (patch: Partial<ConditionPair>) => field.onChange({ ...pair, ...patch });
  return (
    <Box>
      {first ? null : <Text color="navy.800">{it.web.masterForm.and}</Text>}
      <Stack gap="4">
        <SelectField
          label={texts.conditionQuestion}
          value={pair.variable}
          placeholder={texts.selectQuestion}
          choices={earlier.map((q) => ({ value: q.variable, label: q.question }))}
          onChange={(variable) =>
            field.onChange({
              variable,
              answers: [],
              stored: undefined,
              count: earlier.some((q) => q.variable === variable && q.type === 'elenco')
                ? '1'
                : undefined,
            })
          }
        />
        {pair.count !== undefined ? (
          <TextField
            label={texts.conditionCount}
            inputMode="numeric"
            value={pair.count}
            error={error}
            onChange={(event) => update({ count: event.target.value })}
          />
        ) : (
          <AnswersField
            options={picked?.options ?? []}
            answers={pair.answers}
            error={error}
            onChange={(answers) => update({ answers })}
          />
        )}
      </Stack>
    </Box>
  );
}

/** One condition (all its pairs hold); after the first, «oppure» says it is an alternative. */
function ConditionEditor({
  conditionIndex,
  earlier,
  onRemove,
}: {
  conditionIndex: number;
  earlier: readonly TQuestion[];
  onRemove(): void;
}) {
  const { fields, append } = useFieldArray<QuestionForm, `conditions.${number}.pairs`>({
    name: `conditions.${conditionIndex}.pairs`,
  });
  return (
    <Box
      role="group"
      aria-label={texts.condition(conditionIndex + 1)}
      borderWidth="1px"
      borderColor="beige.300"
      rounded="md"
      p="12"
    >
      {conditionIndex > 0 ? (
        <Text fontWeight="semibold" color="navy.800" mb="8">
          {it.web.masterForm.or}
        </Text>
      ) : null}
      <Stack gap="4">
        {fields.map((pair, pairIndex) => (
          <PairEditor
            key={pair.id}
            path={`conditions.${conditionIndex}.pairs.${pairIndex}`}
            earlier={earlier}
            first={pairIndex === 0}
          />
        ))}
      </Stack>
      <HStack gap="8" mt="8" wrap="wrap">
        <Button
          size="xs"
          variant="secondary"
          onClick={() => append(emptyPair(), { shouldFocus: false })}
        >
          {texts.addPair}
        </Button>
        <Button size="xs" variant="outline" onClick={onRemove}>
          {texts.removeCondition}
        </Button>
      </HStack>
    </Box>
  );
}

/**
 * When the question is asked (SPEC §5): alternatives of pairs on earlier questions. `earlier`
 * holds those a pair may read: multiple choices and `elenco`s (DESIGN §12).
 */
export function ConditionsFields({ earlier }: { earlier: readonly TQuestion[] }) {
  const { fields, append, remove } = useFieldArray<QuestionForm, 'conditions'>({
    name: 'conditions',
  });
  return (
    <Box as="fieldset" minW="0">
      <Heading as="legend" textStyle="md" color="navy.800" mb="8">
        {texts.conditions}
      </Heading>
      <Text color="navy.700" mb="8">
        {texts.conditionsHelp}
      </Text>
      <Stack gap="12">
        {fields.map((condition, conditionIndex) => (
          <ConditionEditor
            key={condition.id}
            conditionIndex={conditionIndex}
            earlier={earlier}
            onRemove={() => remove(conditionIndex)}
          />
        ))}
      </Stack>
      <Button
        size="sm"
        variant="secondary"
        mt="8"
        disabled={earlier.length === 0}
        onClick={() => append({ pairs: [emptyPair()] }, { shouldFocus: false })}
      >
        {texts.addCondition}
      </Button>
    </Box>
  );
}
