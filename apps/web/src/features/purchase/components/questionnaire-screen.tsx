import { Box, Center, Checkbox, chakra, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../app/paths.ts';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useNewContractStore, useSessionStore } from '../../../lib/storage.ts';
import { purchaseQueries, useSaveContractMutation } from '../api.ts';
import { flowTiming, prefersReducedMotion } from '../flow-timing.ts';
import { AnimatedText } from './animated-text.tsx';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;

function ProgressBar({ given, max }: { given: number; max: number }) {
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

/** The loading logo shown between two questions. */
function LoadingLogo() {
  return (
    <Center minH="200" role="status" aria-label={texts.loadingQuestion}>
      <chakra.svg
        viewBox="0 0 32 32"
        boxSize="64"
        aria-hidden="true"
        animation="pulse 1s ease-in-out infinite"
        _motionReduce={{ animation: 'none' }}
      >
        <rect width="32" height="32" rx="6" fill="#1B2C4A" />
        <path d="M9 7h4v14h10v4H9z" fill="#F7F1E7" />
      </chakra.svg>
    </Center>
  );
}

interface QuestionFormProps {
  question: TNextQuestion;
  animate: boolean;
  saving: boolean;
  canGoBack: boolean;
  onAnswer(value: string | string[]): void;
  onBack(): void;
}

function QuestionForm({
  question,
  animate,
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
          <AnimatedText
            text={question.question}
            wordDelayMs={animate ? flowTiming().wordDelayMs : 0}
          />
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

/**
 * One question at a time (SPEC §4): each answer is saved and the next question fetched; back
 * drops the last answer; when there is no next question the summary follows after 2 s.
 */
export function QuestionnaireScreen() {
  const navigate = useNavigate();
  const contract = useNewContractStore((state) => state.value);
  const setContract = useNewContractStore((state) => state.set);
  const role = useSessionStore((state) => state.user?.role);
  const staged = role === 'user' && !prefersReducedMotion();
  const [pausing, setPausing] = useState(false);
  const next = useQuery({
    ...purchaseQueries.nextQuestion(contract.type, contract.answers),
    enabled: contract.id !== '',
  });
  const save = useSaveContractMutation();
  const finished = next.isSuccess && next.data === null;

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => navigate(PATHS.summary), flowTiming().summaryDelayMs);
    return () => clearTimeout(timer);
  }, [finished, navigate]);

  useEffect(() => {
    if (!pausing) return;
    const timer = setTimeout(() => setPausing(false), flowTiming().loaderMs());
    return () => clearTimeout(timer);
  }, [pausing]);

  if (contract.id === '') return <NoContract title={it.web.titles.questionnaire} />;

  function saveAnswers(answers: TAnswers, pause: boolean) {
    save.mutate(
      { id: contract.id, answers },
      {
        onSuccess: () => {
          setContract({ answers });
          if (pause && staged) setPausing(true);
        },
      },
    );
  }

  const entries = Object.entries(contract.answers);
  let body: React.ReactNode;
  if (pausing || next.isPending) body = staged ? <LoadingLogo /> : <PageLoader />;
  else if (next.isError) body = null;
  else if (next.data === null) body = <Text role="status">{texts.finished}</Text>;
  else {
    const question = next.data;
    body = (
      <QuestionForm
        key={question.variable}
        question={question}
        animate={staged}
        saving={save.isPending}
        canGoBack={entries.length > 0}
        onAnswer={(value) => saveAnswers({ ...contract.answers, [question.variable]: value }, true)}
        onBack={() => saveAnswers(Object.fromEntries(entries.slice(0, -1)), false)}
      />
    );
  }

  return (
    <>
      <PageTitle>{contract.title || it.web.titles.questionnaire}</PageTitle>
      <ProgressBar given={entries.length} max={contract.maxQuestions} />
      <Box bg="white" borderRadius="md" p={{ base: '16', md: '32' }}>
        {body}
      </Box>
    </>
  );
}
