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
  { variable: 'data_fine', type: 'data' },
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
  {
    variable: 'creditori',
    type: 'elenco',
    fields: [
      { variable: 'ruolo', type: 'testo' },
      { variable: 'importo', type: 'importo' },
      { variable: 'scadenza', type: 'data' },
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

  it('accepts the spans between dates and the filters over an elenco', () => {
    expect(
      lintTags([
        '{data_fine | giorni_tra:data_inizio} {data_fine | mesi_tra:data_inizio} {data_fine | anni_tra:oggi}',
        '{data_fine | durata:data_inizio} {data_inizio | giorno_settimana}',
        '{creditori | somma:"importo" | euro} {creditori | somma:"importo" | importo_lettere}',
        '{creditori | conta} {creditori | conta:"ruolo":"Banca"} {creditori | massimo:"scadenza" | data_lunga}',
        '{#creditori | tutti:"ruolo":"Banca"}solo banche{/} {#creditori | almeno_uno:"ruolo":"Banca"}una banca{/}',
        '{#(data_fine | giorni_tra:data_inizio) > 30}oltre trenta giorni{/}',
        '{servizi | casella:"Pulizie"} {citta | carattere:1} {citta | oppure:"—"}',
        '{conduttori | accorda:"Il sottoscritto"} {#conduttori}{. | accorda:"nato"}{/conduttori}',
      ]),
    ).toEqual([]);
  });

  it('takes percento and maggiorato on an amount, as an amount, and refuses them on a date or without a rate', () => {
    expect(
      lintTags([
        '{(creditori | somma:"importo") | maggiorato:15 | percento:4 | euro}',
        '{canone | percento:2.5 | importo_lettere} {(canone | maggiorato:22) - (canone | percento:20) | importo}',
      ]),
    ).toEqual([]);
    expect(lintTags(['{data_inizio | percento:15}'])).toEqual([
      problem(
        MASTER,
        '{data_inizio | percento:15}',
        lint.filterWrongType('percento', kinds.data, `${kinds.numero} o ${kinds.importo}`),
        '{data_inizio | percento:15}',
      ),
    ]);
    expect(lintTags(['{canone | maggiorato}'])).toHaveLength(1);
    expect(lintTags(['{canone | percento:15 | data}'])).toHaveLength(1);
  });

  it('warns about a word accorda does not know, and refuses agreement without words', () => {
    const result = lintTemplate({
      master: buildDocx(['{conduttori | accorda:"il pensionato"}']),
      questions: QUESTIONS as unknown as QuestionRules[],
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toContainEqual(
      problem(
        MASTER,
        '{conduttori | accorda:"il pensionato"}',
        lint.agreementUnknownWords('pensionato'),
        '{conduttori | accorda:"il pensionato"}',
      ),
    );
    expect(lintTags(['{conduttori | accorda:citta}'])).toContainEqual(
      problem(
        MASTER,
        '{conduttori | accorda:citta}',
        lint.agreementNeedsText,
        '{conduttori | accorda:citta}',
      ),
    );
  });

  it('reports a checkbox for an option the question does not have', () => {
    expect(lintTags(['{servizi | casella:"Pulizia"}'])).toEqual([
      problem(
        MASTER,
        '{servizi | casella:"Pulizia"}',
        lint.unknownOption('servizi', 'Pulizia', 'Pulizie, Giardino'),
        '{servizi | casella:"Pulizia"}',
      ),
    ]);
  });

  it('refuses arithmetic on a date, naming the filter to use instead', () => {
    const paragraph = 'Durata: {data_fine - data_inizio} giorni.';
    expect(lintTags([paragraph])).toEqual([
      problem(
        MASTER,
        '{data_fine - data_inizio}',
        lint.dateArithmetic('data_fine - data_inizio', '{data_fine | giorni_tra:data_inizio}'),
        paragraph,
      ),
    ]);
    expect(lintTags(['{data_inizio + 30}'])[0]).toContain('giorni_tra');
    expect(lintTags(['{oggi - data_inizio}'])).toHaveLength(1);
    expect(lintTags(['{(data_inizio | aggiungi_anni:1) - data_inizio}'])).toHaveLength(1);
    expect(lintTags(['{#conduttori}{nato_il + 1}{/conduttori}'])).toHaveLength(1);
  });

  it('reports a span to something that is not a date, and a list filter without a field of the elenco', () => {
    expect(lintTags(['{data_fine | giorni_tra:canone}'])).toEqual([
      problem(
        MASTER,
        '{data_fine | giorni_tra:canone}',
        lint.dateSpanNeedsDate('giorni_tra'),
        '{data_fine | giorni_tra:canone}',
      ),
    ]);
    expect(lintTags(['{creditori | somma:"importi"}'])).toEqual([
      problem(
        MASTER,
        '{creditori | somma:"importi"}',
        lint.listFieldNeeded('somma', 'creditori', 'ruolo, importo, scadenza'),
        '{creditori | somma:"importi"}',
      ),
    ]);
    expect(lintTags(['{creditori | somma:"scadenza" | data}'])).toHaveLength(1);
    expect(lintTags(['{canone | somma:"importo"}'])).toHaveLength(1);
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
