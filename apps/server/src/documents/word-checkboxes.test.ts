import { it as messages, type QuestionRules } from '@lexpath/shared';
import PizZip from 'pizzip';
import { afterAll, describe, expect, it } from 'vitest';
import { requireTool } from '../test/tools.ts';
import { findBlanks } from './blank-finder.ts';
import { lintTemplate } from './lint.ts';
import { createPdfPool, type PdfPool } from './pdf-pool.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { pdfText } from './test-pdf.ts';
import { buildWordDocx, checkboxControl, formCheckbox, paragraph, run } from './test-word-docx.ts';
import type { TemplateQuestion } from './typed-answers.ts';

/*
 * A form's own Word checkboxes bound to the answers by `casella: …` in the control's tag (or a
 * legacy checkbox's status text): ticked in the bought .docx, and still checkboxes there.
 */

const QUESTIONS: TemplateQuestion[] = [
  { variable: 'tipo', options: ['Immobile', 'Mobile'] },
  { variable: 'privacy', options: ['Sì', 'No'] },
  {
    variable: 'parti',
    type: 'elenco',
    fields: [
      { variable: 'nome', type: 'testo' },
      { variable: 'ruolo', options: ['Attore', 'Convenuto'] },
    ],
  },
];
const RULES = QUESTIONS as QuestionRules[];

const WINGDINGS_STATES =
  '<w14:checkedState w14:val="0052" w14:font="Wingdings 2"/><w14:uncheckedState w14:val="00A3" w14:font="Wingdings 2"/>';

function form(): Buffer {
  return buildWordDocx({
    body: [
      paragraph([checkboxControl('casella: tipo == &quot;Immobile&quot;'), run(' Bene immobile')]),
      paragraph([checkboxControl('casella:tipo == &quot;Mobile&quot;'), run(' Bene mobile')]),
      paragraph([
        checkboxControl('casella: tipo == &quot;Mobile&quot;', WINGDINGS_STATES),
        run(' Bene mobile (Wingdings)'),
      ]),
      paragraph([formCheckbox('casella: privacy == &quot;Sì&quot;'), run(' Acconsento')]),
      paragraph([formCheckbox('casella: privacy == &quot;No&quot;'), run(' Non acconsento')]),
      paragraph('{#parti}'),
      paragraph([checkboxControl('casella: ruolo == &quot;Attore&quot;'), run(' {nome}, attore')]),
      paragraph('{/parti}'),
    ].join(''),
  });
}

const ANSWERS = {
  tipo: 'Immobile',
  privacy: 'No',
  parti: [
    { nome: 'Anna Bianchi', ruolo: 'Attore' },
    { nome: 'Luca Verdi', ruolo: 'Convenuto' },
  ],
};

const documentXml = (docx: Buffer) => new PizZip(docx).file('word/document.xml')?.asText() ?? '';

/** Each content control of the XML: whether it says it is checked, and the glyph it shows. */
function controls(xml: string): { checked: string | undefined; shown: string }[] {
  return [...xml.matchAll(/<w:sdt>([\s\S]*?)<\/w:sdt>/g)].map(([, body]) => ({
    checked: /<w14:checked w14:val="(\d)"\/>/.exec(body ?? '')?.[1],
    shown: [...(body ?? '').matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
  }));
}

/** Each legacy checkbox: its `w:default` value. */
const legacyDefaults = (xml: string) =>
  [...xml.matchAll(/<w:checkBox>[\s\S]*?<w:default w:val="(\d)"\/>/g)].map((match) => match[1]);

describe('Word checkboxes bound by «casella:»', () => {
  it('are ticked when their condition holds and cleared when not, staying controls', () => {
    const xml = documentXml(renderDocx(form(), ANSWERS, { questions: QUESTIONS }));
    expect(controls(xml)).toEqual([
      { checked: '1', shown: '☒' },
      { checked: '0', shown: '☐' },
      { checked: '0', shown: '\u00a3' },
      // One control for each item of the loop, ticked by the item's own field.
      { checked: '1', shown: '☒' },
      { checked: '0', shown: '☐' },
    ]);
    // Still Word's controls: the checkbox properties and the tags are kept.
    expect(xml.match(/<w14:checkbox>/g)).toHaveLength(5);
    expect(xml).toContain('<w:tag w:val="casella: tipo == &quot;Immobile&quot;"/>');
    expect(legacyDefaults(xml)).toEqual(['0', '1']);
    expect(xml.match(/FORMCHECKBOX/g)).toHaveLength(2);
    expect(xml).not.toMatch(/[\uE5B0\uE5B1]/);
  });

  it('show the glyph of the checked state in its own font', () => {
    const xml = documentXml(
      renderDocx(form(), { ...ANSWERS, tipo: 'Mobile' }, { questions: QUESTIONS }),
    );
    expect(controls(xml).slice(0, 3)).toEqual([
      { checked: '0', shown: '☐' },
      { checked: '1', shown: '☒' },
      { checked: '1', shown: 'R' },
    ]);
    expect(xml).toMatch(/<w:rFonts w:ascii="Wingdings 2"[^>]*\/><\/w:rPr><w:t[^>]*>R<\/w:t>/);
  });

  it('print the ticked box and the cleared one in the document text', () => {
    const text = extractDocumentText(renderDocx(form(), ANSWERS, { questions: QUESTIONS }));
    expect(text).toContain('☒ Bene immobile\n☐ Bene mobile');
    expect(text).toContain('☒ Anna Bianchi, attore\n☐ Luca Verdi, attore');
  });

  it('are checked by the lint like any condition, naming the control', () => {
    const master = buildWordDocx({
      body: paragraph([checkboxControl('casella: tipp == &quot;Immobile&quot;'), run(' Immobile')]),
    });
    const { errors } = lintTemplate({ master, questions: RULES });
    expect(errors).toEqual([
      messages.documents.lintProblem(
        messages.documents.lintPlace(
          [messages.documents.fileNames.master],
          messages.documents.lintParts.body,
        ),
        'casella: tipp == "Immobile"',
        messages.documents.lint.inCheckboxControl(messages.documents.lint.unknownVariable('tipp')),
        '☐ Immobile',
      ),
    ]);
  });

  it('count as uses of their questions and are accepted by the lint when right', () => {
    const { errors, warnings } = lintTemplate({ master: form(), questions: RULES });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('are no blanks for the blank finder, unlike the boxes no tag binds', () => {
    const master = buildWordDocx({
      body: [
        paragraph([checkboxControl('casella: privacy'), run(' Consenso')]),
        paragraph([formCheckbox('casella: privacy'), run(' Consenso')]),
        paragraph([checkboxControl('Casella1'), run(' Libera')]),
        paragraph([formCheckbox('Spuntare se richiesto'), run(' Libera')]),
      ].join(''),
    });
    expect(findBlanks(master).map((blank) => [blank.kind, blank.paragraph])).toEqual([
      ['checkbox', '☐ Libera'],
      ['formField', 'Libera'],
    ]);
  });
});

const soffice = requireTool('soffice');

describe.skipIf(!soffice)('Word checkboxes in the PDF', () => {
  let pool: PdfPool | undefined;
  afterAll(async () => {
    await pool?.close();
  });

  it('show ☒ for the ticked control and ☐ for the other', async () => {
    pool = createPdfPool({ size: 1 });
    const pdf = await pool.convertDocxToPdf(renderDocx(form(), ANSWERS, { questions: QUESTIONS }));
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(text).toMatch(/☒ ?Bene immobile/);
    expect(text).toMatch(/☐ ?Bene mobile/);
  }, 60_000);
});
