import { it } from './messages/it.ts';
import type { TQuestionType } from './schemas/questions.ts';

/** One line of the «Guida ai tag»: what the tag or filter does, a tag and what it prints. */
export interface GuideEntry {
  description: string;
  example: string;
  result: string;
}

const guide = it.templateGuide;

/** The tag forms of the template language (DESIGN §6), in the order an editor learns them. */
export const TAG_GUIDE: ReadonlyArray<GuideEntry & { form: string }> = guide.tags;

/**
 * The renderer's filters by name. The server's test compares these names with its filters, so a
 * filter added there without its line here (or a line left for a filter gone) fails the suite.
 */
export const FILTER_GUIDE: Readonly<Record<string, GuideEntry>> = guide.filters;

/** Every question type, so the compiler asks for a line when a type is added. */
export const TYPE_GUIDE: Readonly<Record<TQuestionType, GuideEntry>> = guide.types;
