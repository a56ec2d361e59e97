import { Box, Flex, Link, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { changeAnswer, removeListItem, summaryAnswers } from '@lexpath/shared/questionnaire';
import type { TAnswers, TAnswerValue, TQuestion } from '@lexpath/shared/schemas/questions';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { FlowLayout, type FlowStep, useAllowLeave } from '../../../components/flow/flow-layout.tsx';
import { ProtectedPreview } from '../../../components/flow/protected-preview.tsx';
import {
  answersToAsk,
  draftsOf,
  QuestionnaireStep,
  takeBackLast,
} from '../../../components/flow/questionnaire-step.tsx';
import {
  SummaryAnswers,
  type SummaryEntry,
  splitAt,
} from '../../../components/flow/summary-answers.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { flowTiming } from '../../../lib/flow-timing.ts';
import { PATHS } from '../../../lib/paths.ts';
import { emptyNewContract, type NewContract, useNewContractStore } from '../../../lib/storage.ts';
import { templateQueries } from '../../../lib/template-queries.ts';
import { previewTestQuery, useDownloadTestMutation } from '../api.ts';

const texts = it.web.tryOut;

const TRY_OUT_PATHS: readonly string[] = [
  PATHS.templateQuestionnaire,
  PATHS.templateSummary,
  PATHS.templatePreview,
];
/** The staff's try-out has no cart: questionnaire, summary, preview. */
const TRY_OUT_STEPS = it.web.purchase.stepNames.slice(0, 3);

const isTryOutPath = (pathname: string) => TRY_OUT_PATHS.includes(pathname);
const hasAnswers = () => Object.keys(useNewContractStore.getState().value.answers).length > 0;

/**
 * The template on trial: the `id` of the URL wins over the session store (a bookmark, a new
 * tab), otherwise what 'Prova' stored. Answers, drafts and the answer being changed live only in
 * the session store: the try-out creates no contract.
 */
function useTryOut() {
  const [params] = useSearchParams();
  const stored = useNewContractStore((state) => state.value);
  const setContract = useNewContractStore((state) => state.set);
  const fromUrl = params.get('id') ?? '';
  const templateId = fromUrl || stored.type;
  const otherTemplate = fromUrl !== '' && fromUrl !== stored.type;

  useEffect(() => {
    if (otherTemplate) setContract({ ...emptyNewContract, type: fromUrl });
  }, [otherTemplate, fromUrl, setContract]);

  const template = useQuery({ ...templateQueries.detail(templateId), enabled: templateId !== '' });
  const withId = (path: string) => `${path}?id=${encodeURIComponent(templateId)}`;
  return {
    templateId,
    template,
    // The stored list passed the question schema when it was saved (ZQuestionList).
    questions: (template.data?.json_questions ?? []) as TQuestion[],
    title: template.data?.name ?? stored.title,
    maxQuestions: template.data?.max_questions ?? stored.maxQuestions,
    answers: otherTemplate ? {} : stored.answers,
    drafts: otherTemplate ? undefined : stored.drafts,
    editing: otherTemplate ? undefined : stored.editing,
    update: (patch: Pick<Partial<NewContract>, 'answers' | 'drafts' | 'editing'>) =>
      setContract({ ...patch, type: templateId }),
    withId,
  };
}

/**
 * The summary's entries as the server gives them to a lawyer (contract detail), computed here by
 * the same shared rules: the try-out has no contract on the server. Answers no question of the
 * master holds (it changed meanwhile) come last, with the SPEC's edit rule.
 */
function summaryEntries(questions: readonly TQuestion[], answers: TAnswers): SummaryEntry[] {
  const known = new Set(questions.map((question) => question.variable));
  const asked = summaryAnswers(questions, answers).map(({ entry }): SummaryEntry => entry);
  const unknown = Object.entries(answers)
    .filter(([variable]) => !known.has(variable))
    .map(
      ([variable, given]): SummaryEntry => ({
        variable,
        question: variable,
        given_answer: given,
        dependence: 'answer',
      }),
    );
  return [...asked, ...unknown];
}

/** The try-out frame: the three steps, 'Abbandona' back to the templates list. */
export function TryOutLayout({ step, children }: { step: FlowStep; children: ReactNode }) {
  return (
    <FlowLayout
      step={step}
      stepNames={TRY_OUT_STEPS}
      isFlowPath={isTryOutPath}
      exitTo={PATHS.templates}
      inProgress={hasAnswers}
    >
      {children}
    </FlowLayout>
  );
}

function NoTemplate({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text color="navy.800">
        {texts.noTemplate}{' '}
        <Link asChild color="navy.700" textDecoration="underline">
          <RouterLink to={PATHS.templates}>{texts.toTemplates}</RouterLink>
        </Link>
      </Text>
    </>
  );
}

/**
 * One question at a time, the lawyer's step without the staged text and pauses (SPEC §4): back
 * refills the answer taken back, and an answer changed alone from the summary follows the shared
 * rule (`changeAnswer`) applied here, as there is no contract on the server.
 */
export function TryOutQuestionnaireScreen() {
  const navigate = useNavigate();
  const { templateId, questions, title, maxQuestions, answers, drafts, editing, update, withId } =
    useTryOut();
  const asking = answersToAsk(answers, editing);
  const next = useQuery({
    ...contractQueries.next(templateId, asking),
    enabled: templateId !== '',
  });
  const finished = next.isSuccess && next.data === null;
  const summaryPath = withId(PATHS.templateSummary);

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => navigate(summaryPath), flowTiming().summaryDelayMs);
    return () => clearTimeout(timer);
  }, [finished, navigate, summaryPath]);

  if (templateId === '') return <NoTemplate title={it.web.titles.questionnaire} />;

  function goBack() {
    if (editing) {
      update({ editing: undefined });
      navigate(summaryPath);
      return;
    }
    update(takeBackLast(asking, drafts));
  }

  function applyChange(variable: string, value: TAnswerValue) {
    const result = changeAnswer(questions, answers, variable, value);
    update({
      answers: result.answers,
      editing: undefined,
      drafts: { ...drafts, ...draftsOf(answers, result.discarded) },
    });
    if (result.discarded.length === 0) navigate(summaryPath);
  }

  return (
    <QuestionnaireStep
      title={title || it.web.titles.questionnaire}
      maxQuestions={maxQuestions}
      asking={asking}
      answers={answers}
      drafts={drafts}
      editing={editing}
      next={next}
      staged={false}
      saving={false}
      finishedText={texts.finished}
      onAnswer={(variable, value) => update({ answers: { ...answers, [variable]: value } })}
      onChange={applyChange}
      onBack={goBack}
    />
  );
}

/** The answers given, changed by the lawyer's summary rules (`SummaryAnswers`), applied here. */
export function TryOutSummaryScreen() {
  const navigate = useNavigate();
  const { templateId, template, questions, answers, drafts, update, withId } = useTryOut();

  if (templateId === '') return <NoTemplate title={it.web.titles.summary} />;

  const entries = template.data ? summaryEntries(questions, answers) : [];
  const byVariable = new Map(questions.map((question) => [question.variable, question]));
  const toQuestionnaire = () => navigate(withId(PATHS.templateQuestionnaire));

  return (
    <>
      <PageTitle>{it.web.titles.summary}</PageTitle>
      {template.isPending ? <PageLoader /> : null}
      {template.isSuccess && entries.length === 0 ? <Text>{texts.noAnswers}</Text> : null}
      <SummaryAnswers
        entries={entries}
        rulesOf={(entry) => byVariable.get(entry.variable)}
        onEditAlone={(entry) => {
          update({ editing: { variable: entry.variable, dependence: entry.dependence } });
          toQuestionnaire();
        }}
        onEditFrom={(index, done) => {
          const taken = splitAt(entries, index);
          update({ answers: taken.kept, drafts: { ...drafts, ...taken.drafts } });
          done();
          toQuestionnaire();
        }}
        onRemoveItem={(entry, index, done) => {
          const result = removeListItem(questions, answers, entry.variable, index);
          done();
          if (!result) return;
          update({
            answers: result.answers,
            drafts: { ...drafts, ...draftsOf(answers, result.discarded) },
          });
          if (result.discarded.length > 0) toQuestionnaire();
        }}
      />
      <Flex justify="flex-end">
        <Button variant="primary" onClick={() => navigate(withId(PATHS.templatePreview))}>
          {texts.toPreview}
        </Button>
      </Flex>
    </>
  );
}

/**
 * The protected preview as the lawyer sees it; instead of paying, the staff download the .docx
 * built from their answers, after a notice.
 */
export function TryOutPreviewScreen() {
  const { templateId, answers } = useTryOut();
  const allowLeave = useAllowLeave();
  const download = useDownloadTestMutation();
  const preview = useQuery({
    ...previewTestQuery(templateId, answers),
    enabled: templateId !== '',
  });
  const [noticeOpen, setNoticeOpen] = useState(false);
  const downloadButton = useRef<HTMLButtonElement>(null);
  const wasDownloading = useRef(false);

  // The dialog hands focus back to a button that is disabled while loading: it lands on the
  // page body, so it goes back to the button once the download is over.
  useEffect(() => {
    if (!download.isPending && wasDownloading.current && document.activeElement === document.body) {
      downloadButton.current?.focus();
    }
    wasDownloading.current = download.isPending;
  }, [download.isPending]);

  if (templateId === '') return <NoTemplate title={it.web.titles.preview} />;

  return (
    <>
      <PageTitle>{it.web.titles.preview}</PageTitle>
      <Box mb="16">
        <AppAlert kind="info">{texts.previewText}</AppAlert>
      </Box>
      <Flex justify="flex-end" direction="column" align="flex-end" gap="8">
        <Button
          ref={downloadButton}
          variant="primary"
          loading={download.isPending}
          onClick={() => setNoticeOpen(true)}
        >
          {texts.download}
        </Button>
        {download.isSuccess ? <Text role="status">{texts.downloaded(download.data)}</Text> : null}
      </Flex>
      <Box mt="16">
        <ProtectedPreview preview={preview} note={texts.previewProtected} />
      </Box>
      <ConfirmDialog
        open={noticeOpen}
        title={texts.downloadNoticeTitle}
        confirmLabel={texts.downloadConfirm}
        onClose={() => setNoticeOpen(false)}
        onConfirm={() => {
          setNoticeOpen(false);
          allowLeave();
          download.mutate({ templateId, answers });
        }}
      >
        {texts.downloadNoticeText}
      </ConfirmDialog>
    </>
  );
}
