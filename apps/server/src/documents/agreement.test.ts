import { describe, expect, it } from 'vitest';
import {
  AGREEMENT_DICTIONARY_SIZE,
  agreementOf,
  agreePhrase,
  unknownAgreementWords,
} from './agreement.ts';
import { extractDocumentText, renderDocx } from './render.ts';
import { buildDocx } from './test-docx.ts';
import type { TemplateQuestion } from './typed-answers.ts';

const MAN = { nome: 'Mario', genere: 'maschile', forma: 'persona_fisica' };
const WOMAN = { nome: 'Anna', genere: 'femminile', forma: 'persona_fisica' };
const COMPANY = { nome: 'Alfa S.r.l.', forma: 'persona_giuridica' };

const of = (party: unknown, phrase: string) => agreePhrase(phrase, agreementOf(party));

describe('accorda: a party’s words in its gender and number', () => {
  it('agrees a role noun with its article for one man, one woman, men, women and companies', () => {
    expect(of([MAN], 'il conduttore')).toBe('il conduttore');
    expect(of([WOMAN], 'il conduttore')).toBe('la conduttrice');
    expect(of([MAN, MAN], 'il conduttore')).toBe('i conduttori');
    expect(of([WOMAN, WOMAN], 'il conduttore')).toBe('le conduttrici');
    // A group is feminine only when every member is.
    expect(of([WOMAN, MAN], 'il conduttore')).toBe('i conduttori');
    expect(of([COMPANY], 'il conduttore')).toBe('la società conduttrice');
    expect(of([COMPANY, COMPANY], 'il locatore')).toBe('le società locatrici');
    expect(of(WOMAN, 'il debitore')).toBe('la debitrice');
  });

  it('writes participles, pronouns and the formula of the undersigned', () => {
    expect(of([WOMAN], 'nato')).toBe('nata');
    expect(of([MAN, WOMAN], 'nato')).toBe('nati');
    expect(of([WOMAN, WOMAN], 'domiciliato')).toBe('domiciliate');
    expect(of([WOMAN], 'Il sottoscritto')).toBe('La sottoscritta');
    expect(of([WOMAN, WOMAN], 'Il sottoscritto')).toBe('Le sottoscritte');
    expect(of([WOMAN], 'lo')).toBe('la');
    expect(of([MAN, MAN], 'lo')).toBe('li');
    expect(of([WOMAN], 'il quale')).toBe('la quale');
    expect(of([MAN, MAN], 'il quale')).toBe('i quali');
    expect(of([WOMAN], 'celibe')).toBe('nubile');
    expect(of([MAN], 'residente')).toBe('residente');
  });

  it('elides and chooses articles and articulated prepositions by the word that follows', () => {
    expect(of([WOMAN], "l'avvocato")).toBe("l'avvocata");
    expect(of([MAN, MAN], "l'avvocato")).toBe('gli avvocati');
    expect(of([WOMAN], "dell'avvocato")).toBe("dell'avvocata");
    expect(of([MAN], 'del conduttore')).toBe('del conduttore');
    expect(of([WOMAN], 'del conduttore')).toBe('della conduttrice');
    expect(of([WOMAN, WOMAN], 'al locatore')).toBe('alle locatrici');
    expect(of([MAN], 'lo studio')).toBe('lo studio');
    expect(of([MAN, MAN], 'lo studio')).toBe('gli studi');
    expect(of([MAN, MAN], 'il legale rappresentante')).toBe('i legali rappresentanti');
    expect(of([WOMAN], 'il legale rappresentante')).toBe('la legale rappresentante');
    expect(of([WOMAN], 'il datore di lavoro')).toBe('la datrice di lavoro');
    expect(of([WOMAN], 'la parte')).toBe('la parte');
    expect(of([MAN, MAN], 'la parte')).toBe('le parti');
    expect(of([WOMAN], 'un professionista')).toBe('una professionista');
  });

  it('knows at least 80 words, and names those it does not', () => {
    expect(AGREEMENT_DICTIONARY_SIZE).toBeGreaterThanOrEqual(80);
    expect(unknownAgreementWords("il conduttore, nato e l'avvocato")).toEqual([]);
    expect(of([WOMAN], 'il conduttore, nato')).toBe('la conduttrice, nata');
    expect(unknownAgreementWords('il pensionato')).toEqual(['pensionato']);
    // Outside the dictionary, the regular endings.
    expect(of([WOMAN], 'il pensionato')).toBe('la pensionata');
  });
});

describe('accorda in a template', () => {
  const QUESTIONS: TemplateQuestion[] = [
    {
      variable: 'conduttori',
      type: 'elenco',
      fields: [
        { variable: 'nome', type: 'testo' },
        { variable: 'genere', options: ['maschile', 'femminile'] },
      ],
    },
  ];
  const text = (paragraph: string, conduttori: unknown[]) =>
    extractDocumentText(
      renderDocx(buildDocx([paragraph]), { conduttori }, { questions: QUESTIONS }),
    );

  it('agrees with the whole elenco, and with each item inside its loop', () => {
    const paragraph =
      '{conduttori | accorda:"Il sottoscritto"} {conduttori | elenco:"nome"}, {conduttori | accorda:"nato"} a Roma.';
    expect(text(paragraph, [WOMAN])).toBe('La sottoscritta Anna, nata a Roma.');
    expect(text(paragraph, [WOMAN, MAN])).toBe('I sottoscritti Anna e Mario, nati a Roma.');
    expect(text('{#conduttori}{nome}, {. | accorda:"nato"}; {/conduttori}', [WOMAN, MAN])).toBe(
      'Anna, nata; Mario, nato; ',
    );
  });

  it('agrees with the answer to a single party’s own genere question', () => {
    const questions: TemplateQuestion[] = [
      { variable: 'genere', options: ['maschile', 'femminile'] },
    ];
    const render = (genere: string) =>
      extractDocumentText(
        renderDocx(
          buildDocx([
            '{genere | accorda:"Il sottoscritto"}, {genere | accorda:"iscritto"} all’Albo',
          ]),
          { genere },
          { questions },
        ),
      );
    expect(render('femminile')).toBe('La sottoscritta, iscritta all’Albo');
    expect(render('maschile')).toBe('Il sottoscritto, iscritto all’Albo');
  });
});
