import type { TTemplateDetail } from '@lexpath/shared/schemas/templates';
import {
  emptyTemplateDraft,
  type TemplateDraft,
  useMasterFilesStore,
  useTemplateDraftStore,
} from '../../lib/storage.ts';
import { formatPriceInput } from './master-form-schema.ts';

const countText = (value: number | null) => (value === null ? '' : String(value));

/** SPEC §4 "set wholesale": the draft and the master files become the saved template's. */
export function loadTemplateIntoDraft(template: TTemplateDetail): void {
  const draft: TemplateDraft = {
    ...emptyTemplateDraft,
    name: template.name,
    description: template.description,
    categoryId: template.categoryId?.id ?? '',
    price: formatPriceInput(template.price_cents),
    stripe_url: template.stripe_url ?? '',
    json_questions: template.json_questions,
    min_questions: countText(template.min_questions),
    max_questions: countText(template.max_questions),
    min_time: countText(template.min_time),
    max_time: countText(template.max_time),
    document_name: template.document_name ?? '',
    // A detail from before sets has no list: a template of one document.
    documents: (template.documents ?? []).map((document) => ({
      key: newCompanionKey(),
      name: document.name,
      file_name: document.file_name,
      title: document.file_title,
    })),
  };
  useTemplateDraftStore.setState({ value: draft });
  useMasterFilesStore.setState({
    value: {
      file_name: template.file_name,
      // '' when the master serves as the preview.
      preview_name: template.preview_name ?? '',
      file_name_blob_url: '',
      preview_name_blob_url: '',
    },
  });
}

/** Files picked in the master form: File objects cannot be persisted, so they live here
 * while the editor moves between the master and the question screens. */
export const pickedFiles: { master: File | null; preview: File | null } = {
  master: null,
  preview: null,
};

/** Companion documents' files picked and not yet uploaded, by the draft companion's key. */
export const pickedCompanionFiles = new Map<string, File>();

let companionKeys = 0;

/** A key for a companion row of the master form, unique in this page's life. */
export function newCompanionKey(): string {
  companionKeys += 1;
  return `documento-${Date.now().toString(36)}-${companionKeys}`;
}

let mountedEditors = 0;
let keepOnLeave = false;

/** Called right before moving between the master and the question screens. */
export function keepDraftOnLeave(): void {
  keepOnLeave = true;
}

function resetDraft(): void {
  useTemplateDraftStore.getState().reset();
  useMasterFilesStore.getState().reset();
  pickedFiles.master = null;
  pickedFiles.preview = null;
  pickedCompanionFiles.clear();
}

/** SPEC §4 "reset to empty" ('Svuota il modulo'): the stored copies go too, not just the values. */
export function clearDraft(): void {
  resetDraft();
  useTemplateDraftStore.persist.clearStorage();
  useMasterFilesStore.persist.clearStorage();
}

/**
 * SPEC §2: leaving the master or the question screen resets the pending draft, unless the move
 * is between the two. The reset waits a tick, so StrictMode's remount does not trigger it.
 * Returns the effect's cleanup.
 */
export function trackDraftEditor(): () => void {
  mountedEditors += 1;
  keepOnLeave = false;
  return () => {
    mountedEditors -= 1;
    if (keepOnLeave) return;
    const left = useTemplateDraftStore.getState().value;
    setTimeout(() => {
      // A draft set meanwhile (Modifica loads one) is a new draft, not the one left behind.
      const untouched = useTemplateDraftStore.getState().value === left;
      if (mountedEditors === 0 && !keepOnLeave && untouched) resetDraft();
    }, 0);
  };
}
