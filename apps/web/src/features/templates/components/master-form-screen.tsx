import { Box, HStack, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { it } from '@lexpath/shared/messages/it';
import { computeQuestionRange } from '@lexpath/shared/questionnaire';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import {
  type DraftCompanion,
  type TemplateDraft,
  useMasterFilesStore,
  useTemplateDraftStore,
} from '../../../lib/storage.ts';
import { templateQueries } from '../../../lib/template-queries.ts';
import { toaster } from '../../../lib/toaster.ts';
import { removeQuestion } from '../conditions.ts';
import {
  clearDraft,
  keepDraftOnLeave,
  loadTemplateIntoDraft,
  newCompanionKey,
  pickedCompanionFiles,
  pickedFiles,
  trackDraftEditor,
} from '../draft.ts';
import {
  checkMasterFiles,
  type MasterFileErrors,
  type TMasterForm,
  ZMasterForm,
} from '../master-form-schema.ts';
import { saveErrorsOf, useSaveMasterMutation } from '../use-save-master.ts';
import { BlankConversionOffer } from './blank-conversion-offer.tsx';
import {
  CompanionDocumentsSection,
  type CompanionErrors,
  checkCompanions,
} from './companion-documents-section.tsx';
import {
  DocumentDataSection,
  FormSection,
  GeneralDataSection,
  type MasterFileRole,
  MasterFilesSection,
  PaymentDataSection,
} from './master-form-sections.tsx';
import { MasterQuestionList } from './master-question-list.tsx';
import { TemplateGuide } from './template-guide.tsx';

const texts = it.web.masterForm;

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

/** SPEC §2/§4/§5 master create ('Inserimento nuovo master') and edit ('Modifica master'). */
export function MasterFormScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const templateId = search.get('id') ?? '';
  const draft = useTemplateDraftStore((state) => state.value);
  const setDraft = useTemplateDraftStore((state) => state.set);
  const storedFiles = useMasterFilesStore((state) => state.value);
  const categories = useQuery(categoryQueries.all());
  const detail = useQuery({ ...templateQueries.detail(templateId), enabled: Boolean(templateId) });
  const [files, setFiles] = useState<Record<MasterFileRole, File | null>>({ ...pickedFiles });
  const [fileErrors, setFileErrors] = useState<MasterFileErrors>({});
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [clearing, setClearing] = useState(false);
  // File inputs keep their chosen file in the DOM: a new key empties them.
  const [pickerKey, setPickerKey] = useState(0);
  const masterTrigger = useRef<HTMLButtonElement>(null);
  const previewTrigger = useRef<HTMLButtonElement>(null);
  const questions = draft.json_questions as TQuestion[];
  const companions = draft.documents ?? [];
  // The companions' picked files live outside the stored draft; this re-renders on a pick.
  const [picked, setPicked] = useState<ReadonlyMap<string, File>>(
    () => new Map(pickedCompanionFiles),
  );
  const [companionErrors, setCompanionErrors] = useState<CompanionErrors>({});
  const pickCompanion = (key: string, file: File | null) => {
    if (file) pickedCompanionFiles.set(key, file);
    else pickedCompanionFiles.delete(key);
    setPicked(new Map(pickedCompanionFiles));
    setCompanionErrors({});
  };
  const changeCompanions = (next: DraftCompanion[]) => {
    for (const key of pickedCompanionFiles.keys()) {
      if (!next.some((row) => row.key === key)) pickedCompanionFiles.delete(key);
    }
    setPicked(new Map(pickedCompanionFiles));
    setCompanionErrors({});
    setDraft({ documents: next });
  };
  const addCompanion = () =>
    changeCompanions([
      ...companions,
      { key: newCompanionKey(), name: '', file_name: '', title: '' },
    ]);

  useEffect(trackDraftEditor, []);

  const range = useMemo(() => {
    try {
      return questions.length > 0 ? computeQuestionRange(questions) : null;
    } catch {
      return null;
    }
  }, [questions]);

  const form = useForm<TMasterForm, unknown, z.output<typeof ZMasterForm>>({
    mode: 'onTouched',
    resolver: zodResolver(ZMasterForm),
    defaultValues: formValuesOf(draft),
  });
  const { handleSubmit, getValues, reset } = form;

  const pick = (role: MasterFileRole, file: File | null) => {
    pickedFiles[role] = file;
    setFiles((current) => ({ ...current, [role]: file }));
    setFileErrors({});
  };
  const forgetPickedFiles = () => {
    pick('master', null);
    pick('preview', null);
  };
  const save = useSaveMasterMutation(templateId, forgetPickedFiles);

  // What the editor typed ("10,50"), not the parsed values: the draft refills the form.
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

  /**
   * The fields and the files are checked together, so every problem is red at once; nothing is
   * stored or sent while one is left, and the focus goes to the first (react-hook-form focuses
   * an invalid field, the files' buttons come after every field).
   */
  const validated =
    (onValid: (values: z.output<typeof ZMasterForm>) => void | Promise<void>) =>
    (event?: FormEvent) => {
      const problems = checkMasterFiles(files.master, files.preview, storedFiles);
      setFileErrors(problems);
      const companionProblems = checkCompanions(companions, pickedCompanionFiles);
      setCompanionErrors(companionProblems);
      return handleSubmit(async (values) => {
        if (problems.master || problems.preview) {
          (problems.master ? masterTrigger : previewTrigger).current?.focus();
          return;
        }
        if (Object.keys(companionProblems).length > 0) {
          // The first row in trouble: its name field, or its file's button.
          const invalid = document.querySelector<HTMLElement>(
            '[data-companion-documents] [aria-invalid="true"]',
          );
          invalid?.focus();
          return;
        }
        await onValid(values);
      })(event);
    };

  const goToQuestions = validated(() => openQuestionEditor());

  const openBlankConversion = () => {
    storeDraft();
    keepDraftOnLeave();
    void navigate(withQuery(PATHS.convertBlanks));
  };

  const finish = validated((values) => {
    storeDraft();
    save.mutate({
      values,
      master: files.master,
      preview: files.preview,
      questions,
      companions: useTemplateDraftStore.getState().value.documents ?? [],
      documentName: useTemplateDraftStore.getState().value.document_name ?? '',
    });
  });

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
    forgetPickedFiles();
    pickedCompanionFiles.clear();
    setPicked(new Map());
    setCompanionErrors({});
    setPickerKey((key) => key + 1);
    save.reset();
    toaster.create({
      type: 'success',
      title: it.toast.successTitle,
      description: templateId ? texts.changesDiscarded : texts.formCleared,
    });
  };

  const serverErrors = saveErrorsOf(save.error);
  const storedTitle = (name: string, title: string | null | undefined) =>
    name ? (title ?? name) : '';

  return (
    <Box maxW="900px" minW="0">
      <PageTitle>{templateId ? it.web.titles.editTemplate : it.web.titles.newTemplate}</PageTitle>
      <Box mb="16">
        <TemplateGuide />
      </Box>
      <form noValidate onSubmit={finish}>
        <Stack gap="24">
          <GeneralDataSection form={form} categories={categories.data?.results ?? []} />
          <DocumentDataSection form={form} range={range} />
          <PaymentDataSection form={form} />
          <MasterFilesSection
            key={pickerKey}
            files={files}
            storedTitles={{
              master: storedTitle(storedFiles.file_name, detail.data?.file_title),
              preview: storedTitle(storedFiles.preview_name, detail.data?.preview_title),
            }}
            errors={fileErrors}
            onPick={pick}
            triggerRefs={{ master: masterTrigger, preview: previewTrigger }}
            afterMaster={
              <BlankConversionOffer
                master={files.master}
                storedName={storedFiles.file_name}
                templateId={templateId}
                onOpen={openBlankConversion}
              />
            }
          />
          <Box data-companion-documents="">
            <CompanionDocumentsSection
              key={pickerKey}
              companions={companions}
              mainName={draft.document_name ?? ''}
              onMainNameChange={(name) => setDraft({ document_name: name })}
              picked={picked}
              errors={companionErrors}
              onChange={changeCompanions}
              onPick={pickCompanion}
              onAdd={addCompanion}
            />
          </Box>
          <FormSection title={texts.questionList}>
            <MasterQuestionList
              questions={questions}
              onEdit={openQuestionEditor}
              onDelete={(index) => setDraft({ json_questions: removeQuestion(questions, index) })}
            />
          </FormSection>

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
              <Button onClick={() => void goToQuestions()}>{texts.saveAndGoToQuestions}</Button>
            ) : (
              <>
                <Button variant="secondary" onClick={saveDraft}>
                  {texts.saveDraft}
                </Button>
                <Button type="submit" loading={save.isPending}>
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
