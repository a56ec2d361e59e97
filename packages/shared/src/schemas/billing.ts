import { z } from 'zod';
import { isValidCodiceFiscale, isValidPartitaIva, isValidPersonCode } from '../answer-types.ts';
import { hasControlCharacters, toLatin1 } from '../latin-text.ts';
import { it } from '../messages/it.ts';

const texts = it.billing;

/**
 * The sigle of the Italian provinces and metropolitan cities, as the SDI and the post use them
 * (Sardinia's reorganisation included: SU, and the re-established OT, OG, VS, CI).
 */
export const PROVINCE_CODES: ReadonlySet<string> = new Set(
  (
    'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BT BZ CA CB CE CH CI CL CN CO CR CS CT ' +
    'CZ EN FC FE FG FI FM FR GE GO GR IM IS KR LC LE LI LO LT LU MB MC ME MI MN MO MS MT NA NO ' +
    'NU OG OR OT PA PC PD PE PG PI PN PO PR PT PU PV PZ RA RC RE RG RI RM RN RO SA SI SO SP SR ' +
    'SS SU SV TA TE TN TO TP TR TS TV UD VA VB VC VE VI VR VS VT VV'
  ).split(' '),
);

export const BILLING_TYPES = ['persona_fisica', 'studio', 'societa'] as const;
export type TBillingType = (typeof BILLING_TYPES)[number];

/**
 * A text the e-invoice prints, as it will be printed: trimmed, in Latin letters (transliterated
 * when a Latin form exists, so the saved profile shows what the invoice says), at most `max`
 * characters once transliterated (ß stays, œ becomes two). Empty passes: the caller decides
 * whether the field is required, with `empty`.
 */
const latinText = (messages: { empty: string; tooLong: string }, max: number) =>
  z
    .string({ error: messages.empty })
    .trim()
    .transform((value, ctx) => {
      const refuse = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (hasControlCharacters(value)) return refuse(texts.controlCharacters);
      const latin = toLatin1(value);
      if (latin === null) return refuse(texts.notLatin);
      const printed = latin.trim();
      if (printed.length > max) return refuse(messages.tooLong);
      return printed;
    });

const requiredText = (messages: { empty: string; tooLong: string }, max: number) =>
  latinText(messages, max).refine((value) => value !== '', messages.empty);

/** Upper case, no spaces: how codes are typed and how they are stored. */
const code = (message: string) =>
  z.string({ error: message }).transform((value) => value.replace(/\s+/g, '').toUpperCase());

/**
 * A billing profile (issue 14): whom the invoice names and where the SDI delivers it. A
 * professional (persona fisica) has a person's codice fiscale; a studio or a company the
 * numeric one (or, rarely, a person's). The partita IVA is required for all three: LexPath
 * sells to professionals. Without a codice destinatario the invoice goes to the PEC (by default,
 * the account's).
 */
export const ZBillingProfile = z
  .object({
    tipo: z.enum(BILLING_TYPES, { error: texts.tipo }),
    nome: latinText({ empty: texts.nome, tooLong: texts.nomeTooLong }, 60).optional(),
    cognome: latinText({ empty: texts.cognome, tooLong: texts.cognomeTooLong }, 60).optional(),
    denominazione: latinText(
      { empty: texts.denominazione, tooLong: texts.denominazioneTooLong },
      80,
    ).optional(),
    codice_fiscale: code(texts.codiceFiscaleEnte),
    partita_iva: code(texts.partitaIva).refine(isValidPartitaIva, texts.partitaIva),
    indirizzo: requiredText({ empty: texts.indirizzo, tooLong: texts.indirizzoTooLong }, 60),
    cap: z.string({ error: texts.cap }).trim(),
    comune: requiredText({ empty: texts.comune, tooLong: texts.comuneTooLong }, 60),
    provincia: code(texts.provincia),
    nazione: code(texts.nazione).refine((value) => /^[A-Z]{2}$/.test(value), texts.nazione),
    codice_destinatario: code(texts.codiceDestinatario)
      .refine((value) => value === '' || /^[A-Z0-9]{7}$/.test(value), texts.codiceDestinatario)
      .optional(),
    pec_destinatario: z
      .string()
      .trim()
      .toLowerCase()
      .refine((value) => value === '' || z.email().safeParse(value).success, texts.pecDestinatario)
      // The e-invoice's EmailType: at most 256 characters.
      .refine((value) => value.length <= 256, texts.pecDestinatarioTooLong)
      .optional(),
  })
  .superRefine((profile, ctx) => {
    const problem = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (profile.tipo === 'persona_fisica') {
      if (!profile.nome) problem('nome', texts.nome);
      if (!profile.cognome) problem('cognome', texts.cognome);
      if (!isValidPersonCode(profile.codice_fiscale)) {
        problem('codice_fiscale', texts.codiceFiscalePersona);
      }
    } else {
      if (!profile.denominazione) problem('denominazione', texts.denominazione);
      if (!isValidCodiceFiscale(profile.codice_fiscale)) {
        problem('codice_fiscale', texts.codiceFiscaleEnte);
      }
    }
    if (profile.nazione === 'IT') {
      if (!/^\d{5}$/.test(profile.cap)) problem('cap', texts.cap);
      if (!PROVINCE_CODES.has(profile.provincia)) problem('provincia', texts.provincia);
    } else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/.test(profile.cap)) {
      problem('cap', texts.capEstero);
    }
  });
export type TBillingProfileInput = z.input<typeof ZBillingProfile>;
export type TBillingProfile = z.output<typeof ZBillingProfile>;

/** A stored billing profile as the API answers it (GET/PUT /user/{id}/billing). */
export const ZBillingProfileView = z.object({
  tipo: z.enum(BILLING_TYPES),
  nome: z.string().nullable(),
  cognome: z.string().nullable(),
  denominazione: z.string().nullable(),
  codice_fiscale: z.string(),
  partita_iva: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  comune: z.string(),
  provincia: z.string(),
  nazione: z.string(),
  codice_destinatario: z.string().nullable(),
  pec_destinatario: z.string().nullable(),
});
export type TBillingProfileView = z.infer<typeof ZBillingProfileView>;
