import { describe, expect, it as test } from 'vitest';
import { it } from './messages/it.ts';
import { PROVINCE_CODES, type TBillingProfileInput, ZBillingProfile } from './schemas/billing.ts';

const texts = it.billing;

const PROFESSIONAL: TBillingProfileInput = {
  tipo: 'persona_fisica',
  nome: 'Marco',
  cognome: 'Esposito',
  codice_fiscale: 'rssmra80a01h501u',
  partita_iva: '12345678903',
  indirizzo: 'via Toledo 10',
  cap: '80134',
  comune: 'Napoli',
  provincia: 'na',
  nazione: 'it',
};

const FIRM: TBillingProfileInput = {
  ...PROFESSIONAL,
  tipo: 'studio',
  nome: undefined,
  cognome: undefined,
  denominazione: 'Studio Legale Esposito & Bianchi',
  codice_fiscale: '12345678903',
  codice_destinatario: 'm5uxcr1',
};

/** The Italian messages of a refused profile, by field. */
function problems(profile: TBillingProfileInput): Record<string, string> {
  const result = ZBillingProfile.safeParse(profile);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('billing profile', () => {
  test('accepts a professional, a studio and a company, with codes upper-cased', () => {
    const professional = ZBillingProfile.parse(PROFESSIONAL);
    expect(professional).toMatchObject({
      codice_fiscale: 'RSSMRA80A01H501U',
      provincia: 'NA',
      nazione: 'IT',
    });
    expect(ZBillingProfile.parse(FIRM).codice_destinatario).toBe('M5UXCR1');
    expect(
      ZBillingProfile.safeParse({
        ...FIRM,
        tipo: 'societa',
        denominazione: 'Alfa S.r.l.',
        codice_fiscale: '00743110157',
        partita_iva: '00743110157',
      }).success,
    ).toBe(true);
  });

  test('checks the codice fiscale check character and the partita IVA check digit', () => {
    expect(problems({ ...PROFESSIONAL, codice_fiscale: 'RSSMRA80A01H501X' })).toEqual({
      codice_fiscale: texts.codiceFiscalePersona,
    });
    // The right shape (what validator's isVAT('IT') checks) with a wrong check digit.
    expect(problems({ ...PROFESSIONAL, partita_iva: '12345678901' })).toEqual({
      partita_iva: texts.partitaIva,
    });
    expect(problems({ ...FIRM, codice_fiscale: '12345678901' })).toEqual({
      codice_fiscale: texts.codiceFiscaleEnte,
    });
    // A professional's codice fiscale is a person's, not the 11-digit one.
    expect(problems({ ...PROFESSIONAL, codice_fiscale: '12345678903' })).toEqual({
      codice_fiscale: texts.codiceFiscalePersona,
    });
  });

  test('asks for the names the type needs', () => {
    expect(problems({ ...PROFESSIONAL, nome: ' ', cognome: undefined })).toEqual({
      nome: texts.nome,
      cognome: texts.cognome,
    });
    expect(problems({ ...FIRM, denominazione: '' })).toEqual({
      denominazione: texts.denominazione,
    });
  });

  test('checks CAP and provincia in Italy, not abroad', () => {
    expect(problems({ ...PROFESSIONAL, cap: '8013', provincia: 'XX' })).toEqual({
      cap: texts.cap,
      provincia: texts.provincia,
    });
    expect(problems({ ...PROFESSIONAL, nazione: 'FR', cap: '75001 Paris', provincia: '' })).toEqual(
      {},
    );
    expect(PROVINCE_CODES.size).toBeGreaterThanOrEqual(107);
    for (const sigla of ['RM', 'MI', 'SU', 'MB', 'BT', 'FM'])
      expect(PROVINCE_CODES.has(sigla)).toBe(true);
  });

  test('takes a 7-character codice destinatario or a PEC, and refuses anything else', () => {
    expect(problems({ ...FIRM, codice_destinatario: 'M5UXCR' })).toEqual({
      codice_destinatario: texts.codiceDestinatario,
    });
    expect(problems({ ...FIRM, codice_destinatario: '', pec_destinatario: 'non-una-pec' })).toEqual(
      {
        pec_destinatario: texts.pecDestinatario,
      },
    );
    expect(
      ZBillingProfile.parse({ ...FIRM, codice_destinatario: '', pec_destinatario: 'Studio@PEC.it' })
        .pec_destinatario,
    ).toBe('studio@pec.it');
  });
});
