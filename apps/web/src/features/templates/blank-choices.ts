import { it } from '@lexpath/shared/messages/it';
import type {
  BlankChoice,
  InspectedBlank,
  Proposal,
  ProposedField,
  ProposedType,
} from './blanks.ts';

const texts = it.web.blankConversion;

/**
 * One question the blanks will read, as the editor shapes it. Blanks proposing the same variable
 * (a checkbox group, an elenco's fields, a fact repeated) share one: a rename reaches them all.
 */
export interface QuestionDraft {
  variable: string;
  question: string;
  type: ProposedType;
  /** As typed, one per line: a box keeps its line when the editor rewords it. */
  options: string[];
  multiple: boolean;
  fields: ProposedField[];
}

/** What one blank becomes: its question (by key in `questions`) and its own details. */
export interface BlankDraft {
  convert: boolean;
  question: string;
  /** A box of a group: the line of the options it stands for (-1: none). */
  option: number;
  /** A blank inside a repeated block: the elenco field it fills (-1: none). */
  field: number;
  phrase: string;
  /** A «Totale» cell: the sum of its `field` over the list's items. */
  total: boolean;
  /** Which of the details this blank has, fixed by its proposal and kind. */
  hasOption: boolean;
  hasField: boolean;
  hasPhrase: boolean;
  /**
   * The proposal gave an empty phrase: the gender blank before it in the paragraph says the whole
   * phrase («..l.. sottoscritt..» is «il sottoscritto»), so this one needs none.
   */
  phraseInPrevious: boolean;
}

export interface ChoicesState {
  questions: Record<string, QuestionDraft>;
  blanks: Record<string, BlankDraft>;
}

const emptyQuestion = (): QuestionDraft => ({
  variable: '',
  question: '',
  type: 'testo',
  options: [],
  multiple: false,
  fields: [],
});

/** Every proposal accepted, every blank without one skipped (the editor may type one). */
export function initialChoices(blanks: InspectedBlank[]): ChoicesState {
  const questions: Record<string, QuestionDraft> = {};
  const drafts: Record<string, BlankDraft> = {};
  for (const blank of blanks) {
    const proposal = blank.proposal;
    const key = proposal ? `v:${proposal.variable}` : `b:${blank.id}`;
    let question = questions[key];
    if (!question) {
      question = proposal
        ? {
            variable: proposal.variable,
            question: proposal.question,
            type: proposal.type,
            options: [...(proposal.options ?? [])],
            multiple: proposal.multiple ?? false,
            fields: (proposal.fields ?? []).map((field) => ({ ...field })),
          }
        : emptyQuestion();
      questions[key] = question;
    }
    drafts[blank.id] = {
      convert: proposal !== null,
      question: key,
      option: proposal?.option === undefined ? -1 : question.options.indexOf(proposal.option),
      field:
        proposal?.field === undefined
          ? -1
          : question.fields.findIndex((field) => field.variable === proposal.field),
      phrase: proposal?.phrase ?? '',
      total: proposal?.aggregate === 'somma',
      hasOption: proposal?.option !== undefined || blank.kind === 'checkbox',
      hasField: proposal?.field !== undefined,
      hasPhrase: proposal?.phrase !== undefined || blank.kind === 'gender',
      phraseInPrevious: proposal?.phrase === '',
    };
  }
  return { questions, blanks: drafts };
}

/** How many blanks share each question. */
export function questionUses(state: ChoicesState): Map<string, number> {
  const uses = new Map<string, number>();
  for (const blank of Object.values(state.blanks))
    uses.set(blank.question, (uses.get(blank.question) ?? 0) + 1);
  return uses;
}

const filledOptions = (question: QuestionDraft) =>
  question.options.map((option) => option.trim()).filter(Boolean);

/** The proposal a converted blank is posted with: its question, retyped or renamed, and its details. */
function proposalOf(question: QuestionDraft, blank: BlankDraft): Proposal {
  const proposal: Proposal = {
    variable: question.variable.trim(),
    question: question.question.trim(),
    type: question.type,
  };
  if (question.type === 'scelta') {
    proposal.options = filledOptions(question);
    proposal.multiple = question.multiple;
    const option = question.options[blank.option]?.trim();
    if (blank.hasOption && option) proposal.option = option;
  }
  if (question.type === 'elenco') {
    proposal.fields = question.fields.map((field) => ({
      variable: field.variable.trim(),
      label: field.label.trim(),
      type: field.type,
    }));
    const field = question.fields[blank.field]?.variable.trim();
    if (blank.hasField && field) proposal.field = field;
    if (blank.total) proposal.aggregate = 'somma';
  }
  if (blank.hasPhrase && blank.phrase.trim()) proposal.phrase = blank.phrase.trim();
  return proposal;
}

/** The `choices` of POST /template/convert-blanks, in the blanks' order. */
export function choicesOf(blanks: InspectedBlank[], state: ChoicesState): BlankChoice[] {
  return blanks.map(({ id }) => {
    const blank = state.blanks[id];
    const question = blank ? state.questions[blank.question] : undefined;
    if (!blank?.convert || !question) return { id, skip: true };
    return { id, proposal: proposalOf(question, blank) };
  });
}

const SNAKE_CASE = /^[a-z][a-z0-9_]*$/;

function keyProblem(key: string): string | null {
  if (!key.trim()) return it.validation.required;
  return SNAKE_CASE.test(key.trim()) ? null : texts.snakeCase;
}

/**
 * What the editor must still fix before the conversion, by field: `q:<question>.<field>` for a
 * question's, `b:<blank id>.<detail>` for a blank's. Only converted blanks are checked.
 */
export function choiceProblems(state: ChoicesState): Record<string, string> {
  const problems: Record<string, string> = {};
  const checked = new Set<string>();
  for (const [id, blank] of Object.entries(state.blanks)) {
    if (!blank.convert) continue;
    const question = state.questions[blank.question];
    if (!question) continue;
    if (!checked.has(blank.question)) {
      checked.add(blank.question);
      const at = `q:${blank.question}`;
      const variable = keyProblem(question.variable);
      if (variable) problems[`${at}.variable`] = variable;
      if (!question.question.trim()) problems[`${at}.question`] = it.validation.required;
      if (question.type === 'scelta' && filledOptions(question).length < 2)
        problems[`${at}.options`] = texts.optionsMin;
      if (question.type === 'elenco') {
        if (question.fields.length === 0) problems[`${at}.fields`] = texts.fieldsMin;
        question.fields.forEach((field, index) => {
          const fieldKey = keyProblem(field.variable);
          if (fieldKey) problems[`${at}.fields.${index}.variable`] = fieldKey;
          if (!field.label.trim()) problems[`${at}.fields.${index}.label`] = it.validation.required;
        });
      }
    }
    if (question.type === 'scelta' && blank.hasOption && !question.options[blank.option]?.trim())
      problems[`b:${id}.option`] = texts.optionMissing;
    if (question.type === 'elenco' && blank.hasField && !question.fields[blank.field])
      problems[`b:${id}.field`] = texts.fieldMissing;
    if (blank.hasPhrase && !blank.phraseInPrevious && !blank.phrase.trim())
      problems[`b:${id}.phrase`] = it.validation.required;
  }
  return problems;
}
