import {
  findKeyProblem,
  isSameOption,
  it,
  type QuestionRules,
  questionListProblems,
} from '@lexpath/shared';
import {
  type InspectedTemplate,
  inspectTemplate,
  type TemplaterError,
  type TemplateTag,
} from './template-inspection.ts';
import {
  FILTER_SIGNATURES,
  parseTagExpression,
  TEMPLATE_FILTERS,
  type ValueKind,
} from './template-language.ts';
import type { TemplateField, TemplateQuestion } from './typed-answers.ts';
import { lintWordHabits } from './word-habits.ts';

const messages = it.documents.lint;

export type LintInput = {
  /** The master .docx; omitted when the upload does not change it and it was linted before. */
  master?: Buffer;
  /** The preview .docx, rendered for the PDF preview. */
  preview?: Buffer;
  questions: readonly QuestionRules[];
};

export type LintResult = { errors: string[]; warnings: string[] };

type FileLabel = (typeof it.documents.fileNames)[keyof typeof it.documents.fileNames];

type Findings = {
  errors: string[];
  warnings: string[];
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

type AstNode = { type?: string; [key: string]: unknown };

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
          return Object.hasOwn(FILTER_SIGNATURES, name)
            ? FILTER_SIGNATURES[name as keyof typeof FILTER_SIGNATURES].output
            : 'altro';
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
        visit(n.object);
        if (n.computed) visit(n.property);
        return;
      case 'AssignmentExpression':
        report(messages.assignment);
        visit(n.right);
        return;
      case 'BinaryExpression': {
        if (COMPARISONS.has(String(n.operator))) {
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
          visit(callee);
        } else if (!Object.hasOwn(TEMPLATE_FILTERS, name)) {
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

function lintFile(
  label: FileLabel,
  inspected: InspectedTemplate,
  questions: ReadonlyMap<string, QuestionRules>,
): Findings {
  const findings: Findings = { errors: [], warnings: [], used: new Set(), brokenTags: [] };
  if (!inspected.tags) {
    findings.errors.push(messages.unreadable(label));
    return findings;
  }
  const paragraphAt = (file: string | undefined, offset: number | undefined) =>
    file === undefined || offset === undefined
      ? ''
      : (inspected.paragraphs.get(file)?.textAround(offset) ?? '');

  for (const error of inspected.errors) {
    const { tag, problem } = describeTemplaterError(error);
    findings.brokenTags.push(tag);
    findings.errors.push(
      it.documents.lintProblem(label, tag, problem, paragraphAt(error.file, error.offset)),
    );
  }

  const visitTag = (tag: TemplateTag, loop: LoopScope) => {
    const shown = `{${tag.raw ?? tag.value}}`;
    const report = (problem: string, severity: 'error' | 'warning' = 'error') => {
      const text = it.documents.lintProblem(
        label,
        shown,
        problem,
        paragraphAt(tag.file, tag.offset),
      );
      (severity === 'error' ? findings.errors : findings.warnings).push(text);
    };
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
      // A plain tag of a whole elenco would print its items' objects, not their fields.
      const printed = tag.module === undefined ? singleIdentifier(ast) : undefined;
      const question =
        printed === undefined || loop?.fields.has(printed) ? undefined : questions.get(printed);
      if (question && asTyped(question).type === 'elenco')
        report(messages.elencoPrinted(printed ?? ''));
      if (tag.module === 'loop' && tag.subparsed) {
        const inner = loopScope(ast, questions, loop);
        for (const child of tag.subparsed) visitTag(child, inner);
        return;
      }
    }
    for (const child of tag.subparsed ?? []) visitTag(child, loop);
  };
  for (const tag of inspected.tags) visitTag(tag, undefined);
  return findings;
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
export function lintTemplate({ master, preview, questions }: LintInput): LintResult {
  const byKey = new Map(questions.map((question) => [question.variable, question]));
  const errors: string[] = [];
  const warnings: string[] = [];

  if (master) {
    const findings = lintFile(it.documents.fileNames.master, inspectTemplate(master), byKey);
    errors.push(...findings.errors);
    warnings.push(...findings.warnings);
    const habits = lintWordHabits('master', master);
    errors.push(...habits.errors);
    warnings.push(...habits.warnings);
    const mentioned = (key: string) =>
      findings.used.has(key) || findings.brokenTags.some((tag) => tag.includes(key));
    if (findings.errors.length === 0 || findings.used.size > 0) {
      for (const question of questions) {
        if (!mentioned(question.variable)) {
          warnings.push(messages.unusedQuestion(question.variable));
        }
      }
    }
  }
  if (preview) {
    const findings = lintFile(it.documents.fileNames.preview, inspectTemplate(preview), byKey);
    errors.push(...findings.errors);
    warnings.push(...findings.warnings);
    const habits = lintWordHabits('preview', preview);
    errors.push(...habits.errors);
    warnings.push(...habits.warnings);
  }
  errors.push(...questionProblems(questions));
  return { errors: unique(errors), warnings: unique(warnings) };
}
