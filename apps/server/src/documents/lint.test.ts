import { it as messages, type QuestionRules } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import { lintTemplate } from './lint.ts';
import { buildDocx, buildSampleContract, SAMPLE_QUESTIONS } from './test-docx.ts';

const lint = messages.documents.lint;
const problem = messages.documents.lintProblem;
const { fileNames, lintPlace, lintParts } = messages.documents;
/** Where the tags of these tests lie: the master's (or the preview's) body. */
const MASTER = lintPlace([fileNames.master], lintParts.body);
const PREVIEW = lintPlace([fileNames.preview], lintParts.body);

function lintMaster(
  paragraphs: Parameters<typeof buildDocx>[0],
  questions: readonly QuestionRules[] = SAMPLE_QUESTIONS,
) {
  return lintTemplate({ master: buildDocx(paragraphs), questions });
}

describe('lintTemplate', () => {
  it('accepts a realistic contract that uses every question', () => {
    const contract = buildSampleContract(3);
    expect(
      lintTemplate({ master: contract, preview: contract, questions: SAMPLE_QUESTIONS }),
    ).toEqual({
      errors: [],
      warnings: [],
    });
  });

  it('reports every syntax error at once, with its tag and paragraph', () => {
    const { errors } = lintMaster([
      'Il cliente {nome_cliente dichiara',
      '{#tipo == "Vendita"}Clausola senza chiusura',
      'Importo: {tipo ==}.',
      'Fine del contratto.',
    ]);
    expect(errors).toEqual([
      problem(MASTER, '{nome_cliente', lint.unclosedTag, 'Il cliente {nome_cliente dichiara'),
      problem(
        MASTER,
        '{#tipo == "Vendita"}',
        lint.unclosedSection,
        '{#tipo == "Vendita"}Clausola senza chiusura',
      ),
      problem(
        MASTER,
        '{tipo ==}',
        lint.badExpression("l'espressione è incompleta"),
        'Importo: {tipo ==}.',
      ),
    ]);
  });

  it('reports a closing tag without its section', () => {
    const { errors } = lintMaster(['Testo {/} altro']);
    expect(errors).toEqual([problem(MASTER, '{/}', lint.unopenedSection, 'Testo {/} altro')]);
  });

  it('names unknown keys, also in headers and inside sections', () => {
    const master = buildDocx(['{#tipo == "Vendita"}Prezzo: {prezo}{/}'], {
      header: ['Pratica {pratica}'],
    });
    const { errors } = lintTemplate({ master, questions: SAMPLE_QUESTIONS });
    expect(errors).toEqual([
      problem(
        lintPlace([fileNames.master], lintParts.header),
        '{pratica}',
        lint.unknownVariable('pratica'),
        'Pratica {pratica}',
      ),
      problem(
        MASTER,
        '{prezo}',
        lint.unknownVariable('prezo'),
        '{#tipo == "Vendita"}Prezzo: {prezo}{/}',
      ),
    ]);
  });

  it('catches a compared string that is not an option (==, != and contiene)', () => {
    const { errors } = lintMaster([
      '{#tipo == "Affitto"}a{/}',
      '{#"Vendta" != tipo}b{/}',
      '{#servizi | contiene:"Giardinaggio"}c{/}',
    ]);
    expect(errors).toEqual([
      problem(
        MASTER,
        '{#tipo == "Affitto"}',
        lint.unknownOption('tipo', 'Affitto', 'Vendita, Locazione'),
        '{#tipo == "Affitto"}a{/}',
      ),
      problem(
        MASTER,
        '{#"Vendta" != tipo}',
        lint.unknownOption('tipo', 'Vendta', 'Vendita, Locazione'),
        '{#"Vendta" != tipo}b{/}',
      ),
      problem(
        MASTER,
        '{#servizi | contiene:"Giardinaggio"}',
        lint.unknownOption('servizi', 'Giardinaggio', 'Pulizie, Portineria, Giardino'),
        '{#servizi | contiene:"Giardinaggio"}c{/}',
      ),
    ]);
  });

  it('compares options whichever apostrophe Word wrote, and still catches a misspelling', () => {
    const questions: QuestionRules[] = [
      {
        variable: 'arredo',
        question: 'L’immobile è arredato?',
        options: ['Sì, con l’arredamento', "No, senza l'arredamento"],
        is_multiple_selection: false,
      },
      {
        variable: 'servizi',
        question: 'Quali servizi?',
        options: ['Pulizia dell’androne', 'Portineria'],
        is_multiple_selection: true,
      },
    ];
    const accepted = lintMaster(
      [
        '{#arredo == "Sì, con l’arredamento"}a{/}',
        '{#arredo == “Sì, con l’arredamento”}b{/}',
        '{#arredo == "Sì, con l\'arredamento"}c{/}',
        '{^arredo != “No, senza l’arredamento”}d{/}',
        '{#servizi | contiene:“Pulizia dell’androne”}e{/}',
        '{#servizi | contiene:"Pulizia dell\'androne"}f{/}',
        '{arredo} {servizi}',
      ],
      questions,
    );
    expect(accepted).toEqual({ errors: [], warnings: [] });

    const { errors } = lintMaster(
      [
        '{#arredo == “Sì, con l’arredamento completo”}a{/}',
        '{#servizi | contiene:"Pulizie dell’androne"}b{/}',
        '{arredo}',
      ],
      questions,
    );
    expect(errors).toEqual([
      problem(
        MASTER,
        '{#arredo == “Sì, con l’arredamento completo”}',
        lint.unknownOption(
          'arredo',
          "Sì, con l'arredamento completo",
          "Sì, con l’arredamento, No, senza l'arredamento",
        ),
        '{#arredo == “Sì, con l’arredamento completo”}a{/}',
      ),
      problem(
        MASTER,
        '{#servizi | contiene:"Pulizie dell’androne"}',
        lint.unknownOption('servizi', "Pulizie dell'androne", 'Pulizia dell’androne, Portineria'),
        '{#servizi | contiene:"Pulizie dell’androne"}b{/}',
      ),
    ]);
  });

  it('refuses assignments, raw XML tags and contiene applied to a whole condition', () => {
    const { errors } = lintMaster([
      '{#deposito = "Sì"}a{/}',
      'Testo {@clausola}',
      '{#(tipo == "Vendita" and servizi) | contiene:"Pulizie"}b{/}',
    ]);
    expect(errors).toContain(
      problem(MASTER, '{#deposito = "Sì"}', lint.assignment, '{#deposito = "Sì"}a{/}'),
    );
    expect(errors.some((error) => error.includes(lint.rawXmlNotAllowed))).toBe(true);
    expect(errors).toContain(
      problem(
        MASTER,
        '{#(tipo == "Vendita" and servizi) | contiene:"Pulizie"}',
        lint.filterNeedsVariable,
        '{#(tipo == "Vendita" and servizi) | contiene:"Pulizie"}b{/}',
      ),
    );
  });

  it('accepts contiene before or after and / or, negated, in parentheses and with curly quotes', () => {
    const conditions = [
      'servizi | contiene:"Pulizie" and tipo == "Locazione"',
      'servizi | contiene:"Pulizie" or tipo == "Locazione"',
      'tipo == "Locazione" and servizi | contiene:"Pulizie"',
      'tipo == "Locazione" or servizi | contiene:"Pulizie"',
      'servizi | contiene:"Pulizie" and servizi | contiene:"Giardino"',
      '!servizi | contiene:"Pulizie"',
      'not servizi | contiene:"Pulizie" and tipo == "Locazione"',
      'not tipo == "Locazione" or servizi | contiene:"Giardino"',
      '(servizi | contiene:"Pulizie") and tipo == "Locazione"',
      '(tipo == "Vendita" or servizi | contiene:"Pulizie") and deposito == "No"',
      'servizi | contiene:“Pulizie” and tipo == “Locazione”',
    ];
    const { errors } = lintMaster(conditions.map((condition) => `{#${condition}}a{/}`));
    expect(errors).toEqual([]);
  });

  it('checks the options of contiene wherever it stands in the condition', () => {
    const { errors } = lintMaster([
      '{#tipo == "Locazione" and servizi | contiene:"Pulizia"}a{/}',
      '{#not servizi | contiene:"Giardinaggio" or tipo == "Vendita"}b{/}',
    ]);
    const options = 'Pulizie, Portineria, Giardino';
    expect(errors).toEqual([
      problem(
        MASTER,
        '{#tipo == "Locazione" and servizi | contiene:"Pulizia"}',
        lint.unknownOption('servizi', 'Pulizia', options),
        '{#tipo == "Locazione" and servizi | contiene:"Pulizia"}a{/}',
      ),
      problem(
        MASTER,
        '{#not servizi | contiene:"Giardinaggio" or tipo == "Vendita"}',
        lint.unknownOption('servizi', 'Giardinaggio', options),
        '{#not servizi | contiene:"Giardinaggio" or tipo == "Vendita"}b{/}',
      ),
    ]);
  });

  it('refuses contiene followed by a comparison, suggesting parentheses', () => {
    const tags = [
      '{#servizi | contiene:"Pulizie" == true}',
      '{#servizi | contiene:tipo == "Vendita"}',
      '{#servizi | contiene:"Pulizie" == (tipo == "Vendita")}',
    ];
    const { errors } = lintMaster(tags.map((tag) => `${tag}a{/}`));
    expect(errors).toEqual(
      tags.map((tag) => problem(MASTER, tag, lint.filterNeedsOption, `${tag}a{/}`)),
    );
  });

  it('accepts parentheses around contiene and the and / or words', () => {
    const { errors } = lintMaster([
      '{#tipo == "Vendita" and (servizi | contiene:"Pulizie") or deposito == "No"}a{/}',
    ]);
    expect(errors).toEqual([]);
  });

  it('warns when a multiple selection is compared with == and when a question is unused', () => {
    const { errors, warnings } = lintMaster(['{#servizi == "Pulizie"}a{/} {nome_cliente} {tipo}']);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      problem(
        MASTER,
        '{#servizi == "Pulizie"}',
        lint.multipleSelectionCompared('servizi'),
        '{#servizi == "Pulizie"}a{/} {nome_cliente} {tipo}',
      ),
      lint.unusedQuestion('deposito'),
    ]);
  });

  it('lints the preview too, naming it, and counts only the master for unused questions', () => {
    const { errors, warnings } = lintTemplate({
      master: buildDocx(['{nome_cliente} {tipo} {deposito} {servizi}']),
      preview: buildDocx(['Anteprima per {nome_clinte}']),
      questions: SAMPLE_QUESTIONS,
    });
    expect(errors).toEqual([
      problem(
        PREVIEW,
        '{nome_clinte}',
        lint.unknownVariable('nome_clinte'),
        'Anteprima per {nome_clinte}',
      ),
    ]);
    expect(warnings).toEqual([]);
  });

  it('reports the question list problems: keys, later or unknown questions, unknown options', () => {
    const questions: QuestionRules[] = [
      {
        variable: 'tipo',
        question: 'Tipo?',
        options: ['A', 'B'],
        required_answers: [{ dopo: 'X' }],
        is_multiple_selection: false,
      },
      {
        variable: 'dopo',
        question: 'Dopo?',
        options: ['X', 'Y'],
        required_answers: [{ tipo: 'C', ignota: 'A' }],
        is_multiple_selection: false,
      },
      { variable: '2a', question: 'Due?', options: ['1', '2'], is_multiple_selection: false },
      { variable: 'tipo', question: 'Ancora?', options: ['1', '2'], is_multiple_selection: false },
    ];
    const { errors } = lintTemplate({ master: buildDocx(['{tipo} {dopo} {2a}']), questions });
    expect(errors).toEqual(
      expect.arrayContaining([
        `${messages.questions.keyStartsWithDigit} («2a»)`,
        messages.questions.keyDuplicate('tipo'),
        messages.questions.conditionLaterQuestion('Tipo?', 'dopo'),
        messages.questions.conditionUnknownOption('Dopo?', 'tipo', 'C'),
        messages.questions.conditionUnknownQuestion('Dopo?', 'ignota'),
      ]),
    );
  });

  it('refuses a file that is not a Word document', () => {
    const { errors } = lintTemplate({ master: Buffer.from('%PDF-1.7 non un docx'), questions: [] });
    expect(errors).toEqual([lint.unreadable(fileNames.master)]);
  });

  it('shows the part of a long paragraph around the tag', () => {
    const long = `${'Premessa lunga. '.repeat(30)}{ignota}${' Seguito lungo.'.repeat(30)}`;
    const [error] = lintMaster([long]).errors;
    const paragraph = /Paragrafo: «(.*)»$/.exec(error ?? '')?.[1] ?? '';
    expect(paragraph).toContain('{ignota}');
    expect(paragraph.startsWith('…')).toBe(true);
    expect(paragraph.endsWith('…')).toBe(true);
    expect(paragraph.length).toBeLessThan(170);
  });

  it('finds the paragraph even after escaped characters', () => {
    const { errors } = lintMaster(['A & B <c> "d"', 'Tra {nome_cliente} & {ignota} <x>']);
    expect(errors).toEqual([
      problem(
        MASTER,
        '{ignota}',
        lint.unknownVariable('ignota'),
        'Tra {nome_cliente} & {ignota} <x>',
      ),
    ]);
  });
});
