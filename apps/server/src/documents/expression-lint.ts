import { it } from '@lexpath/shared';
import type { TemplateTag } from './template-inspection.ts';
import { parseTagExpression } from './template-language.ts';
import type { TemplateField } from './typed-answers.ts';

/**
 * Lint rules for what docxtemplater accepts but cannot mean what the editor wrote (issue 12):
 * a bare section over a choice, a loop over a multiple choice that never writes its item, and
 * JavaScript an answer cannot answer (member access, method calls, array literals).
 */

const messages = it.documents.lint;

export type AstNode = { type?: string; [key: string]: unknown };

type Report = (problem: string, severity?: 'error' | 'warning') => void;

/** The expression as an editor would read it back: `persona.nome`, `servizi.indexOf(…)`. */
function written(node: AstNode | undefined): string {
  switch (node?.type) {
    case 'Identifier':
      return String(node.name);
    case 'Literal':
      return typeof node.value === 'string' ? `"${node.value}"` : String(node.value);
    case 'MemberExpression':
      return node.computed
        ? `${written(node.object as AstNode)}[${written(node.property as AstNode)}]`
        : `${written(node.object as AstNode)}.${written(node.property as AstNode)}`;
    case 'CallExpression':
      return `${written(node.callee as AstNode)}(…)`;
    default:
      return '…';
  }
}

/** The name a chain of member accesses starts from: `persona` in `persona.dati.nome`. */
function rootName(node: AstNode | undefined): string | undefined {
  if (node?.type === 'Identifier') return String(node.name);
  if (node?.type === 'MemberExpression' || node?.type === 'CallExpression') {
    return rootName((node.object ?? node.callee) as AstNode);
  }
  return undefined;
}

/**
 * Refuses the JavaScript that answers cannot serve: answers are strings, lists of strings,
 * numbers, dates and an elenco's items, read through keys and the Italian filters only. Inside
 * an elenco loop, `this.campo` reads a field of the item, so it stays valid. Returns whether
 * the node was such an expression (and reported); `use` records the key it starts from.
 */
export function checkUnworkableExpression(
  node: AstNode,
  fields: ReadonlyMap<string, unknown> | undefined,
  report: Report,
  use: (name: string) => void,
): boolean {
  if (node.type === 'ArrayExpression') {
    report(messages.arrayLiteral);
    return true;
  }
  if (node.type === 'MemberExpression') {
    const object = node.object as AstNode;
    const property = node.property as AstNode;
    const isItemField =
      !node.computed &&
      object.type === 'Identifier' &&
      object.name === 'this' &&
      property.type === 'Identifier' &&
      fields?.has(String(property.name));
    if (isItemField) return true;
    const root = rootName(object);
    if (root !== undefined) use(root);
    if (!node.computed && property.type === 'Identifier' && property.name === 'length') {
      report(messages.lengthAccess(written(object)));
    } else {
      report(messages.memberAccess(written(node), root === 'this' || !root ? '.' : root));
    }
    return true;
  }
  if (node.type === 'CallExpression' && !node.filter) {
    const root = rootName(node.callee as AstNode);
    if (root !== undefined) use(root);
    report(messages.methodCall(written(node)));
    return true;
  }
  return false;
}

/** Whether a tag's expression reads the loop's item (`{.}`, `{. | maiuscolo}`, `{this}`). */
function readsItem(ast: unknown): boolean {
  if (Array.isArray(ast)) return ast.some(readsItem);
  if (!ast || typeof ast !== 'object') return false;
  const node = ast as AstNode;
  if (node.type === 'Identifier') return node.name === 'this';
  return Object.entries(node).some(([key, value]) => key !== 'type' && readsItem(value));
}

function bodyReadsItem(tags: readonly TemplateTag[]): boolean {
  return tags.some((tag) => {
    let ast: unknown;
    try {
      ast = parseTagExpression(tag.value);
    } catch {
      return false;
    }
    return readsItem(ast) || bodyReadsItem(tag.subparsed ?? []);
  });
}

const YES_WORDS = new Set(['sì', 'si', 'yes', 'vero', 'certo']);
const NO_WORDS = new Set(['no', 'non', 'falso', 'nessun', 'nessuno', 'nessuna']);

const firstWord = (option: string) =>
  option
    .trim()
    .toLocaleLowerCase('it-IT')
    .split(/[^\p{L}]+/u)[0] ?? '';

/**
 * The option that says yes of a two-option choice answered yes or no («Sì» / «No», «Sì, con
 * deposito» / «No»); undefined for any other choice, where no single option stands for the
 * clause being wanted.
 */
function yesOption(options: readonly string[]): string | undefined {
  if (options.length !== 2) return undefined;
  const [a = '', b = ''] = options;
  if (YES_WORDS.has(firstWord(a)) && NO_WORDS.has(firstWord(b))) return a;
  if (YES_WORDS.has(firstWord(b)) && NO_WORDS.has(firstWord(a))) return b;
  return undefined;
}

/**
 * `{#conferma}…{/}` over a single choice keeps its content for any answer given. For a yes/no
 * choice that is never meant («No» would keep the clause): an error naming the comparison with
 * the yes, whether the question is always asked or not. Over another choice asked only under a
 * condition, or optional, it means "when asked" / "when answered" and is accepted; always asked
 * and required, the section is always kept: a warning naming one comparison per option (a
 * single one would drop the clause for the others). Over a multiple choice it repeats the
 * content once per chosen option, which is meant only when the content writes the option
 * (`{.}`): otherwise a warning. Typed questions (an elenco to loop over, a text that may be
 * unanswered) are left be.
 */
export function checkBareSection(
  tag: TemplateTag,
  name: string | undefined,
  question: TemplateField | undefined,
  report: Report,
): void {
  if (tag.module !== 'loop' || !tag.raw?.startsWith('#') || !name || !question) return;
  if ((question.type ?? 'scelta') !== 'scelta') return;
  const options = question.options ?? [];
  const first = options[0] ?? 'Opzione';
  if (question.is_multiple_selection) {
    if (!bodyReadsItem(tag.subparsed ?? []))
      report(messages.loopWithoutItem(question.variable, first), 'warning');
    return;
  }
  const yes = yesOption(options);
  if (yes !== undefined) {
    report(messages.bareSection(question.variable, yes, options));
    return;
  }
  const mayBeUnanswered =
    question.obbligatoria === false || (question.required_answers?.length ?? 0) > 0;
  if (!mayBeUnanswered)
    report(it.optionalAnswers.bareSectionAnyAnswer(question.variable, options), 'warning');
}
