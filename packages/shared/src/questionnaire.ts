/**
 * The questionnaire's rules (DESIGN §5), once for the server (the authority on answers) and the
 * web (editor tools). Pure functions over a question list and an answers map.
 */
import {
  type AnswerRules,
  type CheckContext,
  ELENCO_MAX_ITEMS,
  isChoice,
  isRequired,
  joinItalian,
  labelOf,
  validateCanonical,
} from './answer-types.ts';
import { it } from './messages/it.ts';
import type { TAnswers, TAnswerValue, TCondition, TExpectedAnswer } from './schemas/questions.ts';

// The shapes the rules work on, importable from the package root with the rules themselves.
export type { TAnswers, TAnswerValue, TCondition, TQuestion } from './schemas/questions.ts';

/**
 * The parts of a question the rules read; a parsed `TQuestion` always fits. Without `type` it is
 * the SPEC's multiple choice (`options`, `is_multiple_selection`).
 */
export type QuestionRules = AnswerRules & { required_answers?: TCondition[] };

/**
 * Names a question's key cannot take: words the templates' expressions read as something else
 * (literals, `this`, the `and` / `or` / `not` of the authoring language), and the properties
 * every JavaScript object inherits (`constructor`, `toString`, `__proto__`…), which code reading
 * an answers object could take for an answer.
 */
export const RESERVED_KEYS: ReadonlySet<string> = new Set([
  'true',
  'false',
  'null',
  'undefined',
  'this',
  'and',
  'or',
  'not',
  'prototype',
  ...Object.getOwnPropertyNames(Object.prototype),
]);

/** A key as SPEC §3 stores it: trimmed, each run of spaces replaced by one `_`. */
export function normalizeVariableKey(text: string): string {
  return text.trim().replace(/\s+/g, '_');
}

/** Why a (normalized) key cannot be used, or null when it is fine. */
export function findKeyProblem(key: string): string | null {
  if (key.length === 0) return it.validation.required;
  if (/^\p{N}/u.test(key)) return it.questions.keyStartsWithDigit;
  if (!/^[\p{L}\p{N}_]+$/u.test(key)) return it.questions.keyInvalidCharacters;
  if (RESERVED_KEYS.has(key)) return it.questions.keyReserved(key);
  return null;
}

/**
 * An option in the form comparisons use. Word makes apostrophes and quotes typographic as the
 * editor types (’ ‘ “ ”), in the question list as in the masters' tags, and the templates'
 * expressions parser reads them as straight ones: "l’arredamento" and "l'arredamento" are one
 * option, for the questionnaire's conditions as for the templates' conditions.
 */
export function straightenQuotes(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/[“”]/g, '"');
}

/**
 * Two options (or an answer and an option) are the same when only their quotes differ.
 * Straightening keeps the length, so texts of different lengths differ without the work.
 */
export function isSameOption(a: string, b: string): boolean {
  return a === b || (a.length === b.length && straightenQuotes(a) === straightenQuotes(b));
}

/**
 * The answer given to `variable`, read as an own property: answers come from JSON, where a key
 * like `constructor` or `__proto__` must never reach what every object inherits. Legacy question
 * lists may still hold such keys (they are refused since), so every read goes through here.
 */
export function answerOf(answers: TAnswers, variable: string): TAnswerValue | undefined {
  return Object.hasOwn(answers, variable) ? answers[variable] : undefined;
}

/**
 * Stores an answer as an own property. `__proto__` is the one inherited accessor: assigning it
 * would replace the map's prototype instead. The maps stay plain objects, as the database
 * layer and JSON expect.
 */
function setAnswer(answers: TAnswers, variable: string, value: TAnswerValue): void {
  if (variable === '__proto__') {
    Object.defineProperty(answers, variable, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    answers[variable] = value;
  }
}

function asList(value: string | readonly string[]): readonly string[] {
  return typeof value === 'string' ? [value] : value;
}

/** A pair on an `elenco` expects a number of items: `{"conduttori": {"almeno": 2}}`. */
function isCountExpected(expected: TExpectedAnswer): expected is { almeno: number } {
  return typeof expected === 'object' && !Array.isArray(expected);
}

/**
 * Whether the answer gives a value a condition can read: an empty string, an empty list and an
 * optional question skipped (`null`) give none.
 */
export function isAnswered(value: TAnswerValue | undefined): value is string | string[] {
  return value !== undefined && value !== null && value.length > 0;
}

/**
 * Whether the questionnaire is past the question: it was answered, skipped (`null` on an optional
 * question: skipping counts as answering) or, for an `elenco`, given its items, even none.
 */
export function isSettled(question: QuestionRules, value: TAnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (value === null) return !isRequired(question);
  return value.length > 0 || (question.type === 'elenco' && Array.isArray(value));
}

/**
 * A pair holds when the given answer and the expected one share a value (either may be a list),
 * or, on an `elenco`, when it has at least the expected number of items.
 */
export function pairHolds(given: TAnswerValue | undefined, expected: TExpectedAnswer): boolean {
  if (!isAnswered(given)) return false;
  if (isCountExpected(expected)) return Array.isArray(given) && given.length >= expected.almeno;
  // Loops rather than lists and closures: every questionnaire step runs this for each condition.
  if (typeof given === 'string') return matchesExpected(given, expected);
  if (!Array.isArray(given)) return false;
  for (const value of given) if (matchesExpected(value, expected)) return true;
  return false;
}

function matchesExpected(value: unknown, expected: string | readonly string[]): boolean {
  if (typeof value !== 'string') return false;
  if (typeof expected === 'string') return isSameOption(value, expected);
  for (const expectedValue of expected) if (isSameOption(value, expectedValue)) return true;
  return false;
}

/** A condition holds when all its pairs hold. */
export function conditionHolds(condition: TCondition, answers: TAnswers): boolean {
  for (const variable in condition) {
    if (!Object.hasOwn(condition, variable)) continue;
    const expected = condition[variable];
    if (expected === undefined || !pairHolds(answerOf(answers, variable), expected)) return false;
  }
  return true;
}

/** A question is shown when it has no condition or when any of its conditions holds. */
export function isVisible(question: QuestionRules, answers: TAnswers): boolean {
  const conditions = question.required_answers;
  if (!conditions || conditions.length === 0) return true;
  for (const condition of conditions) if (conditionHolds(condition, answers)) return true;
  return false;
}

/**
 * Only the answers that still count: those of questions of the list that are visible. Dropping
 * one answer can hide a later question, so this repeats until nothing changes (once, for lists
 * whose conditions only name earlier questions).
 */
export function pruneAnswers(questions: readonly QuestionRules[], answers: TAnswers): TAnswers {
  if (conditionsLookBack(questions)) return pruneInOnePass(questions, answers);
  let kept: TAnswers = {};
  for (const question of questions) {
    const value = answerOf(answers, question.variable);
    if (value !== undefined) setAnswer(kept, question.variable, value);
  }
  for (let changed = true; changed; ) {
    changed = false;
    const next: TAnswers = {};
    for (const question of questions) {
      const value = answerOf(kept, question.variable);
      if (value === undefined) continue;
      if (isVisible(question, kept)) setAnswer(next, question.variable, value);
      else changed = true;
    }
    kept = next;
  }
  return kept;
}

/**
 * Whether every condition of the list names only questions before its own (the usual list, and
 * every demo's), by list, computed once: the server keeps a version's list in memory and prunes
 * against it on every questionnaire step.
 */
const lookingBack = new WeakMap<readonly QuestionRules[], boolean>();

function conditionsLookBack(questions: readonly QuestionRules[]): boolean {
  let result = lookingBack.get(questions);
  if (result === undefined) {
    const earlier = new Set<string>();
    result = true;
    for (const question of questions) {
      for (const condition of question.required_answers ?? []) {
        for (const variable in condition) {
          if (Object.hasOwn(condition, variable) && !earlier.has(variable)) result = false;
        }
      }
      earlier.add(question.variable);
    }
    lookingBack.set(questions, result);
  }
  return result;
}

/**
 * `pruneAnswers` for a list whose conditions only look back: a question's visibility then
 * depends only on the answers kept before it, so one pass in list order finds what the repeated
 * passes settle on (a condition holds on given answers only, so keeping fewer never shows more).
 */
function pruneInOnePass(questions: readonly QuestionRules[], answers: TAnswers): TAnswers {
  const kept: TAnswers = {};
  for (const question of questions) {
    const value = answerOf(answers, question.variable);
    if (value !== undefined && isVisible(question, kept)) setAnswer(kept, question.variable, value);
  }
  return kept;
}

/** The first question, in list order, that is visible and unanswered; null when none is left. */
export function findNextQuestion<Q extends QuestionRules>(
  questions: readonly Q[],
  answers: TAnswers,
): Q | null {
  const counted = pruneAnswers(questions, answers);
  return (
    questions.find(
      (question) =>
        !isSettled(question, answerOf(counted, question.variable)) && isVisible(question, counted),
    ) ?? null
  );
}

/**
 * `findNextQuestion` for answers `validateAnswers` found no problem with: each of them is then
 * one the list counts (known and visible), so pruning them, as `findNextQuestion` does first,
 * would keep them all. The server's questionnaire step validates first and saves that work.
 */
export function findNextQuestionAfterValid<Q extends QuestionRules>(
  questions: readonly Q[],
  validAnswers: TAnswers,
): Q | null {
  for (const question of questions) {
    if (
      !isSettled(question, answerOf(validAnswers, question.variable)) &&
      isVisible(question, validAnswers)
    )
      return question;
  }
  return null;
}

/**
 * Each list's questions by key, built once per list: the server keeps a version's list in memory
 * and validates every questionnaire step against it.
 */
const indexes = new WeakMap<readonly QuestionRules[], Map<string, QuestionRules>>();

function questionsByVariable(questions: readonly QuestionRules[]): Map<string, QuestionRules> {
  let index = indexes.get(questions);
  if (!index) {
    index = new Map(questions.map((question) => [question.variable, question]));
    indexes.set(questions, index);
  }
  return index;
}

/**
 * Every reason the answers cannot be accepted, in Italian, empty when they are fine: an unknown
 * key, a question not shown with the other answers, a value outside the options, a list for a
 * single answer or a single value (or nothing) for a multiple selection, a typed answer that is
 * not canonical or breaks its question's limits (DESIGN §12). The answers may come straight from
 * JSON: any value is checked, none is trusted to have the answers' shape.
 */
export function validateAnswers(
  questions: readonly QuestionRules[],
  answers: Readonly<Record<string, unknown>>,
  context: Omit<CheckContext, 'label'> = {},
): string[] {
  const byVariable = questionsByVariable(questions);
  const counted = pruneAnswers(questions, answers as TAnswers);
  const problems: string[] = [];
  for (const [variable, value] of Object.entries(answers)) {
    const question = byVariable.get(variable);
    if (!question) {
      problems.push(it.questions.answerUnknownQuestion(variable));
    } else if (!Object.hasOwn(counted, variable)) {
      problems.push(it.questions.answerNotVisible(labelOf(question)));
    } else {
      problems.push(...validateCanonical(question, value, context));
    }
  }
  return problems;
}

/**
 * The answers a save keeps (the questionnaire's "back" and summary edits): unknown keys are
 * refused, answers that later answers hide are dropped, and what remains must be allowed.
 */
export function acceptAnswers(
  questions: readonly QuestionRules[],
  raw: Readonly<Record<string, unknown>>,
  context: Omit<CheckContext, 'label'> = {},
): { answers: TAnswers; problems: string[] } {
  const known = questionsByVariable(questions);
  const unknown = Object.keys(raw).filter((variable) => !known.has(variable));
  if (unknown.length > 0) {
    return { answers: {}, problems: unknown.map((v) => it.questions.answerUnknownQuestion(v)) };
  }
  const answers = pruneAnswers(questions, raw as TAnswers);
  return { answers, problems: validateAnswers(questions, answers, context) };
}

/**
 * How later questions depend on a question (issue 11, summary edits): through its answer (a
 * condition names one of its options: the SPEC rule, changing it discards the later answers),
 * through its number of items only (an `almeno` pair on an `elenco`: only a change of the count
 * can matter), or not at all (a name, an amount, a date: changing it keeps every later answer).
 * A multiple-choice question keeps the SPEC rule whatever the conditions say: the templates made
 * before typed questions behave in the summary exactly as they did.
 */
export type Dependence = 'none' | 'answer' | 'count';

/** Whether any condition of the list refers to `variable`, and how (see `Dependence`). */
export function dependenceOn(questions: readonly QuestionRules[], variable: string): Dependence {
  const own = questionsByVariable(questions).get(variable);
  if (own && isChoice(own)) return 'answer';
  let found: Dependence = 'none';
  for (const question of questions) {
    for (const condition of question.required_answers ?? []) {
      if (!Object.hasOwn(condition, variable)) continue;
      const expected = condition[variable];
      if (expected === undefined) continue;
      if (!isCountExpected(expected)) return 'answer';
      found = 'count';
    }
  }
  return found;
}

/** What a change of one answer keeps, and the keys of the answers it discards (list order). */
export type AnswerChange = { answers: TAnswers; discarded: string[] };

/**
 * The answers after `variable` takes `value` in the summary, by the rule of `dependenceOn`: when
 * a condition reads the answer (or an `almeno` pair's outcome changes with the new number of
 * items), every answer of a later question is discarded and the questionnaire resumes there (the
 * SPEC rule); otherwise only that answer changes and the rest is kept. The same value changes
 * nothing. Answers a question not of the list holds are left for validation to refuse.
 */
export function changeAnswer(
  questions: readonly QuestionRules[],
  answers: TAnswers,
  variable: string,
  value: TAnswerValue,
): AnswerChange {
  const changed: TAnswers = { ...answers };
  setAnswer(changed, variable, value);
  const before = answerOf(answers, variable);
  if (before !== undefined && JSON.stringify(before) === JSON.stringify(value)) {
    return { answers: { ...answers }, discarded: [] };
  }
  const dependence = dependenceOn(questions, variable);
  const position = questions.findIndex((question) => question.variable === variable);
  const later = questions.slice(position + 1);
  const outcomeChanges =
    dependence === 'answer' ||
    (dependence === 'count' &&
      later.some((question) => isVisible(question, answers) !== isVisible(question, changed)));
  if (position < 0 || !outcomeChanges) return { answers: changed, discarded: [] };
  const kept: TAnswers = {};
  const discarded: string[] = [];
  for (const question of questions) {
    const given = answerOf(changed, question.variable);
    if (given === undefined) continue;
    if (later.includes(question)) discarded.push(question.variable);
    else setAnswer(kept, question.variable, given);
  }
  return { answers: kept, discarded };
}

/**
 * The answers after item `index` (from 0) of the `elenco` `variable` is removed in the summary:
 * a change of its answer (`changeAnswer`), so an `almeno` condition that no longer holds
 * discards the later answers. Null when there is no such item.
 */
export function removeListItem(
  questions: readonly QuestionRules[],
  answers: TAnswers,
  variable: string,
  index: number,
): AnswerChange | null {
  const items = answerOf(answers, variable);
  if (!Array.isArray(items) || !Number.isInteger(index) || index < 0 || index >= items.length) {
    return null;
  }
  const remaining = items.filter((_, position) => position !== index) as TAnswerValue;
  return changeAnswer(questions, answers, variable, remaining);
}

/** What the summary shows of one answer, and what changing or removing it costs (issue 11). */
export interface SummaryAnswer {
  variable: string;
  question: string;
  given_answer: TAnswerValue;
  dependence: Dependence;
  /** For an `elenco`: whether removing an item would discard later answers. */
  item_removal_discards?: boolean;
}

/**
 * The summary's entries in question order, each with its question: the one computation behind
 * the contract detail (server) and the admin try-out (web, which has no contract).
 */
export function summaryAnswers<Q extends QuestionRules>(
  questions: readonly Q[],
  answers: TAnswers,
): { question: Q; entry: SummaryAnswer }[] {
  return questions.flatMap((question) => {
    // Own properties only (`answerOf`): a key like `constructor` must not read the prototype.
    const given = answerOf(answers, question.variable);
    if (given === undefined) return [];
    const lastItem = Array.isArray(given) ? given.length - 1 : -1;
    const entry: SummaryAnswer = {
      variable: question.variable,
      question: question.question ?? '',
      given_answer: given,
      dependence: dependenceOn(questions, question.variable),
      ...(question.type === 'elenco' && lastItem >= 0
        ? {
            item_removal_discards:
              (removeListItem(questions, answers, question.variable, lastItem)?.discarded.length ??
                0) > 0,
          }
        : {}),
    };
    return [{ question, entry }];
  });
}

/**
 * Problems of the list as a whole: keys used twice, and conditions naming an unknown question, a
 * question that does not come before, or an answer that question does not offer.
 */
export function questionListProblems(questions: readonly QuestionRules[]): string[] {
  const problems: string[] = [];
  const indexOf = new Map<string, number>();
  questions.forEach((question, index) => {
    if (indexOf.has(question.variable)) {
      problems.push(it.questions.keyDuplicate(question.variable));
    } else {
      indexOf.set(question.variable, index);
    }
  });
  questions.forEach((question, index) => {
    for (const condition of question.required_answers ?? []) {
      for (const [variable, expected] of Object.entries(condition)) {
        const referenced = indexOf.get(variable);
        const label = labelOf(question);
        if (referenced === undefined) {
          problems.push(it.questions.conditionUnknownQuestion(label, variable));
        } else if (referenced >= index) {
          problems.push(it.questions.conditionLaterQuestion(label, variable));
        } else if (isCountExpected(expected)) {
          if (questions[referenced]?.type !== 'elenco')
            problems.push(it.questions.conditionCountOnlyForList(label, variable));
        } else if (!isChoice(questions[referenced] ?? {})) {
          problems.push(it.questions.conditionAnswerOnlyForChoice(label, variable));
        } else {
          const options = questions[referenced]?.options ?? [];
          for (const option of asList(expected)) {
            if (!options.some((offered) => isSameOption(offered, option))) {
              problems.push(it.questions.conditionUnknownOption(label, variable, option));
            }
          }
        }
      }
    }
  });
  return problems;
}

/** The fewest and the most questions a lawyer can be asked, over every way of answering. */
export type QuestionRange = { min: number; max: number };

const bit = (id: number) => 1n << BigInt(id);

/** The sets that no other set of the list contains (largest) or is contained in (smallest). */
function extremeSets(sets: Iterable<bigint>, keep: 'largest' | 'smallest'): bigint[] {
  const unique = [...new Set(sets)];
  const dominates = (other: bigint, candidate: bigint) =>
    keep === 'largest' ? (other & candidate) === candidate : (other & candidate) === other;
  return unique.filter(
    (candidate) => !unique.some((other) => other !== candidate && dominates(other, candidate)),
  );
}

type RangeGoal = 'min' | 'max';

/** The items an `elenco` can hold: `min_items` … `max_items` (at most ELENCO_MAX_ITEMS). */
function itemCounts(question: QuestionRules): { least: number; most: number } {
  const least = Math.min(question.min_items ?? 1, ELENCO_MAX_ITEMS);
  const most = Math.max(least, Math.min(question.max_items ?? ELENCO_MAX_ITEMS, ELENCO_MAX_ITEMS));
  return { least, most };
}

/**
 * The answers the range model tries: a choice's options; an `elenco`'s numbers of items, as the
 * strings its `almeno` pairs expect; nothing for other types (no condition reads them).
 */
function rangeOptions(question: QuestionRules): readonly string[] {
  if (question.type === 'elenco') {
    const { least, most } = itemCounts(question);
    return Array.from({ length: most - least + 1 }, (_, k) => String(least + k));
  }
  return isChoice(question) ? (question.options ?? []) : [];
}

/** The values a pair accepts, in the range model's terms (straightened options, or counts). */
function rangeExpected(expected: TExpectedAnswer): Set<string> {
  if (isCountExpected(expected)) {
    const counts: string[] = [];
    for (let k = expected.almeno; k <= ELENCO_MAX_ITEMS; k += 1) counts.push(String(k));
    return new Set(counts);
  }
  return new Set(asList(expected).map(straightenQuotes));
}

/**
 * How many questions a shown question counts for: one, or an `elenco`'s items (DESIGN §12). More
 * items never hide a question (an `almeno` pair only holds with more), so the shortest walk gives
 * every `elenco` its fewest items and the longest its most.
 */
function questionWeights(questions: readonly QuestionRules[], goal: RangeGoal): number[] {
  return questions.map((question) => {
    if (question.type !== 'elenco') return 1;
    const { least, most } = itemCounts(question);
    return goal === 'min' ? least : most;
  });
}

/**
 * The question list seen as conditions that die: each condition of the list has a bit, alive
 * while the answers given so far satisfy its pairs. Answering or skipping a question kills
 * exactly the conditions that name its key and expect none of the chosen options.
 */
function buildRangeModel(questions: readonly QuestionRules[]) {
  const n = questions.length;
  const indexOf = new Map<string, number>();
  questions.forEach((question, index) => {
    if (!indexOf.has(question.variable)) indexOf.set(question.variable, index);
  });

  type Pair = { variableIndex: number; expected: Set<string>; matchable: boolean };
  const conditions: { owner: number; pairs: Pair[]; decidedAt: number }[] = [];
  const conditionIds: number[][] = questions.map(() => []);
  const masks: bigint[] = questions.map((question, owner) => {
    let mask = 0n;
    for (const condition of question.required_answers ?? []) {
      const pairs = Object.entries(condition).map(([variable, expected]): Pair => {
        const variableIndex = indexOf.get(variable) ?? -1;
        // Straightened, as `pairHolds` compares them.
        const values = rangeExpected(expected);
        const target = questions[variableIndex];
        const options = target ? rangeOptions(target) : [];
        return {
          variableIndex,
          expected: values,
          matchable: options.some((o) => values.has(straightenQuotes(o))),
        };
      });
      const id = conditions.length;
      // From this index on, every pair of the condition names an already visited question.
      const decidedAt = Math.max(0, ...pairs.map((pair) => pair.variableIndex + 1));
      conditions.push({ owner, pairs, decidedAt });
      conditionIds[owner]?.push(id);
      mask |= bit(id);
    }
    return mask;
  });

  // A pair on an unknown key, or on a key not asked before its question, never holds.
  const initiallyAlive = conditions.reduce(
    (alive, condition, id) =>
      condition.pairs.every((p) => p.variableIndex >= 0 && p.variableIndex < condition.owner)
        ? alive | bit(id)
        : alive,
    0n,
  );

  const killedBy = (index: number, chosen: (value: string) => boolean) =>
    conditions.reduce((killed, condition, id) => {
      const pair = condition.pairs.find((p) => p.variableIndex === index);
      return pair && ![...pair.expected].some(chosen) ? killed | bit(id) : killed;
    }, 0n);

  // A question no condition reads only adds itself: it is counted as soon as its visibility is
  // settled (all its conditions decided) and never branched on.
  const isLeaf = questions.map(
    (_, index) => !conditions.some((c) => c.pairs.some((p) => p.variableIndex === index)),
  );
  const settledAt = questions.map((_, index) =>
    Math.max(0, ...(conditionIds[index] ?? []).map((id) => conditions[id]?.decidedAt ?? 0)),
  );
  const leavesSettledAt: number[][] = Array.from({ length: n + 1 }, () => []);
  questions.forEach((_, index) => {
    if (isLeaf[index]) leavesSettledAt[settledAt[index] ?? 0]?.push(index);
  });

  const ownedFrom: bigint[] = new Array(n + 1).fill(0n);
  for (let i = n - 1; i >= 0; i -= 1) ownedFrom[i] = (ownedFrom[i + 1] ?? 0n) | (masks[i] ?? 0n);
  const decidedBy: bigint[] = Array.from({ length: n + 1 }, (_, i) =>
    conditions.reduce((mask, c, id) => (c.decidedAt <= i ? mask | bit(id) : mask), 0n),
  );

  return {
    questions,
    n,
    conditions,
    conditionIds,
    masks,
    initiallyAlive,
    killedBy,
    killedWhenSkipped: questions.map((_, index) => killedBy(index, () => false)),
    isLeaf,
    settledAt,
    leavesSettledAt,
    ownedFrom,
    decidedBy,
    minWeights: questionWeights(questions, 'min'),
    maxWeights: questionWeights(questions, 'max'),
  };
}

type RangeModel = ReturnType<typeof buildRangeModel>;

/**
 * The answers worth trying for each question. Visibility is monotone (more alive conditions never
 * hide a question), so the longest walk only needs the answers that kill a minimal set (for a
 * multiple selection: all options at once) and the shortest those that kill a maximal one (a
 * multiple selection kills less than any of its options alone).
 */
function answerChoices(model: RangeModel, goal: RangeGoal): bigint[][] {
  return model.questions.map((question, index) => {
    if (question.type === 'elenco') {
      const counts = rangeOptions(question);
      const chosen = goal === 'max' ? counts[counts.length - 1] : counts[0];
      return [model.killedBy(index, (value) => value === chosen)];
    }
    const offered = rangeOptions(question);
    if (offered.length === 0) return [0n];
    const options = offered.map(straightenQuotes);
    if (question.is_multiple_selection && goal === 'max') {
      return [model.killedBy(index, (value) => options.includes(value))];
    }
    const singles = options.map((o) => model.killedBy(index, (value) => value === o));
    // An optional choice may be skipped: no option at all, which kills every pair on it.
    if (!isRequired(question)) singles.push(model.killedWhenSkipped[index] ?? 0n);
    return extremeSets(singles, goal === 'max' ? 'smallest' : 'largest');
  });
}

/**
 * The most (max) or fewest (min) questions a walk from `index` can still show: an optimistic
 * count (an alive condition whose pairs ahead name questions that may be shown with an option
 * they expect) or a certain one (no condition, or a satisfied and decided one).
 */
function boundWalk(model: RangeModel, goal: RangeGoal, index: number, alive: bigint): number {
  const weights = goal === 'min' ? model.minWeights : model.maxWeights;
  const possible: boolean[] = [];
  const decided = alive & (model.decidedBy[index] ?? 0n);
  let total = 0;
  for (let j = index; j < model.n; j += 1) {
    const ids = model.conditionIds[j] ?? [];
    possible[j] =
      goal === 'min'
        ? ids.length === 0 || (decided & (model.masks[j] ?? 0n)) !== 0n
        : ids.length === 0 ||
          ids.some(
            (id) =>
              (alive & bit(id)) !== 0n &&
              (model.conditions[id]?.pairs ?? []).every(
                (p) => p.variableIndex < index || (possible[p.variableIndex] && p.matchable),
              ),
          );
    const countedHere = !model.isLeaf[j] || (model.settledAt[j] ?? 0) >= index;
    if (possible[j] && countedHere) total += weights[j] ?? 1;
  }
  return total;
}

/** Exact shortest or longest walk: a memoised search over canonical states, with bounds. */
function searchWalkLength(model: RangeModel, goal: RangeGoal): number {
  const { n, masks } = model;
  const choices = answerChoices(model, goal);
  const weights = goal === 'min' ? model.minWeights : model.maxWeights;
  const better = (a: number, b: number) => (goal === 'max' ? a > b : a < b);
  const memo: Map<bigint, number>[] = Array.from({ length: n }, () => new Map());

  /** Counts the leaves settled here; a question with a satisfied, decided condition is shown. */
  const settle = (index: number, alive: bigint) => {
    let state = alive & (model.ownedFrom[index] ?? 0n);
    let counted = 0;
    for (const leaf of model.leavesSettledAt[index] ?? []) {
      const mask = masks[leaf] ?? 0n;
      if (mask === 0n || (state & mask) !== 0n) counted += weights[leaf] ?? 1;
      state &= ~mask;
    }
    const decidedAlive = state & (model.decidedBy[index] ?? 0n);
    if (decidedAlive !== 0n) {
      for (let j = index; j < n; j += 1) {
        if ((decidedAlive & (masks[j] ?? 0n)) !== 0n) state |= masks[j] ?? 0n;
      }
    }
    return { state, counted };
  };

  const walk = (index: number, alive: bigint): number => {
    if (index >= n) return 0;
    const { state, counted } = settle(index, alive);
    return counted + rest(index, state);
  };

  const rest = (index: number, state: bigint): number => {
    const known = memo[index]?.get(state);
    if (known !== undefined) return known;
    const mask = masks[index] ?? 0n;
    let result: number;
    if (model.isLeaf[index]) {
      result = walk(index + 1, state);
    } else if (mask !== 0n && (state & mask) === 0n) {
      result = walk(index + 1, state & ~(model.killedWhenSkipped[index] ?? 0n));
    } else {
      const kills = choices[index] ?? [0n];
      // No answer keeps more alive than the one killing only what all kill (max), nor fewer
      // than the one killing everything any kills (min).
      const extreme = kills.reduce((all, k) => (goal === 'max' ? all & k : all | k));
      const weight = weights[index] ?? 1;
      const limit = weight + boundWalk(model, goal, index + 1, state & ~extreme);
      const children = kills
        .map((killed) => {
          const next = state & ~killed;
          return { next, bound: weight + boundWalk(model, goal, index + 1, next) };
        })
        .sort((a, b) => (goal === 'max' ? b.bound - a.bound : a.bound - b.bound));
      let best: number | undefined;
      for (const child of children) {
        if (best !== undefined && !better(child.bound, best)) continue;
        const length = weight + walk(index + 1, child.next);
        if (best === undefined || better(length, best)) best = length;
        if (best === limit) break;
      }
      result = best ?? weight;
    }
    memo[index]?.set(state, result);
    return result;
  };

  return walk(0, model.initiallyAlive);
}

/**
 * Shortest and longest walk through the questionnaire (DESIGN §5, offered to the editor as
 * min/max questions): a walk visits the questions in order and answers each visible one.
 *
 * Exact. States that lead to the same future (same alive conditions of the questions ahead, once
 * settled) share one memoised result, and branches are cut by bounds. Deciding the longest walk
 * is NP-hard in general (one question per clause encodes SAT), so the cost grows with how many
 * conditions are "open" at once; questionnaires branch on a few questions and take milliseconds
 * at 100 questions. Exact for lists with unique keys, as `ZQuestions` guarantees.
 */
export function computeQuestionRange(questions: readonly QuestionRules[]): QuestionRange {
  const model = buildRangeModel(questions);
  return { min: searchWalkLength(model, 'min'), max: searchWalkLength(model, 'max') };
}

/**
 * An answer as a sentence reads it: a list becomes "a, b e c". For a typed answer in Italian
 * formats, `formatItalian` (answer-types) takes the question too.
 */
export function formatAnswer(value: TAnswerValue | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return joinItalian(
    value.map((item) => (typeof item === 'string' ? item : Object.values(item).join(' '))),
  );
}
