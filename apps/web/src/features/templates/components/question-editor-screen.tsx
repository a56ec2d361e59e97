import { Box, Checkbox, chakra, Heading, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TQuestion, TQuestionType } from '@lexpath/shared/schemas/questions';
import { useEffect, useId, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useTemplateDraftStore } from '../../../lib/storage.ts';
import { keepDraftOnLeave, trackDraftEditor } from '../draft.ts';
import {
  type ConditionPair,
  emptyQuestionForm,
  hasErrors,
  type QuestionForm,
  type QuestionFormErrors,
  toConditions,
  toggleAnswer,
  toQuestion,
  toQuestionForm,
  validateConditions,
  validateQuestionForm,
} from '../question-form.ts';
import {
  buildTypedQuestion,
  checkTypedQuestion,
  QUESTION_TYPES,
  type TypedErrors,
} from '../typed-question-form.ts';
import {
  ListSettingsFields,
  RequiredSwitch,
  SelectField,
  TypeSettingsFields,
  typeChoices,
} from './typed-question-fields.tsx';

const texts = it.web.questionEditor;

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
              <Checkbox.Label fontWeight="normal">{choice}</Checkbox.Label>
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

/** SPEC §2/§5 upload questions: edits one question of the draft, then back to the master. */
export function QuestionEditorScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const templateId = search.get('id') ?? '';
  const questions = useTemplateDraftStore((state) => state.value.json_questions) as TQuestion[];
  const setDraft = useTemplateDraftStore((state) => state.set);
  const indexParam = search.get('index');
  const index = indexParam !== null && questions[Number(indexParam)] ? Number(indexParam) : null;
  const editing = index === null ? undefined : questions[index];
  const [form, setForm] = useState<QuestionForm>(() =>
    editing ? toQuestionForm(editing) : emptyQuestionForm,
  );
  const [errors, setErrors] = useState<QuestionFormErrors>({});
  const [typedErrors, setTypedErrors] = useState<TypedErrors>({});
  const [problems, setProblems] = useState<string[]>([]);
  // SPEC §5: conditions may reference only earlier questions; DESIGN §12: a pair reads the
  // answer of a multiple choice or the number of items of an `elenco`.
  const earlier = (index === null ? questions : questions.slice(0, index)).filter(
    (q) => q.type === undefined || q.type === 'scelta' || q.type === 'elenco',
  );

  useEffect(trackDraftEditor, []);

  const backPath = templateId
    ? `${PATHS.newTemplate}?id=${encodeURIComponent(templateId)}`
    : PATHS.newTemplate;
  const goBack = () => {
    keepDraftOnLeave();
    void navigate(backPath);
  };

  const update = (patch: Partial<QuestionForm>) => setForm((current) => ({ ...current, ...patch }));
  const isList = (variable: string) =>
    earlier.some((q) => q.variable === variable && q.type === 'elenco');
  const setPair = (conditionIndex: number, pairIndex: number, patch: Partial<ConditionPair>) =>
    update({
      conditions: form.conditions.map((pairs, c) =>
        c === conditionIndex
          ? pairs.map((pair, p) => (p === pairIndex ? { ...pair, ...patch } : pair))
          : pairs,
      ),
    });

  /** A typed question (DESIGN §12), checked by the shared schema and question-list rules. */
  const typedQuestion = (type: Exclude<TQuestionType, 'scelta'>, otherKeys: string[]) => {
    const conditionErrors = validateConditions(form);
    const built = buildTypedQuestion(
      { ...form, type, required_answers: toConditions(form) },
      editing,
    );
    const checked = checkTypedQuestion(built.question, questions, index);
    const found: TypedErrors = { ...checked.errors, ...built.errors };
    const duplicate = otherKeys.includes(built.question.variable)
      ? it.questions.keyDuplicate(built.question.variable)
      : undefined;
    if (duplicate) found.variable ??= duplicate;
    setErrors({
      ...conditionErrors,
      ...(found.question ? { question: found.question } : {}),
      ...(found.variable ? { variable: found.variable } : {}),
    });
    setTypedErrors(found);
    const listProblems = checked.problems.filter((problem) => problem !== duplicate);
    setProblems(listProblems);
    const valid =
      !hasErrors(conditionErrors) && Object.keys(found).length === 0 && listProblems.length === 0;
    return valid ? built.question : undefined;
  };

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const otherKeys = questions.filter((_, position) => position !== index).map((q) => q.variable);
    let question: TQuestion | undefined;
    if (form.type === 'scelta') {
      const found = validateQuestionForm(form, otherKeys);
      setErrors(found);
      if (hasErrors(found)) return;
      question = toQuestion(form, editing);
    } else {
      question = typedQuestion(form.type, otherKeys);
      if (!question) return;
    }
    const next =
      index === null
        ? [...questions, question]
        : questions.map((current, position) => (position === index ? question : current));
    setDraft({ json_questions: next });
    goBack();
  };

  return (
    <Box maxW="800px">
      <Box mb="16">
        <RouterLink to={backPath} onClick={() => keepDraftOnLeave()}>
          {texts.back}
        </RouterLink>
      </Box>
      <PageTitle>{it.web.titles.uploadQuestions}</PageTitle>
      <form noValidate onSubmit={save}>
        <Stack gap="12">
          <TextareaField
            label={texts.question}
            required
            value={form.question}
            error={errors.question}
            onChange={(event) => update({ question: event.target.value })}
          />
          <TextField
            label={texts.variable}
            required
            value={form.variable}
            error={errors.variable}
            onChange={(event) => update({ variable: event.target.value.replace(/\s/g, '_') })}
          />
          <TextField
            label={texts.description}
            value={form.description}
            onChange={(event) => update({ description: event.target.value })}
          />
          <SelectField
            label={texts.type}
            value={form.type}
            choices={typeChoices(QUESTION_TYPES)}
            onChange={(type) => update({ type: type as TQuestionType })}
          />
          {form.type === 'scelta' ? null : (
            <TypeSettingsFields
              type={form.type}
              settings={form.settings}
              errors={typedErrors}
              prefix=""
              label={(text) => text}
              onChange={(patch) => update({ settings: { ...form.settings, ...patch } })}
            />
          )}
          {form.type === 'elenco' ? (
            <ListSettingsFields
              list={form.list}
              errors={typedErrors}
              onChange={(list) => update({ list })}
            />
          ) : null}
          {form.type !== 'scelta' ? null : (
            <>
              <Box as="fieldset">
                <Heading as="legend" textStyle="md" color="navy.800" mb="8">
                  {texts.options}
                </Heading>
                <Stack gap="4">
                  {form.options.map((option, position) => (
                    <HStack key={`option-${position.toString()}`} align="flex-start">
                      <TextField
                        label={texts.option(position + 1)}
                        value={option}
                        error={errors.optionItems?.[position]}
                        onChange={(event) =>
                          update({
                            options: form.options.map((current, p) =>
                              p === position ? event.target.value : current,
                            ),
                          })
                        }
                      />
                      <Button
                        size="xs"
                        variant="outline"
                        mt="32"
                        onClick={() =>
                          update({ options: form.options.filter((_, p) => p !== position) })
                        }
                      >
                        {texts.removeOption(position + 1)}
                      </Button>
                    </HStack>
                  ))}
                </Stack>
                {errors.options ? (
                  <Text role="alert" color="red.700">
                    {errors.options}
                  </Text>
                ) : null}
                <Button
                  size="sm"
                  variant="secondary"
                  mt="8"
                  onClick={() => update({ options: [...form.options, ''] })}
                >
                  {texts.addOption}
                </Button>
              </Box>
              <Switch.Root
                checked={form.is_multiple_selection}
                onCheckedChange={({ checked }) => update({ is_multiple_selection: checked })}
                colorPalette="navy"
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{texts.multiple}</Switch.Label>
              </Switch.Root>
            </>
          )}
          <RequiredSwitch
            checked={form.obbligatoria}
            onChange={(obbligatoria) => update({ obbligatoria })}
          />
          <Box as="fieldset">
            <Heading as="legend" textStyle="md" color="navy.800" mb="8">
              {texts.conditions}
            </Heading>
            <Text color="navy.700" mb="8">
              {texts.conditionsHelp}
            </Text>
            <Stack gap="12">
              {form.conditions.map((pairs, conditionIndex) => (
                <Box
                  key={`condition-${conditionIndex.toString()}`}
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
                    {pairs.map((pair, pairIndex) => {
                      const picked = earlier.find((q) => q.variable === pair.variable);
                      return (
                        <Box key={`pair-${pairIndex.toString()}`}>
                          {pairIndex > 0 ? (
                            <Text color="navy.800">{it.web.masterForm.and}</Text>
                          ) : null}
                          <Stack gap="4">
                            <SelectField
                              label={texts.conditionQuestion}
                              value={pair.variable}
                              placeholder={texts.selectQuestion}
                              choices={earlier.map((q) => ({
                                value: q.variable,
                                label: q.question,
                              }))}
                              onChange={(variable) =>
                                setPair(conditionIndex, pairIndex, {
                                  variable,
                                  answers: [],
                                  stored: undefined,
                                  count: isList(variable) ? '1' : undefined,
                                })
                              }
                            />
                            {pair.count !== undefined ? (
                              <TextField
                                label={texts.conditionCount}
                                inputMode="numeric"
                                value={pair.count}
                                error={errors.pairs?.[`${conditionIndex}.${pairIndex}`]}
                                onChange={(event) =>
                                  setPair(conditionIndex, pairIndex, { count: event.target.value })
                                }
                              />
                            ) : (
                              <AnswersField
                                options={picked?.options ?? []}
                                answers={pair.answers}
                                error={errors.pairs?.[`${conditionIndex}.${pairIndex}`]}
                                onChange={(answers) =>
                                  setPair(conditionIndex, pairIndex, { answers })
                                }
                              />
                            )}
                          </Stack>
                        </Box>
                      );
                    })}
                  </Stack>
                  <HStack gap="8" mt="8">
                    <Button
                      size="xs"
                      variant="secondary"
                      onClick={() =>
                        update({
                          conditions: form.conditions.map((current, c) =>
                            c === conditionIndex
                              ? [...current, { variable: '', answers: [] }]
                              : current,
                          ),
                        })
                      }
                    >
                      {texts.addPair}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() =>
                        update({
                          conditions: form.conditions.filter((_, c) => c !== conditionIndex),
                        })
                      }
                    >
                      {texts.removeCondition}
                    </Button>
                  </HStack>
                </Box>
              ))}
            </Stack>
            <Button
              size="sm"
              variant="secondary"
              mt="8"
              disabled={earlier.length === 0}
              onClick={() =>
                update({ conditions: [...form.conditions, [{ variable: '', answers: [] }]] })
              }
            >
              {texts.addCondition}
            </Button>
          </Box>
          {problems.length > 0 ? (
            <AppAlert kind="error" title={texts.listProblems}>
              {problems.join(' ')}
            </AppAlert>
          ) : null}
          <Box>
            <Button type="submit">{texts.save}</Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
