import { it } from '@lexpath/shared';
import type { TInspectBlanksResult } from '@lexpath/shared/schemas/blank-proposals';
import type { DocumentWork } from '../../documents/document-pool.ts';
import { assertSafeDocx } from '../../documents/docx-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { aboutFile, type UploadedDocx } from './upload-master.service.ts';

/**
 * POST /template/inspect-blanks: the blanks a form still holds, each with a proposed question,
 * for the editor to accept, rename or skip before the conversion. Nothing is stored; the file is
 * checked as an upload is (a real, safe .docx) and read in a document worker.
 */
export async function inspectMasterBlanks(
  documents: DocumentWork,
  master: UploadedDocx | undefined,
): Promise<TInspectBlanksResult> {
  if (!master || !/\.docx$/i.test(master.name)) {
    throw new AppError('invalid', aboutFile('master', it.templates.docxRequired));
  }
  await assertSafeDocx(master.bytes, { fileName: it.documents.fileNames.master });
  try {
    return { blanks: await documents.inspectBlanks(master.bytes) };
  } catch (error) {
    // A time or memory limit is the answer; a zip the guard accepts but PizZip cannot read is not
    // a Word document.
    if (error instanceof AppError) throw error;
    throw new AppError(
      'unprocessable',
      it.documents.lint.unreadable(it.documents.fileNames.master),
      { cause: error },
    );
  }
}
