import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amount,
  buildFatturaPa,
  type FatturaPaDocument,
  fatturaPaFileName,
  type InvoiceBuyer,
  invoiceTotals,
  latin1,
} from './fatturapa.ts';

const run = promisify(execFile);
const SCHEMA = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'schema/Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd',
);

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexpath-fatturapa-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** xmllint's verdict on the official schema (no network: the schemas are local). */
async function validate(xml: string): Promise<{ ok: boolean; output: string }> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xml`);
  await writeFile(file, xml);
  try {
    const { stderr } = await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, file]);
    return { ok: true, output: stderr };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: string }).stderr ?? error) };
  }
}

const SELLER: FatturaPaDocument['seller'] = {
  denominazione: 'LexPath S.r.l.',
  partitaIva: '01234567897',
  codiceFiscale: '01234567897',
  regimeFiscale: 'RF01',
  sede: {
    indirizzo: 'via del Corso 100',
    cap: '00186',
    comune: 'Roma',
    provincia: 'RM',
    nazione: 'IT',
  },
};

const NAPOLI = {
  indirizzo: 'via Toledo 10',
  cap: '80134',
  comune: 'Napoli',
  provincia: 'NA',
  nazione: 'IT',
};

const BUYERS: Record<string, InvoiceBuyer> = {
  'a professional (persona fisica) reached by PEC': {
    tipo: 'persona_fisica',
    nome: 'Marco',
    cognome: 'Esposito',
    partitaIva: '12345678903',
    codiceFiscale: 'RSSMRA80A01H501U',
    sede: NAPOLI,
    pecDestinatario: 'marco.esposito@pec.avvocatinapoli.it',
  },
  'a law firm (studio associato) with an SDI code': {
    tipo: 'studio',
    denominazione: 'Studio Legale Esposito & Bianchi',
    partitaIva: '12345678903',
    codiceFiscale: '12345678903',
    sede: NAPOLI,
    codiceDestinatario: 'M5UXCR1',
  },
  'a company (società) with an SDI code and a name holding & and quotes': {
    tipo: 'societa',
    denominazione: 'Alfa & Beta "Consulenze" S.r.l.',
    partitaIva: '00743110157',
    codiceFiscale: '00743110157',
    sede: { ...NAPOLI, indirizzo: 'corso Umberto I 1 <scala B>' },
    codiceDestinatario: 'KRRH6B9',
  },
};

function invoice(buyer: InvoiceBuyer, extra: Partial<FatturaPaDocument> = {}): FatturaPaDocument {
  return {
    tipoDocumento: 'TD01',
    numero: '2026/000001',
    data: '2026-11-23',
    progressivoInvio: '00001',
    seller: SELLER,
    buyer,
    lines: [{ descrizione: 'Contratto di locazione ad uso abitativo', prezzoCents: 3900 }],
    ...extra,
  };
}

describe('text the schema accepts', () => {
  it('keeps Italian accents and spells typography and other scripts in Latin-1', () => {
    expect(latin1('Attività già svolta, perché è così')).toBe('Attività già svolta, perché è così');
    expect(latin1('d’opera «NDA» – “bozza”… 10 €')).toBe('d\'opera «NDA» - "bozza"... 10 EUR');
    expect(latin1('Łukasz Dvořák')).toBe('Lukasz Dvorák');
    expect(latin1('Contratto\u0001 王')).toBe('Contratto  ?');
  });
});

describe('amounts', () => {
  it('writes cents with two decimals and a point', () => {
    expect(amount(4758)).toBe('47.58');
    expect(amount(5)).toBe('0.05');
    expect(amount(123456789)).toBe('1234567.89');
    expect(amount(-4758)).toBe('-47.58');
    expect(() => amount(47.5)).toThrow();
  });

  it('totals the lines with the VAT the checkout charges, half-up to the cent', () => {
    expect(invoiceTotals([{ descrizione: 'x', prezzoCents: 3900 }])).toEqual({
      imponibileCents: 3900,
      impostaCents: 858,
      totaleCents: 4758,
    });
    // 0,25 € × 22 % = 5,5 cents: 6.
    expect(invoiceTotals([{ descrizione: 'x', prezzoCents: 25 }]).impostaCents).toBe(6);
  });
});

describe('the FatturaPA XML', () => {
  for (const [who, buyer] of Object.entries(BUYERS)) {
    it(`is valid against the official schema for ${who}`, async () => {
      const xml = buildFatturaPa(invoice(buyer));
      const verdict = await validate(xml);
      expect(verdict.ok, verdict.output).toBe(true);
      expect(xml).toContain('<ImportoTotaleDocumento>47.58</ImportoTotaleDocumento>');
      expect(xml).toContain('<ImponibileImporto>39.00</ImponibileImporto>');
      expect(xml).toContain('<Imposta>8.58</Imposta>');
      expect(xml).toContain('<ModalitaPagamento>MP08</ModalitaPagamento>');
    });
  }

  it('sends to the PEC with seven zeros as the SDI code, or to the SDI code alone', () => {
    const byPec = buildFatturaPa(
      invoice(BUYERS['a professional (persona fisica) reached by PEC'] as InvoiceBuyer),
    );
    expect(byPec).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(byPec).toContain(
      '<PECDestinatario>marco.esposito@pec.avvocatinapoli.it</PECDestinatario>',
    );
    expect(byPec).toContain('<Nome>Marco</Nome>');
    const bySdi = buildFatturaPa(
      invoice(BUYERS['a law firm (studio associato) with an SDI code'] as InvoiceBuyer),
    );
    expect(bySdi).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(bySdi).not.toContain('PECDestinatario');
    expect(bySdi).toContain('<Denominazione>Studio Legale Esposito &amp; Bianchi</Denominazione>');
  });

  it('is a valid credit note (TD04) naming the invoice it corrects', async () => {
    const xml = buildFatturaPa(
      invoice(BUYERS['a law firm (studio associato) with an SDI code'] as InvoiceBuyer, {
        tipoDocumento: 'TD04',
        numero: '2026/000002',
        progressivoInvio: '00002',
        rettifica: { numero: '2026/000001', data: '2026-11-23' },
        causale: 'Storno totale della fattura n. 2026/000001 del 23/11/2026 per rimborso',
      }),
    );
    const verdict = await validate(xml);
    expect(verdict.ok, verdict.output).toBe(true);
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toMatch(/<DatiFattureCollegate>\s*<IdDocumento>2026\/000001<\/IdDocumento>/);
  });

  it('is valid with several lines and a price with cents', async () => {
    const xml = buildFatturaPa(
      invoice(
        BUYERS[
          'a company (società) with an SDI code and a name holding & and quotes'
        ] as InvoiceBuyer,
        {
          lines: [
            { descrizione: 'Accordo di riservatezza (NDA)', prezzoCents: 1050 },
            {
              descrizione: 'Contratto di prestazione d’opera professionale',
              prezzoCents: 123450,
            },
          ],
        },
      ),
    );
    const verdict = await validate(xml);
    expect(verdict.ok, verdict.output).toBe(true);
    // 10,50 + 1.234,50 = 1.245,00; VAT 273,90; total 1.518,90.
    expect(xml).toContain('<ImportoTotaleDocumento>1518.90</ImportoTotaleDocumento>');
    expect(xml).toContain('<NumeroLinea>2</NumeroLinea>');
    // The typographic apostrophe of the title is outside the schema's Latin-1.
    expect(xml).toContain(
      "<Descrizione>Contratto di prestazione d'opera professionale</Descrizione>",
    );
  });

  it('fails the schema when a field breaks it (the check is not vacuous)', async () => {
    const broken = invoice({
      ...(BUYERS['a law firm (studio associato) with an SDI code'] as InvoiceBuyer),
      sede: { ...NAPOLI, cap: '8013' },
    });
    const verdict = await validate(buildFatturaPa(broken));
    expect(verdict.ok).toBe(false);
    expect(verdict.output).toContain('CAP');
  });

  it('is named as the SDI expects', () => {
    expect(
      fatturaPaFileName(
        invoice(BUYERS['a law firm (studio associato) with an SDI code'] as InvoiceBuyer),
      ),
    ).toBe('IT01234567897_00001.xml');
  });
});
