import { Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { FlowLayout, type FlowStep, useAllowLeave } from '../../../components/flow/flow-layout.tsx';
import { NextQuestionError } from '../../../components/flow/next-question-error.tsx';
import { ProgressBar, QuestionForm } from '../../../components/flow/question-form.tsx';
import { RecapCard } from '../../../components/flow/recap-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { flowTiming } from '../../../lib/flow-timing.ts';
import { PATHS } from '../../../lib/paths.ts';
import { emptyNewContract, useNewContractStore } from '../../../lib/storage.ts';
import { templateQueries, useDownloadTestMutation } from '../api.ts';

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
 * tab), otherwise what 'Prova' stored. Answers live only in the session store: the try-out
 * creates no contract.
 */
function useTryOut() {
  const [params] = useSearchParams();
  const stored = useNewContractStore((state) => state.value);
  const setContract = useNewContractStore((state) => state.set);
  const fromUrl = params.get('id') ?? '';
  const templateId = fromUrl || stored.type;

  useEffect(() => {
    if (fromUrl && fromUrl !== stored.type) setContract({ ...emptyNewContract, type: fromUrl });
  }, [fromUrl, stored.type, setContract]);

  const template = useQuery({ ...templateQueries.detail(templateId), enabled: templateId !== '' });
  const answers = fromUrl && fromUrl !== stored.type ? {} : stored.answers;
  const withId = (path: string) => `${path}?id=${encodeURIComponent(templateId)}`;
  return {
    templateId,
    template,
    title: template.data?.name ?? stored.title,
    maxQuestions: template.data?.max_questions ?? stored.maxQuestions,
    answers,
    setAnswers: (next: TAnswers) => setContract({ type: templateId, answers: next }),
    withId,
  };
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

/** One question at a time, without the staged text and pauses the lawyers get (SPEC §4). */
export function TryOutQuestionnaireScreen() {
  const navigate = useNavigate();
  const { templateId, title, maxQuestions, answers, setAnswers, withId } = useTryOut();
  const next = useQuery({
    ...templateQueries.nextQuestion(templateId, answers),
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

  const entries = Object.entries(answers);
  let body: ReactNode;
  if (next.isPending) body = <PageLoader />;
  else if (next.isError) {
    body = (
      <NextQuestionError
        error={next.error}
        retrying={next.isFetching}
        onRetry={() => void next.refetch()}
        onBack={
          entries.length > 0
            ? () => setAnswers(Object.fromEntries(entries.slice(0, -1)))
            : undefined
        }
      />
    );
  } else if (next.data === null) body = <Text role="status">{texts.finished}</Text>;
  else {
    const question = next.data;
    body = (
      <QuestionForm
        key={question.variable}
        question={question}
        wordDelayMs={0}
        saving={false}
        canGoBack={entries.length > 0}
        onAnswer={(value) => setAnswers({ ...answers, [question.variable]: value })}
        onBack={() => setAnswers(Object.fromEntries(entries.slice(0, -1)))}
      />
    );
  }

  return (
    <>
      <PageTitle>{title || it.web.titles.questionnaire}</PageTitle>
      <ProgressBar given={entries.length} max={maxQuestions} />
      <Box bg="white" borderRadius="md" p={{ base: '16', md: '32' }}>
        {body}
      </Box>
    </>
  );
}

/** The answers given, each editable after a confirmation that drops the later ones. */
export function TryOutSummaryScreen() {
  const navigate = useNavigate();
  const { templateId, template, answers, setAnswers, withId } = useTryOut();
  const [editing, setEditing] = useState<number | null>(null);

  if (templateId === '') return <NoTemplate title={it.web.titles.summary} />;

  const questions = new Map(
    (template.data?.json_questions ?? []).map((question) => [question.variable, question.question]),
  );
  const entries = Object.entries(answers);

  return (
    <>
      <PageTitle>{it.web.titles.summary}</PageTitle>
      {template.isPending ? <PageLoader /> : null}
      {entries.length === 0 ? <Text>{texts.noAnswers}</Text> : null}
      {/* The recap cards' questions are h3: the outline goes h1 → h2 → h3 (issue 12). */}
      <Heading as="h2" textStyle="lg" color="navy.800" mt="16">
        {it.web.purchase.answers}
      </Heading>
      <Stack as="ul" aria-label={it.web.purchase.answers} gap="12" my="16">
        {entries.map(([variable, answer], index) => (
          <RecapCard
            key={variable}
            question={questions.get(variable) ?? variable}
            answer={answer}
            onEdit={() => setEditing(index)}
          />
        ))}
      </Stack>
      <Flex justify="flex-end">
        <Button variant="primary" onClick={() => navigate(withId(PATHS.templatePreview))}>
          {texts.toPreview}
        </Button>
      </Flex>
      <ConfirmDialog
        open={editing !== null}
        title={texts.editTitle}
        onConfirm={() => {
          if (editing === null) return;
          setAnswers(Object.fromEntries(entries.slice(0, editing)));
          setEditing(null);
          navigate(withId(PATHS.templateQuestionnaire));
        }}
        onClose={() => setEditing(null)}
      >
        {texts.editText}
      </ConfirmDialog>
    </>
  );
}

/** Instead of paying, the staff download the .docx built from their answers, after a notice. */
export function TryOutPreviewScreen() {
  const { templateId, answers } = useTryOut();
  const allowLeave = useAllowLeave();
  const download = useDownloadTestMutation();
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
