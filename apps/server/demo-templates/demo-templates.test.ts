import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  computeQuestionRange,
  findNextQuestion,
  isAnswered,
  pairHolds,
  validateAnswers,
} from '@lexpath/shared';
import {
  type TAnswers,
  type TAnswerValue,
  type TQuestion,
  ZQuestions,
} from '@lexpath/shared/schemas/questions';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { findBlanks } from '../src/documents/blank-finder.ts';
import { lintTemplate } from '../src/documents/lint.ts';
import { extractDocumentText, renderDocx } from '../src/documents/render.ts';
import { buildDemoTemplateFiles, DEMO_TEMPLATE_FILE_NAMES, DEMO_TEMPLATES } from './catalog.ts';
import type { DemoTemplateSource } from './demo-template.ts';
import { PREVIEW_NOTICE } from './docx-package.ts';
import { EXPECTED_CLAUSES } from './expected-clauses.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MIN_WORDS = 2700;

const V1_DIR = path.join(HERE, '../src/documents/fixtures/demo-v1');
/** Generation date of every rendering here: `{oggi}` is 23 November 2026. */
const NOW = new Date('2026-11-23T10:00:00Z');

function readCommitted(folder: string, name: string): Buffer {
  return readFileSync(path.join(HERE, folder, name));
}

function render(source: DemoTemplateSource, docx: Buffer, answers: TAnswers): Buffer {
  return renderDocx(docx, answers, { questions: source.questions, now: NOW });
}

/** Runs of four or more underscores in the body: the blanks a lawyer would fill in by hand. */
function blanksIn(docx: Buffer): number {
  return (partXml(docx, 'word/document.xml').match(/_{4,}/g) ?? []).length;
}

function partXml(docx: Buffer, part: string): string {
  return new PizZip(docx).file(part)?.asText() ?? '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The paragraphs of a WordprocessingML part as a reader sees them (text runs joined). */
function paragraphTexts(xml: string): string[] {
  const paragraphs = xml.match(/<w:p[ >][\s\S]*?<\/w:p>|<w:p\/>/g) ?? [];
  return paragraphs.map((paragraph) =>
    [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((match) => match[1] ?? '')
      .join('')
      .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? ''),
  );
}

function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * The answers worth trying for a question: each option, and all of them for a multiple one; a
 * typed question gets the demo's fact.
 */
function choicesOf(question: TQuestion, facts: TAnswers): TAnswerValue[] {
  if (question.type !== undefined && question.type !== 'scelta') {
    const fact = facts[question.variable];
    if (fact === undefined) throw new Error(`no fact for ${question.variable}`);
    return [fact];
  }
  if (!question.is_multiple_selection) return question.options;
  return [...question.options.map((option) => [option]), question.options];
}

/**
 * Whether the question can still be shown given the answers so far: a condition may hold when
 * each of its pairs already holds, or names a question not answered yet that can be shown and
 * offers an expected answer.
 */
function canBeShown(questions: readonly TQuestion[], answers: TAnswers, variable: string): boolean {
  const byVariable = new Map(questions.map((q) => [q.variable, q]));
  const visit = (key: string): boolean => {
    const question = byVariable.get(key);
    if (!question) return false;
    if (isAnswered(answers[key])) return true;
    if (question.required_answers.length === 0) return true;
    return question.required_answers.some((condition) =>
      Object.entries(condition).every(([other, expected]) => {
        if (isAnswered(answers[other])) return pairHolds(answers[other], expected);
        // A number of items: the facts give every list enough of them.
        if (!(typeof expected === 'string' || Array.isArray(expected))) return visit(other);
        const expectedList = typeof expected === 'string' ? [expected] : expected;
        const otherQuestion = byVariable.get(other);
        const options = otherQuestion && 'options' in otherQuestion ? otherQuestion.options : [];
        return visit(other) && (options ?? []).some((o) => expectedList.includes(o));
      }),
    );
  };
  return visit(variable);
}

/**
 * One questionnaire walk driven by findNextQuestion, as a lawyer would answer: the target
 * question gets the target answer, every other question a varying answer that keeps the target
 * reachable. Returns null when the target was never asked.
 */
function walk(
  questions: readonly TQuestion[],
  facts: TAnswers,
  seed: number,
  target?: { variable: string; value: TAnswerValue },
): TAnswers | null {
  const answers: TAnswers = {};
  for (let next = findNextQuestion(questions, answers); next; ) {
    const question = next;
    if (question.variable === target?.variable) {
      answers[question.variable] = target.value;
    } else {
      const choices = choicesOf(question, facts);
      const start = (seed + questions.indexOf(question)) % choices.length;
      const rotated = [...choices.slice(start), ...choices.slice(0, start)];
      answers[question.variable] =
        rotated.find(
          (choice) =>
            !target ||
            canBeShown(questions, { ...answers, [question.variable]: choice }, target.variable),
        ) ?? (rotated[0] as TAnswerValue);
    }
    next = findNextQuestion(questions, answers);
  }
  if (target && answers[target.variable] !== target.value) return null;
  return answers;
}

/** Walks that together give every question each of its answers (and all, for lists). */
function branchWalks(questions: readonly TQuestion[], facts: TAnswers) {
  const walks: { label: string; answers: TAnswers | null }[] = [
    { label: 'first answers', answers: walk(questions, facts, 0) },
    { label: 'rotated answers', answers: walk(questions, facts, 1) },
  ];
  questions.forEach((question, index) => {
    choicesOf(question, facts).forEach((value, choice) => {
      walks.push({
        label: `${question.variable} = ${JSON.stringify(value)}`,
        answers: walk(questions, facts, index + choice, { variable: question.variable, value }),
      });
    });
  });
  return walks;
}

/** Everything wrong with one rendered contract; empty when it reads as it should. */
function problemsOf(source: DemoTemplateSource, answers: TAnswers, docx: Buffer): string[] {
  const paragraphs = paragraphTexts(partXml(docx, 'word/document.xml'));
  const text = paragraphs.join('\n');
  const problems: string[] = [];
  if (/\bundefined\b|\bnull\b/.test(text)) problems.push('an answer printed as undefined or null');
  if (/[{}]/.test(text)) problems.push('a template tag was left in the text');
  if (paragraphs.some((paragraph) => paragraph.trim() === '')) problems.push('an empty paragraph');
  const glitch = /( {2}| [,.;:)]|\( |,,|\.\.|;;)/.exec(text);
  if (glitch) problems.push(`spacing or punctuation glitch «${glitch[0]}»`);
  const words = countWords(text);
  if (words < MIN_WORDS) problems.push(`only ${words} words`);
  const blanks = blanksIn(docx);
  if (blanks > 0) problems.push(`${blanks} runs of underscores left`);
  for (const expectation of EXPECTED_CLAUSES[source.slug] ?? []) {
    if ('occurrences' in expectation) {
      const found = text.split(expectation.occurrences).length - 1;
      const expected = expectation.count(answers);
      if (found !== expected) {
        problems.push(`${expectation.clause}: found ${found} times, expected ${expected}`);
      }
    } else {
      const passage =
        typeof expectation.text === 'string' ? expectation.text : expectation.text(answers);
      const present = text.includes(passage);
      if (present !== expectation.when(answers)) {
        problems.push(`${expectation.clause}: «${passage}» ${present ? 'present' : 'missing'}`);
      }
    }
  }
  return problems;
}

// The single-document demos. A set (the engagement pack) is checked document by document, every
// choice and optional answer walked, in its own test file (conferimento-incarico.test.ts).
const SINGLE_DOCUMENT_DEMOS = DEMO_TEMPLATES.filter((source) => !source.companions);

describe.each(SINGLE_DOCUMENT_DEMOS.map((source) => [source.slug, source] as const))(
  '%s',
  (slug, source) => {
    const folder = slug;
    const master = readCommitted(folder, 'master.docx');
    const preview = readCommitted(folder, 'preview.docx');

    it('leaves no gender blank («nato/a», «il/la») in its master: parties agree through accorda', () => {
      const gender = findBlanks(master).filter((blank) => blank.kind === 'gender');
      expect(gender.map((blank) => blank.text)).toEqual([]);
    });

    it('has up-to-date generated files (rebuilding gives the same bytes)', () => {
      const rebuilt = buildDemoTemplateFiles(source);
      expect(Object.keys(rebuilt)).toEqual(expect.arrayContaining([...DEMO_TEMPLATE_FILE_NAMES]));
      for (const [name, bytes] of Object.entries(rebuilt)) {
        expect(bytes.equals(readCommitted(folder, name)), name).toBe(true);
      }
    });

    it('lints clean, master and preview, with every question used', () => {
      const { errors, warnings } = lintTemplate({ master, preview, questions: source.questions });
      expect(errors).toEqual([]);
      // The NDA still writes both genders («nato/a»): the blank finder names those paragraphs
      // until it uses `accorda`, as the professional services demo does. Nothing else is warned.
      const bothGenders = findBlanks(master).filter((blank) => blank.kind === 'gender');
      expect(warnings).toHaveLength(new Set(bothGenders.map((blank) => blank.index)).size);
      for (const warning of warnings) {
        expect(warning).toMatch(/\((?:maschile\/femminile «[^»]+»(?:, )?)+\)/);
      }
    });

    it('has a questionnaire with lists, alternatives and combined conditions', () => {
      const { questions } = source;
      expect(ZQuestions.safeParse(questions).success).toBe(true);
      expect(questions.length).toBeGreaterThanOrEqual(12);
      expect(questions.some((q) => 'is_multiple_selection' in q && q.is_multiple_selection)).toBe(
        true,
      );
      // AND: one condition with several pairs; OR: several conditions on one question.
      expect(questions.some((q) => q.required_answers.some((c) => Object.keys(c).length > 1))).toBe(
        true,
      );
      expect(questions.some((q) => q.required_answers.length > 1)).toBe(true);
      for (const question of questions) {
        expect(question.variable).toMatch(/^[a-z][a-z_]*$/);
        if (question.type === undefined || question.type === 'scelta')
          expect(question.options.length).toBeGreaterThanOrEqual(2);
        else expect(source.facts[question.variable], question.variable).toBeDefined();
      }
      const metadata = JSON.parse(readCommitted(folder, 'template.json').toString('utf8'));
      const range = computeQuestionRange(questions);
      expect(metadata).toMatchObject({
        name: source.name,
        category: source.category,
        min_questions: range.min,
        max_questions: range.max,
      });
      expect(range.min).toBeLessThan(range.max);
      expect(JSON.parse(readCommitted(folder, 'questions.json').toString('utf8'))).toEqual(
        questions,
      );
    });

    it('is a real A4 Word document in Italian, with styles and page numbers', () => {
      const styles = partXml(master, 'word/styles.xml');
      for (const style of ['w:styleId="Normal"', 'w:styleId="Title"', 'w:styleId="Heading1"']) {
        expect(styles).toContain(style);
      }
      expect(styles).toContain('<w:lang w:val="it-IT"');
      const body = partXml(master, 'word/document.xml');
      expect(body).toContain('<w:pgSz w:w="11906" w:h="16838"/>');
      expect(body).toMatch(/<w:pgMar [^>]*w:top="1417"/);
      expect(partXml(master, 'word/footer1.xml')).toContain(' PAGE ');
      expect(partXml(master, 'word/header1.xml')).not.toContain('ANTEPRIMA');
      // Every entry deflated (method 8) and dated 2026-01-01 00:00 (DOS date 0x5c21, time 0).
      const end = master.length - 22;
      expect(master.readUInt32LE(end)).toBe(0x06054b50);
      const entries = master.readUInt16LE(end + 10);
      let offset = master.readUInt32LE(end + 16);
      for (let index = 0; index < entries; index += 1) {
        expect(master.readUInt32LE(offset)).toBe(0x02014b50);
        expect(master.readUInt16LE(offset + 10)).toBe(8);
        expect(master.readUInt16LE(offset + 12)).toBe(0);
        expect(master.readUInt16LE(offset + 14)).toBe(0x5c21);
        offset +=
          46 +
          master.readUInt16LE(offset + 28) +
          master.readUInt16LE(offset + 30) +
          master.readUInt16LE(offset + 32);
      }
    });

    it('renders every branch of the questionnaire as a complete contract', () => {
      const walks = branchWalks(source.questions, source.facts);
      const unreachable = walks.filter((w) => w.answers === null).map((w) => w.label);
      expect(unreachable).toEqual([]);

      const problems: string[] = [];
      const lengths: number[] = [];
      for (const { label, answers } of walks) {
        if (!answers) continue;
        expect(validateAnswers(source.questions, answers), label).toEqual([]);
        lengths.push(Object.keys(answers).length);
        const docx = render(source, master, answers);
        for (const problem of problemsOf(source, answers, docx))
          problems.push(`${label}: ${problem}`);
      }
      expect(problems).toEqual([]);
      const range = computeQuestionRange(source.questions);
      expect(Math.min(...lengths)).toBeGreaterThanOrEqual(range.min);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(range.max);
    });

    it('leaves no run of 4+ underscores in word/document.xml for a complete answer set', () => {
      for (const seed of [0, 1]) {
        const answers = walk(source.questions, source.facts, seed) ?? {};
        expect(blanksIn(render(source, master, answers)), `seed ${seed}`).toBe(0);
      }
      // The same count finds the blanks of the version before typed questions.
      const before = readFileSync(path.join(V1_DIR, slug, 'master.docx'));
      const questions = JSON.parse(
        readFileSync(path.join(V1_DIR, slug, 'questions.json')).toString('utf8'),
      );
      expect(blanksIn(renderDocx(before, walk(questions, {}, 0) ?? {}))).toBeGreaterThan(0);
    });

    it('writes every name, code and address asked into the document as typed', () => {
      const verbatim = new Set(['testo', 'codice_fiscale', 'partita_iva', 'email']);
      for (const seed of [0, 1]) {
        const answers = walk(source.questions, source.facts, seed) ?? {};
        const text = extractDocumentText(render(source, master, answers));
        for (const question of source.questions) {
          const value = answers[question.variable];
          if (value === undefined || !question.type) continue;
          const items =
            question.type === 'elenco'
              ? (value as Record<string, string>[]).flatMap((item) => Object.values(item))
              : verbatim.has(question.type)
                ? [value as string]
                : [];
          for (const item of items)
            expect(text, `${question.variable} (seed ${seed})`).toContain(item);
        }
      }
    });

    it('previews the same text under an ANTEPRIMA watermark', () => {
      const answers = walk(source.questions, source.facts, 1) ?? {};
      const renderedMaster = render(source, master, answers);
      const renderedPreview = render(source, preview, answers);
      expect(paragraphTexts(partXml(renderedPreview, 'word/document.xml'))).toEqual(
        paragraphTexts(partXml(renderedMaster, 'word/document.xml')),
      );
      const header = partXml(renderedPreview, 'word/header1.xml');
      expect(header).toContain('string="ANTEPRIMA"');
      expect(paragraphTexts(header)).toContain(PREVIEW_NOTICE);
      expect(paragraphTexts(partXml(renderedPreview, 'word/footer1.xml')).join(' ')).toContain(
        PREVIEW_NOTICE,
      );
    });
  },
);

describe('prestazione d’opera professionale: the parties in their own gender', () => {
  const found = DEMO_TEMPLATES.find((demo) => demo.slug === 'prestazione-opera-professionale');
  if (!found) throw new Error('the demo prestazione-opera-professionale is missing');
  const source: DemoTemplateSource = found;
  const master = readCommitted(source.slug, 'master.docx');

  /** A consumer client and the professional, both of this gender, every other answer walked. */
  function documentFor(genere: string): { text: string; docx: Buffer } {
    const consumer = walk(source.questions, source.facts, 0, {
      variable: 'committente_tipo',
      value: 'Consumatore',
    });
    const answers = { ...consumer, committente_genere: genere, professionista_genere: genere };
    expect(validateAnswers(source.questions, answers)).toEqual([]);
    const docx = render(source, master, answers);
    return { text: extractDocumentText(docx), docx };
  }

  it('writes «nata», «la quale», «iscritta» for a woman and «nato», «il quale», «iscritto» for a man', () => {
    const woman = documentFor('femminile').text;
    expect(woman).toContain('Beta Costruzioni S.p.A., nata a Torino il 21 maggio 1970');
    expect(woman).toContain('codice fiscale 01234567897, la quale dichiara');
    expect(woman).toContain('Anna Bianchi, nata a Milano il 1° agosto 1985');
    expect(woman).toContain('iscritta all’Albo professionale');
    const man = documentFor('maschile').text;
    expect(man).toContain('Beta Costruzioni S.p.A., nato a Torino il 21 maggio 1970');
    expect(man).toContain('codice fiscale 01234567897, il quale dichiara');
    expect(man).toContain('Anna Bianchi, nato a Milano il 1° agosto 1985');
    expect(man).toContain('iscritto all’Albo professionale');
  });

  it('leaves no gender blank («nato/a», «il/la») in the master or in either document', () => {
    expect(findBlanks(master).filter((blank) => blank.kind === 'gender')).toEqual([]);
    for (const genere of ['femminile', 'maschile']) {
      const { docx, text } = documentFor(genere);
      expect(findBlanks(docx).filter((blank) => blank.kind === 'gender')).toEqual([]);
      expect(text).not.toMatch(/\bnato\/a\b|\bil\/la\b|\biscritto\/a\b/);
    }
  });
});
