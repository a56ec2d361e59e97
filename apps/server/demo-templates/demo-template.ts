import type {
  TAnswers,
  TChoiceQuestion,
  TCondition,
  TListField,
  TListQuestion,
  TPartyListMark,
  TPartyMark,
  TQuestion,
  TQuestionType,
} from '@lexpath/shared/schemas/questions';

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
  questions: TQuestion[];
  /**
   * A value for every typed question (and every `elenco`), as the questionnaire stores it: the
   * tests walk each branch with these facts, so a complete contract has no blank left.
   */
  facts: TAnswers;
  paragraphs: DemoParagraph[];
  /**
   * A document set (DESIGN §15): the main document's own name (the template's when absent) and
   * the companion documents rendered from the same answers, in order (documents 2, 3…).
   */
  documentName?: string;
  companions?: DemoCompanion[];
};

/** A companion document of a demo set: its name and its paragraphs, tags inline. */
export type DemoCompanion = { name: string; paragraphs: DemoParagraph[] };

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

type TypedType = Exclude<TQuestionType, 'scelta' | 'elenco'>;

/** A typed question (DESIGN §12), optionally shown only under conditions on choices. */
export function ask(
  type: TypedType,
  variable: string,
  text: string,
  extra: {
    description?: string;
    required_answers?: TCondition[];
    min?: number;
    max?: number;
    decimals?: number;
  } = {},
): TQuestion {
  const { description, required_answers, ...limits } = extra;
  return {
    variable,
    question: text,
    ...(description ? { description } : {}),
    type,
    required_answers: required_answers ?? [],
    ...limits,
  } as TQuestion;
}

/** A field of an `elenco` item. */
export function field(type: TypedType, variable: string, text: string): TListField {
  return { variable, question: text, type } as TListField;
}

/** A repeated group of facts (parties): one screen per item. */
export function elenco(
  variable: string,
  text: string,
  extra: Pick<TListQuestion, 'fields' | 'label_singolare' | 'label_plurale'> &
    Partial<Pick<TListQuestion, 'min_items' | 'max_items' | 'description'>>,
): TQuestion {
  return {
    variable,
    question: text,
    ...(extra.description ? { description: extra.description } : {}),
    type: 'elenco',
    required_answers: [],
    fields: extra.fields,
    min_items: extra.min_items ?? 1,
    ...(extra.max_items ? { max_items: extra.max_items } : {}),
    label_singolare: extra.label_singolare,
    label_plurale: extra.label_plurale,
  } as TQuestion;
}

/**
 * Marks the parties of a question list (DESIGN §15): question key → the party mark a single
 * question (`campo`) or an `elenco` (`campi`) takes. A key that is not in the list is a mistake
 * of the source, not a mark to drop.
 */
export function markParties(
  marks: Record<string, TPartyMark | TPartyListMark>,
  questions: TQuestion[],
): TQuestion[] {
  const known = new Set(questions.map((question) => question.variable));
  for (const variable of Object.keys(marks)) {
    if (!known.has(variable)) throw new Error(`party mark on an unknown question: ${variable}`);
  }
  return questions.map((question) => {
    const mark = marks[question.variable];
    return mark ? ({ ...question, parte: mark } as TQuestion) : question;
  });
}

/** The marks of a party asked as single questions: question key → client field. */
export function partyOf(ruolo: string, fields: Record<string, string>): Record<string, TPartyMark> {
  return Object.fromEntries(
    Object.entries(fields).map(([variable, campo]) => [variable, { ruolo, campo }]),
  );
}
