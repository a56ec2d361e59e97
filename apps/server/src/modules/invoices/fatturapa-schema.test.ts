import { afterAll, describe, expect, it } from 'vitest';
import { buildFatturaPa } from './fatturapa.ts';
import {
  fatturaPaProblems,
  fatturaPaProblemsOfEach,
  stopFatturaPaCheckers,
} from './fatturapa-schema.ts';

afterAll(async () => {
  await stopFatturaPaCheckers();
});

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
  it('judges each run on its own documents: a refused invoice between two valid ones leaves nothing behind in the thread that checks the next', {
    timeout: 60_000,
  }, async () => {
    expect(await fatturaPaProblems(invoice('Rossi', 1))).toEqual([]);
    const refused = await fatturaPaProblems(invoice(TOO_LONG, 2));
    expect(refused.join('\n')).toMatch(/Cognome/);
    expect(await fatturaPaProblems(invoice('Bianchi', 3))).toEqual([]);
    const batch = await fatturaPaProblemsOfEach([
      invoice('Verdi', 4),
      invoice(TOO_LONG, 5),
      invoice('Neri', 6),
    ]);
    expect(batch[0]).toEqual([]);
    expect(batch[1]?.join('\n')).toMatch(/Cognome/);
    expect(batch[2]).toEqual([]);
  });

  it('gives no verdict when its thread dies mid-check (nothing remembered), and checks the same document again on a new thread', {
    timeout: 60_000,
  }, async () => {
    const xml = invoice('Gialli', 7);
    // The document is posted to its thread within the call: stopping the thread at once kills
    // the run under way.
    const checking = fatturaPaProblems(xml);
    await stopFatturaPaCheckers();
    await expect(checking).rejects.toThrow(/checker thread exited/);
    expect(await fatturaPaProblems(xml)).toEqual([]);
  });
});
