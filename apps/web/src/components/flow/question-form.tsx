import { Box, Checkbox, chakra, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { type FormEvent, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { AnimatedText } from './animated-text.tsx';

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
  onAnswer(value: string | string[]): void;
  onBack(): void;
}

export function QuestionForm({
  question,
  wordDelayMs,
  saving,
  canGoBack,
  onAnswer,
  onBack,
}: QuestionFormProps) {
  const [single, setSingle] = useState<string | null>(null);
  const [multiple, setMultiple] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const errorId = `${question.variable}-error`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = question.is_multiple_selection ? multiple : single;
    if (value === null || value.length === 0) {
      setError(it.validation.required);
      return;
    }
    onAnswer(value);
  }

  return (
    <form onSubmit={submit} noValidate>
      <chakra.fieldset aria-describedby={error ? errorId : undefined}>
        <chakra.legend textStyle="xl" fontWeight="semibold" color="navy.800" mb="8">
          <AnimatedText text={question.question} wordDelayMs={wordDelayMs} />
        </chakra.legend>
        {question.description ? (
          <Text color="navy.700" mb="16">
            {question.description}
          </Text>
        ) : null}
        {question.is_multiple_selection ? (
          <Stack gap="10" mt="8">
            {question.options.map((option) => (
              <Checkbox.Root
                key={option}
                colorPalette="navy"
                checked={multiple.includes(option)}
                onCheckedChange={({ checked }) => {
                  setError(null);
                  setMultiple((list) =>
                    checked === true ? [...list, option] : list.filter((item) => item !== option),
                  );
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control borderColor="navy.500" />
                <Checkbox.Label fontWeight="normal">{option}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        ) : (
          <RadioGroup.Root
            colorPalette="navy"
            value={single}
            onValueChange={({ value }) => {
              setError(null);
              setSingle(value);
            }}
            mt="8"
          >
            <Stack gap="10">
              {question.options.map((option) => (
                <RadioGroup.Item key={option} value={option}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        )}
        <Box minH="24" mt="8">
          {error ? (
            <Text id={errorId} color="red.700" role="alert">
              {error}
            </Text>
          ) : null}
        </Box>
      </chakra.fieldset>
      <Stack direction="row" gap="8" mt="16">
        <Button variant="outline" onClick={onBack} disabled={!canGoBack || saving}>
          {texts.back}
        </Button>
        <Button type="submit" variant="primary" loading={saving}>
          {texts.next}
        </Button>
      </Stack>
    </form>
  );
}
