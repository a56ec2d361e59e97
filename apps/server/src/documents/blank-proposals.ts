import { it } from '@lexpath/shared';
import type {
  TInspectedBlank,
  TProposal,
  TProposalType,
  TProposedField,
} from '@lexpath/shared/schemas/blank-proposals';
import PizZip from 'pizzip';
import { type Blank, type BlankKind, findBlanksInPart } from './blank-finder.ts';
import { decodeXmlText } from './render.ts';
import { acceptRevisions, TEXT_PART } from './word-cleanup.ts';

/**
 * What each blank of a form should become (the question to ask, its type, its variable), read
 * from the words around it with rules and an Italian label dictionary: no network, no model, so
 * an editor gets the same proposals for the same file, in a few milliseconds.
 */

export type QuestionType = TProposalType;
export type ProposedField = TProposedField;
export type Proposal = TProposal;
export type InspectedBlank = TInspectedBlank;

/** Every blank of the document with its proposal, in document order. */
export function inspectBlanks(docx: Buffer): InspectedBlank[] {
  // `findBlanks`, with each part unzipped and read once for the finder and the layout.
  const zip = new PizZip(docx);
  const parts: Part[] = Object.keys(zip.files)
    .filter((name) => TEXT_PART.test(name))
    .sort()
    .map((name) => ({ name, xml: acceptRevisions(zip.file(name)?.asText() ?? '') }));
  const blanks = parts.flatMap((part) => findBlanksInPart(part.name, part.xml));
  const proposals = proposeForBlanks(blanks, dropDownOptions(parts), sectionsOf(parts, blanks));
  return blanks.map((blank, index) => ({
    id: blank.id,
    part: blank.part,
    paragraph: blank.paragraph,
    text: blank.text,
    kind: blank.kind,
    whole: blank.whole,
    at: blank.at,
    proposal: proposals[index] ?? null,
  }));
}

/** A text part of the package, its revisions accepted. */
type Part = { name: string; xml: string };

/**
 * The entries of each legacy drop-down field, part by part in document order: the finder
 * records one FORMDROPDOWN blank per field, in the same order.
 */
export function dropDownOptions(parts: Part[]): Map<string, string[][]> {
  const lists = new Map<string, string[][]>();
  for (const { name, xml } of parts) {
    const found = [...xml.matchAll(/<w:ffData>([\s\S]*?)<\/w:ffData>/g)]
      .filter((match) => /<w:ddList\b/.test(match[1] ?? ''))
      .map((match) =>
        [...(match[1] ?? '').matchAll(/<w:listEntry\b[^>]*w:val="([^"]*)"/g)].map((entry) =>
          decodeXmlText(entry[1] ?? '').trim(),
        ),
      );
    if (found.length > 0) lists.set(name, found);
  }
  return lists;
}

/**
 * Where a blank sits: the heading above it and the party it names («Dati del debitore» →
 * `debitore`); for a box alone in a table cell, its row's words, its column's heading and the
 * row; for boxes typed in a row before one label, the column headings above them.
 */
export type Section = {
  heading: string;
  role: string;
  /** The role as the heading writes it («società»), for the question. */
  roleLabel?: string;
  grid?: { question: string; option: string | undefined; key: string };
  columns?: string[];
  /** The paragraph just above when it asks («Modalità di scelta:», «È presente?»). */
  asks?: string;
  /** The nearest paragraph above with any text, and whether it is nothing but blanks. */
  above?: { text: string; blank: boolean };
};

const SECTION_ROLES = [
  'debitore',
  'creditore',
  'richiedente',
  'committente',
  'progettista',
  'direttore',
  'impresa',
  'ditta',
  'società',
  'professionista',
  'testimone',
  'conducente',
  'proprietario',
  'locatore',
  'conduttore',
  'cliente',
  'dichiarante',
  'delegato',
  'intestatario',
  'coniuge',
  'garante',
];

/** A paragraph that names what follows: «DATI DEL DEBITORE», «Dati del creditore», «… *:». */
function isHeading(text: string): boolean {
  const trimmed = clean(text).replace(/[\s*]+$/, '');
  if (trimmed.length < 3 || trimmed.length > 160 || /_{2,}|[.…]{4,}|[☐□❑❏❒]/.test(trimmed))
    return false;
  const letters = trimmed.replace(/[^\p{L}]/gu, '');
  const upper = letters.replace(/[^\p{Lu}]/gu, '').length;
  return (
    trimmed.endsWith(':') ||
    /^dati\b/i.test(trimmed) ||
    (letters.length >= 10 && upper / letters.length > 0.6)
  );
}

type Cell = { table: number; row: number; column: number };
type Layout = {
  /** Each paragraph's text, tabs as `\t`, in the finder's order (a paragraph at its end). */
  texts: string[];
  /** The table cell each paragraph is in, if any. */
  cells: (Cell | undefined)[];
  /** Each table's rows of cell texts. */
  tables: string[][][];
  /** For each paragraph, the nearest heading at or above it (-1: none). */
  headings: number[];
};

const LAYOUT_TOKEN =
  /<w:p(?=[\s>/])[^>]*?(\/?)>|<\/w:p>|<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\s*\/>|<w:tbl>|<\/w:tbl>|<w:tr(?=[\s>])[^>]*>|<\/w:tr>|<w:tc>|<w:tc\s[^>]*>|<\/w:tc>/g;

/** The paragraphs of each text part with the table cell they sit in, read as the finder does. */
function layoutOf(parts: Part[]): Map<string, Layout> {
  const layouts = new Map<string, Layout>();
  for (const { name, xml } of parts) {
    const layout: Layout = { texts: [], cells: [], tables: [], headings: [] };
    const open: string[] = [];
    const tables: { id: number; row: number; column: number }[] = [];
    for (const match of xml.matchAll(LAYOUT_TOKEN)) {
      const [token, selfClosing, text] = match;
      const table = tables.at(-1);
      if (text !== undefined || token.startsWith('<w:tab')) {
        const added = text !== undefined ? decodeXmlText(text) : '\t';
        if (open.length > 0) open[open.length - 1] += added;
        if (table && table.row >= 0 && table.column >= 0) {
          const row = layout.tables[table.id]?.[table.row];
          if (row) row[table.column] = (row[table.column] ?? '') + added;
        }
      } else if (token === '</w:p>') {
        const paragraph = open.pop();
        if (paragraph === undefined) continue;
        layout.texts.push(paragraph);
        layout.cells.push(
          table && table.column >= 0
            ? { table: table.id, row: table.row, column: table.column }
            : undefined,
        );
      } else if (token.startsWith('<w:p')) {
        if (!selfClosing) open.push('');
      } else if (token === '<w:tbl>') {
        tables.push({ id: layout.tables.length, row: -1, column: -1 });
        layout.tables.push([]);
      } else if (token === '</w:tbl>') {
        tables.pop();
      } else if (token.startsWith('<w:tr') && table) {
        table.row += 1;
        table.column = -1;
        layout.tables[table.id]?.push([]);
      } else if (token.startsWith('<w:tc') && table) {
        table.column += 1;
        layout.tables[table.id]?.[table.row]?.push('');
      }
    }
    let heading = -1;
    for (const [index, text] of layout.texts.entries()) {
      if (isHeading(text)) heading = index;
      layout.headings.push(heading);
    }
    layouts.set(name, layout);
  }
  return layouts;
}

/** A cell's words: no boxes, no blanks, spaces made one. */
function cellWords(text: string): string {
  return clean(text.replace(/[☐□❑❏❒]|_{2,}|[.…]{4,}/g, ' '));
}

/**
 * A box alone in a table cell: the row's first words are the question, the column's heading
 * (the nearest row above with words in that column) the option («conforme», «non conforme»).
 */
function gridOf(layout: Layout, index: number): Section['grid'] {
  const cell = layout.cells[index];
  const rows = cell ? layout.tables[cell.table] : undefined;
  if (!cell || !rows) return undefined;
  const row = rows[cell.row] ?? [];
  const question = row
    .map((text) => trimLabel(cellWords(text)))
    .find((text) => /\p{L}/u.test(text));
  if (!question) return undefined;
  let column: string | undefined;
  for (let above = cell.row - 1; above >= 0 && !column; above -= 1) {
    const text = cellWords(rows[above]?.[cell.column] ?? '');
    if (/\p{L}/u.test(text) && !/[☐□❑❏❒]/.test(rows[above]?.[cell.column] ?? '')) column = text;
  }
  return { question, option: column, key: `${cell.table}:${cell.row}` };
}

/**
 * The headings of a row of boxes typed in one paragraph («SI⇥NO⇥NON NECESSARIO» above
 * «☐ ☐ MARCA DA BOLLO»): the nearest paragraph above, without boxes or blanks, whose pieces
 * between tabs are short words.
 */
function columnsAbove(layout: Layout, index: number, boxes: number): string[] | undefined {
  for (let above = index - 1; above >= Math.max(0, index - 12); above -= 1) {
    const text = layout.texts[above] ?? '';
    if (/[☐□❑❏❒]|_{2,}|[.…]{4,}/.test(text)) continue;
    // A heading broken over two lines («NON⇥» then «⇥⇥NECESSARIO») joins by tab position.
    const below = layout.texts[above + 1] ?? '';
    const continued = /[☐□❑❏❒]|_{2,}|[.…]{4,}/.test(below) ? [] : below.split('\t');
    const pieces = text
      .split('\t')
      .map((piece, position) => clean(`${piece} ${continued[position] ?? ''}`))
      .filter((piece) => piece !== '');
    if (pieces.length >= boxes && pieces.every((piece) => piece.length <= 20)) return pieces;
  }
  return undefined;
}

/**
 * For each blank, the nearest heading above it in its part (up to 80 paragraphs back: a form's
 * table counts each cell), and the table or the columns its box belongs to.
 */
export function sectionsOf(parts: Part[], blanks: Blank[]): Section[] {
  const layouts = layoutOf(parts);
  const roles = new Map<string, string | undefined>();
  return blanks.map((blank) => {
    const layout = layouts.get(blank.file) ?? { texts: [], cells: [], tables: [], headings: [] };
    const section: Section = { heading: '', role: '' };
    if (isBox(blank)) {
      const alone = cellWords(blank.whole) === '';
      if (alone) section.grid = gridOf(layout, blank.index);
      const boxes = (blank.whole.match(/[☐□❑❏❒]/g) ?? []).length;
      if (!alone && boxes > 1 && /^\s*(?:[☐□❑❏❒]\s*)+[^☐□❑❏❒]+$/.test(blank.whole))
        section.columns = columnsAbove(layout, blank.index, boxes);
    }
    const above = cellWords(layout.texts[blank.index - 1] ?? '');
    if (/[:?]$/.test(above) && /\p{L}/u.test(above) && above.length <= 160)
      section.asks = above.replace(/:$/, '');
    for (let index = blank.index - 1; index >= Math.max(0, blank.index - 4); index -= 1) {
      const text = clean(layout.texts[index] ?? '');
      if (text === '') continue;
      // A line ending in a blank goes on in the line of blank below it.
      const blank = cellWords(text) === '' || /(?:_{4,}|[.…]{4,})$/.test(text);
      section.above = { text: cellWords(text), blank };
      break;
    }
    const index = layout.headings[blank.index - 1] ?? -1;
    if (index >= 0 && blank.index - index <= 80) {
      const text = clean(layout.texts[index] ?? '');
      if (!roles.has(text)) {
        const lower = text.toLowerCase();
        roles.set(
          text,
          SECTION_ROLES.find((noun) => new RegExp(`(?<!\\p{L})${noun}(?!\\p{L})`, 'u').test(lower)),
        );
      }
      const role = roles.get(text);
      section.heading = text;
      section.role = role ? variableOf(role) : '';
      section.roleLabel = role;
    }
    return section;
  });
}

const TEXTS = it.blankProposals;
const QUESTIONS = TEXTS.questions;

/** A rule of the label dictionary: the words just before the blank, read at the end of `before`. */
type Rule = {
  pattern: RegExp;
  variable: string;
  question: string;
  type: QuestionType;
};

const rule = (words: string, variable: string, type: QuestionType = 'testo'): Rule => ({
  // The label ends the text before the blank: «nato a», «C.F.:», «(Prov.».
  pattern: new RegExp(`(?:^|[^\\p{L}])(?:${words})$`, 'iu'),
  variable,
  question: QUESTIONS[variable] ?? variable,
  type,
});

/**
 * The label dictionary, most specific first. `¶` stands for another blank of the same
 * paragraph, so «nato a ¶ il» is the date after the place.
 */
const RULES: readonly Rule[] = [
  rule('nat[oa]?(?:/[ao])?\\s+il\\s*¶\\s*a|nat[oa]?(?:/[ao])?\\s+(?:a|in)', 'luogo_nascita'),
  rule('nat[oa]?(?:/[ao])?(?:\\s+a\\s*¶(?:\\s*\\(\\s*¶\\s*\\))?)?\\s+il', 'data_nascita', 'data'),
  rule(
    'codice fiscale(?:/p\\.?\\s?iva)?|cod\\.?\\s?fisc\\.?|c\\.\\s?f\\.?|cf',
    'codice_fiscale',
    'codice_fiscale',
  ),
  rule('partita iva|p\\.\\s?iva|p\\. i\\.v\\.a\\.?', 'partita_iva', 'partita_iva'),
  rule('c\\.?a\\.?p\\.?', 'cap', 'cap'),
  rule('prov\\.?|provincia(?: di)?', 'provincia', 'provincia'),
  rule('iban', 'iban', 'iban'),
  rule('indirizzo pec|pec|posta elettronica certificata', 'pec', 'email'),
  rule('e-?mail|posta elettronica', 'email', 'email'),
  rule('tel\\.?|telefono|cell\\.?|cellulare', 'telefono', 'telefono'),
  rule('fax', 'fax', 'telefono'),
  rule('(?:alle )?ore', 'ora', 'ora'),
  rule(
    '€|euro|importo(?: di)?(?: €| euro)?|canone(?: di)?|somma di|prezzo(?: di)?|corrispettivo(?: di)?',
    'importo',
    'importo',
  ),
  rule('residente (?:in|a)|comune di residenza|residenza', 'comune_residenza'),
  rule('con sede (?:legale )?in|sede (?:legale )?in', 'comune_sede'),
  rule('con studio in', 'comune_studio'),
  rule('comune di|città|citta', 'comune'),
  rule('località|localita', 'localita'),
  rule('(?:sito|sita|ubicato|ubicata) in', 'ubicazione'),
  rule(
    'via/strada|via|viale|v\\.le|piazza|p\\.zza|corso|c\\.so|vicolo|strada|indirizzo',
    'indirizzo',
  ),
  rule('\\)\\s*in', 'indirizzo'),
  rule('(?:pratica edilizia|pratica|protocollo|prot\\.?)\\s*n\\.?', 'numero_pratica'),
  rule('(?:iscritt[oa] )?con n\\.?|n\\. (?:di )?iscrizione', 'numero_iscrizione'),
  rule(
    '^n\\.|n\\.\\s?civ\\.?|n\\. civico|numero civico|civico|(?:via|viale|piazza|corso|strada|¶)\\s*n\\.?',
    'numero_civico',
  ),
  rule('lì|li|data|in data|il giorno|del giorno|entro il|dal|al|del|il', 'data', 'data'),
  rule('il sottoscritto|la sottoscritta|sottoscritt\\S*', 'nome_cognome'),
  rule(
    'nome e cognome|cognome e nome|nome cognome(?: \\(facoltativo\\))?|generalità|generalita',
    'nome_cognome',
  ),
  rule('nome', 'nome'),
  rule('cognome', 'cognome'),
  rule('sig\\.?(?:ra)?|signor[ae]?|pedone: sig\\.?|persona delegata dal sig\\.?', 'nome_persona'),
  rule('dott\\.?/avv\\.?|avv\\.?|avvocato|dott\\.?', 'nome_professionista'),
  rule('intestat[oa] a', 'intestatario'),
  rule('nella persona di', 'rappresentante'),
  rule('legale rap\\S* della soc\\.?|legale rappresentante(?: della società)?', 'societa'),
  rule('in qualità di', 'qualita'),
  rule('condotto da', 'conducente'),
  rule("età(?: \\(facoltativo\\))?|eta['’](?: \\(facotativo\\))?|eta", 'eta', 'numero'),
  rule('anni', 'anni', 'numero'),
  rule('anno', 'anno', 'numero'),
  rule('composto da n\\.?|da n\\.?', 'numero_persone', 'numero'),
  rule('targa', 'targa'),
  rule('marca e modello', 'veicolo'),
  rule('qualifica', 'qualifica'),
  rule('settore', 'settore'),
  rule('mansione', 'mansione'),
  rule('piano', 'piano'),
  rule('fg\\.?|foglio', 'foglio'),
  rule('mapp\\.?|mappale|particella', 'mappale'),
  rule('sub\\.?|subalterno', 'subalterno'),
  rule('intestazione', 'intestazione'),
  rule('motivazion[ei]', 'motivazioni', 'testo_lungo'),
  rule('descrizione', 'descrizione', 'testo_lungo'),
  rule('note', 'note', 'testo_lungo'),
  rule('osservazioni', 'osservazioni', 'testo_lungo'),
  rule('a mezzo', 'mezzo'),
];

/** The gender blank's party: the nearest role noun before or after it. */
const ROLES = [
  'sottoscritto',
  'richiedente',
  'dichiarante',
  'debitore',
  'creditore',
  'conduttore',
  'locatore',
  'ricorrente',
  'cliente',
  'istante',
];

const SIGNATURE =
  /(?:^|[^\p{L}])(?:firma(?: leggibile)?|timbro e firma|il dichiarante|firma per ricevuta)$/iu;
const SIGNATURE_PLACEHOLDER = /firma/i;
const DATE_SHAPED = /^_+\/_+/;
/** «Abbiategrasso, ___», «Milano lì ___»: the place where it is signed, then the date. */
const PLACE_AND_DATE = /^\p{Lu}[\p{L}' ]{2,30}(?:,\s*(?:lì|li|il)?|\s+(?:lì|li))$/u;

type Read = {
  blank: Blank;
  /** The paragraph's text before the blank, other blanks as ¶, lower case and trimmed. */
  before: string;
  /** The text between this blank and the next one of its paragraph. */
  after: string;
  /** The paragraph with its blanks removed: two blanks in paragraphs alike are the same fact. */
  signature: string;
  /** Nothing but blanks in the paragraph, and no words (a gender blank is words). */
  alone: boolean;
  /** Words of the paragraph's own before the blank, outside every blank. */
  labelled: boolean;
};

function ends(blank: Blank): number {
  return textual(blank.kind) ? blank.at + blank.text.length : blank.at;
}

/** Whether the blank's text is written in `whole` (a form field's type, a box row are not). */
function textual(kind: BlankKind): boolean {
  return kind !== 'formField' && kind !== 'boxRow' && kind !== 'contentControl';
}

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The words of a label, without the punctuation typed before a blank («CAP:», «(Prov.»). */
function trimLabel(text: string): string {
  return clean(text)
    .replace(/^[\s)\],;:.…-]+/, '')
    .replace(/[\s(:,;[-]+$/, '')
    .trim();
}

function readAll(blanks: Blank[]): Read[] {
  const byParagraph = new Map<string, Blank[]>();
  for (const blank of blanks) {
    const key = `${blank.file}#${blank.index}`;
    byParagraph.set(key, [...(byParagraph.get(key) ?? []), blank]);
  }
  return blanks.map((blank) => {
    const siblings = byParagraph.get(`${blank.file}#${blank.index}`) ?? [blank];
    const order = siblings.indexOf(blank);
    let before = '';
    let plain = '';
    let cursor = 0;
    for (const sibling of siblings.slice(0, order)) {
      before += blank.whole.slice(cursor, sibling.at);
      plain += blank.whole.slice(cursor, sibling.at);
      before += sibling.kind === 'gender' ? sibling.text : ' ¶ ';
      cursor = Math.max(cursor, ends(sibling));
    }
    before += blank.whole.slice(cursor, blank.at);
    plain += blank.whole.slice(cursor, blank.at);
    const next = siblings[order + 1];
    const after = blank.whole.slice(ends(blank), next ? next.at : blank.whole.length);
    let rest = '';
    cursor = 0;
    for (const sibling of siblings) {
      rest += blank.whole.slice(cursor, sibling.at);
      cursor = Math.max(cursor, ends(sibling));
    }
    rest += blank.whole.slice(cursor);
    const signature = clean(rest.replace(/[\d)\].:,;_…-]+/g, ' ')).toLowerCase();
    // «1) ……», «2) ……»: numbered lines are alike.
    const numbered = signature === '' && /^\s*\d+\s*[).]/.test(rest);
    return {
      blank,
      before: trimLabel(before).toLowerCase(),
      after: clean(after),
      signature: numbered
        ? '#'
        : signature === ''
          ? `@${blank.paragraph.toLowerCase()}`
          : signature,
      alone: clean(rest.replace(/[☐□❑❏❒]/g, '')) === '' && cellWords(blank.whole) === '',
      labelled: /\p{L}/u.test(plain),
    };
  });
}

/** The masculine singular of a gender blank: «Il/La» → «il», «sottoscritt..» → «sottoscritto». */
export function masculinePhrase(text: string): string {
  const lower = text.toLowerCase();
  if (/^\.\.\p{L}{1,2}\.\.$/u.test(lower)) return lower.includes('l') ? 'il' : 'un';
  if (lower.endsWith('..')) return `${lower.slice(0, -2)}o`;
  const parts = lower.split('/');
  // «nato/a», «impresa/e»: the last part is an ending, dropped; «il/la»: the first word.
  if (parts.length > 1 && (parts.at(-1)?.length ?? 0) <= 4 && (parts[0]?.length ?? 0) > 3) {
    return parts.slice(0, -1).join('/');
  }
  return parts[0] ?? lower;
}

/**
 * The letters before an ending left as dots («sottoscritt» of «sottoscritt..»): the finder's blank
 * is the «..» alone, the phrase is the whole word, so the conversion replaces the stem too.
 */
export function endingStem(blank: Blank): string {
  if (blank.kind !== 'gender' || blank.text !== '..') return '';
  return /\p{L}+$/u.exec(blank.whole.slice(0, blank.at))?.[0] ?? '';
}

/** The party a gender blank speaks of: the nearest role noun of its paragraph, else `parte`. */
function partyOf(read: Read): string {
  const text = read.blank.whole.toLowerCase();
  let best: { role: string; distance: number } | undefined;
  for (const role of ROLES) {
    const stem = role.slice(0, -1);
    for (const match of text.matchAll(new RegExp(stem, 'g'))) {
      const distance = Math.abs(match.index - read.blank.at);
      if (!best || distance < best.distance) best = { role, distance };
    }
  }
  return best?.role ?? 'parte';
}

function sentenceCase(label: string): string {
  // A box is no word of a question: «☐ altro ____» asks «Altro», not «☐ altro».
  const text = label.replace(/[☐□❑❏❒☒]/g, ' ');
  // «MARCA DA BOLLO» asked as «Marca da bollo»; «CAP», «IBAN» stay.
  const trimmed =
    /\p{Ll}/u.test(text) || clean(text).length <= 4 ? clean(text) : clean(text).toLowerCase();
  return trimmed.charAt(0).toLocaleUpperCase('it') + trimmed.slice(1);
}

/** A snake_case ASCII variable from Italian words: accents dropped, at most five words. */
export function variableOf(text: string): string {
  const words = text
    // «dell'atto», «l'importo»: the elided article is no word of the variable.
    .replace(/(?<!\p{L})(?:l|dell|all|dall|nell|sull|un|d|quest)['’](?=\p{L})/giu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '' && !STOP_WORDS.has(word))
    .slice(0, 5);
  const joined = words.join('_');
  if (joined === '') return 'campo';
  return /^[a-z]/.test(joined) ? joined : `campo_${joined}`;
}

const STOP_WORDS = new Set([
  'il',
  'lo',
  'la',
  'i',
  'gli',
  'le',
  'di',
  'del',
  'della',
  'dei',
  'delle',
  'a',
  'al',
  'alla',
  'da',
  'dal',
  'in',
  'e',
  'o',
  'un',
  'una',
  'per',
  'con',
  'su',
  'che',
  'se',
  'si',
]);

const BOXES_AND_BLANKS = /[☐□❑❏❒]|_{2,}|[.…]{3,}/g;

function cut(text: string): string {
  const label = trimLabel(text.replace(BOXES_AND_BLANKS, ' ').replace(/\(\s*\)/g, ' '));
  return label.length > 80 ? `${label.slice(0, 79)}…` : label;
}

/** The label a box stands for: the words after it up to the next blank, else its cell's label. */
function optionOf(read: Read): string {
  const after = cut(read.after);
  if (after !== '') return after;
  const before = cut(read.blank.whole.slice(0, read.blank.at));
  if (before !== '' && read.blank.kind === 'formField') return before;
  // The first of two boxes before one label («☐ ☐ MARCA DA BOLLO»): the paragraph's words.
  return cut(read.blank.whole) || cut(read.blank.paragraph) || TEXTS.yes;
}

/** The proposal for one blank by itself; groups and repeated blocks are settled afterwards. */
function proposeOne(read: Read, dropDowns: string[] | undefined): Proposal | null {
  const { blank } = read;
  if (blank.kind === 'gender') {
    const party = partyOf(read);
    return {
      variable: party,
      question: sentenceCase(party),
      type: 'elenco',
      fields: [
        { variable: 'nome', label: TEXTS.personName, type: 'testo' },
        { variable: 'genere', label: TEXTS.gender, type: 'scelta' },
      ],
      phrase: masculinePhrase(endingStem(blank) + blank.text),
    };
  }
  if (isBox(blank)) {
    return { variable: 'scelta', question: TEXTS.choice, type: 'scelta', option: optionOf(read) };
  }
  if (blank.kind === 'formField' && blank.text === 'FORMDROPDOWN') {
    const options = dropDowns ?? [];
    const street = options.some((option) => /^(?:via|piazza|viale|corso)$/i.test(option));
    return street
      ? { variable: 'tipo_via', question: TEXTS.streetType, type: 'scelta', options }
      : {
          variable: variableOf(labelOf(read) || 'scelta'),
          question: sentenceCase(labelOf(read) || TEXTS.choice),
          type: 'scelta',
          options,
        };
  }
  if (blank.kind === 'placeholder') {
    const inner = blank.text.replace(/^[[<]+|[\]>]+$/g, '').trim();
    if (SIGNATURE_PLACEHOLDER.test(inner)) return null;
    if (inner === '' || /^[.…\s]*$/.test(inner)) return fromLabel(read);
    return matchRule(inner.toLowerCase()) ?? textProposal(inner, 'testo');
  }
  if (blank.kind === 'boxRow') {
    return (
      matchRule(trimLabel(blank.paragraph).toLowerCase()) ?? textProposal(blank.paragraph, 'testo')
    );
  }
  if (DATE_SHAPED.test(blank.text)) {
    const label = matchRule(read.before);
    return label?.type === 'data'
      ? label
      : { variable: 'data', question: TEXTS.date, type: 'data' };
  }
  return fromLabel(read);
}

function isBox(blank: Blank): boolean {
  return blank.kind === 'checkbox' || (blank.kind === 'formField' && blank.text === 'FORMCHECKBOX');
}

/** The label the blank answers: the words before it in its paragraph, else its cell's label. */
function labelOf(read: Read): string {
  if (read.before.replace(/¶/g, '').trim() !== '') return read.before;
  if (read.alone) return trimLabel(read.blank.paragraph).toLowerCase();
  return '';
}

function matchRule(label: string): Proposal | undefined {
  const text = label.replace(/\s+/g, ' ').trim();
  for (const candidate of RULES) {
    if (candidate.pattern.test(text)) {
      return { variable: candidate.variable, question: candidate.question, type: candidate.type };
    }
  }
  return undefined;
}

function textProposal(label: string, type: QuestionType): Proposal {
  const text = trimLabel(label.replace(/¶/g, ' ')).split(' ').slice(-5).join(' ');
  return { variable: variableOf(text), question: sentenceCase(text || TEXTS.text), type };
}

function fromLabel(read: Read): Proposal | null {
  const { blank } = read;
  const label = labelOf(read);
  const own = read.labelled;
  if (own && SIGNATURE.test(read.before)) return null;
  if (!own && read.alone && SIGNATURE.test(trimLabel(blank.paragraph).toLowerCase())) return null;
  const written = clean(blank.whole.slice(0, blank.at));
  if (own && PLACE_AND_DATE.test(written) && !matchRule(read.before)) {
    return { variable: 'data', question: TEXTS.date, type: 'data' };
  }
  // A blank after «(» that closes at once, right after a place: the place's province.
  if (/¶\s*\($/.test(`${read.before}(`) && /^\)/.test(read.after) && /¶$/.test(read.before)) {
    return { variable: 'provincia', question: TEXTS.province, type: 'provincia' };
  }
  // «Il/La sottoscritto/a ____»: the words of gender blanks are a label too.
  if (own || read.before.replace(/¶/g, '').trim() !== '') {
    const known = matchRule(read.before);
    if (known) return known;
  } else if (read.alone && label !== '') {
    const known = matchRule(label);
    // A field alone in its cell reads the cell before; lines alone under a sentence are its answer.
    if (known && blank.kind === 'formField') return known;
  }
  const long = blank.text.length >= 60 || (read.alone && blank.kind !== 'formField');
  if (!own) {
    if (read.alone && label !== '') return textProposal(label, long ? 'testo_lungo' : 'testo');
    return textProposal(TEXTS.text, long ? 'testo_lungo' : 'testo');
  }
  return textProposal(read.before, long ? 'testo_lungo' : 'testo');
}

/**
 * The proposals of a document's blanks, in the finder's order: each blank read by itself, then
 * the boxes grouped into choices, repeated blocks into elenchi, and variables made unique.
 */
export function proposeForBlanks(
  blanks: Blank[],
  dropDowns: Map<string, string[][]> = new Map(),
  sections: Section[] = [],
): (Proposal | null)[] {
  const reads = readAll(blanks);
  const dropDownCursor = new Map<string, number>();
  let party = 'parte';
  const proposals = reads.map((read) => {
    let options: string[] | undefined;
    if (read.blank.kind === 'formField' && read.blank.text === 'FORMDROPDOWN') {
      const at = dropDownCursor.get(read.blank.file) ?? 0;
      options = dropDowns.get(read.blank.file)?.[at];
      dropDownCursor.set(read.blank.file, at + 1);
    }
    // A table's empty rows and their total are proposed together, below.
    if (read.blank.kind === 'tableRows' || read.blank.kind === 'total') return null;
    const proposal = proposeOne(read, options);
    // «Nato/a» with no role noun near: the party named last.
    if (proposal?.phrase !== undefined) {
      if (proposal.variable === 'parte') proposal.variable = party;
      party = proposal.variable;
      proposal.question = sentenceCase(party);
    }
    return proposal;
  });
  linesAlone(reads, proposals, sections);
  articlesWithTheirWord(reads, proposals);
  // The group each blank belongs to (a box group, a repeated block): one variable for all.
  const groupOf: (string | undefined)[] = reads.map(() => undefined);
  tableLists(reads, proposals, groupOf, sections);
  streetAfterDropDown(reads, proposals);
  tableBoxes(reads, proposals, groupOf, sections);
  groupBoxes(reads, proposals, groupOf, sections);
  repeatedBlocks(reads, proposals, groupOf, sections);
  uniqueVariables(reads, proposals, groupOf, sections);
  return proposals;
}

const ARTICLE_BLANK = /^(?:\.\.\p{L}{1,2}\.\.|\p{L}{1,5}\/\p{L}{1,5})$/u;

/**
 * An article agrees only with the word after it («il» alone stays «il»): «Il/La sottoscritto/a»
 * is one phrase, «il sottoscritto», carried by the article's blank; the word's blank then says
 * nothing (`phrase: ""`), so the pair renders «la sottoscritta» once.
 */
function articlesWithTheirWord(reads: Read[], proposals: (Proposal | null)[]): void {
  for (const [index, read] of reads.entries()) {
    const next = reads[index + 1];
    const article = proposals[index];
    const word = proposals[index + 1];
    if (!next || article?.phrase === undefined || word?.phrase === undefined) continue;
    if (next.blank.file !== read.blank.file || next.blank.index !== read.blank.index) continue;
    // Only spaces between them (`after` is trimmed), or the stem of the word's dotted ending.
    if (!ARTICLE_BLANK.test(read.blank.text) || read.after !== endingStem(next.blank)) continue;
    if (!ARTICLE_WORDS.has(article.phrase) || word.phrase === '') continue;
    article.phrase = `${article.phrase} ${word.phrase}`;
    word.phrase = '';
  }
}

const ARTICLE_WORDS = new Set([
  'il',
  'lo',
  'la',
  'un',
  'uno',
  'del',
  'dello',
  'della',
  'al',
  'allo',
  'alla',
  'dal',
  'nel',
  'sul',
]);

/**
 * A line of nothing but a blank answers the words above it («Sede legale», «È occorso quanto
 * segue:», a long text after a colon or a question mark; nothing under «Firma»), or continues
 * the line of blank above it: the same question, a long text (riga 2, 3…).
 */
function linesAlone(reads: Read[], proposals: (Proposal | null)[], sections: Section[]): void {
  let first: Proposal | undefined;
  let line = 1;
  for (const [index, read] of reads.entries()) {
    const above = sections[index]?.above;
    // Alone: no words at all in the paragraph («Il/La ____» has words, though both are blanks).
    const alone = read.alone && cellWords(read.blank.whole) === '';
    if (!alone || read.blank.kind === 'formField' || isBox(read.blank) || !above) {
      first = undefined;
      continue;
    }
    if (!above.blank) {
      first = undefined;
      const label = trimLabel(above.text.replace(/[().]/g, ' ')).toLowerCase();
      if (SIGNATURE.test(label)) {
        proposals[index] = null;
        continue;
      }
      const long = /[:?]$/.test(above.text);
      proposals[index] =
        matchRule(label) ?? textProposal(above.text, long ? 'testo_lungo' : 'testo');
      continue;
    }
    const previous = proposals[index - 1];
    if (!first) {
      first = previous ?? { variable: 'testo', question: TEXTS.text, type: 'testo_lungo' };
      // An answer on several lines is a long text from its first line.
      if (first.type === 'testo') first.type = 'testo_lungo';
      line = 1;
    }
    line += 1;
    proposals[index] = {
      variable: `${first.variable}_riga_${line}`,
      question: TEXTS.line(first.question, line),
      type: 'testo_lungo',
    };
  }
}

/** The text field right after a «Via, Viale…» list is the street's name. */
function streetAfterDropDown(reads: Read[], proposals: (Proposal | null)[]): void {
  for (const [index, proposal] of proposals.entries()) {
    const previous = proposals[index - 1];
    if (!proposal || previous?.variable !== 'tipo_via') continue;
    if (reads[index]?.before.replace(/¶/g, '').trim() !== '') continue;
    proposals[index] = { variable: 'indirizzo', question: TEXTS.address, type: 'testo' };
  }
}

/**
 * Boxes laid out as a table: alone in the cells of a row under column headings («conforme»,
 * «migliorabile», «non conforme»), or typed in a row before one label under a line of headings
 * («SI⇥NO⇥NON NECESSARIO»). Each row is one single choice: the row's words ask, the columns
 * answer.
 */
function tableBoxes(
  reads: Read[],
  proposals: (Proposal | null)[],
  groupOf: (string | undefined)[],
  sections: Section[],
): void {
  let start = 0;
  while (start < reads.length) {
    const first = reads[start] as Read;
    const section = sections[start];
    const grid = section?.grid;
    const columns = section?.columns;
    if (!isBox(first.blank) || (!grid && !columns)) {
      start += 1;
      continue;
    }
    let end = start + 1;
    while (end < reads.length && isBox((reads[end] as Read).blank)) {
      const next = sections[end];
      const same = grid
        ? next?.grid?.key === grid.key
        : (reads[end] as Read).blank.index === first.blank.index &&
          (reads[end] as Read).blank.file === first.blank.file;
      if (!same) break;
      end += 1;
    }
    const count = end - start;
    const options = Array.from({ length: count }, (_, offset) => {
      const own = grid ? sections[start + offset]?.grid?.option : columns?.[offset];
      return own ?? TEXTS.box(offset + 1);
    });
    // Two columns with the same heading would tick together: number them instead.
    const distinct = new Set(options).size === options.length;
    const question = grid?.question ?? cut(first.blank.whole);
    for (let offset = 0; offset < count; offset += 1) {
      groupOf[start + offset] = `table:${start}`;
      const finalOptions = distinct ? options : options.map((_, index) => TEXTS.box(index + 1));
      proposals[start + offset] = loneBoxAsYesNo({
        variable: variableOf(question),
        question: sentenceCase(question),
        type: 'scelta',
        options: finalOptions,
        multiple: false,
        option: finalOptions[offset] as string,
      });
    }
    start = end;
  }
}

/** The paragraphs of two blanks are next to each other (a table row's cells, list lines). */
function near(a: Blank, b: Blank): boolean {
  return a.file === b.file && b.index - a.index <= 2 && b.index >= a.index;
}

const YES_NO = /^(?:s[iì]|no)(?!\p{L})/iu;

/**
 * Boxes in one paragraph, or in paragraphs next to each other that begin with a box, are one
 * choice: alternatives in one line or yes/no are single; a list of lines, each a sentence,
 * independent boxes.
 */
function groupBoxes(
  reads: Read[],
  proposals: (Proposal | null)[],
  groupOf: (string | undefined)[],
  sections: Section[],
): void {
  let start = 0;
  while (start < reads.length) {
    const first = reads[start] as Read;
    if (!isBox(first.blank) || groupOf[start]) {
      start += 1;
      continue;
    }
    let end = start + 1;
    while (end < reads.length) {
      const read = reads[end] as Read;
      const previous = reads[end - 1] as Read;
      if (!isBox(read.blank) || groupOf[end]) break;
      const sameParagraph =
        read.blank.file === previous.blank.file && read.blank.index === previous.blank.index;
      if (!sameParagraph && !(near(previous.blank, read.blank) && startsWithBox(read))) break;
      // A yes/no pair is a group of its own, even when the next line is another pair.
      if (!sameParagraph && /^no(?!\p{L})/iu.test(optionOf(previous))) break;
      // «A.1 …», «A.2 …» and the «SI NO» boxes after them are two questions.
      if (YES_NO.test(optionOf(previous)) !== YES_NO.test(optionOf(read))) break;
      end += 1;
    }
    const group = reads.slice(start, end);
    const options = [...new Set(group.map(optionOf))];
    const oneParagraph = group.every(
      (read) => read.blank.file === first.blank.file && read.blank.index === first.blank.index,
    );
    const yesNo = options.every((option) => YES_NO.test(option));
    const multiple = !oneParagraph && !yesNo && options.length > 1;
    const label =
      groupLabel(first) ||
      sections[start]?.asks ||
      (yesNo ? TEXTS.choice : (options[0] ?? TEXTS.choice));
    const variable = variableOf(label);
    for (const [offset, read] of group.entries()) {
      groupOf[start + offset] = `box:${start}`;
      proposals[start + offset] = loneBoxAsYesNo({
        variable,
        question: sentenceCase(label),
        type: 'scelta',
        options,
        multiple,
        option: optionOf(read),
      });
    }
    start = end;
  }
}

/**
 * A box alone («☐ altro», «☐ allega la delega») is ticked or not: a choice of its one label
 * could never be answered otherwise, and a choice needs two answers. It becomes a yes/no whose
 * «Sì» ticks it.
 */
function loneBoxAsYesNo(proposal: Proposal & { options: string[] }): Proposal {
  if (proposal.options.length !== 1 || YES_NO.test(proposal.options[0] as string)) return proposal;
  return { ...proposal, options: [TEXTS.yes, TEXTS.no], multiple: false, option: TEXTS.yes };
}

function startsWithBox(read: Read): boolean {
  return (
    read.blank.kind === 'formField' ||
    /^\s*[☐□❑❏❒]/.test(read.blank.whole.slice(0, read.blank.at + 1))
  );
}

/** The question of a box group: the words before its first box, else its cell's label. */
function groupLabel(first: Read): string {
  const before = cut(first.blank.whole.slice(0, first.blank.at));
  if (before !== '' && first.blank.kind !== 'formField') return before.slice(0, 60);
  return '';
}

/**
 * The same paragraphs of labels repeated one after the other under one heading (two witnesses,
 * numbered lines «1) … 2) …») are the items of one elenco: its fields are the block's labels.
 */
function repeatedBlocks(
  reads: Read[],
  proposals: (Proposal | null)[],
  groupOf: (string | undefined)[],
  sections: Section[],
): void {
  type Paragraph = { key: string; signature: string; index: number; file: string; reads: number[] };
  const paragraphs: Paragraph[] = [];
  for (const [position, read] of reads.entries()) {
    const key = `${read.blank.file}#${read.blank.index}`;
    const last = paragraphs.at(-1);
    if (last?.key === key) last.reads.push(position);
    else
      paragraphs.push({
        key,
        signature: read.signature,
        index: read.blank.index,
        file: read.blank.file,
        reads: [position],
      });
  }
  const eligible = (paragraph: Paragraph) =>
    !paragraph.signature.startsWith('@') &&
    paragraph.signature !== '' &&
    !/firma/.test(paragraph.signature) &&
    paragraph.reads.every((position) => {
      const proposal = proposals[position];
      return proposal?.type !== 'scelta' && proposal?.type !== 'elenco' && proposal !== null;
    });
  let start = 0;
  while (start < paragraphs.length) {
    let matched = false;
    for (let size = 1; size <= 4 && !matched; size += 1) {
      const block = paragraphs.slice(start, start + size);
      if (block.length < size || !block.every(eligible)) continue;
      let repeats = 1;
      while (true) {
        const next = paragraphs.slice(start + repeats * size, start + (repeats + 1) * size);
        const previousEnd = paragraphs[start + repeats * size - 1] as Paragraph;
        if (
          next.length < size ||
          next.some((paragraph, offset) => paragraph.signature !== block[offset]?.signature) ||
          // The creditor's block and the debtor's, under their own headings, are two parties.
          sections[next[0]?.reads[0] ?? 0]?.heading !==
            sections[block[0]?.reads[0] ?? 0]?.heading ||
          next[0]?.file !== previousEnd.file ||
          (next[0]?.index ?? 0) - previousEnd.index > 4
        )
          break;
        repeats += 1;
      }
      if (repeats < 2) continue;
      matched = true;
      const item = paragraphs.slice(start, start + size).flatMap((paragraph) => paragraph.reads);
      const fields: ProposedField[] = [];
      const fieldOf = new Map<number, string>();
      for (const position of item) {
        const proposal = proposals[position];
        if (!proposal) continue;
        let variable = proposal.variable;
        for (let n = 2; fields.some((field) => field.variable === variable); n += 1)
          variable = `${proposal.variable}_${n}`;
        fields.push({ variable, label: proposal.question, type: proposal.type });
        fieldOf.set(position - (item[0] ?? 0), variable);
      }
      const heading = itemLabel(paragraphs[start] as Paragraph, reads);
      const variable = variableOf(heading);
      const all = paragraphs
        .slice(start, start + size * repeats)
        .flatMap((paragraph) => paragraph.reads);
      for (const [offset, position] of all.entries()) {
        const field = fieldOf.get(offset % item.length);
        groupOf[position] = `list:${start}`;
        proposals[position] = {
          variable,
          question: sentenceCase(heading),
          type: 'elenco',
          fields,
          ...(field ? { field } : {}),
        };
      }
      start += size * repeats;
    }
    if (!matched) start += 1;
  }
}

/** What the items of a repeated block are called: its first label, else «Elenco». */
function itemLabel(paragraph: { reads: number[] }, reads: Read[]): string {
  const first = reads[paragraph.reads[0] ?? 0];
  const label = first ? trimLabel(first.before.replace(/¶/g, ' ').replace(/^\d+\s*\)?/, '')) : '';
  return label === '' ? TEXTS.list : label.slice(0, 50);
}

/**
 * One variable per distinct question: a label met again in a paragraph of the same words, under
 * the same heading, is the same fact («Data ___ Firma ___» on every page); elsewhere another one,
 * named after its heading's party when it has one (`codice_fiscale_debitore`), else `_2`.
 */
function uniqueVariables(
  reads: Read[],
  proposals: (Proposal | null)[],
  groupOf: (string | undefined)[],
  sections: Section[],
): void {
  const facts = new Map<string, string>();
  const used = new Set<string>();
  const groups = new Map<string, string>();
  const questionOf = new Map<string, string>();
  for (const [position, proposal] of proposals.entries()) {
    if (!proposal) continue;
    const read = reads[position] as Read;
    if (proposal.phrase !== undefined) {
      used.add(proposal.variable);
      continue;
    }
    // Every box of a group, every blank of an elenco shares the group's variable.
    const groupKey = groupOf[position];
    const known = groupKey ? groups.get(groupKey) : undefined;
    if (known) {
      proposal.variable = known;
      proposal.question = questionOf.get(known) ?? proposal.question;
      continue;
    }
    const section = sections[position] ?? { heading: '', role: '' };
    // A date signed on every page is one date, whatever the heading above it.
    const heading = proposal.type === 'data' ? '' : section.heading;
    const fact = `${proposal.variable}|${heading}|${read.signature}|${read.before}`;
    const same = groupKey ? undefined : facts.get(fact);
    let variable = same ?? proposal.variable;
    if (!same && used.has(variable)) {
      const qualified = section.role ? `${proposal.variable}_${section.role}` : undefined;
      if (qualified && !used.has(qualified)) {
        variable = qualified;
        proposal.question = TEXTS.another(proposal.question, section.roleLabel ?? section.role);
      } else {
        let n = 2;
        while (used.has(`${proposal.variable}_${n}`)) n += 1;
        variable = `${proposal.variable}_${n}`;
        proposal.question = TEXTS.another(proposal.question, n);
      }
    }
    used.add(variable);
    if (!groupKey && !same) facts.set(fact, variable);
    if (groupKey) groups.set(groupKey, variable);
    if (same) proposal.question = questionOf.get(same) ?? proposal.question;
    questionOf.set(variable, proposal.question);
    proposal.variable = variable;
  }
}

/** Words of a table's heading that name no fact of its lines: «ELENCO CREDITORI» lists creditori. */
const LIST_WORDS = new Set(['elenco', 'eventuali', 'eventuale', 'lista', 'tabella', 'allegato']);

/** A column of a table of lines to fill: its heading read by the label dictionary. */
function columnField(heading: string): ProposedField {
  const known = matchRule(heading.toLowerCase());
  if (known) return { variable: known.variable, label: heading, type: known.type };
  return { variable: variableOf(heading), label: heading, type: 'testo' };
}

/**
 * A table's empty rows are one `elenco`, a field per column; its «Totale» cell the sum of a money
 * column (`somma`), in the same group so that both name the same list.
 */
function tableLists(
  reads: Read[],
  proposals: (Proposal | null)[],
  groupOf: (string | undefined)[],
  sections: Section[],
): void {
  let list: { position: number; fields: ProposedField[] } | undefined;
  // A column heading «Dati catastali» reads as a heading: a table right under another one
  // belongs to the heading above that one.
  const columns = new Set(reads.flatMap(({ blank }) => blank.columns ?? []).map(clean));
  let lastHeading = '';
  reads.forEach(({ blank }, position) => {
    if (blank.kind === 'tableRows') {
      const fields: ProposedField[] = [];
      for (const heading of blank.columns ?? []) {
        const field = columnField(heading);
        let variable = field.variable;
        for (let n = 2; fields.some((other) => other.variable === variable); n += 1)
          variable = `${field.variable}_${n}`;
        fields.push({ ...field, variable });
      }
      const own = sections[position]?.heading ?? '';
      const heading = columns.has(clean(own)) ? lastHeading : own;
      lastHeading = heading;
      const words = variableOf(heading)
        .split('_')
        .filter((word) => !LIST_WORDS.has(word))
        .slice(0, 2);
      const named = heading !== '' && words.length > 0 && words[0] !== 'campo';
      proposals[position] = {
        variable: named ? words.join('_') : 'righe',
        question: named ? cut(sentenceCase(heading)) : TEXTS.tableRows,
        type: 'elenco',
        fields,
      };
      groupOf[position] = `table:${blank.id}`;
      list = { position, fields };
    } else if (blank.kind === 'total') {
      const owner = list ? proposals[list.position] : null;
      const field = list?.fields.find((item) => item.label === blank.columns?.[0]);
      if (!list || !owner || !field || (field.type !== 'importo' && field.type !== 'numero'))
        return;
      proposals[position] = {
        ...owner,
        fields: list.fields,
        field: field.variable,
        aggregate: 'somma',
      };
      groupOf[position] = groupOf[list.position];
    }
  });
}
