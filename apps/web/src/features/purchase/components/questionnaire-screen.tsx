import { Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { isLawyerRole } from '@lexpath/shared/parties';
import { ROLES } from '@lexpath/shared/roles';
import type { TAnswerChangeResult } from '@lexpath/shared/schemas/contracts';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import {
  answersToAsk,
  draftsOf,
  QuestionnaireStep,
  takeBackLast,
} from '../../../components/flow/questionnaire-step.tsx';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { flowTiming, prefersReducedMotion } from '../../../lib/flow-timing.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore, useSessionStore } from '../../../lib/storage.ts';
import {
  newIdempotencyKey,
  useChangeAnswerMutation,
  useFillPartyMutation,
  useSaveContractMutation,
  useStartContractMutation,
} from '../api.ts';
import { NoContract } from './no-contract.tsx';
import { PartyPicker } from './party-picker.tsx';

const texts = it.web.purchase;
const pickerTexts = it.partyPicker;

type FilledParty = { names: string; filled: { variable: string; question: string }[] };

/** The party just filled from the register: which answers it gave, to check them. */
function FilledNotice({ party }: { party: FilledParty }) {
  if (party.filled.length === 0)
    return <AppAlert kind="info">{pickerTexts.filledNone(party.names)}</AppAlert>;
  return (
    <AppAlert kind="success" title={pickerTexts.filled(party.names, party.filled.length)}>
      <Stack gap="4">
        <Stack as="ul" gap="2" ps="16">
          {party.filled.map((each) => (
            <Text as="li" key={each.variable}>
              {each.question}
            </Text>
          ))}
        </Stack>
        <Text>{pickerTexts.filledHint}</Text>
      </Stack>
    </AppAlert>
  );
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
  const staged = role === ROLES.user && !prefersReducedMotion();
  const [pausing, setPausing] = useState(false);
  const editing = contract.editing;
  const asking = answersToAsk(contract.answers, editing);
  const next = useQuery({
    ...contractQueries.next(contract.type, asking, contract.versionId),
    enabled: contract.type !== '',
  });
  const start = useStartContractMutation();
  const save = useSaveContractMutation();
  const change = useChangeAnswerMutation();
  const fill = useFillPartyMutation();
  const [filledParty, setFilledParty] = useState<FilledParty | null>(null);
  const [refill, setRefill] = useState(0);
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

  // A document whose first question is the lawyer's own (the engagement pack asks the lawyer's
  // name first) starts at once: the server fills the lawyer's facts from their account, so the
  // lawyer is not asked what the platform knows. Any other first answer creates the document.
  const ownFirst =
    role === ROLES.user &&
    contract.id === '' &&
    next.data?.parte !== undefined &&
    isLawyerRole(next.data.parte.ruolo);
  const startedEarly = useRef(false);
  useEffect(() => {
    if (!ownFirst || startedEarly.current) return;
    startedEarly.current = true;
    saveAnswers(contract.answers, false);
  });

  // Remember each question asked, so the summary can format its answer by type.
  const asked = next.data ?? null;
  useEffect(() => {
    if (!asked || contract.questions?.[asked.variable]) return;
    setContract({ questions: { ...contract.questions, [asked.variable]: asked } });
  }, [asked, contract.questions, setContract]);

  if (contract.type === '') return <NoContract title={it.web.titles.questionnaire} />;

  /** Back: the last answer is dropped, and kept as a draft to show when it is asked again. */
  function goBack() {
    if (editing) {
      setContract({ editing: undefined });
      navigate(PATHS.summary);
      return;
    }
    const taken = takeBackLast(asking, contract.drafts);
    setContract({ drafts: taken.drafts });
    saveAnswers(taken.answers, false);
  }

  function saveAnswers(answers: TAnswers, pause: boolean) {
    const saved = (id: string, kept: TAnswers = answers) => {
      setContract({ id, answers: kept });
      if (pause && staged) setPausing(true);
    };
    // The first answer creates the document (issue 12): a card clicked and left makes no draft.
    // The server may start it with more (the lawyer's own facts): the flow goes on from those.
    if (contract.id === '') {
      start.mutate(
        { templateId: contract.type, answers, idempotencyKey: newIdempotencyKey() },
        { onSuccess: (started) => saved(started.id, started.answers ?? answers) },
      );
      return;
    }
    save.mutate({ id: contract.id, answers }, { onSuccess: () => saved(contract.id) });
  }

  /**
   * «Scegli dall'anagrafica»: the whole party filled in one step and saved as a step's answers;
   * what a question cannot take whole yet becomes its draft. The questionnaire goes on at the
   * first question left (the party's own, completed, when a client lacked a field), and the
   * answers given are listed above it: each one is changed from the summary like any other.
   */
  function pickParty(
    question: TNextQuestion,
    clients: { id: string; nome_visualizzato: string }[],
    done: () => void,
  ) {
    fill.mutate(
      {
        templateId: contract.type,
        versionId: contract.versionId,
        answers: asking,
        question: question.variable,
        clients: clients.map((client) => client.id),
      },
      {
        onSuccess: (result) => {
          done();
          setFilledParty({
            names: clients.map((client) => client.nome_visualizzato).join(', '),
            filled: result.filled,
          });
          setContract({
            drafts: { ...contract.drafts, ...result.drafts },
            fromRegister: [
              ...(contract.fromRegister ?? []),
              ...result.filled.map((each) => each.variable),
            ],
          });
          setRefill((count) => count + 1);
          if (JSON.stringify(result.answers) !== JSON.stringify(asking))
            saveAnswers(result.answers, false);
        },
      },
    );
  }

  /** The changed answer, saved by the server's rule: the summary again, or what is left to ask. */
  function saveChange(variable: string, value: TAnswerValue) {
    change.mutate(
      { id: contract.id, variable, value },
      {
        onSuccess: (result: TAnswerChangeResult) => {
          setContract({
            answers: result.answers,
            editing: undefined,
            drafts: { ...contract.drafts, ...draftsOf(contract.answers, result.discarded) },
          });
          if (result.discarded.length === 0) navigate(PATHS.summary);
        },
      },
    );
  }

  return (
    <QuestionnaireStep
      title={contract.title || it.web.titles.questionnaire}
      maxQuestions={contract.maxQuestions}
      asking={asking}
      answers={contract.answers}
      drafts={contract.drafts}
      editing={editing}
      next={next}
      staged={staged}
      // Starting with the lawyer's facts: the question they fill is not shown (asked after all
      // when the start fails).
      waiting={pausing || (ownFirst && !start.isError)}
      saving={save.isPending || change.isPending || start.isPending}
      finishedText={texts.finished}
      onAnswer={(variable, value) => {
        setFilledParty(null);
        saveAnswers({ ...contract.answers, [variable]: value }, true);
      }}
      onChange={saveChange}
      onBack={goBack}
      notice={
        contract.versionId || filledParty ? (
          <Stack gap="12">
            {contract.versionId ? (
              <AppAlert kind="info">{texts.drafts.newerVersion}</AppAlert>
            ) : null}
            {filledParty ? <FilledNotice party={filledParty} /> : null}
          </Stack>
        ) : null
      }
      refill={refill}
      questionAction={
        role === ROLES.user
          ? (question) =>
              question.parte && !isLawyerRole(question.parte.ruolo) ? (
                <PartyPicker
                  key={question.variable}
                  question={question}
                  pending={fill.isPending || save.isPending || start.isPending}
                  error={fill.error}
                  onPick={(clients, done) => pickParty(question, clients, done)}
                  onReset={() => fill.reset()}
                />
              ) : null
          : undefined
      }
    />
  );
}
