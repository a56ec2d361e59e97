import { describe, expect, it } from 'vitest';
import { formatItalian, parseItalian, validateCanonical } from './answer-types.ts';
import { it as messages } from './messages/it.ts';
import { PROVINCE_SIGLE } from './small-types.ts';

const answers = messages.answers;

/** What the lawyer's typing becomes: the canonical answer, or the inline message. */
const typed = (type: string, input: string) => {
  const parsed = parseItalian({ variable: 'x', type }, input);
  return parsed.ok ? parsed.value : parsed.error;
};
/** The server's check of a canonical answer, for a question «Dato». */
const checked = (type: string, value: string) =>
  validateCanonical({ variable: 'x', question: 'Dato', type }, value);

describe('cap', () => {
  it('takes five digits, spaces dropped, and refuses anything else', () => {
    expect(typed('cap', '00184')).toBe('00184');
    expect(typed('cap', ' 00 184 ')).toBe('00184');
    for (const wrong of ['0018', '001845', '00I84', 'Roma'])
      expect(typed('cap', wrong)).toBe(answers.typedCap);
    expect(checked('cap', '20121')).toEqual([]);
    expect(checked('cap', '2012')).toEqual([answers.capInvalid('Dato')]);
  });
});

describe('provincia', () => {
  it('takes the current sigle in capitals and EE for abroad', () => {
    expect(typed('provincia', 'rm')).toBe('RM');
    expect(typed('provincia', '(Mi)')).toBe('MI');
    expect(typed('provincia', 'ee')).toBe('EE');
    expect(typed('provincia', 'BT')).toBe('BT');
    expect(typed('provincia', 'SU')).toBe('SU');
    for (const wrong of ['XX', 'Roma', 'R', 'FO'])
      expect(typed('provincia', wrong)).toBe(answers.typedProvincia);
    expect(checked('provincia', 'MB')).toEqual([]);
    expect(checked('provincia', 'rm')).toEqual([answers.provinciaInvalid('Dato')]);
  });

  it('lists every province and metropolitan city once, with EE', () => {
    expect(new Set(PROVINCE_SIGLE).size).toBe(PROVINCE_SIGLE.length);
    // 107 provinces and metropolitan cities, Sardinia's four older sigle, and EE.
    expect(PROVINCE_SIGLE).toHaveLength(112);
  });
});

describe('iban', () => {
  it('takes an IBAN typed with spaces and stores it without, in capitals', () => {
    expect(typed('iban', 'it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
    expect(typed('iban', 'DE89 3704 0044 0532 0130 00')).toBe('DE89370400440532013000');
    expect(typed('iban', 'GB29 NWBK 6016 1331 9268 19')).toBe('GB29NWBK60161331926819');
    expect(checked('iban', 'IT60X0542811101000000123456')).toEqual([]);
  });

  it('refuses wrong check digits, a wrong length for the country and an Italian BBAN of the wrong shape', () => {
    // The same account with check digits 61: mod 97 is not 1.
    expect(typed('iban', 'IT61 X054 2811 1010 0000 0123 456')).toBe(answers.typedIban);
    // One character short of Italy's 27.
    expect(typed('iban', 'IT60 X054 2811 1010 0000 0123 45')).toBe(answers.typedIban);
    // Germany's IBAN has 22 characters.
    expect(typed('iban', 'DE89 3704 0044 0532 0130 000')).toBe(answers.typedIban);
    expect(typed('iban', 'IBAN')).toBe(answers.typedIban);
    expect(checked('iban', 'IT61X0542811101000000123456')).toEqual([answers.ibanInvalid('Dato')]);
    expect(checked('iban', 'IT60 X054 2811 1010 0000 0123 456')).toEqual([
      answers.ibanInvalid('Dato'),
    ]);
  });

  it('is shown in groups of four', () => {
    expect(formatItalian({ variable: 'x', type: 'iban' }, 'IT60X0542811101000000123456')).toBe(
      'IT60 X054 2811 1010 0000 0123 456',
    );
  });
});

describe('telefono', () => {
  it('stores Italian and international numbers as + and digits', () => {
    expect(typed('telefono', '06 1234 5678')).toBe('+390612345678');
    expect(typed('telefono', '+39 333 123 4567')).toBe('+393331234567');
    expect(typed('telefono', '0039 333-1234567')).toBe('+393331234567');
    expect(typed('telefono', '(02) 123.456')).toBe('+3902123456');
    expect(typed('telefono', '+44 20 7946 0958')).toBe('+442079460958');
    expect(checked('telefono', '+390612345678')).toEqual([]);
  });

  it('refuses what is no telephone number', () => {
    for (const wrong of ['12345', '333 12', 'telefono', '+39 7777 1234', '+0 123456789'])
      expect(typed('telefono', wrong)).toBe(answers.typedTelefono);
    expect(checked('telefono', '0612345678')).toEqual([answers.telefonoInvalid('Dato')]);
  });

  it('is shown with the Italian prefix apart', () => {
    expect(formatItalian({ variable: 'x', type: 'telefono' }, '+390612345678')).toBe(
      '+39 0612345678',
    );
    expect(formatItalian({ variable: 'x', type: 'telefono' }, '+442079460958')).toBe(
      '+442079460958',
    );
  });
});

describe('ora', () => {
  it('takes 00:00 to 23:59, typed with a colon, a dot or a comma', () => {
    expect(typed('ora', '14:30')).toBe('14:30');
    expect(typed('ora', '9.05')).toBe('09:05');
    expect(typed('ora', '14,30')).toBe('14:30');
    expect(typed('ora', '8')).toBe('08:00');
    expect(typed('ora', '0:00')).toBe('00:00');
    expect(typed('ora', '23:59')).toBe('23:59');
    for (const wrong of ['24:00', '12:60', '1430', 'mezzogiorno', '12:5'])
      expect(typed('ora', wrong)).toBe(answers.typedOra);
    expect(checked('ora', '07:15')).toEqual([]);
    expect(checked('ora', '7:15')).toEqual([answers.oraInvalid('Dato')]);
  });
});
