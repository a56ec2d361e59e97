import fc from 'fast-check';
import { describe, expect, it as test } from 'vitest';
import { it } from './messages/it.ts';
import {
  acceptAnswers,
  answerOf,
  computeQuestionRange,
  findNextQuestion,
  findNextQuestionAfterValid,
  formatAnswer,
  isVisible,
  normalizeVariableKey,
  pruneAnswers,
  type QuestionRules,
  questionListProblems,
  validateAnswers,
} from './questionnaire.ts';
import {
  type TAnswers,
  type TAnswerValue,
  ZAnswers,
  ZQuestion,
  ZQuestions,
} from './schemas/questions.ts';
import * as before from './test/questionnaire-before-types.ts';

function question(
  variable: string,
  options: string[],
  required_answers: QuestionRules['required_answers'] = [],
  is_multiple_selection = false,
): QuestionRules {
  return {
    variable,
    question: `Domanda ${variable}?`,
    options,
    required_answers,
    is_multiple_selection,
  };
}

/** A lease contract: the deposit question only for a lease, the guarantor only without deposit. */
const lease = [
  question('tipo', ['Vendita', 'Locazione']),
  question('deposito', ['Sì', 'No'], [{ tipo: 'Locazione' }]),
  question('garante', ['Sì', 'No'], [{ tipo: 'Locazione', deposito: 'No' }]),
  question('servizi', ['Pulizie', 'Portineria', 'Giardino'], [], true),
  question('giardiniere', ['Interno', 'Esterno'], [{ servizi: 'Giardino' }, { tipo: 'Vendita' }]),
];

describe('visibility', () => {
  test('shows a question without conditions', () => {
    expect(isVisible(lease[0] as QuestionRules, {})).toBe(true);
  });

  test('shows a question when all pairs of one condition hold', () => {
    const garante = lease[2] as QuestionRules;
    expect(isVisible(garante, { tipo: 'Locazione', deposito: 'No' })).toBe(true);
    expect(isVisible(garante, { tipo: 'Locazione', deposito: 'Sì' })).toBe(false);
    expect(isVisible(garante, { tipo: 'Locazione' })).toBe(false);
  });

  test('treats several conditions as alternatives', () => {
    const giardiniere = lease[4] as QuestionRules;
    expect(isVisible(giardiniere, { tipo: 'Vendita' })).toBe(true);
    expect(isVisible(giardiniere, { tipo: 'Locazione', servizi: ['Pulizie', 'Giardino'] })).toBe(
      true,
    );
    expect(isVisible(giardiniere, { tipo: 'Locazione', servizi: ['Pulizie'] })).toBe(false);
  });

  test('matches when a given list and an expected list share a value', () => {
    const q = question('x', ['a', 'b'], [{ servizi: ['Giardino', 'Portineria'] }]);
    expect(isVisible(q, { servizi: ['Portineria'] })).toBe(true);
    expect(isVisible(q, { servizi: 'Giardino' })).toBe(true);
    expect(isVisible(q, { servizi: ['Pulizie'] })).toBe(false);
  });
});

describe('next question', () => {
  test('walks the lease questionnaire and ends with null', () => {
    let answers: TAnswers = {};
    const asked: string[] = [];
    const choices: Record<string, TAnswerValue> = {
      tipo: 'Locazione',
      deposito: 'No',
      garante: 'Sì',
      servizi: ['Giardino'],
      giardiniere: 'Esterno',
    };
    for (
      let next = findNextQuestion(lease, answers);
      next;
      next = findNextQuestion(lease, answers)
    ) {
      asked.push(next.variable);
      answers = { ...answers, [next.variable]: choices[next.variable] as TAnswerValue };
    }
    expect(asked).toEqual(['tipo', 'deposito', 'garante', 'servizi', 'giardiniere']);
  });

  test('skips questions whose conditions do not hold', () => {
    expect(findNextQuestion(lease, { tipo: 'Vendita' })?.variable).toBe('servizi');
  });

  test('ignores a stale answer that would make a later question visible', () => {
    // deposito was answered for a lease, then tipo changed: garante must not be asked.
    const next = findNextQuestion(lease, { tipo: 'Vendita', deposito: 'No' });
    expect(next?.variable).toBe('servizi');
  });
});

describe('pruning answers', () => {
  test('drops answers of hidden questions, and of questions they hid in turn', () => {
    expect(
      pruneAnswers(lease, { tipo: 'Vendita', deposito: 'No', garante: 'Sì', servizi: ['Pulizie'] }),
    ).toEqual({ tipo: 'Vendita', servizi: ['Pulizie'] });
  });

  test('drops answers to keys that are not questions', () => {
    expect(pruneAnswers(lease, { tipo: 'Vendita', ignota: 'x' })).toEqual({ tipo: 'Vendita' });
  });

  test('reaches a fixed point even when a condition names a later question', () => {
    const backwards = [
      question('a', ['1', '2'], [{ b: '1' }]),
      question('b', ['1', '2'], [{ c: '1' }]),
      question('c', ['1', '2']),
    ];
    // c is not answered, so b is hidden, so a is hidden.
    expect(pruneAnswers(backwards, { a: '1', b: '1' })).toEqual({});
  });
});

describe('answer validation', () => {
  test('accepts a complete, consistent set of answers', () => {
    expect(
      validateAnswers(lease, { tipo: 'Vendita', servizi: ['Pulizie'], giardiniere: 'Interno' }),
    ).toEqual([]);
  });

  test('names every problem in Italian', () => {
    const problems = validateAnswers(lease, {
      tipo: 'Affitto',
      deposito: 'Sì',
      servizi: 'Pulizie',
      ignota: 'x',
    });
    expect(problems).toEqual([
      it.questions.answerNotAnOption('Domanda tipo?', 'Affitto'),
      it.questions.answerNotVisible('Domanda deposito?'),
      it.questions.answerListExpected('Domanda servizi?'),
      it.questions.answerUnknownQuestion('ignota'),
    ]);
  });

  test('refuses an empty list, a list for a single answer and repeated options', () => {
    expect(validateAnswers(lease, { servizi: [] })).toEqual([
      it.questions.answerListExpected('Domanda servizi?'),
    ]);
    expect(validateAnswers(lease, { tipo: ['Vendita'] })).toEqual([
      it.questions.answerSingleExpected('Domanda tipo?'),
    ]);
    expect(validateAnswers(lease, { servizi: ['Pulizie', 'Pulizie'] })).toEqual([
      it.questions.answerRepeated('Domanda servizi?', 'Pulizie'),
    ]);
  });
});

describe('keys named like the properties every object inherits', () => {
  // A list saved before such keys were refused: the rules must still read only the answers.
  const legacy = [
    question('constructor', ['Sì', 'No']),
    question('toString', ['Sì', 'No'], [{ constructor: 'Sì' }]),
    question('__proto__', ['Sì', 'No']),
    question(
      'valueOf',
      ['Sì', 'No'],
      // As a stored list reads from JSON: `__proto__` is the condition's own key.
      [JSON.parse('{"__proto__": "No"}')],
    ),
  ];

  test('asks each of them once, in order, then ends', () => {
    let answers: TAnswers = {};
    const asked: string[] = [];
    for (
      let next = findNextQuestion(legacy, answers);
      next;
      next = findNextQuestion(legacy, answers)
    ) {
      asked.push(next.variable);
      expect(asked.length).toBeLessThanOrEqual(legacy.length);
      answers = { ...answers, [next.variable]: next.variable === '__proto__' ? 'No' : 'Sì' };
    }
    expect(asked).toEqual(['constructor', 'toString', '__proto__', 'valueOf']);
    expect(validateAnswers(legacy, answers)).toEqual([]);
  });

  test('treats an unanswered one as unanswered: its conditions do not hold', () => {
    expect(findNextQuestion(legacy, { constructor: 'No' })?.variable).toBe('__proto__');
    expect(isVisible(legacy[1] as QuestionRules, {})).toBe(false);
    expect(pruneAnswers(legacy, JSON.parse('{"toString": "Sì"}'))).toEqual({});
  });

  test('keeps an answer to __proto__ as an answer, not as a prototype', () => {
    const answers = JSON.parse('{"constructor": "No", "__proto__": "No"}');
    const kept = pruneAnswers(legacy, answers);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.entries(kept)).toEqual([
      ['constructor', 'No'],
      ['__proto__', 'No'],
    ]);
    expect(findNextQuestion(legacy, answers)?.variable).toBe('valueOf');
  });

  test('names an answer to such a key that the list does not ask as unknown', () => {
    for (const name of INHERITED_NAMES) {
      const answers = JSON.parse(`{"${name}": "Vendita"}`);
      expect(validateAnswers(lease, answers)).toEqual([it.questions.answerUnknownQuestion(name)]);
      expect(findNextQuestion(lease, answers)?.variable).toBe('tipo');
    }
  });
});

describe('question list problems', () => {
  test('finds duplicate keys and conditions on later, unknown questions or unknown options', () => {
    const problems = questionListProblems([
      question('a', ['1', '2'], [{ b: '1' }]),
      question('b', ['1', '2'], [{ a: '3', z: '1' }]),
      question('a', ['1', '2']),
    ]);
    expect(problems).toEqual([
      it.questions.keyDuplicate('a'),
      it.questions.conditionLaterQuestion('Domanda a?', 'b'),
      it.questions.conditionUnknownOption('Domanda b?', 'a', '3'),
      it.questions.conditionUnknownQuestion('Domanda b?', 'z'),
    ]);
  });

  test('normalizes keys: spaces become _', () => {
    expect(normalizeVariableKey('  nome   del cliente ')).toBe('nome_del_cliente');
  });
});

describe('typographic apostrophes and quotes', () => {
  // Word writes "l’arredamento" as the editor types "l'arredamento", in options and conditions.
  const furnished = [
    question('arredo', ['Sì, con l’arredamento', 'No']),
    question('inventario', ['Sì', 'No'], [{ arredo: "Sì, con l'arredamento" }]),
    question('servizi', ['Pulizie dell’appartamento', 'Portineria'], [], true),
    question('impresa', ['Interna', 'Esterna'], [{ servizi: 'Pulizie dell‘appartamento' }]),
  ];

  test('a condition holds whichever apostrophe the option and the condition use', () => {
    const inventario = furnished[1] as QuestionRules;
    expect(isVisible(inventario, { arredo: 'Sì, con l’arredamento' })).toBe(true);
    expect(isVisible(inventario, { arredo: 'No' })).toBe(false);
    expect(findNextQuestion(furnished, { arredo: 'Sì, con l’arredamento' })?.variable).toBe(
      'inventario',
    );
    expect(
      pruneAnswers(furnished, { arredo: 'Sì, con l’arredamento', inventario: 'Sì' }),
    ).toHaveProperty('inventario', 'Sì');
  });

  test('also in a multiple selection, with a left quote used as an apostrophe', () => {
    const impresa = furnished[3] as QuestionRules;
    expect(isVisible(impresa, { servizi: ['Portineria', 'Pulizie dell’appartamento'] })).toBe(true);
    expect(isVisible(impresa, { servizi: ['Portineria'] })).toBe(false);
  });

  test('the list check accepts the other apostrophe and still names a misspelled option', () => {
    expect(questionListProblems(furnished)).toEqual([]);
    expect(
      questionListProblems([
        question('arredo', ['Sì, con l’arredamento', 'No']),
        question('inventario', ['Sì', 'No'], [{ arredo: "Sì, con l'arredo" }]),
      ]),
    ).toEqual([
      it.questions.conditionUnknownOption('Domanda inventario?', 'arredo', "Sì, con l'arredo"),
    ]);
  });

  test('the question range follows the same matching', () => {
    expect(computeQuestionRange(furnished)).toEqual({ min: 2, max: 4 });
  });

  test('answers are still exactly one of the options, as the editor wrote it', () => {
    expect(validateAnswers(furnished, { arredo: 'Sì, con l’arredamento' })).toEqual([]);
    expect(validateAnswers(furnished, { arredo: "Sì, con l'arredamento" })).toEqual([
      it.questions.answerNotAnOption('Domanda arredo?', "Sì, con l'arredamento"),
    ]);
  });

  test('options differing only in their quotes are one option twice', () => {
    const result = ZQuestion.safeParse({
      variable: 'arredo',
      question: 'Arredato?',
      options: ['Con l’arredamento', "Con l'arredamento"],
    });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      it.questions.optionDuplicate("Con l'arredamento"),
    ]);
  });
});

describe('question range', () => {
  test('counts the shortest and longest walk of the lease questionnaire', () => {
    // Vendita: tipo, servizi, giardiniere (3). Locazione, No deposit, Giardino: all 5.
    // Locazione with a deposit and no garden: tipo, deposito, servizi (3).
    expect(computeQuestionRange(lease)).toEqual({ min: 3, max: 5 });
  });

  test('is empty for an empty list and n for unconditional questions', () => {
    expect(computeQuestionRange([])).toEqual({ min: 0, max: 0 });
    expect(computeQuestionRange([question('a', ['1', '2']), question('b', ['1', '2'])])).toEqual({
      min: 2,
      max: 2,
    });
  });

  test('counts a question reachable only through a multiple selection of two options', () => {
    const list = [
      question('s', ['a', 'b', 'c'], [], true),
      question('x', ['1', '2'], [{ s: 'a' }]),
      question('y', ['1', '2'], [{ s: 'b', x: '1' }]),
    ];
    expect(computeQuestionRange(list)).toEqual({ min: 1, max: 3 });
  });
});

test('formats lists as Italian enumerations', () => {
  expect(formatAnswer(['a', 'b', 'c'])).toBe('a, b e c');
  expect(formatAnswer(['a', 'b'])).toBe('a e b');
  expect(formatAnswer(['a'])).toBe('a');
  expect(formatAnswer('x')).toBe('x');
  expect(formatAnswer(undefined)).toBe('');
});

// ---- Property-based checks on random questionnaires -------------------------------------------

/**
 * Random lists whose conditions name earlier questions with some of their options; with
 * `branchEvery`, only every k-th question is named, as real questionnaires branch on a few.
 */
function arbitraryQuestionList(maxLength: number, maxOptions = 4, minLength = 0, branchEvery = 1) {
  return fc
    .array(
      fc.record({
        optionCount: fc.integer({ min: 2, max: maxOptions }),
        multiple: fc.boolean(),
        conditions: fc.array(
          fc.array(
            fc.record({
              target: fc.nat(),
              picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
            }),
            {
              minLength: 1,
              maxLength: 2,
            },
          ),
          { maxLength: 2 },
        ),
      }),
      { minLength, maxLength },
    )
    .map((specs) =>
      specs.map((spec, index): QuestionRules => {
        const options = Array.from({ length: spec.optionCount }, (_, o) => `o${o}`);
        const required_answers =
          index === 0
            ? []
            : spec.conditions.map((pairs) => {
                const condition: Record<string, string | string[]> = {};
                for (const pair of pairs) {
                  const target = (pair.target % Math.ceil(index / branchEvery)) * branchEvery;
                  const targetOptions = specs[target]?.optionCount ?? 2;
                  const picked = pair.picks.map((p) => `o${p % targetOptions}`);
                  condition[`q${target}`] = picked.length === 1 ? (picked[0] as string) : picked;
                }
                return condition;
              });
        return question(`q${index}`, options, required_answers, spec.multiple);
      }),
    );
}

/** Answers a question the way a lawyer could: one option, or a non-empty set of options. */
function pickAnswer(q: QuestionRules, seed: number): TAnswerValue {
  const options = q.options ?? [];
  if (!q.is_multiple_selection) return options[seed % options.length] as string;
  const mask = (seed % (2 ** options.length - 1)) + 1;
  return options.filter((_, index) => mask & (1 << index));
}

function randomWalk(questions: QuestionRules[], seeds: number[]) {
  let answers: TAnswers = {};
  let steps = 0;
  for (
    let next = findNextQuestion(questions, answers);
    next;
    next = findNextQuestion(questions, answers)
  ) {
    const before = Object.keys(answers).length;
    expect(answerOf(answers, next.variable)).toBeUndefined();
    expect(isVisible(next, answers)).toBe(true);
    answers = {
      ...answers,
      [next.variable]: pickAnswer(next, seeds[steps % seeds.length] ?? steps),
    };
    expect(Object.keys(answers).length).toBe(before + 1);
    steps += 1;
    expect(steps).toBeLessThanOrEqual(questions.length);
  }
  return { answers, steps };
}

/** Every walk's length, by trying every answer of every visible question. */
function allWalkLengths(
  questions: QuestionRules[],
  answers: TAnswers = {},
  lengths = new Set<number>(),
) {
  const next = findNextQuestion(questions, answers);
  if (!next) {
    lengths.add(Object.keys(answers).length);
    return lengths;
  }
  const optionCount = next.options?.length ?? 0;
  const count = next.is_multiple_selection ? 2 ** optionCount - 1 : optionCount;
  for (let seed = 0; seed < count; seed += 1) {
    allWalkLengths(questions, { ...answers, [next.variable]: pickAnswer(next, seed) }, lengths);
  }
  return lengths;
}

/** Names every object inherits: a key like these must read the answers, never Object's prototype. */
const INHERITED_NAMES = [
  'constructor',
  'toString',
  '__proto__',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

/**
 * The same list with the keys `q0`… renamed to inherited names, as lists saved before such keys
 * were refused may hold them (the rules never go through the schema for a stored list).
 */
function withInheritedNames(questions: QuestionRules[]): QuestionRules[] {
  const rename = (variable: string) => INHERITED_NAMES[Number(variable.slice(1))] ?? variable;
  return questions.map((q) => ({
    ...q,
    variable: rename(q.variable),
    required_answers: q.required_answers?.map((condition) =>
      Object.fromEntries(Object.entries(condition).map(([key, value]) => [rename(key), value])),
    ),
  }));
}

describe('random questionnaires', () => {
  test('the next question is visible and unanswered, and answering it advances to the end', () => {
    fc.assert(
      fc.property(
        arbitraryQuestionList(20),
        fc.array(fc.nat(), { minLength: 1 }),
        (questions, seeds) => {
          const { answers, steps } = randomWalk(questions, seeds);
          expect(validateAnswers(questions, answers)).toEqual([]);
          const range = computeQuestionRange(questions);
          expect(range.min).toBeLessThanOrEqual(steps);
          expect(steps).toBeLessThanOrEqual(range.max);
        },
      ),
      { numRuns: 300 },
    );
  });

  test('asks each question keyed like an inherited property once, and accepts its answers', () => {
    fc.assert(
      fc.property(
        arbitraryQuestionList(10, 3).map(withInheritedNames),
        fc.array(fc.nat(), { minLength: 1 }),
        (questions, seeds) => {
          const { answers, steps } = randomWalk(questions, seeds);
          expect(validateAnswers(questions, answers)).toEqual([]);
          expect(Object.keys(pruneAnswers(questions, answers)).sort()).toEqual(
            Object.keys(answers).sort(),
          );
          const range = computeQuestionRange(questions);
          expect(range.min).toBeLessThanOrEqual(steps);
          expect(steps).toBeLessThanOrEqual(range.max);
        },
      ),
      { numRuns: 200 },
    );
  });

  test('never offers an answered or hidden question, whatever stale answers are stored', () => {
    fc.assert(
      fc.property(
        arbitraryQuestionList(12),
        fc.dictionary(
          fc.constantFrom('q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'x', ...INHERITED_NAMES),
          fc.constantFrom<TAnswerValue>('o0', 'o1', ['o1', 'o2']),
        ),
        (questions, answers) => {
          const next = findNextQuestion(questions, answers);
          const counted = pruneAnswers(questions, answers);
          if (next) {
            expect(answerOf(counted, next.variable)).toBeUndefined();
            expect(isVisible(next, counted)).toBe(true);
          }
          for (const q of questions) {
            if (Object.hasOwn(counted, q.variable)) expect(isVisible(q, counted)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('after answers validation accepts, the next question without pruning is the one with it', () => {
    fc.assert(
      fc.property(
        fc.oneof(arbitraryQuestionList(20), arbitraryQuestionList(10, 3).map(withInheritedNames)),
        fc.array(fc.nat(), { minLength: 1 }),
        (questions, seeds) => {
          let answers: TAnswers = {};
          for (let step = 0; step <= questions.length; step += 1) {
            expect(validateAnswers(questions, answers)).toEqual([]);
            const next = findNextQuestion(questions, answers);
            expect(findNextQuestionAfterValid(questions, answers)).toBe(next);
            if (!next) break;
            answers = {
              ...answers,
              [next.variable]: pickAnswer(next, seeds[step % seeds.length] ?? step),
            };
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  test('min and max are attained by some walk (brute force up to 8 questions)', () => {
    fc.assert(
      fc.property(arbitraryQuestionList(8, 3), (questions) => {
        const lengths = allWalkLengths(questions);
        expect(computeQuestionRange(questions)).toEqual({
          min: Math.min(...lengths),
          max: Math.max(...lengths),
        });
      }),
      { numRuns: 300 },
    );
  });

  test('computes the range of 100-question lists that branch on every 5th question', () => {
    fc.assert(
      fc.property(
        arbitraryQuestionList(100, 4, 100, 5),
        fc.array(fc.nat(), { minLength: 1 }),
        (questions, seeds) => {
          const range = computeQuestionRange(questions);
          const { steps } = randomWalk(questions, seeds);
          expect(range.min).toBeLessThanOrEqual(steps);
          expect(steps).toBeLessThanOrEqual(range.max);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('question schema', () => {
  const valid = {
    variable: 'tipo contratto',
    question: 'Che contratto è?',
    options: ['Vendita', 'Locazione'],
  };

  test('turns spaces into _ and fills the defaults', () => {
    expect(ZQuestion.parse(valid)).toEqual({
      ...valid,
      variable: 'tipo_contratto',
      required_answers: [],
      is_multiple_selection: false,
    });
  });

  test.each<[string, string]>([
    ['1tipo', it.questions.keyStartsWithDigit],
    ['tipo-contratto', it.questions.keyInvalidCharacters],
    ['and', it.questions.keyReserved('and')],
    ['not', it.questions.keyReserved('not')],
    ...[...INHERITED_NAMES, 'prototype', 'this', 'true', 'null', 'undefined'].map(
      (key): [string, string] => [key, it.questions.keyReserved(key)],
    ),
    ['  ', it.validation.required],
  ])('refuses the key %j', (variable, message) => {
    const result = ZQuestion.safeParse({ ...valid, variable });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  test('asks for at least 2 distinct answers', () => {
    expect(ZQuestion.safeParse({ ...valid, options: ['Sì'] }).error?.issues[0]?.message).toBe(
      it.questions.optionsMin,
    );
    expect(ZQuestion.safeParse({ ...valid, options: ['Sì', 'Sì'] }).error?.issues[0]?.message).toBe(
      it.questions.optionDuplicate('Sì'),
    );
  });

  test('refuses an empty condition and a condition without an expected answer', () => {
    const messages = (required_answers: unknown) =>
      ZQuestion.safeParse({ ...valid, required_answers }).error?.issues.map(
        (issue) => issue.message,
      );
    expect(messages([{}])).toEqual([it.questions.conditionEmpty]);
    expect(messages([{ tipo: [] }])).toEqual([it.questions.conditionAnswerRequired]);
  });

  test('checks the list: unique keys and conditions on earlier questions', () => {
    const result = ZQuestions.safeParse([
      { ...valid, variable: 'a', required_answers: [{ b: 'Vendita' }] },
      { ...valid, variable: 'b' },
      { ...valid, variable: 'b' },
    ]);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      it.questions.keyDuplicate('b'),
      it.questions.conditionLaterQuestion('Che contratto è?', 'b'),
    ]);
  });

  test('accepts answers as strings or lists of strings', () => {
    expect(ZAnswers.safeParse({ a: 'x', b: ['y', 'z'] }).success).toBe(true);
    expect(ZAnswers.safeParse({ a: 1 }).success).toBe(false);
  });
});

// ---- Typed questions (DESIGN §12) ---------------------------------------------------------------

/** A lease with typed questions: the guarantor's question only with two tenants or more. */
const typedLease = ZQuestions.parse([
  { variable: 'tipo', question: 'Tipo di contratto', options: ['Abitativo', 'Commerciale'] },
  { variable: 'canone', question: 'Canone mensile', type: 'importo', min: 1 },
  {
    variable: 'conduttori',
    question: 'I conduttori',
    type: 'elenco',
    min_items: 1,
    max_items: 4,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
    fields: [
      { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
      { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
    ],
  },
  {
    variable: 'solidale',
    question: 'Obbligazione solidale?',
    options: ['Sì', 'No'],
    required_answers: [{ conduttori: { almeno: 2 } }],
  },
  { variable: 'inizio', question: 'Data di inizio', type: 'data', min: '2020-01-01' },
]);

const mario = { nome: 'Mario Rossi', codice_fiscale: 'RSSMRA85T10A562S' };

describe('typed questions', () => {
  test('the schema keeps a question without type as it was: no type written', () => {
    const [tipo] = ZQuestions.parse([{ variable: 'tipo', question: 'Tipo?', options: ['a', 'b'] }]);
    expect(tipo).toEqual({
      variable: 'tipo',
      question: 'Tipo?',
      options: ['a', 'b'],
      required_answers: [],
      is_multiple_selection: false,
    });
    expect(Object.hasOwn(tipo ?? {}, 'type')).toBe(false);
    // Parsing keeps the SPEC's key order: question lists rebuilt from sources stay byte-identical.
    expect(Object.keys(tipo ?? {})).toEqual([
      'variable',
      'question',
      'options',
      'required_answers',
      'is_multiple_selection',
    ]);
  });

  test('options only for scelta; unknown types, nested lists and inverted limits are refused', () => {
    const problems = (list: unknown[]) =>
      ZQuestions.safeParse(list).error?.issues.map((issue) => issue.message) ?? [];
    expect(
      problems([{ variable: 'a', question: 'A', type: 'testo', options: ['x', 'y'] }]),
    ).toEqual([it.questions.optionsOnlyForChoice]);
    expect(problems([{ variable: 'a', question: 'A', type: 'colore' }])).toEqual([
      it.questions.typeUnknown,
    ]);
    expect(problems([{ variable: 'a', question: 'A', type: 'numero', min: 5, max: 1 }])).toEqual([
      it.questions.rangeInverted,
    ]);
    const nested = {
      variable: 'a',
      question: 'A',
      type: 'elenco',
      label_singolare: 'la parte',
      label_plurale: 'le parti',
      fields: [{ variable: 'b', question: 'B', type: 'elenco' }],
    };
    expect(problems([nested])).toEqual([it.questions.typeUnknown]);
  });

  test('conditions: a count only on an elenco, an answer only on a scelta', () => {
    expect(
      questionListProblems([
        ...typedLease,
        question('x', ['a', 'b'], [{ tipo: { almeno: 2 } }]),
        question('y', ['a', 'b'], [{ canone: '100.00' }]),
      ]),
    ).toEqual([
      it.questions.conditionCountOnlyForList('Domanda x?', 'tipo'),
      it.questions.conditionAnswerOnlyForChoice('Domanda y?', 'canone'),
    ]);
  });

  test('walks the typed lease: the almeno condition follows the number of items', () => {
    const one = { tipo: 'Abitativo', canone: '1234.50', conduttori: [mario] };
    expect(findNextQuestion(typedLease, one)?.variable).toBe('inizio');
    const two = { ...one, conduttori: [mario, mario] };
    expect(findNextQuestion(typedLease, two)?.variable).toBe('solidale');
    expect(validateAnswers(typedLease, { ...two, solidale: 'Sì', inizio: '2026-11-23' })).toEqual(
      [],
    );
    // With one tenant the guarantor answer is not visible any more.
    expect(validateAnswers(typedLease, { ...one, solidale: 'Sì' })).toEqual([
      it.questions.answerNotVisible('Obbligazione solidale?'),
    ]);
  });

  test('validates every answer by type, naming the question or the item', () => {
    expect(
      validateAnswers(typedLease, {
        tipo: 'Abitativo',
        canone: '1.234,50',
        conduttori: [mario, { ...mario, codice_fiscale: 'RSSMRA85T10A562X' }],
        solidale: 'Sì',
        inizio: '2019-02-29',
      }),
    ).toEqual([
      "L'importo di «Canone mensile» non è valido.",
      'Il codice fiscale di «Conduttore 2» non è valido.',
      'La data di «Data di inizio» non è valida.',
    ]);
    expect(validateAnswers(typedLease, { canone: 1234 })).toEqual([
      'La risposta a «Canone mensile» deve essere un testo.',
    ]);
  });

  test('acceptAnswers refuses unknown keys and drops answers a later edit hides', () => {
    expect(acceptAnswers(typedLease, { nope: 'x' }).problems).toEqual([
      it.questions.answerUnknownQuestion('nope'),
    ]);
    const accepted = acceptAnswers(typedLease, {
      tipo: 'Abitativo',
      conduttori: [mario],
      solidale: 'Sì',
    });
    expect(accepted).toEqual({ answers: { tipo: 'Abitativo', conduttori: [mario] }, problems: [] });
  });

  test('an elenco counts as one question per item, at min_items and max_items', () => {
    // tipo + canone + 1..4 items + solidale (only with 2 items or more) + inizio
    expect(computeQuestionRange(typedLease)).toEqual({ min: 4, max: 8 });
    const capped = typedLease.map((q) => (q.type === 'elenco' ? { ...q, max_items: 1 } : q));
    // One tenant at most: the solidale question can never be shown.
    expect(computeQuestionRange(capped)).toEqual({ min: 4, max: 4 });
  });
});

describe('old question lists (no type) give exactly what they gave before typed questions', () => {
  test('visibility, pruning, next question, validation and range agree with the previous rules', () => {
    fc.assert(
      fc.property(
        arbitraryQuestionList(9),
        fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
        fc.array(fc.oneof(fc.constant('o0'), fc.constant('o9'), fc.constant(''), fc.constant(3)), {
          maxLength: 3,
        }),
        (questions, seeds, noise) => {
          const old = questions as before.QuestionRules[];
          // Answers along a walk, plus stale, wrong and unknown answers.
          let answers: TAnswers = {};
          questions.forEach((q, index) => {
            if ((seeds[index % seeds.length] ?? 0) % 3 !== 0)
              answers = {
                ...answers,
                [q.variable]: pickAnswer(q, seeds[index % seeds.length] ?? 0),
              };
          });
          noise.forEach((value, index) => {
            answers = { ...answers, [`q${index * 2}`]: value as string, [`zz${index}`]: 'o0' };
          });
          const oldAnswers = answers as Parameters<typeof before.pruneAnswers>[1];
          expect(pruneAnswers(questions, answers)).toEqual(before.pruneAnswers(old, oldAnswers));
          expect(findNextQuestion(questions, answers)).toBe(
            before.findNextQuestion(old, oldAnswers),
          );
          expect(validateAnswers(questions, answers)).toEqual(
            before.validateAnswers(old, oldAnswers),
          );
          expect(questionListProblems(questions)).toEqual(before.questionListProblems(old));
          for (const q of questions)
            expect(isVisible(q, answers)).toBe(
              before.isVisible(q as before.QuestionRules, oldAnswers),
            );
          expect(computeQuestionRange(questions)).toEqual(before.computeQuestionRange(old));
          const given = answers.q0;
          if (typeof given === 'string' || Array.isArray(given))
            expect(formatAnswer(given)).toBe(before.formatAnswer(given as string | string[]));
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ---- Optional answers (`obbligatoria: false`) ---------------------------------------------------

/** An engagement letter with optional facts: a skipped answer is stored as `null`. */
const optionalLetter = ZQuestions.parse([
  { variable: 'cliente', question: 'Nome del cliente', type: 'testo' },
  { variable: 'nota', question: 'Note per il cliente', type: 'testo', obbligatoria: false },
  { variable: 'scadenza', question: 'Data di scadenza', type: 'data', obbligatoria: false },
  {
    variable: 'servizi',
    question: 'Servizi opzionali',
    options: ['Archivio', 'Traduzioni'],
    is_multiple_selection: true,
    obbligatoria: false,
  },
  {
    variable: 'polizza',
    question: 'Massimale della polizza',
    options: ['500.000 euro', '1.000.000 euro'],
    obbligatoria: false,
  },
  {
    variable: 'compagnia',
    question: 'Compagnia assicuratrice',
    type: 'testo',
    required_answers: [{ polizza: ['500.000 euro', '1.000.000 euro'] }],
  },
  {
    variable: 'testimoni',
    question: 'I testimoni',
    type: 'elenco',
    min_items: 0,
    max_items: 2,
    label_singolare: 'il testimone',
    label_plurale: 'i testimoni',
    fields: [
      { variable: 'nome', question: 'Nome', type: 'testo' },
      { variable: 'telefono', question: 'Telefono', type: 'testo', obbligatoria: false },
    ],
  },
]);

describe('optional answers', () => {
  test('the schema keeps obbligatoria: false, writes nothing when absent, allows min_items 0', () => {
    const [cliente, nota, , servizi] = optionalLetter;
    expect(Object.hasOwn(cliente ?? {}, 'obbligatoria')).toBe(false);
    expect(nota).toMatchObject({ obbligatoria: false });
    expect(servizi).toMatchObject({ obbligatoria: false, is_multiple_selection: true });
    expect(optionalLetter[6]).toMatchObject({
      min_items: 0,
      fields: [{ variable: 'nome' }, { variable: 'telefono', obbligatoria: false }],
    });
    expect(
      ZQuestion.safeParse({ variable: 'a', question: 'A?', type: 'testo', obbligatoria: 'no' })
        .success,
    ).toBe(false);
    expect(
      ZAnswers.safeParse({ nota: null, testimoni: [{ nome: 'Ada', telefono: null }] }).success,
    ).toBe(true);
  });

  test('an optional question accepts no answer (null); a required one refuses it as before', () => {
    expect(
      validateAnswers(optionalLetter, {
        cliente: 'Ada Neri',
        nota: null,
        scadenza: null,
        servizi: null,
        polizza: null,
        testimoni: [],
      }),
    ).toEqual([]);
    expect(validateAnswers(optionalLetter, { cliente: null })).toEqual([
      it.answers.required('Nome del cliente'),
    ]);
    // An empty selection is not how "no answer" is written: null is.
    expect(validateAnswers(optionalLetter, { cliente: 'Ada Neri', servizi: [] })).toEqual([
      it.questions.answerListExpected('Servizi opzionali'),
    ]);
  });

  test("an item's optional field may be null or left out; its required fields may not", () => {
    expect(
      validateAnswers(optionalLetter, {
        cliente: 'Ada Neri',
        nota: null,
        scadenza: null,
        servizi: null,
        polizza: null,
        testimoni: [{ nome: 'Ugo Sala', telefono: null }, { nome: 'Eva Riva' }],
      }),
    ).toEqual([]);
    expect(
      validateAnswers(optionalLetter, {
        cliente: 'Ada Neri',
        nota: null,
        scadenza: null,
        servizi: null,
        polizza: null,
        testimoni: [{ nome: null, telefono: '333 1234567' }],
      }),
    ).toEqual([it.answers.required('Testimone 1 – Nome')]);
  });

  test('a skipped optional counts as answered: the next question is the one after it', () => {
    expect(findNextQuestion(optionalLetter, { cliente: 'Ada Neri' })?.variable).toBe('nota');
    expect(findNextQuestion(optionalLetter, { cliente: 'Ada Neri', nota: null })?.variable).toBe(
      'scadenza',
    );
    expect(
      findNextQuestionAfterValid(optionalLetter, {
        cliente: 'Ada Neri',
        nota: null,
        scadenza: null,
        servizi: null,
      })?.variable,
    ).toBe('polizza');
    // A required question answered null is still to be answered.
    expect(findNextQuestion(optionalLetter, { cliente: null })?.variable).toBe('cliente');
  });

  test('a skipped choice satisfies no condition; an empty elenco with min_items 0 finishes', () => {
    const skipped: TAnswers = {
      cliente: 'Ada Neri',
      nota: null,
      scadenza: null,
      servizi: null,
      polizza: null,
    };
    expect(findNextQuestion(optionalLetter, skipped)?.variable).toBe('testimoni');
    expect(findNextQuestion(optionalLetter, { ...skipped, testimoni: [] })).toBeNull();
    expect(
      findNextQuestion(optionalLetter, { ...skipped, polizza: '500.000 euro' })?.variable,
    ).toBe('compagnia');
    expect(formatAnswer(null)).toBe('');
  });

  test('skipping an optional choice is a way through the range: fewer questions', () => {
    const asRequired = optionalLetter.map((q) => ({ ...q, obbligatoria: undefined }));
    // An elenco counts its items: none at least, two at most.
    expect(computeQuestionRange(asRequired)).toEqual({ min: 6, max: 8 });
    // Skipping «polizza» hides «compagnia».
    expect(computeQuestionRange(optionalLetter)).toEqual({ min: 5, max: 8 });
  });
});
