import {
  findKeyProblem,
  isSameOption,
  it,
  type QuestionRules,
  questionListProblems,
} from '@lexpath/shared';
import { unknownAgreementWords } from './agreement.ts';
import {
  findDoubleBraces,
  findMergeFields,
  keyForMergeField,
  partOf,
  readingRank,
} from './authoring-habits.ts';
import { type AstNode, checkBareSection, checkUnworkableExpression } from './expression-lint.ts';
import {
  type InspectedTemplate,
  inspectTemplate,
  type TemplaterError,
  type TemplateTag,
} from './template-inspection.ts';
import {
  DATE_SPAN_FILTERS,
  FILTER_SIGNATURES,
  LIST_FIELD_FILTERS,
  parseTagExpression,
  TEMPLATE_FILTERS,
  type ValueKind,
} from './template-language.ts';
import type { TemplateField, TemplateQuestion } from './typed-answers.ts';
import { conditionOfBoundTag, withBoxesShown } from './word-checkboxes.ts';
import { lintWordHabits } from './word-habits.ts';

const messages = it.documents.lint;

export type LintInput = {
  /** The master .docx; omitted when the upload does not change it and it was linted before. */
  master?: Buffer;
  /** The preview .docx, rendered for the PDF preview. */
  preview?: Buffer;
  questions: readonly QuestionRules[];
  /**
   * A document set's companion documents (2, 3…), each under the label its messages name: linted
   * with the master, as one set, against the one question list.
   */
  companions?: readonly { label: string; bytes: Buffer }[];
};

export type LintResult = { errors: string[]; warnings: string[] };

/** «Master», «Anteprima», or a companion document's «Documento 2 «…»». */
type FileLabel = string;

/** One problem of one file, before the same problem of master and preview are merged. */
type Finding = {
  severity: 'error' | 'warning';
  file: FileLabel;
  part: string;
  tag: string;
  problem: string;
  paragraph: string;
  /** Where it is: the part's rank in reading order, the templated file and the offset. */
  position: { rank: number; file: string; offset: number };
};

type Findings = {
  /** Problems of the file's tags, in document order. */
  found: Finding[];
  /** Problems that are not about one tag (an unreadable file). */
  errors: string[];
  /** Question keys the file's tags read. */
  used: Set<string>;
  /** The text of tags docxtemplater could not parse: they may read keys too. */
  brokenTags: string[];
};

/** The Italian reading of a docxtemplater syntax error. */
function describeTemplaterError(error: TemplaterError): { tag: string; problem: string } {
  const xtag = error.xtag ?? '';
  switch (error.id) {
    case 'unclosed_tag':
      return { tag: `{${xtag}`, problem: messages.unclosedTag };
    case 'unopened_tag':
      return { tag: `${xtag.replace(/^}/, '')}}`, problem: messages.unopenedTag };
    case 'duplicate_open_tag':
    case 'duplicate_close_tag':
      return { tag: xtag, problem: messages.duplicateDelimiter };
    case 'unclosed_loop':
      return { tag: `{#${xtag}}`, problem: messages.unclosedSection };
    case 'unopened_loop':
      return { tag: `{/${xtag}}`, problem: messages.unopenedSection };
    case 'closing_tag_does_not_match_opening_tag':
      return { tag: `{#${error.openingTag ?? ''}}`, problem: messages.mismatchedSection };
    case 'unbalanced_loop_tags':
      return { tag: xtag || '{#…}', problem: messages.unbalancedSections };
    case 'loop_position_invalid':
      return { tag: `{#${xtag}}`, problem: messages.misplacedSection };
    case 'raw_xml_tag_should_be_only_text_in_paragraph':
      return { tag: `{@${xtag}}`, problem: messages.rawXmlNotAllowed };
    case 'scopeparser_compilation_failed':
      return { tag: `{${xtag}}`, problem: describeExpressionError(error.rootError ?? '') };
    default:
      return {
        tag: xtag ? `{${xtag}}` : '',
        problem: messages.otherSyntax(error.explanation ?? error.id),
      };
  }
}

/** angular-expressions' messages, made readable for an editor. */
function describeExpressionError(message: string): string {
  const filter = /Filter '([^']+)' is not defined/.exec(message);
  if (filter) return messages.unknownFilter(filter[1] ?? '', FILTER_NAMES);
  if (/Unterminated quote/.test(message)) return messages.badExpression('virgolette non chiuse');
  if (/Unexpected end of expression/.test(message)) {
    return messages.badExpression("l'espressione è incompleta");
  }
  const token = /Token '([^']+)'/.exec(message);
  if (token) return messages.badExpression(`simbolo inatteso «${token[1]}»`);
  return messages.badExpression('sintassi non riconosciuta');
}

const COMPARISONS = new Set(['==', '!=', '===', '!==']);
const ORDERINGS = new Set(['<', '>', '<=', '>=']);
const ARITHMETIC = new Set(['+', '-', '*', '/', '%']);
const FILTER_NAMES = Object.keys(TEMPLATE_FILTERS).join(', ');

/** Inside `{#conduttori}…{/conduttori}`: the elenco's fields are keys too. */
type LoopScope = { list: string; fields: ReadonlyMap<string, TemplateField> } | undefined;

/** The kind of value a question's answer reaches the expressions as (DESIGN §12). */
function kindOfQuestion(question: TemplateField): ValueKind {
  switch (question.type ?? 'scelta') {
    case 'importo':
      return 'importo';
    case 'numero':
      return 'numero';
    case 'data':
      return 'data';
    case 'elenco':
      return 'lista';
    case 'scelta':
      return question.is_multiple_selection ? 'lista' : 'testo';
    default:
      return 'testo';
  }
}

const asTyped = (question: QuestionRules) => question as QuestionRules & TemplateQuestion;

/**
 * The rules a tag's expression must follow: every name is a question key (or a field of the
 * elenco looped over), every string compared with a key (==, !=, contiene) is one of its
 * options, no assignment, known filters only, each applied to a value of its kind.
 */
function checkExpression(
  ast: unknown,
  questions: ReadonlyMap<string, QuestionRules>,
  loop: LoopScope,
  report: (problem: string, severity?: 'error' | 'warning') => void,
  used: Set<string>,
): void {
  const lookup = (name: string): TemplateField | undefined =>
    loop?.fields.get(name) ??
    (questions.get(name) ? asTyped(questions.get(name) as QuestionRules) : undefined);

  /** The elenco a filter reads (`creditori`), when the input is one. */
  const listOf = (input: AstNode | undefined): TemplateField | undefined => {
    const question = input?.type === 'Identifier' ? lookup(String(input.name)) : undefined;
    return question?.type === 'elenco' ? question : undefined;
  };
  /** The field of that elenco a list filter names (`somma:"importo"`). */
  const listField = (input: AstNode | undefined, option: AstNode | undefined) => {
    const fields = (listOf(input) as { fields?: readonly TemplateField[] } | undefined)?.fields;
    return option?.type === 'Literal'
      ? fields?.find((field) => field.variable === option.value)
      : undefined;
  };

  const kindOf = (node: AstNode | undefined): ValueKind => {
    switch (node?.type) {
      case 'Identifier': {
        const name = String(node.name);
        const question = lookup(name);
        if (question) return kindOfQuestion(question);
        return name === 'oggi' ? 'data' : 'altro';
      }
      case 'Literal':
        if (typeof node.value === 'number') return 'numero';
        return typeof node.value === 'string' ? 'testo' : 'altro';
      case 'BinaryExpression': {
        const operator = String(node.operator);
        if (COMPARISONS.has(operator) || ORDERINGS.has(operator)) return 'booleano';
        if (!ARITHMETIC.has(operator)) return 'altro';
        const sides = [kindOf(node.left as AstNode), kindOf(node.right as AstNode)];
        if (sides.every((kind) => kind === 'numero' || kind === 'importo')) {
          return sides.includes('importo') ? 'importo' : 'numero';
        }
        return operator === '+' && sides.includes('testo') ? 'testo' : 'altro';
      }
      case 'LogicalExpression':
        return 'booleano';
      case 'FilterExpression':
      case 'CallExpression':
        if (node.filter) {
          const name = String((node.callee as AstNode).name);
          if (!Object.hasOwn(FILTER_SIGNATURES, name)) return 'altro';
          const output = FILTER_SIGNATURES[name as keyof typeof FILTER_SIGNATURES].output;
          if (name !== 'somma' && name !== 'massimo' && name !== 'minimo') return output;
          // A total or an extreme has the kind of the field it reads.
          const [list, field] = (node.arguments as AstNode[] | undefined) ?? [];
          const fieldKind = listField(list, field);
          if (!fieldKind) return output;
          const kind = kindOfQuestion(fieldKind);
          return name === 'somma' ? (kind === 'importo' ? 'importo' : 'numero') : kind;
        }
        return 'altro';
      default:
        return 'altro';
    }
  };

  const checkOption = (variable: AstNode, literal: AstNode) => {
    if (variable.type !== 'Identifier' || literal.type !== 'Literal') return;
    const question = lookup(String(variable.name));
    if (!question || typeof literal.value !== 'string') return;
    // Only a choice has options to compare with; typed answers are free text.
    if ((question.type ?? 'scelta') !== 'scelta' || !Array.isArray(question.options)) return;
    // The parser has straightened the tag's quotes; the option may keep Word's ’.
    const value = literal.value;
    const options = question.options ?? [];
    if (!options.some((option) => isSameOption(option, value))) {
      report(messages.unknownOption(question.variable, literal.value, options.join(', ')));
    }
  };

  const checkFilter = (
    name: keyof typeof FILTER_SIGNATURES,
    input: AstNode | undefined,
    rest: AstNode[],
  ) => {
    const signature = FILTER_SIGNATURES[name];
    const [fewest, most] = signature.options;
    if (rest.length < fewest || rest.length > most) {
      report(
        messages.filterOptionCount(
          name,
          fewest === most ? String(fewest) : `da ${fewest} a ${most} opzioni`,
        ),
      );
    }
    const isSimple = (option: AstNode): boolean =>
      option.type === 'Literal' ||
      option.type === 'Identifier' ||
      (option.type === 'UnaryExpression' && isSimple(option.argument as AstNode));
    // A filter binds loosest: `data | aggiungi_anni:4 > oggi` adds `4 > oggi` years.
    if (!rest.every(isSimple)) report(messages.filterOptionNotSimple(name));
    if (DATE_SPAN_FILTERS.has(name) && rest[0]) {
      const other = kindOf(rest[0]);
      if (other !== 'data' && other !== 'altro') report(messages.dateSpanNeedsDate(name));
    }
    const list = listOf(input) as { variable: string; fields?: readonly TemplateField[] };
    if (LIST_FIELD_FILTERS.has(name) && list && rest[0] && !listField(input, rest[0])) {
      const fields = (list.fields ?? []).map((field) => field.variable).join(', ');
      report(messages.listFieldNeeded(name, list.variable, fields));
    }
    if (signature.input === 'any') return;
    const given = kindOf(input);
    if (given !== 'altro' && !signature.input.includes(given)) {
      const kinds = messages.valueKinds;
      report(
        messages.filterWrongType(
          name,
          kinds[given],
          signature.input.map((kind) => kinds[kind as keyof typeof kinds]).join(' o '),
        ),
      );
    }
  };

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const n = node as AstNode;
    switch (n.type) {
      case 'Identifier': {
        const name = String(n.name);
        if (name === 'this' || name === '$index') return;
        if (loop?.fields.has(name)) return;
        if (questions.has(name)) used.add(name);
        else if (name === 'oggi') return;
        else if (loop) {
          report(messages.unknownField(name, loop.list, [...loop.fields.keys()].join(', ')));
        } else report(messages.unknownVariable(name));
        return;
      }
      case 'MemberExpression':
      case 'ArrayExpression':
        checkUnworkableExpression(n, loop?.fields, report, (name) => {
          if (questions.has(name)) used.add(name);
        });
        return;
      case 'AssignmentExpression':
        report(messages.assignment);
        visit(n.right);
        return;
      case 'BinaryExpression': {
        const operator = String(n.operator);
        if (ARITHMETIC.has(operator)) {
          const sides = [n.left as AstNode, n.right as AstNode];
          if (sides.some((side) => kindOf(side) === 'data')) {
            const [left, right] = sides.map(writtenOperand);
            const example =
              operator === '-' && sides.every((side) => side.type === 'Identifier')
                ? `{${left} | giorni_tra:${right}}`
                : '{data_fine | giorni_tra:data_inizio}';
            report(messages.dateArithmetic(`${left} ${operator} ${right}`, example));
          }
        }
        if (COMPARISONS.has(operator)) {
          const left = n.left as AstNode;
          const right = n.right as AstNode;
          checkOption(left, right);
          checkOption(right, left);
          for (const side of [left, right]) {
            const question = side.type === 'Identifier' ? lookup(String(side.name)) : undefined;
            if (question?.is_multiple_selection) {
              report(messages.multipleSelectionCompared(question.variable), 'warning');
            }
          }
        }
        visit(n.left);
        visit(n.right);
        return;
      }
      case 'FilterExpression':
      case 'CallExpression': {
        const callee = n.callee as AstNode;
        const args = (n.arguments as AstNode[] | undefined) ?? [];
        const name = String(callee.name);
        if (!n.filter) {
          checkUnworkableExpression(n, loop?.fields, report, (key) => {
            if (questions.has(key)) used.add(key);
          });
          return;
        }
        if (!Object.hasOwn(TEMPLATE_FILTERS, name)) {
          report(messages.unknownFilter(name, FILTER_NAMES));
        } else if (name === 'contiene') {
          const [input, ...rest] = args;
          // The language groups a filter with its own operand of and / or / not (see
          // `precompileTag`); what it cannot regroup (`(a == "x" and b) | contiene:"y"`,
          // `servizi | contiene:"y" == true`) would filter or compare something else than
          // written, so it is refused rather than rendered wrong.
          if (input?.type !== 'Identifier') report(messages.filterNeedsVariable);
          else if (
            rest.some((option) => option.type !== 'Literal' && option.type !== 'Identifier')
          ) {
            report(messages.filterNeedsOption);
          } else for (const option of rest) checkOption(input, option);
        } else {
          const [input, ...rest] = args;
          checkFilter(name as keyof typeof FILTER_SIGNATURES, input, rest);
          // A box ticked for an option the question does not have is never ticked.
          if (name === 'casella' && input && rest[0]) checkOption(input, rest[0]);
          if (name === 'accorda' && rest[0]) checkAgreement(rest[0], report);
        }
        visit(args);
        return;
      }
      case 'ObjectExpression':
        visit((n.properties as AstNode[] | undefined)?.map((property) => property.value));
        return;
      default:
        for (const [key, value] of Object.entries(n)) if (key !== 'type') visit(value);
    }
  };
  visit(ast);
}

/** `accorda` takes the words to agree as text; words outside its dictionary are named. */
function checkAgreement(
  option: AstNode,
  report: (problem: string, severity?: 'error' | 'warning') => void,
) {
  if (option.type !== 'Literal' || typeof option.value !== 'string') {
    report(messages.agreementNeedsText);
    return;
  }
  const unknown = unknownAgreementWords(option.value);
  if (unknown.length > 0) report(messages.agreementUnknownWords(unknown.join(', ')), 'warning');
}

/** An operand as the editor wrote it, for a message: `data_fine`, `30`, or `…`. */
function writtenOperand(node: AstNode): string {
  if (node.type === 'Identifier') return String(node.name);
  if (node.type === 'Literal') return JSON.stringify(node.value);
  if ((node.type === 'FilterExpression' || node.type === 'CallExpression') && node.filter) {
    const [input] = (node.arguments as AstNode[] | undefined) ?? [];
    return `(${input ? writtenOperand(input) : '…'} | ${String((node.callee as AstNode).name)})`;
  }
  return '…';
}

/** The key a tag reads when it is nothing but a key (`{conduttori}`). */
function singleIdentifier(ast: unknown): string | undefined {
  const body = (ast as { body?: { expression?: AstNode }[] } | undefined)?.body;
  const expression = body?.length === 1 ? body[0]?.expression : undefined;
  return expression?.type === 'Identifier' ? String(expression.name) : undefined;
}

/** The scope inside a loop tag: an elenco's fields when the tag loops over one. */
function loopScope(
  ast: unknown,
  questions: ReadonlyMap<string, QuestionRules>,
  outer: LoopScope,
): LoopScope {
  const name = singleIdentifier(ast);
  const question = name === undefined ? undefined : questions.get(name);
  const typed = question && asTyped(question);
  if (typed?.type !== 'elenco') return outer;
  return {
    list: typed.variable,
    fields: new Map((typed.fields ?? []).map((f) => [f.variable, f])),
  };
}

const PARAGRAPH_WIDTH = 160;

/** A paragraph read from the XML, cut as `textAround` cuts one. */
const shortened = (text: string) =>
  text.length <= PARAGRAPH_WIDTH ? text : `${text.slice(0, PARAGRAPH_WIDTH)}…`;

function lintFile(
  label: FileLabel,
  inspected: InspectedTemplate,
  questions: ReadonlyMap<string, QuestionRules>,
): Findings {
  const findings: Findings = { found: [], errors: [], used: new Set(), brokenTags: [] };
  if (!inspected.tags) {
    findings.errors.push(messages.unreadable(label));
    return findings;
  }
  const paragraphAt = (file: string | undefined, offset: number | undefined) =>
    file === undefined || offset === undefined
      ? ''
      : withBoxesShown(inspected.paragraphs.get(file)?.textAround(offset) ?? '');
  const add = (
    severity: Finding['severity'],
    file: string | undefined,
    tag: string,
    problem: string,
    paragraph: string,
    offset = Number.POSITIVE_INFINITY,
  ) => {
    // A bound Word checkbox is named as the editor wrote it, in the control's tag.
    const condition = conditionOfBoundTag(tag);
    findings.found.push({
      severity,
      file: label,
      part: partOf(file),
      tag: condition === undefined ? tag : `casella: ${condition}`,
      problem: condition === undefined ? problem : messages.inCheckboxControl(problem),
      paragraph,
      position: { rank: readingRank(file), file: file ?? '', offset },
    });
  };

  // `{{ nome }}` is one mistake, not the fragments docxtemplater's delimiters make of it.
  const doubleBraced = findDoubleBraces(inspected);
  const inDoubleBraces = (file: string | undefined, offset: number | undefined) =>
    offset !== undefined &&
    doubleBraced.some((span) => span.file === file && offset >= span.start && offset < span.end);
  for (const span of doubleBraced) {
    findings.brokenTags.push(span.inner);
    add(
      'error',
      span.file,
      span.tag,
      messages.doubleBraces(span.inner),
      paragraphAt(span.file, span.offset),
      span.offset,
    );
  }

  for (const error of inspected.errors) {
    if (inDoubleBraces(error.file, error.offset)) continue;
    const { tag, problem } = describeTemplaterError(error);
    findings.brokenTags.push(tag);
    add('error', error.file, tag, problem, paragraphAt(error.file, error.offset), error.offset);
  }

  const visitTag = (tag: TemplateTag, loop: LoopScope) => {
    if (inDoubleBraces(tag.file, tag.offset)) return;
    const shown = `{${tag.raw ?? tag.value}}`;
    const report = (problem: string, severity: 'error' | 'warning' = 'error') =>
      add(severity, tag.file, shown, problem, paragraphAt(tag.file, tag.offset), tag.offset);
    if (tag.module === 'rawxml') {
      report(messages.rawXmlNotAllowed);
    } else {
      let ast: unknown;
      try {
        ast = parseTagExpression(tag.value);
      } catch {
        // Already reported by docxtemplater as a syntax error of this tag.
      }
      if (ast) checkExpression(ast, questions, loop, report, findings.used);
      const name = singleIdentifier(ast);
      const field = name === undefined ? undefined : loop?.fields.get(name);
      const question = name === undefined || field ? undefined : questions.get(name);
      checkBareSection(tag, name, field ?? (question && asTyped(question)), report);
      // A plain tag of a whole elenco would print its items' objects, not their fields.
      if (tag.module === undefined && question && asTyped(question).type === 'elenco')
        report(messages.elencoPrinted(name ?? ''));
      if (tag.module === 'loop' && tag.subparsed) {
        const inner = loopScope(ast, questions, loop);
        for (const child of tag.subparsed) visitTag(child, inner);
        return;
      }
    }
    for (const child of tag.subparsed ?? []) visitTag(child, loop);
  };
  for (const tag of inspected.tags) visitTag(tag, undefined);

  for (const [file, xml] of inspected.xml) {
    for (const field of findMergeFields(file, xml)) {
      const key = [...questions.keys()].find((k) => keyForMergeField(k) === field.name);
      add(
        'warning',
        file,
        field.shown,
        messages.mailMerge(key ?? field.name),
        shortened(field.paragraph),
      );
    }
  }
  // In reading order, as the editor goes through the document to fix them.
  findings.found.sort(
    (a, b) =>
      a.position.rank - b.position.rank ||
      a.position.file.localeCompare(b.position.file, 'en', { numeric: true }) ||
      a.position.offset - b.position.offset,
  );
  return findings;
}

/**
 * The problems of master and preview as messages: the same problem of the same tag in the same
 * part of both files is one message naming both, as the editor fixes it the same way twice.
 */
function mergeFindings(found: readonly Finding[]): LintResult {
  const merged: { finding: Finding; files: FileLabel[] }[] = [];
  for (const finding of found) {
    const same = merged.find(
      (entry) =>
        !entry.files.includes(finding.file) &&
        entry.finding.severity === finding.severity &&
        entry.finding.part === finding.part &&
        entry.finding.tag === finding.tag &&
        entry.finding.problem === finding.problem,
    );
    if (same) same.files.push(finding.file);
    else merged.push({ finding, files: [finding.file] });
  }
  const result: LintResult = { errors: [], warnings: [] };
  for (const { finding, files } of merged) {
    const text = it.documents.lintProblem(
      it.documents.lintPlace(files, finding.part),
      finding.tag,
      finding.problem,
      finding.paragraph,
    );
    (finding.severity === 'error' ? result.errors : result.warnings).push(text);
  }
  return result;
}

function questionProblems(questions: readonly QuestionRules[]): string[] {
  const keyProblems = questions.flatMap((question) => {
    const problem = findKeyProblem(question.variable);
    return problem ? [`${problem} («${question.variable}»)`] : [];
  });
  return [...keyProblems, ...questionListProblems(questions)];
}

const unique = (list: string[]) => [...new Set(list)];

/**
 * Every problem of a template at once (DESIGN §6), in Italian, each naming the file, the tag and
 * its paragraph: syntax errors, unknown keys, compared strings that are not options, question
 * list errors (errors, they block the save) and questions the master never uses (warnings).
 */
export function lintTemplate({
  master,
  preview,
  questions,
  companions = [],
}: LintInput): LintResult {
  const byKey = new Map(questions.map((question) => [question.variable, question]));
  const found: Finding[] = [];
  const errors: string[] = [];
  const warnings: string[] = [];
  const unused: string[] = [];

  {
    // The set's documents together: a question is unused only when no document uses it.
    const sources = [
      ...(master ? [{ label: it.documents.fileNames.master, bytes: master }] : []),
      ...companions,
    ];
    const all = sources.map(({ label, bytes }) => {
      const findings = lintFile(label, inspectTemplate(bytes), byKey);
      found.push(...findings.found);
      errors.push(...findings.errors);
      const habits = lintWordHabits('master', bytes, label);
      errors.push(...habits.errors);
      warnings.push(...habits.warnings);
      return findings;
    });
    const mentioned = (key: string) =>
      all.some(
        (findings) =>
          findings.used.has(key) || findings.brokenTags.some((tag) => tag.includes(key)),
      );
    const hasErrors = all.some(
      (findings) =>
        findings.errors.length > 0 || findings.found.some((f) => f.severity === 'error'),
    );
    if (master && (!hasErrors || all.some((findings) => findings.used.size > 0))) {
      const unusedMessage =
        companions.length > 0 ? it.documentSets.unusedQuestion : messages.unusedQuestion;
      for (const question of questions) {
        if (!mentioned(question.variable)) unused.push(unusedMessage(question.variable));
      }
    }
  }
  if (preview) {
    const findings = lintFile(it.documents.fileNames.preview, inspectTemplate(preview), byKey);
    found.push(...findings.found);
    errors.push(...findings.errors);
    const habits = lintWordHabits('preview', preview);
    errors.push(...habits.errors);
    warnings.push(...habits.warnings);
  }
  const tagged = mergeFindings(found);
  errors.push(...tagged.errors, ...questionProblems(questions));
  warnings.push(...tagged.warnings, ...unused);
  return { errors: unique(errors), warnings: unique(warnings) };
}
