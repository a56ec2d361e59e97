import { it } from '@lexpath/shared/messages/it';
import type { TBlankChoice, TConvertBlanksResult } from '@lexpath/shared/schemas/blank-conversion';
import type {
  TBlankKind,
  TInspectedBlank,
  TProposal,
  TProposalType,
  TProposedField,
} from '@lexpath/shared/schemas/blank-proposals';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { fileNameFrom } from '../../lib/download.ts';

/**
 * The inspect-blanks / convert-blanks contract the server routes answer (the shared schemas): a
 * blank as the finder reads it, what it should become, and the editor's choice for it.
 */
export type BlankKind = TBlankKind;
export type ProposedType = TProposalType;
export type ProposedField = TProposedField;
export type Proposal = TProposal;
export type InspectedBlank = TInspectedBlank;
export type BlankChoice = TBlankChoice;
/** The converted master as the route sends it (base64 text), with questions the list takes. */
export type ConversionResult = Omit<TConvertBlanksResult, 'questions'> & { questions: TQuestion[] };

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Where the master to inspect comes from: the file picked in the form, or the stored one. */
export type MasterSource = { kind: 'file'; file: File } | { kind: 'stored'; templateId: string };

// A File cannot be a query key: each picked file gets a number of its own instead, so the
// form's inspection and the screen's are one request for the same bytes.
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 1;
function keyOf(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) {
    key = nextFileKey++;
    fileKeys.set(file, key);
  }
  return key;
}

/** The current master .docx of a saved template (GET /template/download/{id}). */
async function downloadStoredMaster(templateId: string): Promise<File> {
  const { data, headers } = await api.request<Blob>(`/template/download/${templateId}`, {
    responseType: 'blob',
  });
  const name = fileNameFrom(headers.get('content-disposition'), 'master.docx');
  return new File([data], name, { type: DOCX_TYPE });
}

export interface Inspection {
  /** The bytes inspected, which the conversion must send again. */
  master: File;
  blanks: InspectedBlank[];
}

/** POST /template/inspect-blanks on the source's bytes; an answer per file, never stale. */
export function inspectionQuery(source: MasterSource, storedName: string) {
  const key = source.kind === 'file' ? `file-${keyOf(source.file)}` : `stored-${storedName}`;
  return queryOptions({
    queryKey: ['templates', 'inspect-blanks', key],
    queryFn: async (): Promise<Inspection> => {
      const master =
        source.kind === 'file' ? source.file : await downloadStoredMaster(source.templateId);
      const form = new FormData();
      form.append('master', master, master.name);
      const { blanks } = await api.post<{ blanks: InspectedBlank[] }>(
        '/template/inspect-blanks',
        form,
      );
      return { master, blanks };
    },
    staleTime: Number.POSITIVE_INFINITY,
    // The screen offers «Riprova»: a failed inspection is not asked again behind its back.
    retry: false,
    meta: { silent: true },
  });
}

/** POST /template/convert-blanks: the new master and the questions its tags read. */
export function convertBlanks(master: File, choices: BlankChoice[]) {
  const form = new FormData();
  form.append('master', master, master.name);
  form.append('choices', JSON.stringify(choices));
  return api.post<ConversionResult>('/template/convert-blanks', form);
}

/** The returned base64 as the file the master form uploads on save. */
export function masterFileOf({ master, fileName }: ConversionResult): File {
  const binary = atob(master);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return new File([bytes], fileName, { type: DOCX_TYPE });
}

/** The returned questions not already in the list (by key), and the keys already there. */
export function mergeQuestions(current: TQuestion[], returned: TQuestion[]) {
  const known = new Set(current.map((question) => question.variable));
  const added = returned.filter((question) => !known.has(question.variable));
  const kept = returned.filter((question) => known.has(question.variable));
  return { questions: [...current, ...added], added, kept: kept.map((q) => q.variable) };
}

/** The question types the editor may pick, with the question editor's Italian names. */
export const TYPE_NAMES: Record<string, string> = it.web.questionEditor.types;

export const TYPE_ORDER = Object.keys(it.web.questionEditor.types) as ProposedType[];

/** The blank's place in its paragraph: the text before, the blank as shown, the text after. */
export function splitParagraph(blank: InspectedBlank): [string, string, string] {
  const at = Math.max(0, Math.min(blank.at, blank.whole.length));
  if (blank.text && blank.whole.slice(at, at + blank.text.length) === blank.text) {
    return [blank.whole.slice(0, at), blank.text, blank.whole.slice(at + blank.text.length)];
  }
  // A box or a form field has no text of its own in the paragraph: it is shown where it sits.
  return [blank.whole.slice(0, at), blank.text || '___', blank.whole.slice(at)];
}

/** The blanks per part and, inside it, per paragraph, in document order. */
export function groupBlanks(blanks: InspectedBlank[]) {
  const parts: { file: string; part: string; paragraphs: InspectedBlank[][] }[] = [];
  // The id names the part's file: two headers may share an Italian name, never a file.
  const fileOf = (id: string) => id.split('#')[0] ?? '';
  const paragraphOf = (id: string) => id.replace(/\.\d+$/, '');
  for (const blank of blanks) {
    let part = parts.at(-1);
    if (!part || part.file !== fileOf(blank.id)) {
      part = { file: fileOf(blank.id), part: blank.part, paragraphs: [] };
      parts.push(part);
    }
    const paragraph = part.paragraphs.at(-1);
    if (paragraph?.[0] && paragraphOf(paragraph[0].id) === paragraphOf(blank.id))
      paragraph.push(blank);
    else part.paragraphs.push([blank]);
  }
  return parts;
}
