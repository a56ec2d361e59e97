import { Box, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useEffect, useMemo } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { TextareaField } from '../../../components/form/textarea-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useTemplateDraftStore } from '../../../lib/storage.ts';
import { keepDraftOnLeave, trackDraftEditor } from '../draft.ts';
import { emptyQuestionForm, type QuestionForm, toQuestionForm } from '../question-form.ts';
import { LIST_PROBLEMS_PATH, questionFormSchema } from '../question-form-schema.ts';
import { QUESTION_TYPES } from '../typed-question-form.ts';
import { ChoiceOptionsFields } from './choice-options-fields.tsx';
import { PartyFields } from './party-fields.tsx';
import { ConditionsFields } from './question-conditions-fields.tsx';
import { TemplateGuide } from './template-guide.tsx';
import {
  FormTextField,
  ListSettingsFields,
  RequiredSwitch,
  TypeSelect,
  TypeSettingsFields,
  useErrorAt,
} from './typed-question-fields.tsx';

const texts = it.web.questionEditor;

/** What this question's type asks beyond the text and key: options, settings, an elenco's fields. */
function TypeSpecificFields() {
  const type = useWatch<QuestionForm, 'type'>({ name: 'type' });
  if (type === 'scelta') return <ChoiceOptionsFields />;
  return (
    <>
      <TypeSettingsFields type={type} prefix="" label={(text) => text} />
      {type === 'elenco' ? <ListSettingsFields /> : null}
    </>
  );
}

/** The problems the question adds to the list (a condition on a later question, …). */
function ListProblems() {
  const problems = useErrorAt(LIST_PROBLEMS_PATH);
  return problems ? (
    <AppAlert kind="error" title={texts.listProblems}>
      {problems}
    </AppAlert>
  ) : null;
}

/**
 * SPEC §2/§5 upload questions: edits one question of the draft, then back to the master. The form
 * is checked by the shared question rules (question-form-schema.ts); a field common to every type
 * goes in the first Stack below, a type's own settings in TypeSettingsFields.
 */
export function QuestionEditorScreen() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const templateId = search.get('id') ?? '';
  const questions = useTemplateDraftStore((state) => state.value.json_questions) as TQuestion[];
  const setDraft = useTemplateDraftStore((state) => state.set);
  const indexParam = search.get('index');
  const index = indexParam !== null && questions[Number(indexParam)] ? Number(indexParam) : null;
  const editing = index === null ? undefined : questions[index];
  const resolver = useMemo(
    () => zodResolver(questionFormSchema({ questions, index })),
    [questions, index],
  );
  const form = useForm<QuestionForm, unknown, TQuestion>({
    defaultValues: editing ? toQuestionForm(editing) : emptyQuestionForm,
    resolver,
  });
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

  const save = form.handleSubmit((question) => {
    const next =
      index === null
        ? [...questions, question]
        : questions.map((current, position) => (position === index ? question : current));
    setDraft({ json_questions: next });
    goBack();
  });

  return (
    <Box maxW="800px" minW="0">
      <Box mb="16">
        <RouterLink to={backPath} onClick={() => keepDraftOnLeave()}>
          {texts.back}
        </RouterLink>
      </Box>
      <PageTitle>{it.web.titles.uploadQuestions}</PageTitle>
      <Box mb="16">
        <TemplateGuide />
      </Box>
      <FormProvider {...form}>
        <form noValidate onSubmit={save}>
          <Stack gap="12">
            <QuestionTextField />
            <FormTextField path="variable" label={texts.variable} required isKey />
            <FormTextField path="description" label={texts.description} />
            <TypeSelect path="type" label={texts.type} types={QUESTION_TYPES} />
            <TypeSpecificFields />
            <RequiredSwitch path="obbligatoria" />
            <PartyFields />
            <ConditionsFields earlier={earlier} />
            <ListProblems />
            <Box>
              <Button type="submit">{texts.save}</Button>
            </Box>
          </Stack>
        </form>
      </FormProvider>
    </Box>
  );
}

/** The question's text, on several lines: questions are often long. */
function QuestionTextField() {
  const { register } = useFormContext<QuestionForm>();
  const error = useErrorAt('question');
  return <TextareaField label={texts.question} required error={error} {...register('question')} />;
}
