import { decodeXmlText } from './render.ts';

/**
 * A real form's own Word checkboxes, ticked by the answers and still checkboxes in the bought
 * .docx (the lawyer can click them in Word). A box is bound to a condition of the template
 * language by a tag that Word keeps with the control:
 *
 * - a checkbox content control (`w:sdt` with `w14:checkbox`) whose tag (Proprietà → Tag,
 *   `w:sdtPr/w:tag`) is `casella: EXPR`;
 * - a legacy form checkbox (`FORMCHECKBOX`) whose help text in the status bar
 *   (`w:ffData/w:statusText`) is `casella: EXPR`.
 *
 * EXPR is a condition as in `{#…}` (`tipo == "Immobile"`, `privacy`, `servizi | contiene:"x"`);
 * the space after the colon is optional. The box is ticked when EXPR holds and cleared when it
 * does not: a content control gets `w14:checked` and the glyph of its own checked or unchecked
 * state (☒ / ☐ unless the control says otherwise, in the state's font), a legacy checkbox its
 * `w:default` (and `w:checked` when Word wrote one).
 *
 * The condition is evaluated by docxtemplater itself, so a box inside `{#parti}…{/}` reads the
 * item's fields and the lint checks EXPR as it checks every tag: before the render each bound box
 * gets a tag `{(EXPR) ? "" : ""}` printing a private-use mark (in the glyph's place, or a run
 * before the legacy field), and after the render each mark sets its box and goes.
 */

const TICKED = '\uE5B1';
const CLEARED = '\uE5B0';
const MARK = new RegExp(`[${TICKED}${CLEARED}]`);

const BINDING = /^\s*casella\s*:\s*(\S[\s\S]*?)\s*$/;

/** The condition a control's tag or a form field's status text binds its box to, if any. */
export function boundCondition(escapedValue: string): string | undefined {
  return BINDING.exec(decodeXmlText(escapedValue))?.[1];
}

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const boundTag = (condition: string) => `{(${condition}) ? "${TICKED}" : "${CLEARED}"}`;

const BOUND_TAG = new RegExp(
  `^\\{?\\(([\\s\\S]*)\\) \\? "${TICKED}" : "${CLEARED}"\\}?$`.replace(/"/g, '(?:"|&quot;)'),
);

/** `casella: EXPR` for a tag this module wrote (as the lint shows it), else undefined. */
export function conditionOfBoundTag(tag: string): string | undefined {
  const condition = BOUND_TAG.exec(tag)?.[1];
  return condition === undefined ? undefined : decodeXmlText(condition);
}

/** A paragraph's text with the tags this module wrote shown as the box they stand for. */
export function withBoxesShown(text: string): string {
  return text.replace(
    new RegExp(
      `\\{\\([^{}]*\\) \\? (?:"|&quot;)${TICKED}(?:"|&quot;) : (?:"|&quot;)${CLEARED}(?:"|&quot;)\\}`,
      'g',
    ),
    '☐',
  );
}

/** A content control whose content holds no other control: `[sdtPr, content]`. */
const CONTROL =
  /<w:sdt(?:\s[^>]*)?>\s*<w:sdtPr>((?:(?!<\/w:sdtPr>)[\s\S])*)<\/w:sdtPr>((?:(?!<w:sdt[\s>])[\s\S])*?)<\/w:sdt>/g;
const CHECKBOX = /<w14:checkbox[\s>/]/;
const CONTROL_TAG = /<w:tag\b[^>]*?w:val="([^"]*)"/;
const TEXT = /<w:t(?:\s[^>]*)?>[^<]*<\/w:t>|<w:t\s*\/>/;
/** The run opening a legacy field, with its form data: `[run start, ffData content]`. */
const FORM_FIELD_RUN =
  /(<w:r(?=[\s>])[^>]*>(?:(?!<\/w:r>)[\s\S])*?<w:fldChar\b[^>]*?w:fldCharType="begin"[^>]*>\s*<w:ffData>)((?:(?!<\/w:ffData>)[\s\S])*)/g;
const STATUS_TEXT = /<w:statusText\b[^>]*?w:val="([^"]*)"/;

/** The part's bound boxes, each given the tag that decides it (before the render). */
export function bindCheckboxes(xml: string): string {
  if (!xml.includes('casella')) return xml;
  return xml
    .replace(CONTROL, (whole, properties: string, content: string) => {
      if (!CHECKBOX.test(properties)) return whole;
      const condition = boundCondition(CONTROL_TAG.exec(properties)?.[1] ?? '');
      if (condition === undefined || !TEXT.test(content)) return whole;
      const bound = content.replace(
        TEXT,
        `<w:t xml:space="preserve">${escapeText(boundTag(condition))}</w:t>`,
      );
      return `${whole.slice(0, whole.length - content.length - 8)}${bound}</w:sdt>`;
    })
    .replace(FORM_FIELD_RUN, (whole, start: string, data: string) => {
      if (!data.includes('<w:checkBox')) return whole;
      const condition = boundCondition(STATUS_TEXT.exec(data)?.[1] ?? '');
      if (condition === undefined) return whole;
      const mark = `<w:r><w:t xml:space="preserve">${escapeText(boundTag(condition))}</w:t></w:r>`;
      return mark + start + data;
    });
}

const STATE = (which: 'checkedState' | 'uncheckedState') => new RegExp(`<w14:${which}\\b[^>]*>`);
const DEFAULT_GLYPH = { checkedState: '2612', uncheckedState: '2610' } as const;
const MARK_RUN = new RegExp(
  `<w:r(?:\\s[^>]*)?>(?:<w:rPr>(?:(?!<\\/w:rPr>)[\\s\\S])*<\\/w:rPr>)?<w:t(?:\\s[^>]*)?>(${TICKED}|${CLEARED})<\\/w:t><\\/w:r>(\\s*<w:r(?=[\\s>])[^>]*>(?:(?!<\\/w:r>)[\\s\\S])*?<w:ffData>)((?:(?!<\\/w:ffData>)[\\s\\S])*)`,
  'g',
);

/** The run holding the mark, given the state's font (as Word does when the box is clicked). */
function withStateFont(content: string, at: number, font: string | undefined): string {
  if (!font) return content;
  const runStart = Math.max(
    ...[...content.slice(0, at).matchAll(/<w:r[\s>]/g)].map((run) => run.index),
    -1,
  );
  const properties = /^<w:r(?:\s[^>]*)?>(<w:rPr>(?:(?!<\/w:rPr>)[\s\S])*?<\/w:rPr>)?/.exec(
    content.slice(runStart),
  );
  if (runStart < 0 || !properties) return content;
  const rPr = properties[1];
  if (/<w:rFonts\b[^>]*>/.exec(rPr ?? '')?.[0].includes(`="${font}"`)) return content;
  const fonts = `<w:rFonts w:ascii="${font}" w:eastAsia="${font}" w:hAnsi="${font}" w:cs="${font}"/>`;
  const openEnd = runStart + properties[0].length - (rPr?.length ?? 0);
  const nextProperties = rPr
    ? /<w:rFonts\b[^>]*\/>/.test(rPr)
      ? rPr.replace(/<w:rFonts\b[^>]*\/>/, fonts)
      : rPr.replace('<w:rPr>', `<w:rPr>${fonts}`)
    : `<w:rPr>${fonts}</w:rPr>`;
  return content.slice(0, openEnd) + nextProperties + content.slice(openEnd + (rPr?.length ?? 0));
}

/** Each bound box ticked or cleared by its mark, the marks removed (after the render). */
export function tickCheckboxes(xml: string): string {
  if (!MARK.test(xml)) return xml;
  return xml
    .replace(CONTROL, (whole, properties: string, content: string) => {
      const markAt = content.search(MARK);
      if (!CHECKBOX.test(properties) || markAt < 0) return whole;
      const ticked = content[markAt] === TICKED;
      const which = ticked ? 'checkedState' : 'uncheckedState';
      const state = STATE(which).exec(properties)?.[0] ?? '';
      const code = /w14:val="([0-9A-Fa-f]+)"/.exec(state)?.[1] ?? DEFAULT_GLYPH[which];
      const font = /w14:font="([^"]*)"/.exec(state)?.[1];
      const glyph = escapeText(String.fromCodePoint(Number.parseInt(code, 16)));
      const checked = `<w14:checked w14:val="${ticked ? 1 : 0}"/>`;
      const nextProperties = /<w14:checked\b[^>]*\/>/.test(properties)
        ? properties.replace(/<w14:checked\b[^>]*\/>/, checked)
        : properties.replace(/<w14:checkbox>/, `<w14:checkbox>${checked}`);
      const fonted = withStateFont(content, markAt, font);
      const nextContent = fonted.replace(MARK, () => glyph);
      const head = whole.slice(0, whole.indexOf('<w:sdtPr>'));
      return `${head}<w:sdtPr>${nextProperties}</w:sdtPr>${nextContent}</w:sdt>`;
    })
    .replace(MARK_RUN, (_whole, mark: string, start: string, data: string) => {
      const value = mark === TICKED ? '1' : '0';
      const box = data.replace(
        /<w:checkBox>((?:(?!<\/w:checkBox>)[\s\S])*)<\/w:checkBox>/,
        (_box, inner: string) => {
          const byDefault = `<w:default w:val="${value}"/>`;
          const checked = `<w:checked w:val="${value}"/>`;
          // The schema's order: size, default, checked.
          let next = /<w:default\b[^>]*\/>/.test(inner)
            ? inner.replace(/<w:default\b[^>]*\/>/, byDefault)
            : /<w:checked\b/.test(inner)
              ? inner.replace(/<w:checked\b/, `${byDefault}<w:checked`)
              : `${inner}${byDefault}`;
          next = next.replace(/<w:checked\b[^>]*\/>/, checked);
          return `<w:checkBox>${next}</w:checkBox>`;
        },
      );
      return start + box;
    });
}
