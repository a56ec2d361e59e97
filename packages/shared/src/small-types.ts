/**
 * The small answer types of a form's address and payment lines (DESIGN §14): `cap`, `provincia`,
 * `iban`, `telefono`, `ora`. Each: what the lawyer may type → the canonical form stored, the check
 * of a canonical answer, and how it is printed. Pure functions, no tables fetched from outside.
 */

/**
 * The sigle of the Italian provinces and metropolitan cities (the vehicle plate and ISTAT
 * abbreviations), with those Sardinia has used since 2005 (CI, OG, OT, VS, revived by its
 * regional law 9/2023 beside SU), and `EE` for an address abroad, as Italian forms write it.
 */
// biome-ignore format: a table of sigle reads best as a grid
export const PROVINCE_SIGLE: readonly string[] = [
  'AG', 'AL', 'AN', 'AO', 'AP', 'AQ', 'AR', 'AT', 'AV', 'BA', 'BG', 'BI', 'BL', 'BN', 'BO', 'BR',
  'BS', 'BT', 'BZ', 'CA', 'CB', 'CE', 'CH', 'CI', 'CL', 'CN', 'CO', 'CR', 'CS', 'CT', 'CZ', 'EN',
  'FC', 'FE', 'FG', 'FI', 'FM', 'FR', 'GE', 'GO', 'GR', 'IM', 'IS', 'KR', 'LC', 'LE', 'LI', 'LO',
  'LT', 'LU', 'MB', 'MC', 'ME', 'MI', 'MN', 'MO', 'MS', 'MT', 'NA', 'NO', 'NU', 'OG', 'OR', 'OT',
  'PA', 'PC', 'PD', 'PE', 'PG', 'PI', 'PN', 'PO', 'PR', 'PT', 'PU', 'PV', 'PZ', 'RA', 'RC', 'RE',
  'RG', 'RI', 'RM', 'RN', 'RO', 'SA', 'SI', 'SO', 'SP', 'SR', 'SS', 'SU', 'SV', 'TA', 'TE', 'TN',
  'TO', 'TP', 'TR', 'TS', 'TV', 'UD', 'VA', 'VB', 'VC', 'VE', 'VI', 'VR', 'VS', 'VT', 'VV', 'EE',
];

const PROVINCES: ReadonlySet<string> = new Set(PROVINCE_SIGLE);

// ---------------------------------------------------------------------------------------------
// cap

export function isCanonicalCap(value: string): boolean {
  return /^\d{5}$/.test(value);
}

/** "00 184" → "00184". */
export function normalizeCap(input: string): string | null {
  const cap = input.replace(/\s/g, '');
  return isCanonicalCap(cap) ? cap : null;
}

// ---------------------------------------------------------------------------------------------
// provincia

export function isCanonicalProvincia(value: string): boolean {
  return PROVINCES.has(value);
}

/** "rm", "(RM)", "R.M." → "RM". */
export function normalizeProvincia(input: string): string | null {
  const sigla = input.replace(/[\s.()]/g, '').toUpperCase();
  return isCanonicalProvincia(sigla) ? sigla : null;
}

// ---------------------------------------------------------------------------------------------
// iban

/**
 * The IBAN length of each SEPA country (the SWIFT IBAN registry); another country's IBAN is
 * checked by its shape and check digits alone.
 */
// biome-ignore format: a table of lengths reads best as a grid
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AL: 28, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20,
  ES: 24, FI: 18, FR: 27, GB: 22, GI: 23, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27,
  LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MD: 24, ME: 22, MK: 19, MT: 31, NL: 18, NO: 15,
  PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** ISO 7064 mod 97-10: the country and check digits moved to the end, letters as 10–35. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = Number.parseInt(char, 36);
    remainder = (value < 10 ? remainder * 10 + value : remainder * 100 + value) % 97;
  }
  return remainder;
}

export function isValidIban(value: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(value)) return false;
  const length = SEPA_IBAN_LENGTHS[value.slice(0, 2)];
  if (length !== undefined && value.length !== length) return false;
  // An Italian BBAN: CIN letter, ABI and CAB (5 digits each), 12-character account.
  if (value.startsWith('IT') && !/^IT\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(value)) return false;
  return ibanRemainder(value) === 1;
}

/** "it60 x054 2811 1010 0000 0123 456" → "IT60X0542811101000000123456". */
export function normalizeIban(input: string): string | null {
  const iban = input.replace(/[\s-]/g, '').toUpperCase();
  return isValidIban(iban) ? iban : null;
}

/** "IT60X0542811101000000123456" → "IT60 X054 2811 1010 0000 0123 456", as banks print it. */
export function formatIban(canonical: string): string {
  return canonical.replace(/(.{4})(?=.)/g, '$1 ');
}

// ---------------------------------------------------------------------------------------------
// telefono

/** An Italian number without its +39: landlines start with 0, mobiles with 3, 8xx services. */
const ITALIAN_NATIONAL = /^(?:0\d{5,10}|3\d{8,9}|8\d{5,9})$/;

/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export function isCanonicalTelefono(value: string): boolean {
  if (!/^\+[1-9]\d{6,14}$/.test(value)) return false;
  return !value.startsWith('+39') || ITALIAN_NATIONAL.test(value.slice(3));
}

/**
 * "06 1234 5678", "+39 333 123 4567", "0039 333-1234567", "+44 20 7946 0958" → "+390612345678",
 * "+393331234567", "+442079460958": a number without a prefix is Italian.
 */
export function normalizeTelefono(input: string): string | null {
  const compact = input.replace(/[\s.\-/()]/g, '');
  let number: string;
  if (compact.startsWith('+')) number = compact;
  else if (compact.startsWith('00')) number = `+${compact.slice(2)}`;
  else number = `+39${compact}`;
  return isCanonicalTelefono(number) ? number : null;
}

/** "+393331234567" → "+39 3331234567": the country code apart, when it is Italy's. */
export function formatTelefono(canonical: string): string {
  return canonical.startsWith('+39') ? `+39 ${canonical.slice(3)}` : canonical;
}

// ---------------------------------------------------------------------------------------------
// ora

export function isCanonicalOra(value: string): boolean {
  return /^(?:[01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** "9:05", "14.30", "14,30", "14" → "09:05", "14:30", "14:30", "14:00". */
export function normalizeOra(input: string): string | null {
  const match = /^(\d{1,2})(?:\s*[:.,]\s*(\d{2}))?$/.exec(input.trim());
  if (!match) return null;
  const ora = `${(match[1] ?? '').padStart(2, '0')}:${match[2] ?? '00'}`;
  return isCanonicalOra(ora) ? ora : null;
}
