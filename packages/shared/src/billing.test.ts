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

  test('gives each text field’s length limit its own message, not the empty field’s', () => {
    const long = 'a'.repeat(400);
    expect(problems({ ...PROFESSIONAL, nome: long, cognome: long })).toEqual({
      nome: texts.nomeTooLong,
      cognome: texts.cognomeTooLong,
    });
    expect(problems({ ...FIRM, denominazione: long, indirizzo: long, comune: long })).toEqual({
      denominazione: texts.denominazioneTooLong,
      indirizzo: texts.indirizzoTooLong,
      comune: texts.comuneTooLong,
    });
    expect(problems({ ...FIRM, nazione: 'FR', provincia: '', cap: long })).toEqual({
      cap: texts.capEstero,
    });
    expect(
      problems({ ...FIRM, codice_destinatario: '', pec_destinatario: `${long}@pec.it` }),
    ).toEqual({ pec_destinatario: texts.pecDestinatarioTooLong });
    // The limit counts what the invoice prints: 60 characters once «œ» is written «oe».
    expect(problems({ ...PROFESSIONAL, nome: 'œ'.repeat(30) })).toEqual({});
    expect(problems({ ...PROFESSIONAL, nome: 'œ'.repeat(31) })).toEqual({
      nome: texts.nomeTooLong,
    });
    expect(problems({ ...PROFESSIONAL, nome: '' })).toEqual({ nome: texts.nome });
  });

  test('refuses control characters in every text the invoice prints', () => {
    for (const field of ['nome', 'cognome', 'indirizzo', 'comune'] as const) {
      expect(problems({ ...PROFESSIONAL, [field]: 'Ugo\u0001\u0008' })).toEqual({
        [field]: texts.controlCharacters,
      });
    }
    expect(problems({ ...FIRM, denominazione: 'Studio\tRossi' })).toEqual({
      denominazione: texts.controlCharacters,
    });
    expect(problems({ ...FIRM, denominazione: 'Studio\u0085Rossi' })).toEqual({
      denominazione: texts.controlCharacters,
    });
  });

  test('saves the name as the invoice prints it: Latin forms for other letters, others refused', () => {
    expect(ZBillingProfile.parse({ ...PROFESSIONAL, cognome: 'Łukasiewicz' }).cognome).toBe(
      'Lukasiewicz',
    );
    expect(
      ZBillingProfile.parse({ ...FIRM, denominazione: 'Œuvre Straße Győr d’Arco' }).denominazione,
    ).toBe("OEuvre Straße Gyor d'Arco");
    expect(problems({ ...PROFESSIONAL, nome: '王小明' })).toEqual({ nome: texts.notLatin });
    expect(problems({ ...PROFESSIONAL, comune: 'Αθήνα' })).toEqual({ comune: texts.notLatin });
  });
});
