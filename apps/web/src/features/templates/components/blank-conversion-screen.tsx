import { Box, Heading, HStack, RadioGroup, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage, isApiError } from '../../../lib/api-client.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useMasterFilesStore, useTemplateDraftStore } from '../../../lib/storage.ts';
import { toaster } from '../../../lib/toaster.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import {
  type BlankDraft,
  type ChoicesState,
  choiceProblems,
  choicesOf,
  initialChoices,
  type QuestionDraft,
  questionUses,
} from '../blank-choices.ts';
import {
  convertBlanks,
  groupBlanks,
  type InspectedBlank,
  type Inspection,
  inspectionQuery,
  type MasterSource,
  masterFileOf,
  mergeQuestions,
  splitParagraph,
} from '../blanks.ts';
import { keepDraftOnLeave, pickedFiles, trackDraftEditor } from '../draft.ts';
import { ChoiceEditor, ListEditor, ProposalSummary, TypeSelect } from './blank-proposal-fields.tsx';

const texts = it.web.blankConversion;

/** The master form's URL, keeping the edited template's id. */
function useBackToForm() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const templateId = search.get('id') ?? '';
  return () => {
    keepDraftOnLeave();
    void navigate(templateId ? `${PATHS.newTemplate}?id=${templateId}` : PATHS.newTemplate);
  };
}

/**
 * «Converti gli spazi vuoti»: the master's blanks, each in its paragraph with the question it
 * should become; the accepted ones turn into tags in a new master file, and their questions join
 * the draft's list. Nothing is stored until the master form is saved.
 */
export function BlankConversionScreen() {
  const [search] = useSearchParams();
  const templateId = search.get('id') ?? '';
  const storedName = useMasterFilesStore((state) => state.value.file_name);
  const backToForm = useBackToForm();
  const heading = useRef<HTMLHeadingElement>(null);
  usePageTitle(texts.title);

  useEffect(trackDraftEditor, []);
  useEffect(() => heading.current?.focus(), []);

  // The file picked in the form wins over the stored master of an edited template.
  const [source] = useState<MasterSource | null>(() => {
    if (pickedFiles.master) return { kind: 'file', file: pickedFiles.master };
    if (templateId && storedName) return { kind: 'stored', templateId };
    return null;
  });
  const inspection = useQuery({
    ...inspectionQuery(source ?? { kind: 'stored', templateId: '' }, storedName),
    enabled: source !== null,
  });

  let body: ReactNode;
  if (!source) {
    body = <Ending message={texts.noMaster} onBack={backToForm} />;
  } else if (inspection.isPending) {
    body = (
      <Stack gap="8">
        <PageLoader />
        <Text color="navy.700" textAlign="center">
          {texts.loading}
        </Text>
      </Stack>
    );
  } else if (inspection.isError) {
    body = (
      <Stack gap="16" align="start">
        <AppAlert kind="error">{errorMessage(inspection.error)}</AppAlert>
        <HStack gap="12" wrap="wrap">
          <Button loading={inspection.isFetching} onClick={() => void inspection.refetch()}>
            {texts.retry}
          </Button>
          <Button variant="outline" onClick={backToForm}>
            {texts.back}
          </Button>
        </HStack>
      </Stack>
    );
  } else if (inspection.data.blanks.length === 0) {
    body = <Ending message={texts.empty} onBack={backToForm} />;
  } else {
    body = <ConversionForm inspection={inspection.data} onLeave={backToForm} />;
  }

  return (
    <Box maxW="900px" minW="0">
      <Heading
        as="h1"
        ref={heading}
        tabIndex={-1}
        textStyle="3xl"
        color="navy.800"
        mb="24"
        _focusVisible={{ outline: '2px solid', outlineColor: 'navy.500' }}
      >
        {texts.title}
      </Heading>
      {body}
    </Box>
  );
}

function Ending({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <Stack gap="16" align="start">
      <AppAlert kind="info">{message}</AppAlert>
      <Button onClick={onBack}>{texts.back}</Button>
    </Stack>
  );
}

function ConversionForm({ inspection, onLeave }: { inspection: Inspection; onLeave: () => void }) {
  const { blanks, master } = inspection;
  const [state, setState] = useState<ChoicesState>(() => initialChoices(blanks));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const errorBox = useRef<HTMLDivElement>(null);
  const draftQuestions = useTemplateDraftStore((store) => store.value.json_questions);
  const setDraft = useTemplateDraftStore((store) => store.set);
  const uses = useMemo(() => questionUses(state), [state]);
  const parts = useMemo(() => groupBlanks(blanks), [blanks]);
  const chosen = Object.values(state.blanks).filter((blank) => blank.convert).length;

  const convert = useMutation({
    meta: { silent: true },
    mutationFn: () => convertBlanks(master, choicesOf(blanks, state)),
    onSuccess: (result) => {
      pickedFiles.master = masterFileOf(result);
      const merged = mergeQuestions(draftQuestions as TQuestion[], result.questions);
      setDraft({ json_questions: merged.questions });
      const skipped = new Set(result.skipped);
      const converted = blanks.filter(
        ({ id }) => state.blanks[id]?.convert && !skipped.has(id),
      ).length;
      const sentences = [
        texts.converted(converted),
        merged.added.length > 0 ? texts.questionsAdded(merged.added.length) : '',
        merged.kept.length > 0 ? texts.questionsKept(merged.kept.join(', ')) : '',
        texts.masterReplaced(result.fileName),
      ];
      toaster.create({
        type: 'success',
        title: it.toast.successTitle,
        description: sentences.filter(Boolean).join(' '),
      });
      onLeave();
    },
    onError: () => setTimeout(() => errorBox.current?.focus(), 0),
  });

  const updateQuestion = (key: string, change: Partial<QuestionDraft>) =>
    setState((current) => {
      const question = current.questions[key];
      if (!question) return current;
      return { ...current, questions: { ...current.questions, [key]: { ...question, ...change } } };
    });
  const updateBlank = (id: string, change: Partial<BlankDraft>) =>
    setState((current) => {
      const blank = current.blanks[id];
      if (!blank) return current;
      return { ...current, blanks: { ...current.blanks, [id]: { ...blank, ...change } } };
    });

  const submit = () => {
    convert.reset();
    const found = choiceProblems(state);
    setProblems(found);
    if (chosen === 0) {
      setProblems({ all: texts.nothingChosen });
      setTimeout(() => errorBox.current?.focus(), 0);
      return;
    }
    const keys = Object.keys(found);
    if (keys.length > 0) {
      // The rows holding a problem open, so the first wrong field can take the focus.
      const toOpen: Record<string, boolean> = {};
      for (const [id, blank] of Object.entries(state.blanks)) {
        if (!blank.convert) continue;
        if (
          keys.some((key) => key.startsWith(`q:${blank.question}.`) || key.startsWith(`b:${id}.`))
        )
          toOpen[id] = true;
      }
      setOpen((current) => ({ ...current, ...toOpen }));
      setTimeout(() => {
        const first = document.querySelector<HTMLElement>(
          '[data-blank-conversion] [aria-invalid="true"]',
        );
        (first ?? errorBox.current)?.focus();
      }, 0);
      return;
    }
    convert.mutate();
  };

  const errors = problems.all
    ? [problems.all]
    : Object.keys(problems).length > 0
      ? [texts.invalid]
      : convert.isError
        ? isApiError(convert.error)
          ? convert.error.messages
          : [errorMessage(convert.error)]
        : [];

  return (
    <Stack gap="24" data-blank-conversion="">
      <Text color="navy.800">{texts.intro}</Text>
      <Text role="status" fontWeight="semibold" color="navy.800">
        {texts.counters(blanks.length, chosen)}
      </Text>
      {parts.map(({ file, part, paragraphs }) => (
        <Box
          as="section"
          key={file}
          bg="white"
          borderWidth="1px"
          borderColor="beige.300"
          rounded="md"
          p={{ base: '12', md: '24' }}
          minW="0"
        >
          <Heading as="h2" textStyle="xl" color="navy.800" mb="16">
            {part}
          </Heading>
          <Stack gap="16">
            {paragraphs.map((paragraph) => (
              <Stack
                as="ul"
                key={paragraph[0]?.id}
                gap="12"
                listStyleType="none"
                borderLeftWidth="3px"
                borderColor="beige.300"
                ps={{ base: '8', md: '16' }}
              >
                {paragraph.map((blank, index) => (
                  <BlankRow
                    key={blank.id}
                    blank={blank}
                    position={index + 1}
                    total={paragraph.length}
                    state={state}
                    uses={uses}
                    problems={problems}
                    open={open[blank.id] ?? false}
                    onOpen={(value) => setOpen((current) => ({ ...current, [blank.id]: value }))}
                    onQuestion={updateQuestion}
                    onBlank={updateBlank}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        </Box>
      ))}
      <Box ref={errorBox} tabIndex={-1} outline="none">
        {errors.length > 0 ? (
          <Stack gap="8">
            {errors.map((message) => (
              <AppAlert key={message} kind="error">
                {message}
              </AppAlert>
            ))}
          </Stack>
        ) : null}
      </Box>
      <HStack gap="12" wrap="wrap">
        <Button onClick={submit} loading={convert.isPending}>
          {texts.convert}
        </Button>
        <Button variant="outline" onClick={onLeave} disabled={convert.isPending}>
          {texts.cancel}
        </Button>
      </HStack>
    </Stack>
  );
}

interface BlankRowProps {
  blank: InspectedBlank;
  position: number;
  total: number;
  state: ChoicesState;
  uses: Map<string, number>;
  problems: Record<string, string>;
  open: boolean;
  onOpen(open: boolean): void;
  onQuestion(key: string, change: Partial<QuestionDraft>): void;
  onBlank(id: string, change: Partial<BlankDraft>): void;
}

/** One blank: its paragraph with the blank marked, the question it becomes, and what to do. */
function BlankRow({
  blank,
  position,
  total,
  state,
  uses,
  problems,
  open,
  onOpen,
  onQuestion,
  onBlank,
}: BlankRowProps) {
  const id = useId();
  const draft = state.blanks[blank.id];
  const question = draft ? state.questions[draft.question] : undefined;
  if (!draft || !question) return null;
  const [before, marked, after] = splitParagraph(blank);
  const others = (uses.get(draft.question) ?? 1) - 1;
  const paragraphId = `${id}-paragraph`;
  const numberId = `${id}-number`;
  const editorId = `${id}-editor`;
  const problemOf = (field: string) => problems[`q:${draft.question}.${field}`];

  return (
    <Box
      as="li"
      aria-labelledby={total > 1 ? `${numberId} ${paragraphId}` : paragraphId}
      bg="beige.50"
      rounded="md"
      p={{ base: '8', md: '12' }}
      minW="0"
    >
      <Stack gap="8">
        {total > 1 ? (
          <Text id={numberId} textStyle="sm" color="navy.700">
            {texts.blankNumber(position, total)}
          </Text>
        ) : null}
        <Text id={paragraphId} color="navy.900" overflowWrap="anywhere" whiteSpace="pre-wrap">
          {before}
          <Box as="mark" bg="yellow.200" color="navy.900" px="2" rounded="sm">
            <VisuallyHidden>{`${texts.blank}: `}</VisuallyHidden>
            {marked}
          </Box>
          {after}
        </Text>

        {draft.convert && !open ? <ProposalSummary question={question} draft={draft} /> : null}
        {!draft.convert ? (
          <Text color="navy.700">{blank.proposal ? texts.skipped : texts.noProposal}</Text>
        ) : null}
        {others > 0 && draft.convert ? (
          <Text textStyle="sm" color="navy.700">
            {texts.shared(others)}
          </Text>
        ) : null}

        <HStack gap="16" wrap="wrap" align="center">
          <RadioGroup.Root
            colorPalette="navy"
            aria-label={`${texts.action}: ${texts.blankNumber(position, total)}`}
            value={draft.convert ? 'convert' : 'skip'}
            onValueChange={({ value }) => {
              const convert = value === 'convert';
              onBlank(blank.id, { convert });
              // A blank without a proposal needs one typed before it can be converted.
              if (convert && !question.variable) onOpen(true);
            }}
          >
            <HStack gap="16" wrap="wrap">
              <RadioGroup.Item value="convert">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{texts.accept}</RadioGroup.ItemText>
              </RadioGroup.Item>
              <RadioGroup.Item value="skip">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{texts.skip}</RadioGroup.ItemText>
              </RadioGroup.Item>
            </HStack>
          </RadioGroup.Root>
          {draft.convert ? (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={open}
              aria-controls={open ? editorId : undefined}
              aria-label={open ? texts.closeEdit : texts.editLabel(position, total)}
              onClick={() => onOpen(!open)}
            >
              {open ? texts.closeEdit : texts.edit}
            </Button>
          ) : null}
        </HStack>

        {draft.convert && open ? (
          <Stack id={editorId} gap="4" pt="8" minW="0">
            <TextField
              label={texts.question}
              value={question.question}
              error={problemOf('question')}
              aria-invalid={problemOf('question') ? true : undefined}
              onChange={(event) => onQuestion(draft.question, { question: event.target.value })}
            />
            <TextField
              label={texts.variable}
              value={question.variable}
              error={problemOf('variable')}
              aria-invalid={problemOf('variable') ? true : undefined}
              autoCapitalize="off"
              spellCheck={false}
              onChange={(event) => onQuestion(draft.question, { variable: event.target.value })}
            />
            <TypeSelect
              label={texts.type}
              value={question.type}
              onChange={(type) => onQuestion(draft.question, { type })}
            />
            {question.type === 'scelta' ? (
              <ChoiceEditor
                question={question}
                draft={draft}
                problems={problems}
                blankId={blank.id}
                onQuestion={(change) => onQuestion(draft.question, change)}
                onBlank={(change) => onBlank(blank.id, change)}
              />
            ) : null}
            {question.type === 'elenco' ? (
              <ListEditor
                question={question}
                draft={draft}
                problems={problems}
                questionKey={draft.question}
                blankId={blank.id}
                onQuestion={(change) => onQuestion(draft.question, change)}
                onBlank={(change) => onBlank(blank.id, change)}
              />
            ) : null}
            {draft.hasPhrase ? (
              <TextField
                label={texts.phrase}
                helperText={texts.phraseHelp}
                value={draft.phrase}
                error={problems[`b:${blank.id}.phrase`]}
                aria-invalid={problems[`b:${blank.id}.phrase`] ? true : undefined}
                onChange={(event) => onBlank(blank.id, { phrase: event.target.value })}
              />
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  );
}
