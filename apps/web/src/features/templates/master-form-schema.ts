import {
  amountToCents,
  centsToAmount,
  formatNumero,
  parseImporto,
} from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import { MAX_PRICE_CENTS } from '@lexpath/shared/schemas/templates';
import { z } from 'zod';

const required = z.string().trim().min(1, it.validation.required);
const optionalDigits = z
  .string()
  .trim()
  .refine((value) => value === '' || /^\d+$/.test(value), it.validation.notANumber);

/**
 * SPEC §5 master form: what the editor types; files are checked apart (see checkMasterFiles).
 * The price is read as an Italian amount ("10,50", "1.234,50") by the typed answers' parser and
 * leaves as the canonical decimal ("1234.50"), which the API turns into cents.
 */
export const ZMasterForm = z.object({
  name: required,
  description: required,
  categoryId: required,
  price: required.transform((value, ctx) => {
    const parsed = parseImporto(value);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    if (amountToCents(parsed.value) > MAX_PRICE_CENTS) {
      ctx.addIssue({ code: 'custom', message: it.templates.priceTooHigh });
      return z.NEVER;
    }
    return parsed.value;
  }),
  /**
   * Kept as the template has it and not asked: the server decides where 'Acquista' goes
   * (DESIGN §8), so the form no longer shows the link.
   */
  stripe_url: z.string(),
  min_questions: optionalDigits,
  max_questions: optionalDigits,
  min_time: optionalDigits,
  max_time: optionalDigits,
});
export type TMasterForm = z.input<typeof ZMasterForm>;

export interface MasterFileErrors {
  master?: string;
  preview?: string;
}

const isDocx = (file: File) => file.name.toLowerCase().endsWith('.docx');

/**
 * SPEC §5: the master is required when creating (nothing stored yet); a picked file must be .docx;
 * the preview may be left out (the master serves for it), and its name must differ from the
 * master's.
 */
export function checkMasterFiles(
  master: File | null,
  preview: File | null,
  stored: { file_name: string; preview_name: string },
): MasterFileErrors {
  const errors: MasterFileErrors = {};
  if (master ? !isDocx(master) : !stored.file_name) errors.master = it.templates.docxRequired;
  // The preview may be left out: the master serves for it.
  if (preview && !isDocx(preview)) errors.preview = it.templates.docxRequired;
  if (!errors.preview && master && preview && master.name === preview.name) {
    errors.preview = it.templates.sameTitles;
  }
  return errors;
}

/** SPEC §9: the size in KB with 2 decimals. */
export function formatKb(bytes: number): string {
  return (bytes / 1024).toFixed(2);
}

/**
 * A stored price (cents) as the price field shows it, in Italian: 4900 → "49", 123450 →
 * "1.234,50". The field's label carries the € sign.
 */
export function formatPriceInput(cents: number): string {
  const amount = centsToAmount(cents);
  return formatNumero(amount.endsWith('.00') ? amount.slice(0, -3) : amount);
}
