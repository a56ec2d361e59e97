import { it as messages } from '@lexpath/shared';
import PizZip from 'pizzip';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { buildDocx, buildSampleContract, SAMPLE_ANSWERS } from './test-docx.ts';

function renderText(
  paragraphs: Parameters<typeof buildDocx>[0],
  answers: Record<string, string | string[]>,
) {
  return extractDocumentText(renderDocx(buildDocx(paragraphs), answers));
}

describe('renderDocx', () => {
  it('inserts answers and leaves unanswered keys empty, never "undefined"', () => {
    expect(renderText(['Cliente: {nome}.', 'Sede: {sede}.'], { nome: 'Mario Rossi' })).toBe(
      'Cliente: Mario Rossi.\nSede: .',
    );
  });

  it('reads a tag that Word split across several runs', () => {
    expect(renderText([['Cliente: {no', 'me', '}.']], { nome: 'Anna' })).toBe('Cliente: Anna.');
  });

  it('keeps a section only when its condition holds, and removes the tag paragraphs', () => {
    const paragraphs = [
      'Inizio',
      '{#tipo == "Locazione"}',
      'Clausola di locazione',
      '{/}',
      '{^tipo == "Locazione"}',
      'Clausola di vendita',
      '{/}',
      'Fine',
    ];
    expect(renderText(paragraphs, { tipo: 'Locazione' })).toBe(
      'Inizio\nClausola di locazione\nFine',
    );
    expect(renderText(paragraphs, { tipo: 'Vendita' })).toBe('Inizio\nClausola di vendita\nFine');
    expect(renderText(paragraphs, {})).toBe('Inizio\nClausola di vendita\nFine');
  });

  it('understands and, or and != in conditions', () => {
    const paragraphs = [
      '{#tipo == "Locazione" and deposito != "No"}Deposito{/}',
      '{#tipo == "Vendita" or tipo == "Permuta"}Trasferimento{/}',
    ];
    expect(renderText(paragraphs, { tipo: 'Locazione', deposito: 'Sì' })).toBe('Deposito');
    expect(renderText(paragraphs, { tipo: 'Permuta' })).toBe('Trasferimento');
  });

  it('tests a multiple selection with contiene', () => {
    const paragraphs = ['{#servizi | contiene:"Giardino"}Manutenzione del giardino.{/}'];
    expect(renderText(paragraphs, { servizi: ['Pulizie', 'Giardino'] })).toBe(
      'Manutenzione del giardino.',
    );
    expect(renderText(paragraphs, { servizi: ['Pulizie'] })).toBe('');
    expect(renderText(paragraphs, {})).toBe('');
  });

  it('writes a list as an Italian enumeration', () => {
    expect(
      renderText(['Servizi: {servizi}.'], { servizi: ['Pulizie', 'Portineria', 'Giardino'] }),
    ).toBe('Servizi: Pulizie, Portineria e Giardino.');
    expect(renderText(['Servizi: {servizi}.'], { servizi: ['Pulizie', 'Giardino'] })).toBe(
      'Servizi: Pulizie e Giardino.',
    );
  });

  it('inserts answers as text, even when they look like XML', () => {
    const answer = 'A & B </w:t></w:r><w:r><w:t>"iniettato"';
    const docx = renderDocx(buildDocx(['Nota: {nota}']), { nota: answer });
    expect(extractDocumentText(docx)).toBe(`Nota: ${answer}`);
    const xml = new PizZip(docx).file('word/document.xml')?.asText() ?? '';
    expect(xml).toContain('A &amp; B &lt;/w:t&gt;');
  });

  it('turns a line break in an answer into a Word line break', () => {
    expect(renderText(['{indirizzo}'], { indirizzo: 'Via Roma 1\n00100 Roma' })).toBe(
      'Via Roma 1\n00100 Roma',
    );
  });

  it('reads keys that are names of JavaScript object properties as answers', () => {
    expect(renderText(['[{constructor}][{toString}]'], {})).toBe('[][]');
    // As stored answers read from JSON: `__proto__` is an own key there.
    const answers = JSON.parse('{"__proto__": "l’uno", "constructor": "l\'altro"}');
    expect(
      renderText(
        [
          '[{__proto__}][{constructor}][{valueOf}]',
          '{#__proto__ == "l\'uno" and constructor == “l’altro”}sì{/}',
        ],
        answers,
      ),
    ).toBe("[l’uno][l'altro][]\nsì");
  });

  it('fills the headers too', () => {
    const docx = renderDocx(buildDocx(['Corpo'], { header: ['Pratica di {nome}'] }), {
      nome: 'Anna',
    });
    expect(new PizZip(docx).file('word/header1.xml')?.asText()).toContain('Pratica di Anna');
  });

  it('refuses a template with errors with an Italian message', () => {
    expect(() => renderDocx(buildDocx(['{nome']), {})).toThrowError(
      expect.objectContaining({ code: 'unprocessable', message: messages.documents.renderFailed }),
    );
    expect(() => renderDocx(buildDocx(['{nome']), {})).toThrow(AppError);
  });
});

describe('contiene with and, or and not, evaluated as an editor reads the condition', () => {
  type Answers = { tipo?: string; deposito?: string; servizi?: string[] };
  const has = (answers: Answers, option: string) => answers.servizi?.includes(option) ?? false;
  const lease = (answers: Answers) => answers.tipo === 'Locazione';

  /** Each condition with what it means, in plain logic. */
  const conditions: [string, (answers: Answers) => boolean][] = [
    ['servizi | contiene:"Pulizie" and tipo == "Locazione"', (a) => has(a, 'Pulizie') && lease(a)],
    ['servizi | contiene:"Pulizie" or tipo == "Locazione"', (a) => has(a, 'Pulizie') || lease(a)],
    ['tipo == "Locazione" and servizi | contiene:"Pulizie"', (a) => lease(a) && has(a, 'Pulizie')],
    ['tipo == "Locazione" or servizi | contiene:"Pulizie"', (a) => lease(a) || has(a, 'Pulizie')],
    [
      'servizi | contiene:"Pulizie" and servizi | contiene:"Giardino"',
      (a) => has(a, 'Pulizie') && has(a, 'Giardino'),
    ],
    [
      'servizi | contiene:"Pulizie" or servizi | contiene:"Giardino"',
      (a) => has(a, 'Pulizie') || has(a, 'Giardino'),
    ],
    ['!servizi | contiene:"Pulizie"', (a) => !has(a, 'Pulizie')],
    ['not servizi | contiene:"Pulizie"', (a) => !has(a, 'Pulizie')],
    [
      'not servizi | contiene:"Pulizie" and tipo == "Locazione"',
      (a) => !has(a, 'Pulizie') && lease(a),
    ],
    [
      'not tipo == "Locazione" or servizi | contiene:"Giardino"',
      (a) => !lease(a) || has(a, 'Giardino'),
    ],
    [
      'tipo == "Locazione" and !servizi | contiene:"Pulizie"',
      (a) => lease(a) && !has(a, 'Pulizie'),
    ],
    [
      '(servizi | contiene:"Pulizie") and tipo == "Locazione"',
      (a) => has(a, 'Pulizie') && lease(a),
    ],
    ['(servizi | contiene:"Pulizie") or tipo == "Locazione"', (a) => has(a, 'Pulizie') || lease(a)],
    [
      '(tipo == "Vendita" or servizi | contiene:"Pulizie") and deposito == "No"',
      (a) => (a.tipo === 'Vendita' || has(a, 'Pulizie')) && a.deposito === 'No',
    ],
    ['servizi | contiene:“Pulizie” and tipo == “Locazione”', (a) => has(a, 'Pulizie') && lease(a)],
    [
      'servizi|contiene:"Pulizie"&&deposito=="No"||tipo=="Vendita"',
      (a) => (has(a, 'Pulizie') && a.deposito === 'No') || a.tipo === 'Vendita',
    ],
  ];

  const everyAnswer: Answers[] = [[], ['Pulizie'], ['Giardino'], ['Pulizie', 'Giardino']].flatMap(
    (servizi) =>
      ['Locazione', 'Vendita'].flatMap((tipo) =>
        ['Sì', 'No'].map((deposito) => ({ servizi, tipo, deposito })),
      ),
  );
  // One master holds every condition as a section and as an inverse section.
  const master = buildDocx(
    conditions.flatMap(([condition], index) => [
      `${index}: {#${condition}}vero{/}`,
      `${index}: {^${condition}}falso{/}`,
    ]),
  );

  it.each(everyAnswer)('keeps exactly the clauses whose condition holds (%o)', (answers) => {
    const expected = conditions
      .flatMap(([, holds], index) =>
        holds(answers) ? [`${index}: vero`, `${index}: `] : [`${index}: `, `${index}: falso`],
      )
      .join('\n');
    expect(extractDocumentText(renderDocx(master, answers))).toBe(expected);
  });

  it('groups a filtered condition before ? : as it reads', () => {
    const paragraphs = ['Pulizie incluse: {servizi | contiene:"Pulizie" ? "sì" : "no"}.'];
    expect(renderText(paragraphs, { servizi: ['Pulizie'] })).toBe('Pulizie incluse: sì.');
    expect(renderText(paragraphs, { servizi: ['Giardino'] })).toBe('Pulizie incluse: no.');
  });

  it('still reads a key named not, and the word not inside an option', () => {
    const paragraphs = ['{not}', '{#not == "not x" and not servizi | contiene:"Pulizie"}sì{/}'];
    expect(renderText(paragraphs, { not: 'not x', servizi: ['Giardino'] })).toBe('not x\nsì');
    expect(renderText(paragraphs, { not: 'not x', servizi: ['Pulizie'] })).toBe('not x');
  });
});

describe('apostrophes that Word made typographic', () => {
  const WITH = 'Sì, con l’arredamento';

  function documentXml(docx: Buffer): string {
    return new PizZip(docx).file('word/document.xml')?.asText() ?? '';
  }

  it.each([
    ['straight quotes, typographic apostrophe', '{#arredo == "Sì, con l’arredamento"}'],
    ['typographic quotes and apostrophe', '{#arredo == “Sì, con l’arredamento”}'],
    ['straight quotes and apostrophe', '{#arredo == "Sì, con l\'arredamento"}'],
    ['typographic quotes, left quote as apostrophe', '{#arredo == “Sì, con l‘arredamento”}'],
  ])('keeps the clause when the answer is the option (%s)', (_, opening) => {
    const template = buildDocx(['Inizio', opening, 'Clausola sugli arredi', '{/}', 'Fine']);
    expect(documentXml(renderDocx(template, { arredo: WITH }))).toContain('Clausola sugli arredi');
    expect(documentXml(renderDocx(template, { arredo: "Sì, con l'arredamento" }))).toContain(
      'Clausola sugli arredi',
    );
    expect(documentXml(renderDocx(template, { arredo: 'No' }))).not.toContain(
      'Clausola sugli arredi',
    );
    expect(documentXml(renderDocx(template, {}))).not.toContain('Clausola sugli arredi');
  });

  it('applies the same comparison to inverse sections and !=', () => {
    const paragraphs = [
      '{^arredo == “Sì, con l’arredamento”}Immobile vuoto.{/}',
      '{#arredo != "Sì, con l\'arredamento"}Senza arredi.{/}',
    ];
    expect(renderText(paragraphs, { arredo: WITH })).toBe('');
    expect(renderText(paragraphs, { arredo: 'No' })).toBe('Immobile vuoto.\nSenza arredi.');
  });

  it('tests a multiple selection with contiene, whichever apostrophe the tag has', () => {
    const paragraphs = [
      '{#servizi | contiene:"Pulizia dell’androne"}Androne.{/}',
      "{#servizi | contiene:“Pulizia dell'androne”}Androne bis.{/}",
    ];
    expect(renderText(paragraphs, { servizi: ['Portineria', 'Pulizia dell’androne'] })).toBe(
      'Androne.\nAndrone bis.',
    );
    expect(renderText(paragraphs, { servizi: ['Portineria'] })).toBe('');
  });

  it('writes the answer with its typographic apostrophe, also in lists and loops', () => {
    const docx = renderDocx(
      buildDocx([
        'Arredo: {arredo}.',
        'Servizi: {servizi}.',
        '{#servizi}- {.}{/}',
        '{#arredo == "Sì, con l\'arredamento"}Scelto: {arredo}.{/}',
      ]),
      { arredo: WITH, servizi: ['Pulizia dell’androne', 'Cura dell’orto'] },
    );
    expect(extractDocumentText(docx)).toBe(
      [
        'Arredo: Sì, con l’arredamento.',
        'Servizi: Pulizia dell’androne e Cura dell’orto.',
        '- Pulizia dell’androne- Cura dell’orto',
        'Scelto: Sì, con l’arredamento.',
      ].join('\n'),
    );
    expect(documentXml(docx)).not.toContain("l'");
  });

  it('keeps the output deterministic and the cached template untouched', () => {
    const template = buildDocx(['{#arredo == “Sì, con l’arredamento”}Arredato: {arredo}.{/}']);
    const first = renderDocx(template, { arredo: WITH }, { cacheKey: 'apostrophes' });
    const other = renderDocx(template, { arredo: 'No' }, { cacheKey: 'apostrophes' });
    const again = renderDocx(template, { arredo: WITH }, { cacheKey: 'apostrophes' });
    expect(extractDocumentText(first)).toBe('Arredato: Sì, con l’arredamento.');
    expect(extractDocumentText(other)).toBe('');
    expect(again.equals(first)).toBe(true);
  });
});

describe('deterministic output', () => {
  const originalTimeZone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTimeZone;
    vi.useRealTimers();
  });

  it('gives byte-identical files for the same template and answers, at any time and zone', () => {
    const template = buildSampleContract(3);
    vi.useFakeTimers({ toFake: ['Date'] });
    process.env.TZ = 'UTC';
    vi.setSystemTime(new Date('2026-01-10T10:00:00Z'));
    const first = renderDocx(template, SAMPLE_ANSWERS);
    process.env.TZ = 'Asia/Tokyo';
    vi.setSystemTime(new Date('2031-07-21T23:59:58Z'));
    const second = renderDocx(template, SAMPLE_ANSWERS, { cacheKey: 'sample-3' });
    const third = renderDocx(template, SAMPLE_ANSWERS, { cacheKey: 'sample-3' });
    expect(second.equals(first)).toBe(true);
    expect(third.equals(first)).toBe(true);
  });

  it('stores the parts of a .docx only LibreOffice reads, with the same text, and deflates the rest', () => {
    const template = buildDocx(['Locatore: {nome}.']);
    const answers = { nome: 'Mario Rossi' };
    const deflated = renderDocx(template, answers, { cacheKey: 'stored' });
    const stored = renderDocx(template, answers, { cacheKey: 'stored', uncompressed: true });
    expect(extractDocumentText(stored)).toBe('Locatore: Mario Rossi.');
    expect(extractDocumentText(deflated)).toBe('Locatore: Mario Rossi.');
    // Stored, the document's XML is in the file as is; deflated, it is not.
    expect(stored.toString('latin1')).toContain('Locatore: Mario Rossi.');
    expect(deflated.toString('latin1')).not.toContain('Locatore: Mario Rossi.');
    // The download's bytes are those they were before this option.
    expect(renderDocx(template, answers, { cacheKey: 'stored' }).equals(deflated)).toBe(true);
  });

  it('does not let one render leak into the cached template', () => {
    const template = buildDocx(['{nome}']);
    const forAnna = renderDocx(template, { nome: 'Anna' }, { cacheKey: 'leak' });
    const forMario = renderDocx(template, { nome: 'Mario' }, { cacheKey: 'leak' });
    expect(extractDocumentText(forAnna)).toBe('Anna');
    expect(extractDocumentText(forMario)).toBe('Mario');
    expect(renderDocx(template, { nome: 'Anna' }, { cacheKey: 'leak' }).equals(forAnna)).toBe(true);
  });

  it('compresses the output with DEFLATE', () => {
    const docx = renderDocx(buildSampleContract(3), SAMPLE_ANSWERS);
    const stored = new PizZip(docx).generate({ type: 'nodebuffer', compression: 'STORE' });
    expect(docx.length).toBeLessThan(stored.length / 5);
  });
});
