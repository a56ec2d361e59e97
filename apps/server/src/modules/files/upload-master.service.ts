import { it, type TQuestion } from '@lexpath/shared';
import {
  type TUploadMasterResult,
  ZCompanionDocuments,
  ZQuestionList,
} from '@lexpath/shared/schemas/templates';
import type { Database } from '../../db/client.ts';
import type { DocumentWork } from '../../documents/document-pool.ts';
import { assertSafeDocx } from '../../documents/docx-guard.ts';
import { removedContentWarning, type StrippedDocx } from '../../documents/external-content.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  findFiles,
  sha256Of,
  sha256OfStoredName,
  storedFileName,
  storeFile,
} from './files.service.ts';

export type UploadedDocx = { name: string; bytes: Buffer };

export type FileRole = 'master' | 'preview';

/** What the multipart request carried, already read: the route knows HTTP, this does not. */
export type UploadMasterInput = {
  /** The `questions` field: the JSON text of the question list. */
  questions: unknown;
  master?: UploadedDocx;
  preview?: UploadedDocx;
  /** Stored names of files the editor did not change, to lint the new ones against. */
  fileName?: string;
  previewName?: string;
  /** A document set's companion document, new (its entry in `documents` has no `file_name`). */
  document?: UploadedDocx;
  /** The `documents` field: the JSON text of the set's companions, `[{ name, file_name? }]`. */
  documents?: unknown;
};

const LABELS: Record<FileRole, string> = it.documents.fileNames;

/** "Master: il file …", as the docx guard words its own refusals. */
export function aboutFile(role: FileRole | { label: string }, text: string): string {
  const label = typeof role === 'string' ? LABELS[role] : role.label;
  return `${label}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

/** One message as a string, several as the list the master screen shows in red boxes. */
export function oneOrList(messages: string[]): string | string[] {
  return messages.length === 1 ? (messages[0] as string) : messages;
}

/** The question list of an upload or a save; 400 with every problem, each naming its question. */
export function parseQuestionList(raw: unknown): TQuestion[] {
  const parsed = ZQuestionList.safeParse(raw);
  if (parsed.success) return parsed.data;
  const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
  throw new AppError('invalid', oneOrList(messages));
}

function sameTitle(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('it') === b.trim().toLocaleLowerCase('it');
}

type Candidate = {
  name: string;
  bytes: Buffer;
  sha256: string;
  uploaded: boolean;
  /** What the file linked from outside and lost (issue 10), as a warning for the editor. */
  warnings?: string[];
};

/**
 * An uploaded file: a .docx by name and by content (DESIGN §6), or a refusal naming it. What it
 * links from outside its package (pictures, fields, templates) is stripped before it is stored.
 */
async function checkUpload(
  documents: DocumentWork,
  role: FileRole | { label: string },
  file: UploadedDocx,
): Promise<Candidate> {
  const label = typeof role === 'string' ? LABELS[role] : role.label;
  if (!/\.docx$/i.test(file.name)) {
    throw new AppError('unprocessable', aboutFile(role, it.templates.docxRequired));
  }
  await assertSafeDocx(file.bytes, { fileName: label });
  let stripped: StrippedDocx;
  try {
    stripped = await documents.strip(file.bytes);
  } catch (error) {
    // A time or memory limit is the answer; a zip the guard accepts but PizZip cannot read is
    // refused by the lint as unreadable.
    if (error instanceof AppError) throw error;
    stripped = { bytes: file.bytes, removed: [] };
  }
  const { bytes, removed } = stripped;
  const warnings = removedContentWarning(label, removed);
  return { name: file.name, bytes, sha256: sha256Of(bytes), uploaded: true, warnings };
}

/**
 * A preview sent as a file of its own must differ from the master: the same document twice is a
 * mistake (the refusal says the preview may simply be left out, then the master serves for it).
 */
export function assertDistinctFiles(
  master: { name: string; sha256: string } | undefined,
  preview: { name: string; sha256: string } | undefined,
): void {
  if (!master || !preview) return;
  if (master.sha256 === preview.sha256)
    throw new AppError('unprocessable', it.templates.sameContent);
  if (sameTitle(master.name, preview.name))
    throw new AppError('unprocessable', it.templates.sameTitles);
}

/**
 * POST /template/upload-master: checks each uploaded file (a real, safe .docx), then lints the
 * master and the preview against the questions (DESIGN §6). Any error: 422 with the list of
 * Italian messages, and nothing is stored. Otherwise the new files are stored (once per content)
 * and their names come back with the lint's warnings.
 */
export async function uploadMaster(
  db: Database,
  documents: DocumentWork,
  input: UploadMasterInput,
): Promise<TUploadMasterResult> {
  const questions = parseQuestionList(input.questions);

  const uploaded: Partial<Record<FileRole, Candidate>> = {};
  if (input.master) uploaded.master = await checkUpload(documents, 'master', input.master);
  if (input.preview) uploaded.preview = await checkUpload(documents, 'preview', input.preview);

  const named: Partial<Record<FileRole, string>> = {};
  const roles: [FileRole, string | undefined][] = [
    ['master', input.fileName],
    ['preview', input.previewName],
  ];
  for (const [role, name] of roles) {
    if (uploaded[role] || !name) continue;
    const sha256 = sha256OfStoredName(name);
    if (!sha256) throw new AppError('unprocessable', aboutFile(role, it.templates.fileNameInvalid));
    named[role] = sha256;
  }
  const stored = await findFiles(db, Object.values(named));
  const files: Partial<Record<FileRole, Candidate>> = { ...uploaded };
  for (const [role, sha256] of Object.entries(named) as [FileRole, string][]) {
    const file = stored.get(sha256);
    if (!file) throw new AppError('unprocessable', it.templates.fileNotFound(LABELS[role]));
    files[role] = { ...file, uploaded: false };
  }

  assertDistinctFiles(files.master, files.preview);
  const set = await readCompanions(db, documents, input);
  const { errors, warnings } = await documents.lint({
    master: files.master?.bytes,
    preview: files.preview?.bytes,
    questions,
    companions: set.companions,
  });
  if (errors.length > 0) throw new AppError('unprocessable', errors);

  await db.transaction(async (tx) => {
    for (const file of Object.values(uploaded)) await storeFile(tx, file);
    if (set.uploaded) await storeFile(tx, set.uploaded);
  });
  return {
    file_name: files.master ? storedFileName(files.master.sha256) : null,
    preview_name: files.preview ? storedFileName(files.preview.sha256) : null,
    ...(set.uploaded ? { document_file_name: storedFileName(set.uploaded.sha256) } : {}),
    warnings: [
      ...(uploaded.master?.warnings ?? []),
      ...(uploaded.preview?.warnings ?? []),
      ...(set.uploaded?.warnings ?? []),
      ...warnings,
    ],
  };
}

/**
 * The set's companions of an upload: `documents` lists them in order, each with its name and the
 * stored name of its file, but for the one whose new file comes as `document`. Each is linted
 * with the master under its label («Documento 2 «…»»).
 */
async function readCompanions(
  db: Database,
  documents: DocumentWork,
  input: UploadMasterInput,
): Promise<{ companions: { label: string; bytes: Buffer }[]; uploaded?: Candidate }> {
  if (input.documents === undefined) {
    if (input.document) throw new AppError('invalid', it.documentSets.nameRequired(2));
    return { companions: [] };
  }
  let list: unknown = input.documents;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      throw new AppError('invalid', it.errors.badRequest);
    }
  }
  // The new file's entry has no stored name yet: a placeholder passes the list's checks.
  const pending = '0'.repeat(64);
  const entries = Array.isArray(list)
    ? list.map((entry: unknown) =>
        entry && typeof entry === 'object' && !('file_name' in entry)
          ? { ...entry, file_name: `${pending}.docx` }
          : entry,
      )
    : list;
  const parsed = ZCompanionDocuments.safeParse(entries);
  if (!parsed.success) {
    throw new AppError(
      'invalid',
      oneOrList([...new Set(parsed.error.issues.map((i) => i.message))]),
    );
  }
  const newOnes = parsed.data.filter((entry) => entry.file_name === `${pending}.docx`);
  if (newOnes.length !== (input.document ? 1 : 0)) {
    throw new AppError('invalid', it.errors.badRequest);
  }
  const position = (index: number) => index + 2;
  const labelAt = (index: number) =>
    it.documentSets.label(position(index), parsed.data[index]?.name ?? '');
  let uploaded: Candidate | undefined;
  if (input.document) {
    const index = parsed.data.findIndex((entry) => entry.file_name === `${pending}.docx`);
    uploaded = await checkUpload(documents, { label: labelAt(index) }, input.document);
  }
  const shas = parsed.data.map((entry) => sha256OfStoredName(entry.file_name));
  const stored = await findFiles(
    db,
    shas.filter((sha): sha is string => sha !== null && sha !== pending),
  );
  const companions = parsed.data.map((_, index) => {
    const sha = shas[index];
    const bytes = sha === pending ? uploaded?.bytes : sha ? stored.get(sha)?.bytes : undefined;
    if (!bytes) throw new AppError('unprocessable', it.templates.fileNotFound(labelAt(index)));
    return { label: labelAt(index), bytes };
  });
  return { companions, uploaded };
}
