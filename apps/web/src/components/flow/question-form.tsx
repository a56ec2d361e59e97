import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import {
  anotherItem,
  ELENCO_MAX_ITEMS,
  isChoice,
  isRequired,
  itemLabel,
} from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswerValue, TListItem } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useFocusPageTitle } from '../../lib/focus-title.ts';
import { Button } from '../ui/button.tsx';
import { AnimatedText } from './animated-text.tsx';
import {
  type AskedField,
  checkDraft,
  type Draft,
  emptyDraft,
  FieldControl,
  toDraft,
} from './typed-field.tsx';

const texts = it.web.purchase;

/** Answers given over the template's maximum question count (SPEC §4). */
export function ProgressBar({ given, max }: { given: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((given / max) * 100)) : 0;
  return (
    <Box
      role="progressbar"
      aria-label={texts.progress}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}%`}
      h="10"
      bg="beige.200"
      borderRadius="full"
      overflow="hidden"
      mb="24"
    >
      <Box h="100%" w={`${percent}%`} bg="navy.700" transition="width 0.3s" />
    </Box>
  );
}

export interface QuestionFormProps {
  question: TNextQuestion;
  /** Delay between two words of the question; 0 for no animation. */
  wordDelayMs: number;
  saving: boolean;
  canGoBack: boolean;
  /** The answer given before ('Indietro'), shown selected or filled. */
  initial?: TAnswerValue;
  /** The answer in canonical form (DESIGN §12): "1234.50", "2026-11-23", an elenco's items. */
  onAnswer(value: TAnswerValue): void;
  onBack(): void;
}

/** Moves the focus into the first field of the form, so the keyboard alone is enough. */
function useFocusFirstField(enabled: boolean, key: string) {
  const ref = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus when the step (key) changes
  useEffect(() => {
    if (!enabled) return;
    ref.current
      ?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, [data-focus-first]')
      ?.focus();
  }, [enabled, key]);
  return ref;
}

function FormButtons({
  saving,
  canGoBack,
  onBack,
  onSkip,
}: Pick<QuestionFormProps, 'saving' | 'canGoBack' | 'onBack'> & {
  /** An optional question: «Salta» answers it with no answer. */
  onSkip?: () => void;
}) {
  return (
    <Stack direction="row" gap="8" mt="16" wrap="wrap">
      <Button variant="outline" onClick={onBack} disabled={!canGoBack || saving}>
        {texts.back}
      </Button>
      {onSkip ? (
        <Button variant="outline" onClick={onSkip} disabled={saving}>
          {it.optionalAnswers.skip}
        </Button>
      ) : null}
      <Button type="submit" variant="primary" loading={saving}>
        {texts.next}
      </Button>
    </Stack>
  );
}

/** One question: radios or checkboxes for a choice, the type's control for a typed one. */
export function QuestionForm(props: QuestionFormProps) {
  if (props.question.type === 'elenco') return <ListQuestionForm {...props} />;
  return <SingleQuestionForm {...props} />;
}

function SingleQuestionForm({
  question,
  wordDelayMs,
  saving,
  canGoBack,
  initial,
  onAnswer,
  onBack,
}: QuestionFormProps) {
  const field = question as AskedField;
  const [draft, setDraft] = useState<Draft>(() =>
    initial === undefined ? emptyDraft(field) : toDraft(field, initial),
  );
  const [error, setError] = useState<string | null>(null);
  const formRef = useFocusFirstField(!isChoice(field), question.variable);
  // A choice step has no field to type into: the focus goes to the step's title (the pressed
  // «Avanti» is gone), so Tab reaches the first option next.
  useFocusPageTitle(isChoice(field), question.variable);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkDraft(field, draft);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    onAnswer(checked.value);
  }

  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <FieldControl
        field={field}
        id={question.variable}
        label={
          <chakra.span textStyle="xl" display="block" mb="8">
            <AnimatedText text={question.question} wordDelayMs={wordDelayMs} />
          </chakra.span>
        }
        draft={draft}
        error={error}
        onChange={(value) => {
          setError(null);
          setDraft(value);
        }}
      />
      <FormButtons
        saving={saving}
        canGoBack={canGoBack}
        onBack={onBack}
        onSkip={isRequired(field) ? undefined : () => onAnswer(null)}
      />
    </form>
  );
}

type ItemDraft = Record<string, Draft>;

/**
 * An `elenco` (DESIGN §12): the fields of each item ("Conduttore 1"), then «Vuoi aggiungere un
 * altro conduttore?» until `max_items`; the first `min_items` are asked without the question.
 */
function ListQuestionForm({
  question,
  wordDelayMs,
  saving,
  canGoBack,
  initial,
  onAnswer,
  onBack,
}: QuestionFormProps) {
  const fields = (question.fields ?? []) as AskedField[];
  const minItems = question.min_items ?? 1;
  const maxItems = question.max_items ?? ELENCO_MAX_ITEMS;
  const emptyItem = (): ItemDraft =>
    Object.fromEntries(fields.map((field) => [field.variable, emptyDraft(field)]));
  const [items, setItems] = useState<ItemDraft[]>(() => {
    const given = Array.isArray(initial)
      ? initial.filter((item): item is TListItem => typeof item === 'object')
      : [];
    return given.length > 0
      ? given.map((item) =>
          Object.fromEntries(
            fields.map((field) => [
              field.variable,
              Object.hasOwn(item, field.variable)
                ? toDraft(field, item[field.variable])
                : emptyDraft(field),
            ]),
          ),
        )
      : [emptyItem()];
  });
  const startsEmpty = minItems === 0 && !(Array.isArray(initial) && initial.length > 0);
  // With `min_items: 0` the list may have no item: it starts by asking whether there is one
  // (position -1: before the first item).
  const [index, setIndex] = useState(startsEmpty ? -1 : 0);
  const [asking, setAsking] = useState(startsEmpty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useFocusFirstField(true, `${index}-${asking}`);
  const label = itemLabel(question, index + 1);

  function canonical(count: number): TListItem[] {
    return items.slice(0, count).map((item) =>
      Object.fromEntries(
        fields.map((field) => {
          const checked = checkDraft(field, item[field.variable] ?? emptyDraft(field));
          // An optional field left empty is `null` (checkDraft).
          return [field.variable, checked.ok ? checked.value : ''];
        }),
      ),
    );
  }

  function goTo(next: number) {
    setItems((list) => (list.length > next ? list : [...list, emptyItem()]));
    setIndex(next);
    setAsking(false);
    setErrors({});
  }

  function submitItem(event: FormEvent) {
    event.preventDefault();
    const item = items[index] ?? emptyItem();
    const found: Record<string, string> = {};
    for (const field of fields) {
      const checked = checkDraft(field, item[field.variable] ?? emptyDraft(field));
      if (!checked.ok) found[field.variable] = checked.error;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = index + 1;
    if (done < minItems) goTo(done);
    else if (done >= maxItems) onAnswer(canonical(done));
    else setAsking(true);
  }

  function back() {
    setErrors({});
    if (asking && index >= 0) setAsking(false);
    else if (index > 0) setIndex(index - 1);
    else onBack();
  }

  const heading = (
    <chakra.p textStyle="xl" fontWeight="semibold" color="navy.800" mb="8">
      <AnimatedText text={question.question} wordDelayMs={wordDelayMs} />
    </chakra.p>
  );

  if (asking) {
    return (
      <form
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          goTo(index + 1);
        }}
      >
        {heading}
        <Text textStyle="lg" color="navy.800" my="16" id={`${question.variable}-more`}>
          {index < 0
            ? it.optionalAnswers.addFirst(question.label_plurale ?? question.variable)
            : texts.addAnother(anotherItem(question))}
        </Text>
        <Stack
          direction="row"
          gap="8"
          mt="16"
          wrap="wrap"
          aria-labelledby={`${question.variable}-more`}
        >
          <Button variant="outline" onClick={back} disabled={saving || (index < 0 && !canGoBack)}>
            {texts.back}
          </Button>
          <Button type="submit" variant="outline" data-focus-first="" disabled={saving}>
            {texts.addYes}
          </Button>
          <Button variant="primary" loading={saving} onClick={() => onAnswer(canonical(index + 1))}>
            {texts.addNo}
          </Button>
        </Stack>
      </form>
    );
  }

  const item = items[index] ?? emptyItem();
  return (
    <form ref={formRef} onSubmit={submitItem} noValidate>
      {heading}
      {question.description ? (
        <Text color="navy.700" mb="16">
          {question.description}
        </Text>
      ) : null}
      <chakra.fieldset>
        <chakra.legend textStyle="lg" fontWeight="semibold" color="navy.700" mb="12">
          {label}
        </chakra.legend>
        {fields.map((field) => (
          <FieldControl
            key={`${index}-${field.variable}`}
            field={field}
            id={`${question.variable}-${index}-${field.variable}`}
            label={field.question}
            optionalNote={it.optionalAnswers.fieldOptional}
            draft={item[field.variable] ?? emptyDraft(field)}
            error={errors[field.variable] ?? null}
            onChange={(value) => {
              setErrors(({ [field.variable]: _dropped, ...rest }) => rest);
              setItems((list) =>
                list.map((entry, position) =>
                  position === index ? { ...entry, [field.variable]: value } : entry,
                ),
              );
            }}
          />
        ))}
      </chakra.fieldset>
      <FormButtons
        saving={saving}
        canGoBack={canGoBack || index > 0}
        onBack={back}
        onSkip={index === 0 && !isRequired(question) ? () => onAnswer(null) : undefined}
      />
    </form>
  );
}
