import { describe, expect, it as test } from 'vitest';
import {
  changeAnswer,
  dependenceOn,
  findNextQuestion,
  type QuestionRules,
  removeListItem,
} from './questionnaire.ts';
import type { TAnswers } from './schemas/questions.ts';

/** A lease: a tenant list, an amount, a choice with a dependant, and questions after them. */
const QUESTIONS: QuestionRules[] = [
  { variable: 'locatore', question: 'Chi è il locatore?', type: 'testo' },
  { variable: 'tipo', question: 'Che contratto è?', options: ['Locazione', 'Vendita'] },
  {
    variable: 'deposito',
    question: 'È previsto un deposito?',
    options: ['Sì', 'No'],
    required_answers: [{ tipo: 'Locazione' }],
  },
  {
    variable: 'conduttori',
    question: 'I conduttori',
    type: 'elenco',
    min_items: 1,
    max_items: 3,
    label_singolare: 'il conduttore',
    fields: [{ variable: 'nome', question: 'Nome', type: 'testo' }],
  },
  {
    variable: 'solidale',
    question: 'Obbligati in solido?',
    options: ['Sì', 'No'],
    required_answers: [{ conduttori: { almeno: 2 } }],
  },
  { variable: 'canone', question: 'Canone mensile', type: 'importo' },
  { variable: 'inizio', question: 'Data di inizio', type: 'data' },
];

const COMPLETE: TAnswers = {
  locatore: 'Mario Rossi',
  tipo: 'Locazione',
  deposito: 'Sì',
  conduttori: [{ nome: 'Anna Bianchi' }, { nome: 'Luca Verdi' }],
  solidale: 'Sì',
  canone: '1234.50',
  inizio: '2026-11-23',
};

describe('what depends on a question', () => {
  test('a typed answer no condition names has no dependants', () => {
    for (const variable of ['locatore', 'canone', 'inizio'])
      expect(dependenceOn(QUESTIONS, variable), variable).toBe('none');
  });

  test('a choice keeps the SPEC rule even when no condition names it', () => {
    for (const variable of ['deposito', 'solidale'])
      expect(dependenceOn(QUESTIONS, variable), variable).toBe('answer');
  });

  test('a choice a later condition names depends by its answer', () => {
    expect(dependenceOn(QUESTIONS, 'tipo')).toBe('answer');
  });

  test('an elenco an almeno condition names depends by its number of items', () => {
    expect(dependenceOn(QUESTIONS, 'conduttori')).toBe('count');
  });

  test('a condition among several names the question too', () => {
    const questions: QuestionRules[] = [
      { variable: 'a', options: ['x', 'y'] },
      { variable: 'b', options: ['x', 'y'] },
      { variable: 'c', options: ['x', 'y'], required_answers: [{ a: 'x' }, { a: 'y', b: 'x' }] },
    ];
    expect(dependenceOn(questions, 'b')).toBe('answer');
  });
});

describe('changing an answer in the summary', () => {
  test('a name, an amount or a date: every later answer is kept and nothing is left to ask', () => {
    for (const [variable, value] of [
      ['locatore', 'Giovanni Neri'],
      ['canone', '900.00'],
      ['inizio', '2027-01-01'],
    ] as const) {
      const change = changeAnswer(QUESTIONS, COMPLETE, variable, value);
      expect(change.discarded, variable).toEqual([]);
      expect(change.answers).toEqual({ ...COMPLETE, [variable]: value });
      expect(findNextQuestion(QUESTIONS, change.answers)).toBeNull();
    }
  });

  test('a choice with dependants discards every later answer (SPEC)', () => {
    const change = changeAnswer(QUESTIONS, COMPLETE, 'tipo', 'Vendita');
    expect(change.answers).toEqual({ locatore: 'Mario Rossi', tipo: 'Vendita' });
    expect(change.discarded).toEqual(['deposito', 'conduttori', 'solidale', 'canone', 'inizio']);
  });

  test('the same value changes nothing, even on a choice with dependants', () => {
    expect(changeAnswer(QUESTIONS, COMPLETE, 'tipo', 'Locazione')).toEqual({
      answers: COMPLETE,
      discarded: [],
    });
  });

  test("an elenco item's fields, same number of items: every later answer is kept", () => {
    const conduttori = [{ nome: 'Anna Bianchi' }, { nome: 'Carla Neri' }];
    const change = changeAnswer(QUESTIONS, COMPLETE, 'conduttori', conduttori);
    expect(change).toEqual({ answers: { ...COMPLETE, conduttori }, discarded: [] });
  });

  test('an elenco whose new count changes an almeno condition discards the later answers', () => {
    const change = changeAnswer(QUESTIONS, COMPLETE, 'conduttori', [{ nome: 'Anna Bianchi' }]);
    expect(change.discarded).toEqual(['solidale', 'canone', 'inizio']);
    expect(Object.keys(change.answers)).toEqual(['locatore', 'tipo', 'deposito', 'conduttori']);
  });

  test('a third item keeps the almeno condition as it was: nothing is discarded', () => {
    const conduttori = [{ nome: 'A' }, { nome: 'B' }, { nome: 'C' }];
    expect(changeAnswer(QUESTIONS, COMPLETE, 'conduttori', conduttori).discarded).toEqual([]);
  });
});

describe('removing an item of an elenco', () => {
  test('the second conduttore: the almeno 2 condition fails, so the later answers go', () => {
    const change = removeListItem(QUESTIONS, COMPLETE, 'conduttori', 1);
    expect(change?.answers.conduttori).toEqual([{ nome: 'Anna Bianchi' }]);
    expect(change?.discarded).toEqual(['solidale', 'canone', 'inizio']);
    expect(findNextQuestion(QUESTIONS, change?.answers ?? {})?.variable).toBe('canone');
  });

  test('one of three: the condition still holds and every answer is kept', () => {
    const answers = { ...COMPLETE, conduttori: [{ nome: 'A' }, { nome: 'B' }, { nome: 'C' }] };
    const change = removeListItem(QUESTIONS, answers, 'conduttori', 0);
    expect(change).toEqual({
      answers: { ...answers, conduttori: [{ nome: 'B' }, { nome: 'C' }] },
      discarded: [],
    });
  });

  test('no such item, or no list: null', () => {
    expect(removeListItem(QUESTIONS, COMPLETE, 'conduttori', 2)).toBeNull();
    expect(removeListItem(QUESTIONS, COMPLETE, 'conduttori', -1)).toBeNull();
    expect(removeListItem(QUESTIONS, COMPLETE, 'canone', 0)).toBeNull();
  });
});
