import { Box, Field, Heading, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { computeQuestionRange } from '@lexpath/shared/questionnaire';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { PATHS } from '../../../app/paths.ts';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import {
  type TemplateDraft,
  useMasterFilesStore,
  useTemplateDraftStore,
} from '../../../lib/storage.ts';
import { toaster } from '../../../lib/toaster.ts';
import { saveTemplate, templateQueries, uploadMaster } from '../api.ts';
import { describeConditions, removeQuestion } from '../conditions.ts';
import {
  clearDraft,
  keepDraftOnLeave,
  loadTemplateIntoDraft,
  pickedFiles,
  trackDraftEditor,
} from '../draft.ts';
import {
  checkMasterFiles,
  type MasterFileErrors,
  type TMasterForm,
  ZMasterForm,
} from '../master-form-schema.ts';
import { MasterFilePicker } from './master-file-picker.tsx';

const texts = it.web.masterForm;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="white" borderWidth="1px" borderColor="beige.300" rounded="md" p="24">
      <Heading as="h2" textStyle="xl" color="navy.800" mb="16">
        {title}
      </Heading>
      <Stack gap="8">{children}</Stack>
    </Box>
  );
}

/** The API's messages of a failed save: the lint list of a 422, or the single message. */
function saveErrors(error: unknown): string[] {
  return isApiError(error) ? error.messages : [it.errors.internal];
}

/** The form's fields as the draft holds them. */
function formValuesOf(draft: TemplateDraft): TMasterForm {
  return {
    name: draft.name,
    description: draft.description,
    categoryId: draft.categoryId,
    price: draft.price,
    stripe_url: draft.stripe_url,
    min_questions: draft.min_questions,
    max_questions: draft.max_questions,
    min_time: draft.min_time,
    max_time: draft.max_time,
  };
}

/** SPEC §2/§4/§5 master create and edit ('Inserimento nuovo master'). */
export function MasterFormScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const templateId = search.get('id') ?? '';
  const draft = useTemplateDraftStore((state) => state.value);
  const setDraft = useTemplateDraftStore((state) => state.set);
  const storedFiles = useMasterFilesStore((state) => state.value);
  const setStoredFiles = useMasterFilesStore((state) => state.set);
  const categories = useQuery(templateQueries.categoryOptions());
  const detail = useQuery({ ...templateQueries.detail(templateId), enabled: Boolean(templateId) });
  const [master, setMaster] = useState<File | null>(pickedFiles.master);
  const [preview, setPreview] = useState<File | null>(pickedFiles.preview);
  const [fileErrors, setFileErrors] = useState<MasterFileErrors>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [questionToDelete, setQuestionToDelete] = useState<number | null>(null);
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  // File inputs keep their chosen file in the DOM: a new key empties them.
  const [pickerKey, setPickerKey] = useState(0);
  const questions = draft.json_questions as TQuestion[];

  useEffect(trackDraftEditor, []);

  const range = useMemo(() => {
    try {
      return questions.length > 0 ? computeQuestionRange(questions) : null;
    } catch {
      return null;
    }
  }, [questions]);

  const {
    register,
    handleSubmit,
    getValues,
    watch,
    setValue,
    reset,
    formState: { errors },
  } = useForm<TMasterForm, unknown, z.output<typeof ZMasterForm>>({
    mode: 'onTouched',
    resolver: zodResolver(ZMasterForm),
    defaultValues: formValuesOf(draft),
  });

  const pick = (role: 'master' | 'preview', file: File | null) => {
    pickedFiles[role] = file;
    if (role === 'master') setMaster(file);
    else setPreview(file);
    setFileErrors({});
  };

  const storeDraft = () => setDraft(getValues());

  const withQuery = (path: string, extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...(templateId ? { id: templateId } : {}), ...extra });
    return query.size > 0 ? `${path}?${query}` : path;
  };

  const openQuestionEditor = (index?: number) => {
    storeDraft();
    keepDraftOnLeave();
    void navigate(
      withQuery(PATHS.uploadQuestions, index === undefined ? {} : { index: String(index) }),
    );
  };

  const saveDraft = () => {
    storeDraft();
    toaster.create({
      type: 'success',
      title: it.toast.successTitle,
      description: texts.draftSaved,
    });
  };

  /**
   * 'Svuota il modulo': a new master goes back to empty (SPEC §4 reset); an edited one goes back
   * to its saved values, loaded as Modifica loads them. A failed load is toasted by the query cache.
   */
  const clearForm = async () => {
    setClearing(true);
    try {
      if (templateId) {
        loadTemplateIntoDraft(await queryClient.fetchQuery(templateQueries.detail(templateId)));
      } else {
        clearDraft();
      }
    } catch {
      return;
    } finally {
      setClearing(false);
      setConfirmingClear(false);
    }
    reset(formValuesOf(useTemplateDraftStore.getState().value));
    pick('master', null);
    pick('preview', null);
    setPickerKey((key) => key + 1);
    setServerErrors([]);
    toaster.create({
      type: 'success',
      title: it.toast.successTitle,
      description: templateId ? texts.changesDiscarded : texts.formCleared,
    });
  };

  const finish = handleSubmit(async (values) => {
    const problems = checkMasterFiles(master, preview, storedFiles);
    setFileErrors(problems);
    if (problems.master || problems.preview) return;
    setDraft(values);
    setServerErrors([]);
    setSaving(true);
    try {
      let names = { file_name: storedFiles.file_name, preview_name: storedFiles.preview_name };
      let warnings: string[] = [];
      if (master || preview) {
        const uploaded = await uploadMaster({
          questions,
          master,
          preview,
          fileName: storedFiles.file_name,
          previewName: storedFiles.preview_name,
        });
        names = {
          file_name: uploaded.file_name ?? names.file_name,
          preview_name: uploaded.preview_name ?? names.preview_name,
        };
        warnings = uploaded.warnings;
        setStoredFiles(names);
        pick('master', null);
        pick('preview', null);
      }
      await saveTemplate(templateId, { ...values, ...names, json_questions: questions });
      toaster.create({ type: 'success', title: it.toast.successTitle, description: texts.saved });
      // The lint's warnings (mail-merge fields, loops that repeat a clause) do not block the
      // save; they stay on screen until closed, as the editor has to fix them in Word.
      if (warnings.length > 0) {
        toaster.create({
          type: 'warning',
          title: texts.savedWithWarnings,
          description: warnings.join('\n\n'),
          closable: true,
          duration: Number.POSITIVE_INFINITY,
        });
      }
      void queryClient.invalidateQueries({ queryKey: templateQueries.all });
      void navigate(PATHS.templates);
    } catch (error) {
      setServerErrors(saveErrors(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Box maxW="900px">
      <PageTitle>{it.web.titles.newTemplate}</PageTitle>
      <form noValidate onSubmit={finish}>
        <Stack gap="24">
          <Section title={texts.generalData}>
            <TextField
              label={texts.name}
              required
              error={errors.name?.message}
              {...register('name')}
            />
            <Field.Root invalid={Boolean(errors.description)} required>
              <Field.Label fontWeight="semibold" color="navy.800">
                {texts.description}
              </Field.Label>
              <Textarea bg="white" borderColor="navy.300" rows={4} {...register('description')} />
              <Box minH="20">
                <Field.ErrorText color="red.700">{errors.description?.message}</Field.ErrorText>
              </Box>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.categoryId)} required>
              <Field.Label fontWeight="semibold" color="navy.800">
                {texts.category}
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  bg="white"
                  name="categoryId"
                  // Controlled: the stored category stays chosen once the options arrive.
                  value={watch('categoryId')}
                  onChange={(event) =>
                    setValue('categoryId', event.target.value, { shouldValidate: true })
                  }
                >
                  <option value="">{texts.selectCategory}</option>
                  {(categories.data ?? []).map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Box minH="20">
                <Field.ErrorText color="red.700">{errors.categoryId?.message}</Field.ErrorText>
              </Box>
            </Field.Root>
          </Section>

          <Section title={texts.documentData}>
            {range ? (
              <Text color="navy.700">{texts.computedRange(range.min, range.max)}</Text>
            ) : null}
            <HStack gap="16" align="flex-start">
              <TextField
                label={texts.minQuestions}
                inputMode="numeric"
                placeholder={range ? String(range.min) : undefined}
                error={errors.min_questions?.message}
                {...register('min_questions')}
              />
              <TextField
                label={texts.maxQuestions}
                inputMode="numeric"
                placeholder={range ? String(range.max) : undefined}
                error={errors.max_questions?.message}
                {...register('max_questions')}
              />
            </HStack>
            <HStack gap="16" align="flex-start">
              <TextField
                label={texts.minTime}
                inputMode="numeric"
                error={errors.min_time?.message}
                {...register('min_time')}
              />
              <TextField
                label={texts.maxTime}
                inputMode="numeric"
                error={errors.max_time?.message}
                {...register('max_time')}
              />
            </HStack>
          </Section>

          <Section title={texts.paymentData}>
            <TextField
              label={texts.price}
              inputMode="numeric"
              required
              error={errors.price?.message}
              {...register('price')}
            />
            <TextField
              label={texts.stripeUrl}
              type="url"
              error={errors.stripe_url?.message}
              {...register('stripe_url')}
            />
          </Section>

          <Section title={texts.masterFiles}>
            <MasterFilePicker
              key={`master-${pickerKey}`}
              label={texts.master}
              file={master}
              storedTitle={
                storedFiles.file_name ? (detail.data?.file_title ?? storedFiles.file_name) : ''
              }
              error={fileErrors.master}
              onPick={(file) => pick('master', file)}
            />
            <MasterFilePicker
              key={`preview-${pickerKey}`}
              label={texts.preview}
              file={preview}
              storedTitle={
                storedFiles.preview_name
                  ? (detail.data?.preview_title ?? storedFiles.preview_name)
                  : ''
              }
              error={fileErrors.preview}
              onPick={(file) => pick('preview', file)}
            />
          </Section>

          <Section title={texts.questionList}>
            {questions.length === 0 ? <Text color="navy.800">{texts.noQuestions}</Text> : null}
            <Stack as="ol" gap="8" listStyleType="none">
              {questions.map((question, index) => (
                <Box
                  as="li"
                  key={question.variable}
                  borderWidth="1px"
                  borderColor="beige.300"
                  rounded="md"
                  p="12"
                >
                  <HStack justify="space-between" align="flex-start" gap="12">
                    <Box>
                      <Text fontWeight="semibold" color="navy.800">
                        {`${index + 1}. ${question.question}`}
                      </Text>
                      <Text color="navy.700">{`${question.variable}: ${(question.options ?? []).join(', ')}`}</Text>
                      {question.required_answers.length > 0 ? (
                        <Text color="navy.700">
                          {texts.conditionsSummary(describeConditions(question.required_answers))}
                        </Text>
                      ) : null}
                    </Box>
                    <HStack gap="8">
                      <Button
                        size="xs"
                        variant="secondary"
                        aria-label={`${texts.editQuestion} ${question.variable}`}
                        onClick={() => openQuestionEditor(index)}
                      >
                        {texts.editQuestion}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`${texts.deleteQuestion} ${question.variable}`}
                        onClick={() => setQuestionToDelete(index)}
                      >
                        {texts.deleteQuestion}
                      </Button>
                    </HStack>
                  </HStack>
                </Box>
              ))}
            </Stack>
            {questions.length > 0 ? (
              <Box>
                <Button variant="secondary" onClick={() => openQuestionEditor()}>
                  {texts.addQuestion}
                </Button>
              </Box>
            ) : null}
          </Section>

          {serverErrors.length > 0 ? (
            <Stack gap="8">
              {serverErrors.map((message) => (
                <AppAlert key={message} kind="error">
                  {message}
                </AppAlert>
              ))}
            </Stack>
          ) : null}

          <HStack gap="12" wrap="wrap">
            {questions.length === 0 ? (
              <Button onClick={() => openQuestionEditor()}>{texts.saveAndGoToQuestions}</Button>
            ) : (
              <>
                <Button variant="secondary" onClick={saveDraft}>
                  {texts.saveDraft}
                </Button>
                <Button type="submit" loading={saving}>
                  {texts.saveAndFinish}
                </Button>
              </>
            )}
            <Button variant="outline" onClick={() => setConfirmingClear(true)}>
              {texts.clearForm}
            </Button>
          </HStack>
        </Stack>
      </form>
      <ConfirmDialog
        open={questionToDelete !== null}
        title={texts.deleteQuestionTitle}
        onClose={() => setQuestionToDelete(null)}
        onConfirm={() => {
          if (questionToDelete !== null) {
            setDraft({ json_questions: removeQuestion(questions, questionToDelete) });
          }
          setQuestionToDelete(null);
        }}
      >
        {texts.deleteQuestionText}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmingClear}
        title={texts.clearFormTitle}
        confirmLabel={texts.clearFormConfirm}
        pending={clearing}
        onClose={() => setConfirmingClear(false)}
        onConfirm={() => void clearForm()}
      >
        {texts.clearFormText}
      </ConfirmDialog>
    </Box>
  );
}
