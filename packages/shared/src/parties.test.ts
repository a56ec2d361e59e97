import { describe, expect, it } from 'vitest';
import { it as texts } from './messages/it.ts';
import { findPartyField, PARTY_FIELDS } from './parties.ts';
import { type TQuestionInput, ZQuestions } from './schemas/questions.ts';

const conduttori = (campi: Record<string, string>): TQuestionInput => ({
  variable: 'conduttori',
  question: 'Chi prende in locazione l’immobile?',
  type: 'elenco',
  fields: [
    { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
    { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
    { variable: 'nascita', question: 'Data di nascita', type: 'data' },
  ],
  label_singolare: 'il conduttore',
  label_plurale: 'i conduttori',
  parte: { ruolo: 'conduttore', campi },
});

function problemsOf(questions: TQuestionInput[]): string[] {
  const result = ZQuestions.safeParse(questions);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('party marks on a question list', () => {
  it('offers the register’s fields, the legal representative’s and the composed ones', () => {
    const names = PARTY_FIELDS.map((field) => field.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'nome',
        'cognome',
        'codice_fiscale',
        'denominazione',
        'partita_iva',
        'nome_completo',
        'indirizzo_completo',
        'legale_rappresentante.nome',
        'legale_rappresentante.codice_fiscale',
        'legale_rappresentante.nome_completo',
      ]),
    );
    expect(new Set(names).size).toBe(names.length);
    expect(findPartyField('legale_rappresentante.cognome')?.label).toBe(
      'Legale rappresentante: cognome',
    );
  });

  it('keeps an elenco and single questions mapped to compatible client fields', () => {
    const parsed = ZQuestions.parse([
      conduttori({
        nome: 'nome_completo',
        codice_fiscale: 'codice_fiscale',
        nascita: 'data_nascita',
      }),
      {
        variable: 'committente_genere',
        question: 'Il Committente è un uomo o una donna?',
        options: ['maschile', 'femminile'],
        parte: { ruolo: 'committente', campo: 'genere' },
      },
      {
        variable: 'committente_pec',
        question: 'PEC del Committente',
        type: 'email',
        parte: { ruolo: 'committente', campo: 'pec' },
      },
    ]);
    expect(parsed[0]?.parte).toEqual({
      ruolo: 'conduttore',
      campi: { nome: 'nome_completo', codice_fiscale: 'codice_fiscale', nascita: 'data_nascita' },
    });
    expect(parsed[1]?.parte).toEqual({ ruolo: 'committente', campo: 'genere' });
  });

  it('refuses a client field that does not exist, in Italian', () => {
    expect(problemsOf([conduttori({ nome: 'soprannome' })])).toEqual([
      texts.parties.unknownClientField('Chi prende in locazione l’immobile?', 'soprannome'),
    ]);
  });

  it('refuses a mapping whose types cannot meet', () => {
    expect(
      problemsOf([
        conduttori({ nascita: 'codice_fiscale' }),
        {
          variable: 'data_firma',
          question: 'Data di firma',
          type: 'testo',
          parte: { ruolo: 'conduttore', campo: 'data_nascita' },
        },
        {
          variable: 'sesso',
          question: 'Sesso',
          options: ['uomo', 'donna'],
          parte: { ruolo: 'conduttore', campo: 'genere' },
        },
      ]),
    ).toEqual([
      '«Chi prende in locazione l’immobile?»: il tipo della risposta non è compatibile con il campo del cliente «Codice fiscale».',
      '«Data di firma»: il tipo della risposta non è compatibile con il campo del cliente «Data di nascita».',
      '«Sesso»: il tipo della risposta non è compatibile con il campo del cliente «Genere».',
    ]);
  });

  it('refuses a field the elenco does not have, a role without a name, a field given twice', () => {
    expect(problemsOf([conduttori({ professione: 'nome' })])).toEqual([
      texts.parties.unknownListField('Chi prende in locazione l’immobile?', 'professione'),
    ]);
    expect(
      problemsOf([
        {
          variable: 'pec',
          question: 'PEC',
          type: 'email',
          parte: { ruolo: ' ', campo: 'pec' },
        },
      ]),
    ).toEqual([texts.parties.roleRequired]);
    expect(
      problemsOf([
        {
          variable: 'a',
          question: 'PEC',
          type: 'email',
          parte: { ruolo: 'Cliente', campo: 'pec' },
        },
        {
          variable: 'b',
          question: 'E-mail',
          type: 'email',
          parte: { ruolo: 'cliente', campo: 'pec' },
        },
      ]),
    ).toEqual([texts.parties.fieldMappedTwice('cliente', 'PEC')]);
  });

  it('refuses the list’s field mapping on a single question', () => {
    expect(
      problemsOf([
        {
          variable: 'pec',
          question: 'PEC',
          type: 'email',
          parte: { ruolo: 'cliente', campi: { pec: 'pec' } },
        } as unknown as TQuestionInput,
      ]),
    ).not.toEqual([]);
  });

  it('keeps the lawyer’s own fields for the reserved role «avvocato» and refuses them elsewhere', () => {
    const iban = (ruolo: string): TQuestionInput => ({
      variable: 'iban',
      question: 'IBAN del conto',
      type: 'iban',
      parte: { ruolo, campo: 'iban' },
    });
    expect(problemsOf([iban('Avvocato')])).toEqual([]);
    expect(problemsOf([iban('cliente')])).toEqual([
      texts.lawyerParty.onlyForLawyer('IBAN del conto', texts.lawyerParty.fields.iban),
    ]);
  });

  it('refuses the lawyer’s party on an elenco: the lawyer is one person', () => {
    const list = { ...conduttori({ nome: 'nome_completo' }) } as TQuestionInput & {
      parte: { ruolo: string };
    };
    list.parte = { ...list.parte, ruolo: 'avvocato' };
    expect(problemsOf([list])).toEqual([
      texts.lawyerParty.notAList('Chi prende in locazione l’immobile?'),
    ]);
  });
});
