import fc from 'fast-check';
import { describe, expect, it as test } from 'vitest';
import {
  type AnswerRules,
  anotherItem,
  CODICE_FISCALE_DIGIT_POSITIONS,
  centsToAmount,
  codiceFiscaleCheckCharacter,
  compareDecimals,
  daysInMonth,
  formatItalian,
  isValidCodiceFiscale,
  isValidPartitaIva,
  OMOCODIA_LETTERS,
  parseItalian,
  partitaIvaCheckDigit,
  validateCanonical,
} from './answer-types.ts';

const q = (type: string, extra: Partial<AnswerRules> = {}): AnswerRules => ({
  variable: 'x',
  question: 'Domanda',
  type,
  ...extra,
});

function parsed(question: AnswerRules, input: string): string {
  const result = parseItalian(question, input);
  if (!result.ok) throw new Error(`${input}: ${result.error}`);
  return result.value;
}

/** Italian input → canonical → Italian output. */
function roundTrip(question: AnswerRules, input: string): { canonical: string; shown: string } {
  const canonical = parsed(question, input);
  return { canonical, shown: formatItalian(question, canonical) };
}

// ---- codice fiscale and partita IVA -----------------------------------------------------------

const MONTH_LETTERS = 'ABCDEHLMPRST';
const upper = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
const digit = fc.constantFrom(...'0123456789');

/** A person's code with a correct check character, as the tax office issues them. */
const validPersonCode = fc
  .record({
    letters: fc.array(upper, { minLength: 6, maxLength: 6 }),
    year: fc.array(digit, { minLength: 2, maxLength: 2 }),
    month: fc.constantFrom(...MONTH_LETTERS),
    day: fc.integer({ min: 1, max: 31 }),
    woman: fc.boolean(),
    place: upper,
    placeDigits: fc.array(digit, { minLength: 3, maxLength: 3 }),
  })
  .map((p) => {
    const day = String(p.day + (p.woman ? 40 : 0)).padStart(2, '0');
    const first15 = `${p.letters.join('')}${p.year.join('')}${p.month}${day}${p.place}${p.placeDigits.join('')}`;
    return first15 + codiceFiscaleCheckCharacter(first15);
  });

/** The omocodic variant: the `count` rightmost digits become letters, the check recomputed. */
function omocodic(code: string, count: number): string {
  const chars = [...code.slice(0, 15)];
  for (const position of [...CODICE_FISCALE_DIGIT_POSITIONS].reverse().slice(0, count)) {
    chars[position] = OMOCODIA_LETTERS[Number(chars[position])] ?? '';
  }
  const first15 = chars.join('');
  return first15 + codiceFiscaleCheckCharacter(first15);
}

const validPartitaIva = fc
  .array(digit, { minLength: 10, maxLength: 10 })
  .map((digits) => digits.join('') + partitaIvaCheckDigit(digits.join('')));

describe('codice fiscale', () => {
  test('accepts real-shaped codes and their omocodic variants, refuses a wrong check', () => {
    expect(isValidCodiceFiscale('RSSMRA85T10A562S')).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA85T10A562T')).toBe(false);
    // Omocodia: the last digit 2 → N; N is worth 20 and 2 is worth 5 in odd positions, so the check
    // character moves 15 letters: S (18) → H (33 mod 26 = 7).
    expect(omocodic('RSSMRA85T10A562S', 1)).toBe('RSSMRA85T10A56NH');
    expect(isValidCodiceFiscale('RSSMRA85T10A56NH')).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA85T10A56NS')).toBe(false);
    for (const invalid of [
      '',
      'RSSMRA85T10A562',
      'RSSMRA85Z10A562S',
      'RSSMRA85T32A562S',
      'rssmra85t10a562s',
      '1SSMRA85T10A562S',
    ]) {
      expect(isValidCodiceFiscale(invalid), invalid).toBe(false);
    }
  });

  test('every generated code and omocodic variant is valid; any changed character is not', () => {
    fc.assert(
      fc.property(
        validPersonCode,
        fc.integer({ min: 0, max: 7 }),
        fc.nat(14),
        upper,
        digit,
        (code, count, position, letter, number) => {
          const variant = omocodic(code, count);
          expect(isValidCodiceFiscale(variant)).toBe(true);
          const replacement = (CODICE_FISCALE_DIGIT_POSITIONS as readonly number[]).includes(
            position,
          )
            ? number
            : letter;
          const changed = variant.slice(0, position) + replacement + variant.slice(position + 1);
          if (changed !== variant) expect(isValidCodiceFiscale(changed)).toBe(false);
        },
      ),
    );
  });

  test('a company codice fiscale is its 11-digit partita IVA, with the check digit', () => {
    expect(isValidCodiceFiscale('00743110157')).toBe(true);
    expect(isValidCodiceFiscale('00743110158')).toBe(false);
  });

  test('reads what the lawyer typed: lower case and spaces', () => {
    expect(parsed(q('codice_fiscale'), ' rssmra 85t10 a562s ')).toBe('RSSMRA85T10A562S');
    expect(parseItalian(q('codice_fiscale'), 'RSSMRA85T10A562X').ok).toBe(false);
  });
});

describe('partita IVA', () => {
  test('accepts a known number and refuses a changed check digit', () => {
    expect(isValidPartitaIva('00743110157')).toBe(true);
    expect(isValidPartitaIva('00743110150')).toBe(false);
    expect(isValidPartitaIva('0074311015')).toBe(false);
    expect(parsed(q('partita_iva'), 'IT 00743110157')).toBe('00743110157');
  });

  test('every number with its check digit is valid; any single changed digit is not', () => {
    fc.assert(
      fc.property(validPartitaIva, fc.nat(10), digit, (code, position, replacement) => {
        expect(isValidPartitaIva(code)).toBe(true);
        const changed = code.slice(0, position) + replacement + code.slice(position + 1);
        if (changed !== code) expect(isValidPartitaIva(changed)).toBe(false);
      }),
    );
  });
});

// ---- numbers, amounts, dates ------------------------------------------------------------------

describe('numero', () => {
  test('reads Italian numbers', () => {
    expect(roundTrip(q('numero'), '2,5')).toEqual({ canonical: '2.5', shown: '2,5' });
    expect(roundTrip(q('numero'), '1.234')).toEqual({ canonical: '1234', shown: '1.234' });
    expect(roundTrip(q('numero'), '1.234,50')).toEqual({ canonical: '1234.5', shown: '1.234,5' });
    expect(roundTrip(q('numero'), '-3')).toEqual({ canonical: '-3', shown: '-3' });
    expect(parsed(q('numero'), '2.5')).toBe('2.5');
    for (const invalid of ['', 'tre', '1,2,3', '12.34,5', '--1']) {
      expect(parseItalian(q('numero'), invalid).ok, invalid).toBe(false);
    }
  });

  test('round trip: the shown form reads back to the same canonical number', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 14n), max: 10n ** 14n }),
        fc.nat(9999),
        (units, fraction) => {
          const decimals = String(fraction).replace(/0+$/, '');
          const magnitude = `${units < 0n ? -units : units}${decimals ? `.${decimals}` : ''}`;
          const canonical = units < 0n ? `-${magnitude}` : magnitude;
          const shown = formatItalian(q('numero'), canonical);
          expect(roundTrip(q('numero'), shown)).toEqual({ canonical, shown });
          expect(validateCanonical(q('numero'), canonical)).toEqual([]);
        },
      ),
    );
  });

  test('checks min, max and decimals exactly, naming the question', () => {
    const ula = q('numero', { question: 'ULA', min: 0.5, max: 10, decimals: 1 });
    expect(validateCanonical(ula, '2.5')).toEqual([]);
    expect(validateCanonical(ula, '0.4')).toEqual(['«ULA» deve essere almeno 0,5.']);
    expect(validateCanonical(ula, '10.1')).toEqual(['«ULA» può essere al massimo 10.']);
    expect(validateCanonical(ula, '2.55')).toEqual([
      'Il numero di «ULA» può avere al massimo 1 decimali.',
    ]);
    expect(validateCanonical(ula, '2,5')).toEqual(['Il numero di «ULA» non è valido.']);
    expect(compareDecimals('0.1', '0.10000000000000001')).toBe(-1);
  });
});

describe('importo', () => {
  test('reads Italian amounts, in euros with two decimals', () => {
    expect(roundTrip(q('importo'), '1.234,50')).toEqual({
      canonical: '1234.50',
      shown: '1.234,50\u00a0€',
    });
    expect(roundTrip(q('importo'), '1234,5 €')).toEqual({
      canonical: '1234.50',
      shown: '1.234,50\u00a0€',
    });
    expect(roundTrip(q('importo'), '€ 0')).toEqual({ canonical: '0.00', shown: '0,00\u00a0€' });
    for (const invalid of ['-1', '1,234', 'mille', '']) {
      expect(parseItalian(q('importo'), invalid).ok, invalid).toBe(false);
    }
  });

  test('round trip over cents, no floating point on the way', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 15 - 1 }), (cents) => {
        const canonical = centsToAmount(cents);
        const shown = formatItalian(q('importo'), canonical);
        expect(roundTrip(q('importo'), shown)).toEqual({ canonical, shown });
        expect(validateCanonical(q('importo'), canonical)).toEqual(
          cents <= 99_999_999_999 ? [] : ['«Domanda» può essere al massimo 999.999.999,99\u00a0€.'],
        );
      }),
    );
  });

  test('refuses more than 999.999.999,99 € unless the question sets its own max', () => {
    const prezzo = q('importo', { question: 'Prezzo' });
    const tooMuch = ['«Prezzo» può essere al massimo 999.999.999,99\u00a0€.'];
    expect(validateCanonical(prezzo, '999999999.99')).toEqual([]);
    expect(validateCanonical(prezzo, '1000000000.00')).toEqual(tooMuch);
    expect(validateCanonical(prezzo, '1234567890123.00')).toEqual(tooMuch);
    expect(
      validateCanonical(q('importo', { question: 'Prezzo', min: 10 }), '1000000000.00'),
    ).toEqual(tooMuch);
    const opera = q('importo', { question: 'Opera', max: 50_000_000_000 });
    expect(validateCanonical(opera, '1234567890.00')).toEqual([]);
  });

  test('checks the limits in cents', () => {
    const canone = q('importo', { question: 'Canone', min: 100, max: 1234.5 });
    expect(validateCanonical(canone, '1234.50')).toEqual([]);
    expect(validateCanonical(canone, '1234.51')).toEqual([
      '«Canone» può essere al massimo 1.234,50\u00a0€.',
    ]);
    expect(validateCanonical(canone, '99.99')).toEqual([
      '«Canone» deve essere almeno 100,00\u00a0€.',
    ]);
    expect(validateCanonical(canone, '1234.5')).toEqual(["L'importo di «Canone» non è valido."]);
  });
});

describe('data', () => {
  test('reads Italian dates and the picker form', () => {
    expect(roundTrip(q('data'), '23/11/2026')).toEqual({
      canonical: '2026-11-23',
      shown: '23/11/2026',
    });
    expect(roundTrip(q('data'), '1.3.2026')).toEqual({
      canonical: '2026-03-01',
      shown: '01/03/2026',
    });
    expect(parsed(q('data'), '2026-11-23')).toBe('2026-11-23');
  });

  test('29 February only in leap years; no 31 in 30-day months', () => {
    expect(parseItalian(q('data'), '29/02/2024').ok).toBe(true);
    expect(parseItalian(q('data'), '29/02/2000').ok).toBe(true);
    expect(parseItalian(q('data'), '29/02/2023').ok).toBe(false);
    expect(parseItalian(q('data'), '29/02/1900').ok).toBe(false);
    expect(parseItalian(q('data'), '31/04/2026').ok).toBe(false);
    expect(validateCanonical(q('data', { question: 'Inizio' }), '2026-02-29')).toEqual([
      'La data di «Inizio» non è valida.',
    ]);
  });

  test('every month end exists and the day after it does not; round trip', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        (year, month) => {
          const last = daysInMonth(year, month);
          const shown = `${String(last).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
          expect(roundTrip(q('data'), shown).shown).toBe(shown);
          expect(parseItalian(q('data'), `${last + 1}/${month}/${year}`).ok).toBe(false);
          const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
          if (month === 2) expect(last).toBe(leap ? 29 : 28);
        },
      ),
    );
  });

  test('refuses a year before 1900 or after 2200 unless the question sets that bound', () => {
    const inizio = q('data', { question: 'Inizio' });
    expect(validateCanonical(inizio, '1900-01-01')).toEqual([]);
    expect(validateCanonical(inizio, '2200-12-31')).toEqual([]);
    expect(validateCanonical(inizio, '9999-12-31')).toEqual([
      'La data di «Inizio» non può essere dopo il 31/12/2200.',
    ]);
    expect(validateCanonical(inizio, '1899-12-31')).toEqual([
      'La data di «Inizio» non può essere prima del 01/01/1900.',
    ]);
    // A question's own bound replaces the default on its side only.
    const storica = q('data', { question: 'Atto', min: '1800-01-01' });
    expect(validateCanonical(storica, '1850-06-01')).toEqual([]);
    expect(validateCanonical(storica, '2201-01-01')).toEqual([
      'La data di «Atto» non può essere dopo il 31/12/2200.',
    ]);
    const scadenza = q('data', { question: 'Scadenza', min: 'oggi', max: '2500-12-31' });
    expect(validateCanonical(scadenza, '2400-01-01', { today: '2026-11-23' })).toEqual([]);
  });

  test('checks min and max, `oggi` meaning the day of the check', () => {
    const inizio = q('data', { question: 'Inizio', min: 'oggi', max: '2030-12-31' });
    const today = { today: '2026-11-23' };
    expect(validateCanonical(inizio, '2026-11-23', today)).toEqual([]);
    expect(validateCanonical(inizio, '2026-11-22', today)).toEqual([
      'La data di «Inizio» non può essere prima del 23/11/2026.',
    ]);
    expect(validateCanonical(inizio, '2031-01-01', today)).toEqual([
      'La data di «Inizio» non può essere dopo il 31/12/2030.',
    ]);
  });
});

describe('texts and email', () => {
  test('a one-line text is trimmed and bounded; a long text keeps its line breaks', () => {
    expect(roundTrip(q('testo'), '  Mario Rossi ')).toEqual({
      canonical: 'Mario Rossi',
      shown: 'Mario Rossi',
    });
    expect(parseItalian(q('testo', { max_length: 3 }), 'abcd').ok).toBe(false);
    expect(parsed(q('testo_lungo'), 'riga 1\r\nriga 2\n')).toBe('riga 1\nriga 2');
    expect(validateCanonical(q('testo', { question: 'Nome' }), ' Mario')).toEqual([
      'La risposta a «Nome» deve avere da 1 a 300 caratteri.',
    ]);
    expect(validateCanonical(q('testo_lungo'), 'a\nb')).toEqual([]);
  });

  test('an email address is lower-cased; a PEC is an address like any other', () => {
    expect(parsed(q('email', { pec: true }), ' Studio.Rossi@PEC.it ')).toBe('studio.rossi@pec.it');
    for (const invalid of ['studio', 'a@b', 'a b@c.it', '@c.it']) {
      expect(parseItalian(q('email'), invalid).ok, invalid).toBe(false);
    }
    expect(validateCanonical(q('email', { question: 'PEC' }), 'A@b.it')).toEqual([
      "L'indirizzo email di «PEC» non è valido.",
    ]);
  });

  test('a round trip keeps any text that a lawyer can type on one line', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 300 }), (text) => {
        const result = parseItalian(q('testo'), text);
        if (!result.ok) return;
        expect(validateCanonical(q('testo'), result.value)).toEqual([]);
        expect(parsed(q('testo'), formatItalian(q('testo'), result.value))).toBe(result.value);
      }),
    );
  });
});

describe('elenco', () => {
  const conduttori: AnswerRules = {
    variable: 'conduttori',
    question: 'I conduttori',
    type: 'elenco',
    min_items: 1,
    max_items: 3,
    label_singolare: 'il conduttore',
    label_plurale: 'i conduttori',
    fields: [
      { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
      { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
      { variable: 'canone', question: 'Quota', type: 'importo' },
    ],
  };
  const mario = { nome: 'Mario Rossi', codice_fiscale: 'RSSMRA85T10A562S', canone: '600.00' };

  test('names the item of a wrong field: «Conduttore 2»', () => {
    expect(
      validateCanonical(conduttori, [mario, { ...mario, codice_fiscale: 'RSSMRA85T10A562X' }]),
    ).toEqual(['Il codice fiscale di «Conduttore 2» non è valido.']);
    expect(validateCanonical(conduttori, [{ ...mario, nome: '' }])).toEqual([
      'Rispondi alla domanda «Conduttore 1 – Nome e cognome».',
    ]);
    expect(validateCanonical(conduttori, [{ ...mario, eta: '3' }])).toEqual([
      '«Conduttore 1» non ha il campo «eta».',
    ]);
  });

  test('asks for another item with the gender of its label: «un altro», «un’altra»', () => {
    expect(anotherItem(conduttori)).toBe('un altro conduttore');
    expect(anotherItem({ variable: 'parti', label_singolare: 'la parte' })).toBe('un’altra parte');
    expect(
      anotherItem({ variable: 'x', label_singolare: 'l’inquilina', label_plurale: 'le inquiline' }),
    ).toBe('un’altra inquilina');
    expect(
      anotherItem({
        variable: 'x',
        label_singolare: 'l’inquilino',
        label_plurale: 'gli inquilini',
      }),
    ).toBe('un altro inquilino');
  });

  test('counts its items between min_items and max_items', () => {
    expect(validateCanonical(conduttori, [mario, mario, mario])).toEqual([]);
    expect(validateCanonical(conduttori, [])).toEqual([
      '«I conduttori» deve avere almeno un elemento.',
    ]);
    expect(validateCanonical(conduttori, [mario, mario, mario, mario])).toEqual([
      '«I conduttori» può avere al massimo 3 elementi.',
    ]);
    expect(validateCanonical(conduttori, 'Mario')).toEqual([
      'La risposta a «I conduttori» deve essere un elenco.',
    ]);
  });

  test('the summary shows each item in Italian formats', () => {
    expect(formatItalian(conduttori, [mario])).toBe(
      'Conduttore 1: Mario Rossi, RSSMRA85T10A562S, 600,00\u00a0€',
    );
  });
});
