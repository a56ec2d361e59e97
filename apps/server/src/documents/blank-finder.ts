import PizZip from 'pizzip';
import { partOf } from './authoring-habits.ts';
import { decodeXmlText } from './render.ts';
import { boundCondition } from './word-checkboxes.ts';
import { acceptRevisions, TEXT_PART } from './word-cleanup.ts';

/**
 * The blanks a person fills by hand in a firm's or an office's Word form, left in a master: they
 * would reach every bought contract as printed. Read from the raw parts (no HTTP, no rendering),
 * in one pass of each part, so the lint in the document workers stays fast on long forms.
 */

export type BlankKind =
  /** `____`, four underscores or more; `___/___/____`, a date. */
  | 'underscores'
  /** `......` or `……`, four dots or ellipses or more (not a table of contents' leader). */
  | 'dots'
  /** `[Cliente]`, `[...]`, `[ ]`, `<<nome>>`, `<nome>`. */
  | 'placeholder'
  /** A legacy Word form field: FORMTEXT, FORMCHECKBOX, FORMDROPDOWN. */
  | 'formField'
  /** A content control still showing its placeholder text. */
  | 'contentControl'
  /** A checkbox content control, or a ☐ / □ / ❑ glyph (also Wingdings boxes). */
  | 'checkbox'
  /** A table row of narrow empty cells, one character each (the codice fiscale's boxes). */
  | 'boxRow'
  /** Both genders or numbers written out: `nato/a`, `il/la`, `..l.. sottoscritt..`. */
  | 'gender'
  /** Empty rows of a table under its row of headings: the lines of a list to fill. */
  | 'tableRows'
  /** The empty cell of a «Totale» row under such rows: the total of a column. */
  | 'total';

export type Blank = {
  /** Stable between an inspection and a conversion of the same file: `word/document.xml#12.0`,
   * the part's file, the paragraph's index and the blank's order in its paragraph. */
  id: string;
  /** The part's file in the package, `word/document.xml`. */
  file: string;
  /** The part as the editor knows it in Word (`corpo`, `intestazione`…). */
  part: string;
  /** The paragraph's position in its part (paragraphs of text boxes included). */
  index: number;
  /** The paragraph's text, cut when long, as the lint messages quote it (the label before it
   * when the paragraph holds nothing but the blank, as a form field in a table cell). */
  paragraph: string;
  kind: BlankKind;
  /** The blank as written (the field's type for a form field, the glyph for a box). */
  text: string;
  /** The paragraph's whole text (tabs and breaks as spaces), uncut, for reading the label
   * around the blank; `at` is the blank's offset in it (the text's length for a blank that is
   * not text: a box row, a form field read at its end). */
  whole: string;
  at: number;
  /** `tableRows`: the headings of the columns; `total`: the heading of the total's column. */
  columns?: string[];
};

/** Every blank of the document's text parts, part after part, in document order. */
export function findBlanks(docx: Buffer): Blank[] {
  const zip = new PizZip(docx);
  const names = Object.keys(zip.files)
    .filter((name) => TEXT_PART.test(name))
    .sort();
  return names.flatMap((name) =>
    findBlanksInPart(name, acceptRevisions(zip.file(name)?.asText() ?? '')),
  );
}

/** A paragraph's text as a message quotes it, cut when long. */
export function quotedParagraph(text: string, width = 160): string {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed.length <= width ? trimmed : `${trimmed.slice(0, width)}…`;
}

/**
 * Where a paragraph's text comes from in the part's XML, for a conversion to write the blank's
 * tag back: a `<w:t>`'s content (`raw`, still XML-escaped) or a tab, break or symbol element.
 */
export type TextSource = {
  /** The offset in the paragraph's whole text where this piece starts. */
  from: number;
  length: number;
  /** The element's offset in the part and its end. */
  start: number;
  end: number;
  /** `<w:t>`'s content starts here; undefined for an element read as one character. */
  contentStart?: number;
  raw?: string;
  /** The run holding it (its start tag's offset) and its font when a symbol font. */
  run: number;
  symbolFont?: string;
};

/** The markup of a blank that is not text: a form field, a content control, a row of boxes. */
export type BlankMarkup =
  | { kind: 'field'; start: number; end: number; simple: boolean }
  | { kind: 'control'; start: number; end: number }
  | { kind: 'boxRow'; start: number; end: number; cells: { start: number; end: number }[] }
  /** The empty rows (the first one starts at `start`), their cells in each. */
  | { kind: 'tableRows'; start: number; end: number; rows: Span[]; cells: Span[] }
  /** The total's cell. */
  | { kind: 'cell'; start: number; end: number };

type Span = { start: number; end: number };

/** A blank and where it is in its part (revisions accepted): see `locateBlanksInPart`. */
export type LocatedBlank = Blank & {
  /** The paragraph's pieces of text (text blanks are read through them). */
  sources: TextSource[];
  markup?: BlankMarkup;
};

type Found = {
  at: number;
  kind: BlankKind;
  text: string;
  markup?: BlankMarkup;
  /** What the lint quotes for a blank that is no text of its paragraph (a table's rows). */
  quote?: string;
  columns?: string[];
};

type OpenParagraph = {
  /** The text as read (tabs as spaces), for the quote. */
  shown: string;
  /** The same text with what must not be read as a blank (a form field's result, a content
   * control's content) replaced by U+FFFF, so that no pattern runs across or inside it. */
  scanned: string;
  style: string;
  found: Found[];
  sources: TextSource[];
};

type Field = {
  instruction: string;
  form: string | undefined;
  result: string;
  inResult: boolean;
  start: number;
  /** A checkbox already bound to an answer (`casella: …` in its status text). */
  bound: boolean;
};
/** `bound`: a checkbox control already bound to an answer (`casella: …` in its tag). */
type Control = {
  kind: 'checkbox' | 'contentControl' | 'bound' | undefined;
  text: string;
  start: number;
};
type Cell = {
  width: number | undefined;
  text: string;
  start: number;
  span: number;
  merged: boolean;
};
type Row = {
  cells: (Cell & { end: number })[];
  before: OpenParagraph | undefined;
  start: number;
  end: number;
  /** The paragraphs of the row, by their index in the part's paragraphs. */
  paragraphs: number[];
};
/** The rows of an open table; a nested table's rows are its own. */
type Table = { rows: Row[]; row: Row | undefined; cell: Cell | undefined };

const TOKEN = new RegExp(
  [
    /<w:p(?=[\s>/])[^>]*?(\/?)>/.source,
    /<\/w:p>/.source,
    /<w:pStyle\b[^>]*?w:val="([^"]*)"/.source,
    /<w:r(?=[\s>])[^>]*>/.source,
    /<w:rFonts\b[^>]*>/.source,
    /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/.source,
    /<w:(?:tab|br|cr)\s*\/>/.source,
    /<w:sym\b[^>]*\/>/.source,
    /<w:fldChar\b[^>]*?w:fldCharType="(begin|separate|end)"[^>]*>/.source,
    /<w:instrText(?:\s[^>]*)?>([^<]*)<\/w:instrText>/.source,
    /<w:statusText\b[^>]*>/.source,
    /<w:fldSimple\b[^>]*?w:instr="([^"]*)"[^>]*>/.source,
    /<w:sdtPr>[\s\S]*?<\/w:sdtPr>/.source,
    /<w:sdt>|<w:sdt\s[^>]*>|<\/w:sdt>/.source,
    /<w:tr(?=[\s>])[^>]*>|<\/w:tr>/.source,
    /<w:tc>|<w:tc\s[^>]*>|<\/w:tc>/.source,
    /<w:tcW\b[^>]*\/>/.source,
    /<w:gridSpan\b[^>]*\/>/.source,
    /<w:vMerge\b[^>]*\/>/.source,
    /<w:tbl>|<\/w:tbl>/.source,
  ].join('|'),
  'g',
);

const FORM_FIELD = /^\s*(FORMTEXT|FORMCHECKBOX|FORMDROPDOWN)\b/;
/** Box shapes of the symbol fonts, by character code (Word writes them as F0xx). */
const BOX_SYMBOLS: Record<string, readonly number[]> = {
  wingdings: [0x6f, 0x71, 0x72, 0xa8],
  'wingdings 2': [0x2a, 0xa3],
};
const EMPTY = '\uffff';

/** The box a symbol font draws for this character, if it is one. */
function boxOf(font: string | undefined, code: number): boolean {
  const codes = font ? BOX_SYMBOLS[font.toLowerCase()] : undefined;
  return codes?.includes(code >= 0xf000 ? code - 0xf000 : code) ?? false;
}

/** The blanks of one text part (XML with revisions accepted). */
export function findBlanksInPart(file: string, xml: string): Blank[] {
  return scanPart(file, xml, false).map(
    ({ sources: _sources, markup: _markup, ...blank }) => blank,
  );
}

/**
 * The blanks of one text part (XML with revisions accepted) with their place in the XML: the
 * same ids as `findBlanks`, read by the same pass, so a conversion finds exactly what the
 * inspection showed.
 */
export function locateBlanksInPart(file: string, xml: string): LocatedBlank[] {
  return scanPart(file, xml, true);
}

function scanPart(file: string, xml: string, locate: boolean): LocatedBlank[] {
  const part = partOf(file);
  const done: OpenParagraph[] = [];
  const open: OpenParagraph[] = [];
  const fields: Field[] = [];
  const controls: Control[] = [];
  let runFont: string | undefined;
  let runStart = 0;
  const tables: Table[] = [];
  const innermost = () => tables.at(-1);

  const hidden = () =>
    fields.some((field) => field.form !== undefined && field.inResult) ||
    controls.some((control) => control.kind !== undefined);
  const lastParagraph = () => open.at(-1) ?? done.at(-1);
  const append = (text: string, source?: Omit<TextSource, 'from' | 'length' | 'run'>) => {
    const paragraph = open.at(-1);
    if (!paragraph) return;
    const masked = hidden();
    if (locate && source) {
      paragraph.sources.push({
        from: paragraph.shown.length,
        length: text.length,
        run: runStart,
        ...source,
      });
    }
    paragraph.shown += text;
    paragraph.scanned += masked ? EMPTY.repeat(text.length) : text;
    for (const control of controls) control.text += text;
    for (const field of fields) if (field.inResult) field.result += text;
    const cell = innermost()?.cell;
    if (cell) cell.text += text;
  };
  const record = (kind: BlankKind, text: string, markup?: BlankMarkup) => {
    const paragraph = lastParagraph();
    paragraph?.found.push({
      at: open.length > 0 ? paragraph.scanned.length : Number.MAX_SAFE_INTEGER,
      kind,
      text,
      ...(locate ? { markup } : {}),
    });
  };
  const closeField = (field: Field, end: number) => {
    if (field.form && !(field.bound && field.form === 'FORMCHECKBOX')) {
      record('formField', field.form, { kind: 'field', start: field.start, end, simple: false });
    }
  };

  for (const match of xml.matchAll(TOKEN)) {
    const [token, selfClosing, style, text, fieldCharType, instruction, simpleInstruction] = match;
    if (token.startsWith('<w:p') && !token.startsWith('<w:pStyle')) {
      if (!selfClosing) open.push({ shown: '', scanned: '', style: '', found: [], sources: [] });
    } else if (token === '</w:p>') {
      const paragraph = open.pop();
      if (paragraph) {
        scanText(paragraph);
        done.push(paragraph);
        const table = innermost();
        if (table?.cell) table.cell.text += ' ';
        table?.row?.paragraphs.push(done.length - 1);
      }
    } else if (style !== undefined) {
      const paragraph = open.at(-1);
      if (paragraph) paragraph.style = style;
    } else if (token.startsWith('<w:rFonts')) {
      runFont = /w:(?:ascii|hAnsi)="([^"]*)"/.exec(token)?.[1];
    } else if (token.startsWith('<w:r') && /^<w:r[\s>]/.test(token)) {
      runFont = undefined;
      runStart = match.index;
    } else if (text !== undefined) {
      let decoded = decodeXmlText(text);
      // A box typed in a symbol font is a letter («o», «q», «¨») or a private-use character.
      if (runFont && BOX_SYMBOLS[runFont.toLowerCase()]) {
        decoded = [...decoded]
          .map((character) => (boxOf(runFont, character.codePointAt(0) ?? 0) ? '☐' : character))
          .join('');
      }
      const symbol = runFont && BOX_SYMBOLS[runFont.toLowerCase()] ? runFont : undefined;
      append(decoded, {
        start: match.index,
        end: match.index + token.length,
        contentStart: match.index + token.indexOf('>') + 1,
        raw: text,
        symbolFont: symbol,
      });
    } else if (/^<w:(?:tab|br|cr)\s*\/>$/.test(token)) {
      append(' ', { start: match.index, end: match.index + token.length });
    } else if (token.startsWith('<w:sym')) {
      const font = /w:font="([^"]*)"/.exec(token)?.[1];
      const code = Number.parseInt(/w:char="([0-9A-Fa-f]+)"/.exec(token)?.[1] ?? '', 16);
      const box = boxOf(font, code);
      append(box ? '☐' : ' ', {
        start: match.index,
        end: match.index + token.length,
        symbolFont: box ? font : undefined,
      });
    } else if (fieldCharType !== undefined) {
      if (fieldCharType === 'begin') {
        fields.push({
          instruction: '',
          form: undefined,
          result: '',
          inResult: false,
          start: match.index,
          bound: false,
        });
      } else {
        const field = fields.at(-1);
        if (field && fieldCharType === 'separate') field.inResult = true;
        if (field && fieldCharType === 'end') {
          closeField(fields.pop() as Field, match.index + token.length);
        }
      }
    } else if (instruction !== undefined) {
      const field = fields.at(-1);
      if (field && !field.inResult) {
        field.instruction += decodeXmlText(instruction);
        field.form = FORM_FIELD.exec(field.instruction)?.[1];
      }
    } else if (token.startsWith('<w:statusText')) {
      const field = fields.at(-1);
      const value = /w:val="([^"]*)"/.exec(token)?.[1];
      if (field && value !== undefined && boundCondition(value) !== undefined) field.bound = true;
    } else if (simpleInstruction !== undefined) {
      const form = FORM_FIELD.exec(decodeXmlText(simpleInstruction))?.[1];
      if (form) {
        const end = xml.indexOf('</w:fldSimple>', match.index);
        record('formField', form, {
          kind: 'field',
          start: match.index,
          end: token.endsWith('/>') || end === -1 ? match.index + token.length : end + 14,
          simple: true,
        });
      }
    } else if (token.startsWith('<w:sdtPr')) {
      const control = controls.at(-1);
      if (control) {
        if (/<w14:checkbox[\s>/]/.test(token)) {
          const tag = /<w:tag\b[^>]*?w:val="([^"]*)"/.exec(token)?.[1];
          control.kind =
            tag !== undefined && boundCondition(tag) !== undefined ? 'bound' : 'checkbox';
        } else if (/<w:showingPlcHdr\b/.test(token)) control.kind = 'contentControl';
      }
    } else if (token.startsWith('<w:sdt')) {
      controls.push({ kind: undefined, text: '', start: match.index });
    } else if (token === '</w:sdt>') {
      const control = controls.pop();
      if (control?.kind && control.kind !== 'bound') {
        const shown = control.text.replace(/\s+/g, ' ').trim();
        record(control.kind, shown || (control.kind === 'checkbox' ? '☐' : ''), {
          kind: 'control',
          start: control.start,
          end: match.index + token.length,
        });
      }
    } else if (token === '<w:tbl>') {
      tables.push({ rows: [], row: undefined, cell: undefined });
    } else if (token === '</w:tbl>') {
      const table = tables.pop();
      if (table) listRowsOf(table.rows, done, locate);
    } else if (token.startsWith('<w:tr')) {
      const table = innermost();
      if (table) {
        table.row = {
          cells: [],
          before: done.at(-1),
          start: match.index,
          end: match.index,
          paragraphs: [],
        };
      }
    } else if (token === '</w:tr>') {
      const table = innermost();
      const row = table?.row;
      if (table && row) {
        row.end = match.index + token.length;
        if (!boxRowOf(row, done, locate)) table.rows.push(row);
        table.row = undefined;
      }
    } else if (token.startsWith('<w:tcW')) {
      const width = Number(/w:w="(\d+)"/.exec(token)?.[1]);
      const type = /w:type="([^"]*)"/.exec(token)?.[1] ?? 'dxa';
      const cell = innermost()?.cell;
      if (cell && type === 'dxa' && Number.isFinite(width)) cell.width = width;
    } else if (token.startsWith('<w:gridSpan')) {
      const cell = innermost()?.cell;
      const span = Number(/w:val="(\d+)"/.exec(token)?.[1]);
      if (cell && Number.isInteger(span) && span > 0) cell.span = span;
    } else if (token.startsWith('<w:vMerge')) {
      // A cell continuing the one above is empty by design: no line of a list.
      const cell = innermost()?.cell;
      if (cell && !/w:val="restart"/.test(token)) cell.merged = true;
    } else if (token === '</w:tc>') {
      const table = innermost();
      if (table?.cell) table.row?.cells.push({ ...table.cell, end: match.index + token.length });
      if (table) table.cell = undefined;
    } else if (token.startsWith('<w:tc')) {
      const table = innermost();
      if (table) {
        table.cell = { width: undefined, text: '', start: match.index, span: 1, merged: false };
      }
    }
  }

  // A form's field often sits alone in a table cell: its label is the cell before.
  let label = '';
  return done.flatMap((paragraph, index) => {
    const own = quotedParagraph(paragraph.shown);
    if (own !== '' && paragraph.found.length === 0) label = own;
    if (paragraph.found.length === 0) return [];
    const quoted = own || label;
    if (own !== '') label = own;
    const whole = paragraph.shown;
    const sources = paragraph.sources;
    return paragraph.found
      .sort((a, b) => a.at - b.at)
      .map(({ kind, text, at, markup, quote, columns }, order) => ({
        id: `${file}#${index}.${order}`,
        file,
        part,
        index,
        paragraph: quote ?? quoted,
        kind,
        text,
        // A table's rows are shown after their headings: «Nome · Importo — 13 righe vuote».
        whole: quote === undefined ? whole : `${quote} — `,
        at: quote === undefined ? Math.min(at, whole.length) : quote.length + 3,
        sources,
        ...(columns ? { columns } : {}),
        ...(markup ? { markup } : {}),
      }));
  });
}

/** The widest cell of a one-character box (about 1 cm): the codice fiscale's 16 boxes fit a line. */
const BOX_CELL_WIDTH = 600;
const BOX_ROW_CELLS = 8;

/**
 * A row of many narrow empty cells is a row of boxes, one character each. It belongs to the
 * row's own label if it has one (a first cell «Codice fiscale»), else to the paragraph before.
 */
function boxRowOf(
  { cells, before, start: rowStart, end: rowEnd }: Row,
  done: OpenParagraph[],
  locate: boolean,
): boolean {
  const boxes = cells.filter(
    (cell) => cell.text.trim() === '' && cell.width !== undefined && cell.width <= BOX_CELL_WIDTH,
  );
  if (boxes.length < BOX_ROW_CELLS) return false;
  const start = before ? done.indexOf(before) + 1 : 0;
  const label =
    done.slice(start).find((paragraph) => paragraph.shown.trim() !== '') ??
    [...done.slice(0, start)].reverse().find((paragraph) => paragraph.shown.trim() !== '');
  label?.found.push({
    at: Number.MAX_SAFE_INTEGER,
    kind: 'boxRow',
    text: `${boxes.length} caselle`,
    ...(locate
      ? {
          markup: {
            kind: 'boxRow' as const,
            start: rowStart,
            end: rowEnd,
            cells: boxes.map(({ start, end }) => ({ start, end })),
          },
        }
      : {}),
  });
  return true;
}

/** Two empty rows at least make a list to fill; one is a spacer. */
const LIST_ROWS = 2;
const TOTAL_LABEL = /^\s*total[ei]\b/i;

const isEmptyCell = (cell: Cell) => cell.text.trim() === '' && !cell.merged;
const gridWidth = (row: Row) => row.cells.reduce((sum, cell) => sum + cell.span, 0);
/** The grid column where each cell starts (a cell spanning two columns covers both). */
const gridStarts = (row: Row) => {
  let column = 0;
  return row.cells.map((cell) => {
    const start = column;
    column += cell.span;
    return start;
  });
};

/**
 * Empty rows under a row of headings are the lines of a list to fill (the creditors of an
 * application, a family's incomes): one blank for them all, quoted by its headings. A «Totale»
 * row right after them, with an empty cell, is the total of that cell's column.
 */
function listRowsOf(rows: Row[], done: OpenParagraph[], locate: boolean): void {
  for (let first = 1; first < rows.length; first++) {
    const header = rows[first - 1] as Row;
    const columns = header.cells.map((cell) => cell.text.replace(/\s+/g, ' ').trim());
    if (columns.some((text) => text === '') || header.cells.some((cell) => cell.merged)) continue;
    const shape = (row: Row | undefined) =>
      row !== undefined &&
      row.cells.length === header.cells.length &&
      gridWidth(row) === gridWidth(header) &&
      row.cells.every(isEmptyCell);
    let last = first;
    while (shape(rows[last])) last += 1;
    if (last - first < LIST_ROWS) continue;
    const empty = rows.slice(first, last);
    const holder = done[header.paragraphs[0] ?? -1];
    if (!holder) continue;
    holder.found.push({
      at: Number.MAX_SAFE_INTEGER,
      kind: 'tableRows',
      text: `${empty.length} righe vuote`,
      quote: columns.join(' · '),
      columns,
      ...(locate
        ? {
            markup: {
              kind: 'tableRows' as const,
              start: (empty[0] as Row).start,
              end: (empty.at(-1) as Row).end,
              rows: empty.map(({ start, end }) => ({ start, end })),
              cells: (empty[0] as Row).cells.map(({ start, end }) => ({ start, end })),
            },
          }
        : {}),
    });
    totalOf(rows[last], header, done, locate);
    first = last;
  }
}

function totalOf(row: Row | undefined, header: Row, done: OpenParagraph[], locate: boolean): void {
  const label = row?.cells[0];
  if (!row || !label || !TOTAL_LABEL.test(label.text)) return;
  const headerStarts = gridStarts(header);
  const starts = gridStarts(row);
  row.cells.forEach((cell, index) => {
    if (index === 0 || !isEmptyCell(cell)) return;
    const column = headerStarts.indexOf(starts[index] as number);
    const heading = header.cells[column]?.text.replace(/\s+/g, ' ').trim();
    const holder = done[row.paragraphs[0] ?? -1];
    if (!heading || !holder) return;
    holder.found.push({
      // The label is the blank as shown: «Totale» marked in its own cell.
      at: 0,
      kind: 'total',
      text: label.text.replace(/\s+/g, ' ').trim(),
      columns: [heading],
      ...(locate ? { markup: { kind: 'cell' as const, start: cell.start, end: cell.end } } : {}),
    });
  });
}

const ARTICLES =
  'il|lo|la|i|gli|le|un|uno|una|del|dello|della|al|allo|alla|dal|dallo|dalla|nel|nello|nella|sul|sullo|sulla|egli|ella|lui|lei|esso|essa|signore|signora';
/** Patterns read on a paragraph's text, tags and hidden text already blanked out. */
const PATTERNS: readonly { kind: BlankKind; pattern: RegExp }[] = [
  // Articles and pronouns for both genders: «il/la», «Il/La», «lo/la», «egli/ella».
  {
    kind: 'gender',
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${ARTICLES})/(?:${ARTICLES})(?![\\p{L}\\p{N}])`,
      'giu',
    ),
  },
  // An ending for the other gender or number: «nato/a», «sottoscritto/a», «residente/domiciliato/a»,
  // «impresa/e». A base of one letter is not a word: «e/o» stays prose.
  {
    kind: 'gender',
    pattern:
      /(?<![\p{L}\p{N}/])(?:\p{L}+\/)*\p{L}{2,}\/(?:a|e|i|o|essa|esse|trice|trici|ice|ssa)(?![\p{L}\p{N}])/giu,
  },
  // Endings left as dots: «..l.. sottoscritt..», «nat..».
  {
    kind: 'gender',
    pattern: /(?<![\p{L}.])\.\.\p{L}{1,2}\.\.(?!\.)|(?<=\p{L}{3})\.\.(?![.\p{L}])/gu,
  },
  // A date's blank is one: «___/____/_____».
  { kind: 'underscores', pattern: /_{2,}(?:\/_{2,}){1,2}|_{4,}/g },
  // Dots typed together, or spaced out «. . . .»; the full stop of «n. ....» stays out.
  { kind: 'dots', pattern: /[.…]{2,}|[.…](?:[ \u00a0][.…]){3,}/g },
  {
    kind: 'placeholder',
    pattern: /\[[^[\]\uffff]{0,60}\]|<<[^<>\uffff]{1,60}>>|<[^<>\s\d\uffff][^<>\uffff]{0,40}>/g,
  },
  { kind: 'checkbox', pattern: /[☐□❑❏❒]/g },
];

const TAG = /\{[^{}]*\}/g;
const TABLE_OF_CONTENTS_STYLE = /^(toc|sommario|indice|inhalt|contents)/i;
/** A citation or footnote mark in brackets, «[1]», «[IV]», is not a placeholder. */
const NUMBER_IN_BRACKETS = /^\[\s*(?:\d+|[ivxlcdm]+)\s*\]$/i;

/** Reads the patterns on a closed paragraph's own text. */
function scanText(paragraph: OpenParagraph): void {
  const scanned = paragraph.scanned.replace(TAG, (tag) => EMPTY.repeat(tag.length));
  const toc = TABLE_OF_CONTENTS_STYLE.test(paragraph.style);
  const matches: Found[] = [];
  for (const { kind, pattern } of PATTERNS) {
    for (const match of scanned.matchAll(pattern)) {
      const text = match[0];
      if (kind === 'dots' && (dotsIn(text) < 4 || toc || isPageLeader(scanned, match.index, text)))
        continue;
      if (kind === 'placeholder' && NUMBER_IN_BRACKETS.test(text)) continue;
      if (kind === 'gender' && text === '..' && isAbbreviation(scanned.slice(0, match.index)))
        continue;
      // «sottoscritt.........»: the word's ending and the name's blank typed as one run of dots.
      if (kind === 'dots' && endsCutWord(scanned.slice(0, match.index))) {
        matches.push({ at: match.index, kind: 'gender', text: '..' });
        if (dotsIn(text.slice(2)) >= 4) {
          matches.push({ at: match.index + 2, kind, text: text.slice(2) });
        }
        continue;
      }
      matches.push({ at: match.index, kind, text });
    }
  }
  matches.sort((a, b) => a.at - b.at || b.text.length - a.text.length);
  let end = -1;
  for (const found of matches) {
    if (found.at < end) continue;
    paragraph.found.push(found);
    end = found.at + found.text.length;
  }
}

/** «ecc..», «pag..»: an abbreviation's full stop typed twice, not a word's ending left out. */
const ABBREVIATIONS = new Set([
  'ecc',
  'etc',
  'pag',
  'pagg',
  'art',
  'artt',
  'sig',
  'sigg',
  'dott',
  'avv',
  'prof',
  'ing',
  'geom',
  'rag',
  'tel',
  'cod',
  'prov',
  'cfr',
  'succ',
  'segg',
  'cit',
]);

/**
 * «sottoscritt», «nat»: the text before ends in a word cut before its ending, as forms leave the
 * ending to fill («sottoscritt..»). Italian words end in a vowel: a word of four letters or more
 * ending in a consonant, and no abbreviation («tel», «prov»), lost its ending.
 */
function endsCutWord(before: string): boolean {
  const word = /(\p{L}+)$/u.exec(before)?.[1];
  return (
    word !== undefined &&
    word.length >= 4 &&
    /[bcdfghlmnprstvz]$/i.test(word) &&
    !ABBREVIATIONS.has(word.toLowerCase())
  );
}

function isAbbreviation(before: string): boolean {
  const word = /(\p{L}+)$/u.exec(before)?.[1];
  return word !== undefined && ABBREVIATIONS.has(word.toLowerCase());
}

/** The dots a run shows: «…» is three, so «………» is a blank and a lone «…» is prose. */
function dotsIn(run: string): number {
  let dots = 0;
  for (const character of run) dots += character === '…' ? 3 : character === '.' ? 1 : 0;
  return dots;
}

/** «Premesse ........ 3»: dots from a title to the page number at the paragraph's end. */
function isPageLeader(text: string, at: number, dots: string): boolean {
  return /\p{L}/u.test(text.slice(0, at)) && /^\s*\d{1,4}\s*$/.test(text.slice(at + dots.length));
}
