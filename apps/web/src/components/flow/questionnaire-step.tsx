import { Box, Center, chakra, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { flowTiming } from '../../lib/flow-timing.ts';
import type { NewContract } from '../../lib/storage.ts';
import { PageLoader } from '../feedback/page-loader.tsx';
import { PageTitle } from '../feedback/page-title.tsx';
import { NextQuestionError } from './next-question-error.tsx';
import { ProgressBar, QuestionForm } from './question-form.tsx';

const texts = it.web.purchase;

/** The one answer being changed alone from the summary (issue 11). */
export type SummaryEdit = NonNullable<NewContract['editing']>;

/** The answers the next question is asked from: without the one being changed alone. */
export function answersToAsk(answers: TAnswers, editing: SummaryEdit | undefined): TAnswers {
  if (!editing) return answers;
  return Object.fromEntries(Object.entries(answers).filter(([key]) => key !== editing.variable));
}

/** The given answers of `variables`, kept as drafts to show filled when they are asked again. */
export function draftsOf(answers: TAnswers, variables: readonly string[]): TAnswers {
  return Object.fromEntries(
    variables.flatMap((key) => {
      const given = Object.hasOwn(answers, key) ? answers[key] : undefined;
      return given === undefined ? [] : [[key, given] as const];
    }),
  );
}

/** 'Indietro': the last answer is dropped and kept as a draft, shown when it is asked again. */
export function takeBackLast(
  answers: TAnswers,
  drafts: TAnswers | undefined,
): { answers: TAnswers; drafts: TAnswers } {
  const entries = Object.entries(answers);
  const last = entries[entries.length - 1];
  return {
    answers: Object.fromEntries(entries.slice(0, -1)),
    drafts: last ? { ...drafts, [last[0]]: last[1] } : { ...drafts },
  };
}

/** The loading logo shown between two questions of the staged flow. */
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

export interface QuestionnaireStepProps {
  title: string;
  maxQuestions: number;
  /** What the next question is asked from (`answersToAsk`): the progress counts these. */
  asking: TAnswers;
  /** Every answer given: the one being changed is shown filled. */
  answers: TAnswers;
  /** Answers taken back ('Indietro', a change in the summary): shown filled when re-asked. */
  drafts?: TAnswers;
  editing?: SummaryEdit;
  /** The next question after `asking`; null when the questionnaire is finished. */
  next: UseQueryResult<TNextQuestion | null>;
  /** The lawyer's flow: words appear one by one and a logo pulses between questions (SPEC §4). */
  staged: boolean;
  /** A pause after an answer: the loader shows although the next question may be there. */
  waiting?: boolean;
  saving: boolean;
  finishedText: string;
  /** A new answer, after those of `asking`. */
  onAnswer(variable: string, value: TAnswerValue): void;
  /** The new value of the answer being changed alone (`editing`). */
  onChange(variable: string, value: TAnswerValue): void;
  onBack(): void;
  /** Said under the title, before the question (a draft resumed on an older version). */
  notice?: ReactNode;
  /** Offered above a question being asked (not changed alone): «Scegli dall'anagrafica». */
  questionAction?(question: TNextQuestion): ReactNode;
  /** Changed when the drafts are refilled from outside, so the question shows them again. */
  refill?: number;
}

/**
 * One step of the questionnaire, the same for the lawyer's flow and the staff's try-out: the
 * progress, then the loader, the failure of the next question, or the question itself (choices,
 * typed fields, an `elenco`) filled with the draft or the answer being changed.
 */
export function QuestionnaireStep({
  title,
  maxQuestions,
  asking,
  answers,
  drafts,
  editing,
  next,
  staged,
  waiting = false,
  saving,
  finishedText,
  onAnswer,
  onChange,
  onBack,
  notice,
  questionAction,
  refill = 0,
}: QuestionnaireStepProps) {
  const given = Object.keys(asking).length;

  let body: ReactNode;
  if (waiting || next.isPending) body = staged ? <LoadingLogo /> : <PageLoader />;
  else if (next.isError) {
    body = (
      <NextQuestionError
        error={next.error}
        retrying={next.isFetching || saving}
        onRetry={() => void next.refetch()}
        onBack={given > 0 ? onBack : undefined}
      />
    );
  } else if (next.data === null) body = <Text role="status">{finishedText}</Text>;
  else {
    const question = next.data;
    const changing = editing?.variable === question.variable;
    body = (
      <>
        {changing ? (
          <Text role="note" color="navy.700" mb="12">
            {editing.dependence === 'count'
              ? texts.editCountMayDiscard(question.label_plurale ?? question.question)
              : texts.editOnlyThis}
          </Text>
        ) : null}
        <QuestionForm
          key={`${question.variable}:${refill}`}
          question={question}
          wordDelayMs={staged ? flowTiming().wordDelayMs : 0}
          saving={saving}
          canGoBack={changing || given > 0}
          initial={changing ? answers[question.variable] : drafts?.[question.variable]}
          onAnswer={(value) =>
            changing ? onChange(question.variable, value) : onAnswer(question.variable, value)
          }
          onBack={onBack}
        />
        {/* After the question and its answers: read and reached with Tab once the question is
            known, and the answer's own controls stay the first stop after the title. */}
        {!changing && questionAction ? <Box mt="16">{questionAction(question)}</Box> : null}
      </>
    );
  }

  return (
    <>
      <PageTitle>{title}</PageTitle>
      {notice ? <Box mb="16">{notice}</Box> : null}
      <ProgressBar given={given} max={maxQuestions} />
      <Box bg="white" borderRadius="md" p={{ base: '16', md: '32' }}>
        {body}
      </Box>
    </>
  );
}
