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
import { parseTagExpression, TEMPLATE_FILTERS } from './template-language.ts';

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
  if (filter) return messages.unknownFilter(filter[1] ?? '');
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

/**
 * The rules a tag's expression must follow: every name is a question key, every string compared
 * with a key (==, !=, contiene) is one of its options, no assignment, known filters only.
 */
function checkExpression(
  ast: unknown,
  questions: ReadonlyMap<string, QuestionRules>,
  report: (problem: string, severity?: 'error' | 'warning') => void,
  used: Set<string>,
): void {
  const checkOption = (variable: AstNode, literal: AstNode) => {
    if (variable.type !== 'Identifier' || literal.type !== 'Literal') return;
    const question = questions.get(String(variable.name));
    if (!question || typeof literal.value !== 'string') return;
    // The parser has straightened the tag's quotes; the option may keep Word's ’.
    const value = literal.value;
    const options = question.options ?? [];
    if (!options.some((option) => isSameOption(option, value))) {
      report(messages.unknownOption(question.variable, literal.value, options.join(', ')));
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
        if (questions.has(name)) used.add(name);
        else report(messages.unknownVariable(name));
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
            const question =
              side.type === 'Identifier' ? questions.get(String(side.name)) : undefined;
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
        if (!n.filter) {
          visit(callee);
        } else if (!Object.hasOwn(TEMPLATE_FILTERS, String(callee.name))) {
          report(messages.unknownFilter(String(callee.name)));
        } else {
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

  const visitTag = (tag: TemplateTag) => {
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
      if (ast) checkExpression(ast, questions, report, findings.used);
    }
    tag.subparsed?.forEach(visitTag);
  };
  inspected.tags.forEach(visitTag);
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
  }
  errors.push(...questionProblems(questions));
  return { errors: unique(errors), warnings: unique(warnings) };
}
