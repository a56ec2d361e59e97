import type { TChoiceQuestion } from '@lexpath/shared/schemas/questions';

export type ParagraphStyle = 'title' | 'subtitle' | 'heading' | 'body';

/** One paragraph of a master, with the template tags written inline in its text. */
export type DemoParagraph = { text: string; style?: ParagraphStyle };

/**
 * A demo contract as an editor would prepare it: the catalogue data, the question list and the
 * master's paragraphs. A paragraph holding only `{#…}` or `{/}` disappears when rendered, so a
 * clause between two such paragraphs appears or vanishes whole.
 */
export type DemoTemplateSource = {
  /** Folder name under `demo-templates/`. */
  slug: string;
  name: string;
  description: string;
  /** One of the seeded categories (`DEMO_CATEGORIES`). */
  category: string;
  priceCents: number;
  /** Minutes a lawyer needs to answer, at the fastest and at the slowest. */
  minTime: number;
  maxTime: number;
  questions: TChoiceQuestion[];
  paragraphs: DemoParagraph[];
};

export function title(text: string): DemoParagraph {
  return { text, style: 'title' };
}

export function subtitle(text: string): DemoParagraph {
  return { text, style: 'subtitle' };
}

export function heading(text: string): DemoParagraph {
  return { text, style: 'heading' };
}

/** The paragraphs of a document in order; a plain string is a body paragraph. */
export function paragraphs(...items: (string | DemoParagraph)[]): DemoParagraph[] {
  return items.map((item) => (typeof item === 'string' ? { text: item, style: 'body' } : item));
}

/** A question with no condition and a single answer, the most common kind. */
export function question(
  variable: string,
  text: string,
  options: string[],
  extra: Partial<
    Pick<TChoiceQuestion, 'description' | 'required_answers' | 'is_multiple_selection'>
  > = {},
): TChoiceQuestion {
  return {
    variable,
    question: text,
    ...(extra.description ? { description: extra.description } : {}),
    options,
    required_answers: extra.required_answers ?? [],
    is_multiple_selection: extra.is_multiple_selection ?? false,
  };
}
