import { it as messages, type QuestionRules } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import { lintTemplate } from './lint.ts';
import { buildDocx } from './test-docx.ts';

const lint = messages.documents.lint;
const problem = messages.documents.lintProblem;
const { fileNames, lintPlace, lintParts } = messages.documents;
/** Where the tags of these tests lie: the master's (or the preview's) body. */
const MASTER = lintPlace([fileNames.master], lintParts.body);
const kinds = lint.valueKinds;

/** Typed questions as issue 11 defines them: `type` and, for an elenco, `fields`. */
const QUESTIONS = [
  { variable: 'canone', type: 'importo' },
  { variable: 'mesi', type: 'numero' },
  { variable: 'data_inizio', type: 'data' },
  { variable: 'citta', type: 'testo' },
  { variable: 'servizi', options: ['Pulizie', 'Giardino'], is_multiple_selection: true },
  {
    variable: 'conduttori',
    type: 'elenco',
    fields: [
      { variable: 'nome', type: 'testo' },
      { variable: 'cognome', type: 'testo' },
      { variable: 'nato_il', type: 'data' },
    ],
  },
].map((q) => ({ options: [], is_multiple_selection: false, required_answers: [], ...q }));

const lintTags = (paragraphs: string[]) =>
  lintTemplate({
    master: buildDocx(paragraphs),
    questions: QUESTIONS as unknown as QuestionRules[],
  }).errors;

describe('lint of typed tags and Italian filters', () => {
  it('accepts every filter on its own kind of value, and elenco fields inside the loop', () => {
    expect(
      lintTags([
        '{canone} {canone | importo} {canone | euro} {canone | importo_lettere} {mesi | numero_lettere} {mesi | percentuale}',
        '{canone * mesi | euro} {#canone > 1000}alto{/}',
        '{data_inizio | data} {data_inizio | data_lunga} {data_inizio | aggiungi_giorni:3 | data}',
        '{data_inizio | aggiungi_mesi:mesi | data_lunga} {data_inizio | aggiungi_anni:4}',
        '{citta}, lì {oggi | data_lunga} {citta | maiuscolo} {citta | minuscolo}',
        '{servizi | elenco} {conduttori | elenco:"cognome"} {conduttori | numero_elementi}',
        '{conduttori | plurale:"il conduttore":"i conduttori"}',
        '{#conduttori}{nome} {cognome}, nato il {nato_il | data_lunga}{/conduttori}',
      ]),
    ).toEqual([]);
  });

  it('reports a filter applied to the wrong kind of value, naming the tag as typed', () => {
    const paragraph = '{canone | data_lunga}';
    expect(lintTags([paragraph])).toEqual([
      problem(
        MASTER,
        '{canone | data_lunga}',
        lint.filterWrongType('data_lunga', kinds.importo, kinds.data),
        paragraph,
      ),
    ]);
    expect(lintTags(['{citta | euro}'])).toEqual([
      problem(
        MASTER,
        '{citta | euro}',
        lint.filterWrongType('euro', kinds.testo, `${kinds.numero} o ${kinds.importo}`),
        '{citta | euro}',
      ),
    ]);
    expect(lintTags(['{citta | plurale:"a":"b"}'])).toEqual([
      problem(
        MASTER,
        '{citta | plurale:"a":"b"}',
        lint.filterWrongType('plurale', kinds.testo, kinds.lista),
        '{citta | plurale:"a":"b"}',
      ),
    ]);
    expect(lintTags(['{data_inizio | aggiungi_anni:2 | euro}'])).toHaveLength(1);
    expect(lintTags(['{canone * 3 | data}'])).toHaveLength(1);
  });

  it('reports an unknown filter, listing the filters that exist', () => {
    const errors = lintTags(['{canone | valuta}']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('«{canone | valuta}»');
    expect(errors[0]).toContain('il filtro «valuta» non esiste');
    expect(errors[0]).toContain('importo_lettere');
  });

  it('reports a filter given the wrong number of options', () => {
    expect(lintTags(['{conduttori | plurale:"il conduttore"}'])).toEqual([
      problem(
        MASTER,
        '{conduttori | plurale:"il conduttore"}',
        lint.filterOptionCount('plurale', '2'),
        '{conduttori | plurale:"il conduttore"}',
      ),
    ]);
  });

  it('reports a field the elenco does not have, and elenco fields outside their loop', () => {
    const paragraph = '{#conduttori}{nome} {cognme}{/conduttori}';
    expect(lintTags([paragraph])).toEqual([
      problem(
        MASTER,
        '{cognme}',
        lint.unknownField('cognme', 'conduttori', 'nome, cognome, nato_il'),
        paragraph,
      ),
    ]);
    expect(lintTags(['{nome}'])[0]).toContain(lint.unknownVariable('nome'));
  });

  it('reports a filter option that is an expression, as a filter binds loosest', () => {
    const paragraph = '{#data_inizio | aggiungi_anni:4 > oggi}x{/}';
    expect(lintTags([paragraph])).toEqual([
      problem(
        MASTER,
        '{#data_inizio | aggiungi_anni:4 > oggi}',
        lint.filterOptionNotSimple('aggiungi_anni'),
        paragraph,
      ),
    ]);
    expect(lintTags(['{#(data_inizio | aggiungi_anni:4) > oggi}x{/}'])).toEqual([]);
    expect(lintTags(['{data_inizio | aggiungi_giorni:-3}'])).toEqual([]);
  });

  it('reports an elenco printed whole by a plain tag', () => {
    expect(lintTags(['Conduttori: {conduttori}'])).toEqual([
      problem(MASTER, '{conduttori}', lint.elencoPrinted('conduttori'), 'Conduttori: {conduttori}'),
    ]);
  });
});
