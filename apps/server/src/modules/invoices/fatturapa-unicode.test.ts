import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { it as text } from '@lexpath/shared';
import {
  type TBillingProfile,
  type TBillingProfileInput,
  ZBillingProfile,
} from '@lexpath/shared/schemas/billing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingProfileValues } from '../billing/billing.service.ts';
import { buildFatturaPa } from './fatturapa.ts';
import { fatturaPaProblems } from './fatturapa-schema.ts';
import { buyerOf } from './invoices.service.ts';

const run = promisify(execFile);
const SCHEMA = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'schema/Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd',
);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'lexpath-fatturapa-unicode-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const SELLER = {
  denominazione: 'LexPath S.r.l.',
  partitaIva: '01234567897',
  codiceFiscale: '01234567897',
  regimeFiscale: 'RF01',
  sede: { indirizzo: 'via del Corso 100', cap: '00186', comune: 'Roma', provincia: 'RM' },
  invoicePrefix: 'LP-',
} as const;

/** The stored row a saved profile becomes (as saveBillingProfile writes it). */
function storedRow(profile: TBillingProfile): Parameters<typeof buyerOf>[0] {
  return {
    userId: '00000000-0000-4000-8000-000000000000',
    ...billingProfileValues(profile, 'account@pec.test.it'),
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

/** The invoice of a sale to `profile`, as issueInvoice writes it. */
function invoiceXml(profile: TBillingProfile, index: number): string {
  return buildFatturaPa({
    tipoDocumento: 'TD01',
    numero: `LP-2026/${String(index + 1).padStart(6, '0')}`,
    data: '2026-11-27',
    progressivoInvio: (index + 1).toString(36).toUpperCase().padStart(5, '0'),
    seller: { ...SELLER, sede: { ...SELLER.sede, nazione: 'IT' } },
    buyer: buyerOf(storedRow(profile)),
    lines: [{ descrizione: 'Contratto di locazione d’uso abitativo', prezzoCents: 4990 }],
  });
}

/** Characters that broke or could break an invoice, among letters that must keep working. */
const TRICKY = [
  ...'aZ09 .,&<>"\'-/',
  ...'\u0000\u0001\u0008\t\n\r\u001f\u007f\u0085\u009f',
  ...'àéìòùÀÉßøÆ\u00a0\u00ad',
  ...'ŁłőŐœŒıĐẞǄ\u0301\u2019\u2013\u2026\u20ac\ufb01\u2003\u200b\ufeff',
  ...'王小明Ωжά😀\u2028\ufffe\uffff',
  '\ud800',
  '\udc00',
];

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 70 }),
  fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 70 }),
  fc.string({ unit: 'grapheme-ascii', maxLength: 90 }),
  fc.constantFrom('Łukasiewicz', 'Őrs Kovács', 'Ugo\u0001\u0008', '王小明', 'Rossi'),
);

/**
 * Arbitrary text or a plain value: a profile is refused for any one field, so with every field
 * arbitrary the form would accept almost nothing and the property would say little.
 */
const field = (plain: string) =>
  fc.oneof({ arbitrary: anyText, weight: 1 }, { arbitrary: fc.constant(plain), weight: 2 });

const anyProfile: fc.Arbitrary<TBillingProfileInput> = fc
  .record({
    tipo: fc.constantFrom('persona_fisica', 'studio', 'societa'),
    nome: field('Mario'),
    cognome: field('Rossi'),
    denominazione: field('Studio Legale Rossi'),
    indirizzo: field('via Toledo 10'),
    cap: field('80134'),
    comune: field('Napoli'),
    nazione: fc.constantFrom('IT', 'FR', 'DE'),
    codice_destinatario: fc.oneof(fc.constant(''), fc.constant('M5UXCR1'), field('')),
    pec_destinatario: fc.oneof(fc.constant(''), fc.emailAddress(), field('')),
  })
  .map((fields) => ({
    ...fields,
    codice_fiscale: fields.tipo === 'persona_fisica' ? 'RSSMRA80A01H501U' : '12345678903',
    partita_iva: '12345678903',
    provincia: 'NA',
  }));

describe('billing data in any script', () => {
  it('gives, whenever the billing form accepts it, an invoice that validates against the FatturaPA schema', {
    timeout: 60_000,
  }, async () => {
    let accepted = 0;
    let sampled: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(anyProfile, { minLength: 25, maxLength: 25 }), async (inputs) => {
        const profiles = inputs
          .map((input) => ZBillingProfile.safeParse(input))
          .flatMap((result) => (result.success ? [result.data] : []));
        const xmls = profiles.map(invoiceXml);
        const problems = xmls.map(fatturaPaProblems);
        accepted += profiles.length;
        if (sampled.length === 0) sampled = xmls;
        problems.forEach((list, index) => {
          expect(list, JSON.stringify(profiles[index])).toEqual([]);
        });
      }),
      // No shrinking: each step is a validation, and the failure already names the profile.
      { numRuns: 6, endOnFailure: true },
    );
    // The property says something only if the form accepts a fair share of what it is given
    // (about one profile in six: 25 of 150 on average).
    expect(accepted).toBeGreaterThan(10);

    // Debian's xmllint, the independent check, on one batch.
    const files = await Promise.all(
      sampled.map(async (xml, index) => {
        const file = path.join(scratch, `fattura-${index}.xml`);
        await writeFile(file, xml);
        return file;
      }),
    );
    if (files.length > 0) {
      await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, ...files]);
    }
  });

  it('prints names in Latin letters: transliterated when they have a Latin form, else refused', () => {
    const profile = (nome: string) =>
      ZBillingProfile.safeParse({
        tipo: 'persona_fisica',
        nome,
        cognome: 'Kovács',
        codice_fiscale: 'RSSMRA80A01H501U',
        partita_iva: '12345678903',
        indirizzo: 'ul. Świętokrzyska 12',
        cap: '00-916',
        comune: 'Warszawa',
        provincia: '',
        nazione: 'PL',
      });
    const saved = profile('Łukasiewicz Őrs');
    expect(saved.success && saved.data).toMatchObject({
      nome: 'Lukasiewicz Ors',
      cognome: 'Kovács',
      indirizzo: 'ul. Swietokrzyska 12',
    });
    const refused = profile('王小明');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([text.billing.notLatin]);
    const control = profile('Ugo\u0001\u0008');
    expect(control.error?.issues.map((issue) => issue.message)).toEqual([
      text.billing.controlCharacters,
    ]);
  });
});
