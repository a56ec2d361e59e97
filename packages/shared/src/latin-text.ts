/**
 * The e-invoice's text fields (FatturaPA's String…LatinType) accept Basic Latin and Latin-1
 * only, and XML 1.0 refuses most control characters outright. What a lawyer types or pastes
 * is brought to that set here, once, for both the billing form and the server: letters with
 * a Latin form take it (Ł → L, ő → o, œ → oe), and what has none is refused, never replaced.
 */

/** C0 controls (tab and newline too: the fields are one line), DEL and the C1 controls. */
export function isControlCharacter(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** True when `text` holds a control character (pasted from a terminal, a PDF, a bad CSV). */
export function hasControlCharacters(text: string): boolean {
  return [...text].some(isControlCharacter);
}

/** Letters and marks with no decomposition to a Latin-1 form, and their usual spelling. */
const LATIN_FORMS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŋ: 'N',
  ŋ: 'n',
  Œ: 'OE',
  œ: 'oe',
  Ŧ: 'T',
  ŧ: 't',
  ƒ: 'f',
  ẞ: 'SS',
  ĸ: 'k',
  Ə: 'E',
  ə: 'e',
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u02bc': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u20ac': 'EUR',
  '\u2022': '-',
};

/** Invisible characters a paste brings along: they print nothing, so they are dropped. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;

function latinFormOf(char: string): string | null {
  const code = char.codePointAt(0) ?? 0;
  if (code <= 0xff) return char;
  const known = LATIN_FORMS[char];
  if (known !== undefined) return known;
  // Accented letters (ő, č, ș) and compatibility forms (ﬁ, ２, the typographic spaces).
  const base = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  if (base === char) return null;
  const parts = [...base].map((part) => (part === char ? null : latinFormOf(part)));
  return parts.every((part) => part !== null) ? parts.join('') : null;
}

/**
 * `text` in the e-invoice's character set, or null when some character has no Latin form (a
 * name in Cyrillic, Greek or Chinese, an emoji). Control characters are the caller's to refuse
 * first (`hasControlCharacters`): they are returned as they are.
 */
export function toLatin1(text: string): string | null {
  let result = '';
  for (const char of text.normalize('NFC').replace(INVISIBLE, '')) {
    const form = latinFormOf(char);
    if (form === null) return null;
    result += form;
  }
  return result;
}
