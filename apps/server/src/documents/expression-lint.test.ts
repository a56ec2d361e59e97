import { it as messages, type QuestionRules } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import { lintTemplate } from './lint.ts';
import { buildDocx, mergeFieldParagraph, SAMPLE_QUESTIONS } from './test-docx.ts';

const lint = messages.documents.lint;
const problem = messages.documents.lintProblem;
const { fileNames, lintPlace, lintParts } = messages.documents;
const MASTER = lintPlace([fileNames.master], lintParts.body);

/** Every sample question used, so that only the case under test speaks. */
const USES_ALL = '{nome_cliente} {tipo} {deposito} {servizi}';

const QUESTIONS: QuestionRules[] = [
  ...SAMPLE_QUESTIONS,
  {
    variable: 'conferma',
    question: 'Confermi la clausola?',
    options: ['Sì', 'No'],
    required_answers: [],
    is_multiple_selection: false,
  },
];

/** Typed questions of issue 11 next to the SPEC's choices. */
const TYPED = [
  ...SAMPLE_QUESTIONS,
  { variable: 'citta', type: 'testo' },
  {
    variable: 'conduttori',
    type: 'elenco',
    fields: [
      { variable: 'nome', type: 'testo' },
      { variable: 'ruolo', options: ['Titolare', 'Garante'] },
    ],
  },
].map((q) => ({
  question: 'Domanda?',
  options: [],
  is_multiple_selection: false,
  required_answers: [],
  ...q,
})) as unknown as QuestionRules[];

function lintMaster(paragraphs: Parameters<typeof buildDocx>[0], questions = QUESTIONS) {
  return lintTemplate({ master: buildDocx([...paragraphs, USES_ALL, '{conferma}']), questions });
}

describe('lint of bare sections (issue 12, item 2)', () => {
  it('refuses a bare section over a single choice, naming the comparison with its real options', () => {
    const paragraph = '{#conferma}La clausola penale si applica.{/}';
    const { errors, warnings } = lintMaster([paragraph]);
    expect(errors).toEqual([
      problem(MASTER, '{#conferma}', lint.bareSection('conferma', 'Sì', ['Sì', 'No']), paragraph),
    ]);
    expect(errors[0]).toContain('Usa {#conferma == "Sì"} (risposte: Sì, No)');
    expect(errors[0]).toContain('anche «No»');
    expect(warnings).toEqual([]);
  });

  it('refuses it in the preview and in a header too, and closed by name', () => {
    const master = buildDocx([USES_ALL, '{conferma}'], {
      header: ['{#deposito}Con deposito{/deposito}'],
    });
    const { errors } = lintTemplate({ master, questions: QUESTIONS });
    expect(errors).toEqual([
      problem(
        lintPlace([fileNames.master], lintParts.header),
        '{#deposito}',
        lint.bareSection('deposito', 'Sì', ['Sì', 'No']),
        '{#deposito}Con deposito{/deposito}',
      ),
    ]);
  });

  it('accepts the fixed section and the comparisons of DESIGN §6', () => {
    const { errors, warnings } = lintMaster([
      '{#conferma == "Sì"}a{/}',
      '{^conferma == "No"}b{/}',
      '{#conferma == "Sì" and tipo == "Locazione"}c{/}',
    ]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('warns for a loop over a multiple choice that never writes {.}', () => {
    const paragraph = '{#servizi}Il servizio è compreso nel canone.{/servizi}';
    const { errors, warnings } = lintMaster([paragraph]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      problem(MASTER, '{#servizi}', lint.loopWithoutItem('servizi', 'Pulizie'), paragraph),
    ]);
    expect(warnings[0]).toContain('{#servizi | contiene:"Pulizie"}');
  });

  it('accepts a loop over a multiple choice that writes each option with {.}', () => {
    const { errors, warnings } = lintMaster([
      '{#servizi}– {.};{/servizi}',
      '{#servizi}{#tipo == "Locazione"}{. | maiuscolo}{/}{/servizi}',
    ]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('keeps elenco loops and sections over typed answers silent, and checks choice fields', () => {
    const { errors, warnings } = lintTemplate({
      master: buildDocx([
        USES_ALL,
        '{#conduttori}{nome}{#ruolo == "Garante"} (garante){/}{/conduttori}',
        '{#citta}Foro di {citta}.{/citta}',
      ]),
      questions: TYPED,
    });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);

    const paragraph = '{#conduttori}{nome}{#ruolo} (garante){/ruolo}{/conduttori}';
    const fields = lintTemplate({
      master: buildDocx([USES_ALL, paragraph, '{citta}']),
      questions: TYPED,
    });
    // A field is always asked: the section stays for either role, said as a warning.
    expect(fields.errors).toEqual([]);
    expect(fields.warnings).toEqual([
      problem(
        MASTER,
        '{#ruolo}',
        messages.optionalAnswers.bareSectionAnyAnswer('ruolo', ['Titolare', 'Garante']),
        paragraph,
      ),
    ]);
  });
});

describe('lint of bare sections over answers that may be missing', () => {
  const massimale = (extra: Partial<QuestionRules>): QuestionRules[] => [
    ...QUESTIONS,
    {
      variable: 'massimale',
      question: 'Quale massimale ha la polizza?',
      options: ['500.000 euro', '1.000.000 euro'],
      required_answers: [],
      is_multiple_selection: false,
      ...extra,
    },
  ];
  const paragraph = '{#massimale}La polizza ha un massimale di {massimale}.{/}';

  it('accepts {#massimale}…{/} over a choice asked only under a condition, as "when asked"', () => {
    const { errors, warnings } = lintMaster(
      [paragraph],
      massimale({ required_answers: [{ tipo: 'Locazione' }] }),
    );
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('accepts it over an optional choice, as "when answered"', () => {
    const { errors, warnings } = lintMaster([paragraph], massimale({ obbligatoria: false }));
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('only warns over an always asked choice, proposing one comparison per option', () => {
    const { errors, warnings } = lintMaster([paragraph], massimale({}));
    expect(errors).toEqual([]);
    const options = ['500.000 euro', '1.000.000 euro'];
    expect(warnings).toEqual([
      problem(
        MASTER,
        '{#massimale}',
        messages.optionalAnswers.bareSectionAnyAnswer('massimale', options),
        paragraph,
      ),
    ]);
    expect(warnings[0]).toContain(
      '{#massimale == "500.000 euro"}…{/} {#massimale == "1.000.000 euro"}…{/}',
    );
    // Never a single option as the fix: it would drop the clause for the other answer.
    expect(warnings[0]).not.toContain('Usa {#massimale == "500.000 euro"}');
  });

  it('keeps the error for a yes/no choice, conditional or optional too, proposing the yes', () => {
    const questions: QuestionRules[] = [
      ...QUESTIONS,
      {
        variable: 'polizza',
        question: 'Il professionista è assicurato?',
        options: ['No', 'Sì, con polizza'],
        required_answers: [{ tipo: 'Locazione' }],
        is_multiple_selection: false,
        obbligatoria: false,
      },
    ];
    const section = '{#polizza}Il professionista è assicurato.{/}';
    const { errors } = lintMaster([section], questions);
    expect(errors).toEqual([
      problem(
        MASTER,
        '{#polizza}',
        lint.bareSection('polizza', 'Sì, con polizza', ['No', 'Sì, con polizza']),
        section,
      ),
    ]);
    expect(errors[0]).toContain('Usa {#polizza == "Sì, con polizza"}');
    expect(errors[0]).toContain('anche «No»');
  });
});

describe('lint of expressions that cannot work on answers (issue 12, item 3)', () => {
  it('refuses member access, naming the tag and the key to write', () => {
    const paragraph = 'Il cliente {nome_cliente.cognome} dichiara';
    expect(lintMaster([paragraph]).errors).toEqual([
      problem(
        MASTER,
        '{nome_cliente.cognome}',
        lint.memberAccess('nome_cliente.cognome', 'nome_cliente'),
        paragraph,
      ),
    ]);
    // An unknown root is the same mistake, told once.
    expect(lintMaster(['{persona.nome}']).errors).toEqual([
      problem(
        MASTER,
        '{persona.nome}',
        lint.memberAccess('persona.nome', 'persona'),
        '{persona.nome}',
      ),
    ]);
    expect(lintMaster(['{servizi[0]}']).errors).toEqual([
      problem(MASTER, '{servizi[0]}', lint.memberAccess('servizi[0]', 'servizi'), '{servizi[0]}'),
    ]);
  });

  it('refuses method calls and .length, with the filter to use instead', () => {
    const call = '{#servizi.indexOf("Pulizie") >= 0}a{/}';
    const length = '{#servizi.length > 1}b{/}';
    expect(lintMaster([call, length]).errors).toEqual([
      problem(
        MASTER,
        '{#servizi.indexOf("Pulizie") >= 0}',
        lint.methodCall('servizi.indexOf(…)'),
        call,
      ),
      problem(MASTER, '{#servizi.length > 1}', lint.lengthAccess('servizi'), length),
    ]);
    expect(lintMaster(['{tipo.toUpperCase()}']).errors).toEqual([
      problem(
        MASTER,
        '{tipo.toUpperCase()}',
        lint.methodCall('tipo.toUpperCase(…)'),
        '{tipo.toUpperCase()}',
      ),
    ]);
  });

  it('refuses array literals', () => {
    const paragraph = '{#tipo == ["Vendita", "Locazione"]}a{/}';
    expect(lintMaster([paragraph]).errors).toEqual([
      problem(MASTER, '{#tipo == ["Vendita", "Locazione"]}', lint.arrayLiteral, paragraph),
    ]);
  });

  it("accepts an elenco item's fields inside its loop, also read through the item", () => {
    const { errors } = lintTemplate({
      master: buildDocx([
        USES_ALL,
        '{#conduttori}{nome} {this.nome} {. | elenco}{/conduttori}',
        '{conduttori | elenco:"nome"} {citta}',
      ]),
      questions: TYPED,
    });
    expect(errors).toEqual([]);
    const outside = lintTemplate({
      master: buildDocx([USES_ALL, '{#conduttori}{this.cognome}{/conduttori} {citta}']),
      questions: TYPED,
    });
    expect(outside.errors).toEqual([
      problem(
        MASTER,
        '{this.cognome}',
        lint.memberAccess('this.cognome', '.'),
        '{#conduttori}{this.cognome}{/conduttori} {citta}',
      ),
    ]);
  });
});

describe('lint messages an editor can act on (issue 12, item 6)', () => {
  it('names the part of the document where the tag is', () => {
    const master = buildDocx([USES_ALL, '{conferma} {ignota_corpo}'], {
      header: ['Pratica {ignota_intestazione}'],
      footer: ['Pagina {ignota_pie}'],
      footnote: ['Vedi {ignota_nota}'],
      comment: ['Verificare {ignota_commento}'],
      title: 'Contratto {ignota_titolo}',
    });
    const { errors } = lintTemplate({ master, questions: QUESTIONS });
    const at = (part: string) => lintPlace([fileNames.master], part);
    expect(errors).toEqual(
      expect.arrayContaining([
        problem(
          at(lintParts.body),
          '{ignota_corpo}',
          lint.unknownVariable('ignota_corpo'),
          '{conferma} {ignota_corpo}',
        ),
        problem(
          at(lintParts.header),
          '{ignota_intestazione}',
          lint.unknownVariable('ignota_intestazione'),
          'Pratica {ignota_intestazione}',
        ),
        problem(
          at(lintParts.footer),
          '{ignota_pie}',
          lint.unknownVariable('ignota_pie'),
          'Pagina {ignota_pie}',
        ),
        problem(
          at(lintParts.note),
          '{ignota_nota}',
          lint.unknownVariable('ignota_nota'),
          'Vedi {ignota_nota}',
        ),
        problem(
          at(lintParts.comment),
          '{ignota_commento}',
          lint.unknownVariable('ignota_commento'),
          'Verificare {ignota_commento}',
        ),
      ]),
    );
    // The title has no paragraph: the message says where, and quotes no empty paragraph.
    expect(errors).toContain(
      `${at(lintParts.properties)}, tag «{ignota_titolo}»: ${lint.unknownVariable('ignota_titolo')}.`,
    );
    expect(errors).toHaveLength(6);
  });

  it('quotes a section tag as typed, with its #', () => {
    const { errors } = lintMaster(['{#tipo == "Affitto"}a{/}']);
    expect(errors[0]).toContain('tag «{#tipo == "Affitto"}»');
  });

  it('gives one message per double-braced tag, with the single tag to write', () => {
    const paragraph = 'Il sig. {{ nome_cliente }} dichiara di volere il contratto di {{tipo}}.';
    const { errors } = lintMaster([paragraph]);
    expect(errors).toEqual([
      problem(MASTER, '{{ nome_cliente }}', lint.doubleBraces('nome_cliente'), paragraph),
      problem(MASTER, '{{tipo}}', lint.doubleBraces('tipo'), paragraph),
    ]);
    expect(errors[0]).toContain('Usa una sola coppia di graffe: {nome_cliente}');
    // Split by Word across runs, it is still one message.
    const split = lintMaster([['Il sig. {', '{ nome_', 'cliente }', '} dichiara']]).errors;
    expect(split).toEqual([
      problem(
        MASTER,
        '{{ nome_cliente }}',
        lint.doubleBraces('nome_cliente'),
        'Il sig. {{ nome_cliente }} dichiara',
      ),
    ]);
  });

  it('counts a question written in double braces as used', () => {
    const { warnings } = lintTemplate({
      master: buildDocx(['{{ nome_cliente }} {tipo} {deposito} {servizi} {conferma}']),
      questions: QUESTIONS,
    });
    expect(warnings).toEqual([]);
  });

  it('reports the same problem of master and preview once, naming both files', () => {
    const paragraph = 'Tra {nome_clinte} e la controparte.';
    const { errors } = lintTemplate({
      master: buildDocx([paragraph, USES_ALL, '{conferma}']),
      preview: buildDocx(['ANTEPRIMA', paragraph, '{#conferma}x{/}']),
      questions: QUESTIONS,
    });
    expect(errors).toEqual([
      problem(
        lintPlace([fileNames.master, fileNames.preview], lintParts.body),
        '{nome_clinte}',
        lint.unknownVariable('nome_clinte'),
        paragraph,
      ),
      problem(
        lintPlace([fileNames.preview], lintParts.body),
        '{#conferma}',
        lint.bareSection('conferma', 'Sì', ['Sì', 'No']),
        '{#conferma}x{/}',
      ),
    ]);
    expect(errors[0]).toMatch(/^Master e Anteprima, corpo, tag «\{nome_clinte\}»/);
  });

  it('warns for Word mail-merge fields, as text and as MERGEFIELD codes', () => {
    const master = buildDocx([USES_ALL, '{conferma}', 'Il cliente «NOME_CLIENTE» dichiara'], {
      bodyXml:
        mergeFieldParagraph('Data: ', 'Data_Firma') +
        // Word's short form of a field: one element holding code and result.
        '<w:p><w:fldSimple w:instr=" MERGEFIELD Cognome "><w:r><w:t>«Cognome»</w:t></w:r></w:fldSimple></w:p>',
      footer: ['«Numero_Pratica»'],
    });
    const { errors, warnings } = lintTemplate({ master, questions: QUESTIONS });
    expect(errors).toEqual([]);
    expect(warnings).toEqual([
      problem(
        MASTER,
        'NOME_CLIENTE',
        lint.mailMerge('nome_cliente'),
        'Il cliente «NOME_CLIENTE» dichiara',
      ),
      problem(MASTER, 'Data_Firma', lint.mailMerge('data_firma'), 'Data: «Data_Firma»'),
      problem(MASTER, 'Cognome', lint.mailMerge('cognome'), '«Cognome»'),
      problem(
        lintPlace([fileNames.master], lintParts.footer),
        'Numero_Pratica',
        lint.mailMerge('numero_pratica'),
        '«Numero_Pratica»',
      ),
    ]);
    expect(warnings[0]).toContain('campo di stampa unione: sostituiscilo con {nome_cliente}');
  });

  it('leaves the quoted defined terms of Italian contracts alone', () => {
    const { errors, warnings } = lintMaster([
      'di seguito, il «Conduttore» e, ai sensi del Regolamento (UE) 2016/679, «GDPR».',
      'le «Parti» e ciascuna, singolarmente, la «Parte».',
    ]);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });
});
