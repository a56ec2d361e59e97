import { Box, Center, chakra, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswerChangeResult } from '@lexpath/shared/schemas/contracts';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { NextQuestionError } from '../../../components/flow/next-question-error.tsx';
import { ProgressBar, QuestionForm } from '../../../components/flow/question-form.tsx';
import { flowTiming, prefersReducedMotion } from '../../../lib/flow-timing.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore, useSessionStore } from '../../../lib/storage.ts';
import {
  newIdempotencyKey,
  purchaseQueries,
  useChangeAnswerMutation,
  useSaveContractMutation,
  useStartContractMutation,
} from '../api.ts';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;

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

/** The answers without one: what the questionnaire asks from when that one is being changed. */
function withoutAnswer(answers: TAnswers, variable: string): TAnswers {
  return Object.fromEntries(Object.entries(answers).filter(([key]) => key !== variable));
}

/**
 * One question at a time (SPEC §4): each answer is saved and the next question fetched; back
 * drops the last answer; when there is no next question the summary follows after 2 s. An answer
 * changed from the summary that nothing depends on (issue 11) is asked alone: the server keeps
 * the other answers, and back returns to the summary with nothing changed.
 */
export function QuestionnaireScreen() {
  const navigate = useNavigate();
  const contract = useNewContractStore((state) => state.value);
  const setContract = useNewContractStore((state) => state.set);
  const role = useSessionStore((state) => state.user?.role);
  const staged = role === 'user' && !prefersReducedMotion();
  const [pausing, setPausing] = useState(false);
  const editing = contract.editing;
  const asking = editing ? withoutAnswer(contract.answers, editing.variable) : contract.answers;
  const next = useQuery({
    ...purchaseQueries.nextQuestion(contract.type, asking),
    enabled: contract.type !== '',
  });
  const start = useStartContractMutation();
  const save = useSaveContractMutation();
  const change = useChangeAnswerMutation();
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

  // Remember each question asked, so the summary can format its answer by type.
  const asked = next.data ?? null;
  useEffect(() => {
    if (!asked || contract.questions?.[asked.variable]) return;
    setContract({ questions: { ...contract.questions, [asked.variable]: asked } });
  }, [asked, contract.questions, setContract]);

  if (contract.type === '') return <NoContract title={it.web.titles.questionnaire} />;

  const entries = Object.entries(asking);

  /** Back: the last answer is dropped, and kept as a draft to show when it is asked again. */
  function goBack() {
    if (editing) {
      setContract({ editing: undefined });
      navigate(PATHS.summary);
      return;
    }
    const last = entries[entries.length - 1];
    if (last) setContract({ drafts: { ...contract.drafts, [last[0]]: last[1] } });
    saveAnswers(Object.fromEntries(entries.slice(0, -1)), false);
  }

  function saveAnswers(answers: TAnswers, pause: boolean) {
    const saved = (id: string) => {
      setContract({ id, answers });
      if (pause && staged) setPausing(true);
    };
    // The first answer creates the document (issue 12): a card clicked and left makes no draft.
    if (contract.id === '') {
      start.mutate(
        { templateId: contract.type, answers, idempotencyKey: newIdempotencyKey() },
        { onSuccess: ({ id }) => saved(id) },
      );
      return;
    }
    save.mutate({ id: contract.id, answers }, { onSuccess: () => saved(contract.id) });
  }

  /** The changed answer, saved by the server's rule: the summary again, or what is left to ask. */
  function saveChange(variable: string, value: TAnswerValue) {
    change.mutate(
      { id: contract.id, variable, value },
      {
        onSuccess: (result: TAnswerChangeResult) => {
          const drafts = Object.fromEntries(
            result.discarded.flatMap((key) => {
              const given = contract.answers[key];
              return given === undefined ? [] : [[key, given] as const];
            }),
          );
          setContract({
            answers: result.answers,
            editing: undefined,
            drafts: { ...contract.drafts, ...drafts },
          });
          if (result.discarded.length === 0) navigate(PATHS.summary);
        },
      },
    );
  }

  let body: React.ReactNode;
  if (pausing || next.isPending) body = staged ? <LoadingLogo /> : <PageLoader />;
  else if (next.isError) {
    body = (
      <NextQuestionError
        error={next.error}
        retrying={next.isFetching || save.isPending || start.isPending}
        onRetry={() => void next.refetch()}
        onBack={entries.length > 0 ? goBack : undefined}
      />
    );
  } else if (next.data === null) body = <Text role="status">{texts.finished}</Text>;
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
          key={question.variable}
          question={question}
          wordDelayMs={staged ? flowTiming().wordDelayMs : 0}
          saving={save.isPending || change.isPending || start.isPending}
          canGoBack={changing || entries.length > 0}
          initial={
            changing ? contract.answers[question.variable] : contract.drafts?.[question.variable]
          }
          onAnswer={(value) =>
            changing
              ? saveChange(question.variable, value)
              : saveAnswers({ ...contract.answers, [question.variable]: value }, true)
          }
          onBack={goBack}
        />
      </>
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
