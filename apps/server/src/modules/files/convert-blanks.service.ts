import { it } from '@lexpath/shared';
import { type TConvertBlanksResult, ZBlankChoices } from '@lexpath/shared/schemas/blank-conversion';
import type { DocumentWork } from '../../documents/document-pool.ts';
import { assertSafeDocx } from '../../documents/docx-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { aboutFile, oneOrList, type UploadedDocx } from './upload-master.service.ts';

/** What the multipart request of convert-blanks carried. */
export type ConvertBlanksInput = {
  master?: UploadedDocx;
  /** The `choices` field: the JSON text of the editor's choices. */
  choices: unknown;
};

function parseChoices(raw: unknown) {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('invalid', it.blankConversion.choicesNotJson);
    }
  }
  const parsed = ZBlankChoices.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new AppError('invalid', oneOrList([...new Set(parsed.error.issues.map((i) => i.message))]));
}

/**
 * POST /template/convert-blanks: the master with the accepted blanks written as tags, and the
 * questions they ask (DESIGN §14). The same checks as an upload's master; the conversion runs in
 * the document workers. Nothing is stored: the editor saves the result through upload-master.
 */
export async function convertMasterBlanks(
  documents: DocumentWork,
  input: ConvertBlanksInput,
): Promise<TConvertBlanksResult> {
  const { master } = input;
  if (!master) throw new AppError('invalid', it.blankConversion.masterRequired);
  const choices = parseChoices(input.choices);
  if (!/\.docx$/i.test(master.name)) {
    throw new AppError('unprocessable', aboutFile('master', it.templates.docxRequired));
  }
  await assertSafeDocx(master.bytes, { fileName: it.documents.fileNames.master });
  const converted = await documents.convertBlanks(master.bytes, choices);
  return {
    master: converted.master.toString('base64'),
    fileName: master.name,
    questions: converted.questions,
    skipped: converted.skipped,
  };
}
