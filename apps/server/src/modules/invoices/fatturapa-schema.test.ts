import { describe, expect, it } from 'vitest';
import { buildFatturaPa } from './fatturapa.ts';
import {
  assertValidFatturaPa,
  fatturaPaProblems,
  InvalidFatturaPaError,
} from './fatturapa-schema.ts';

const sede = { indirizzo: 'via Toledo 10', cap: '80134', comune: 'Napoli', nazione: 'IT' };

/** An invoice to `cognome`; `progressivo` makes each text (and its verdict) new. */
function invoice(cognome: string, progressivo: number): string {
  return buildFatturaPa({
    tipoDocumento: 'TD01',
    numero: `LP-2026/${String(progressivo).padStart(6, '0')}`,
    data: '2026-11-27',
    progressivoInvio: progressivo.toString(36).toUpperCase().padStart(5, '0'),
    seller: {
      denominazione: 'LexPath S.r.l.',
      partitaIva: '01234567897',
      codiceFiscale: '01234567897',
      regimeFiscale: 'RF01',
      sede: { ...sede, provincia: 'NA' },
    },
    buyer: {
      tipo: 'persona_fisica',
      nome: 'Mario',
      cognome,
      partitaIva: '12345678903',
      codiceFiscale: 'RSSMRA80A01H501U',
      sede: { ...sede, provincia: 'NA' },
      pecDestinatario: 'fatture.rossi@pec.test.it',
    },
    lines: [{ descrizione: 'Contratto di locazione abitativa', prezzoCents: 4990 }],
  });
}

/** Over the schema's 60 characters for a surname: refused by the schema alone. */
const TOO_LONG = 'R'.repeat(61);

describe('the FatturaPA schema check', () => {
  it('judges each document on its own: a refused invoice between two valid ones leaves nothing behind for the next', () => {
    expect(fatturaPaProblems(invoice('Rossi', 1))).toEqual([]);
    const refused = fatturaPaProblems(invoice(TOO_LONG, 2));
    expect(refused.join('\n')).toMatch(/Cognome/);
    expect(fatturaPaProblems(invoice('Bianchi', 3))).toEqual([]);
    expect(() => assertValidFatturaPa(invoice(TOO_LONG, 4))).toThrow(InvalidFatturaPaError);
    expect(() => assertValidFatturaPa(invoice('Verdi', 5))).not.toThrow();
  });

  it('names the line and the element the schema refuses', () => {
    const xml = invoice('Neri', 6).replace('<CAP>80134</CAP>', '<CAP>8013</CAP>');
    const [first] = fatturaPaProblems(xml);
    expect(first).toMatch(/^\d+: Element 'CAP'.*8013.*\(\/p:FatturaElettronica\/.*\/CAP\)$/);
  });

  it("refuses a text that is not XML (a control character in a name) with the parser's reason", () => {
    const problems = fatturaPaProblems(invoice('Ugo\u0001', 7));
    expect(problems.join('\n')).toMatch(/invalid Char value 1/);
  });

  it('reads the signature schema the FatturaPA schema imports from memory, never from a URL', () => {
    const signed = invoice('Gialli', 8).replace(
      '</p:FatturaElettronica>',
      '<ds:Signature><ds:SignedInfo/></ds:Signature></p:FatturaElettronica>',
    );
    // The signature's own schema is in force: an empty SignedInfo is refused by it.
    expect(fatturaPaProblems(signed).join('\n')).toMatch(/CanonicalizationMethod/);
  });
});
