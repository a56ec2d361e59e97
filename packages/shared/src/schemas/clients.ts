import { z } from 'zod';
import { type AnswerRules, parseItalian } from '../answer-types.ts';
import { it } from '../messages/it.ts';
import { ZApiError } from './api.ts';
import { ZPageQuery } from './pagination.ts';

const texts = it.clients;

/** A client of the lawyer's register: a person, or a company (or firm, or body) with a legal representative. */
export const CLIENT_KINDS = ['persona_fisica', 'persona_giuridica'] as const;
export type TClientKind = (typeof CLIENT_KINDS)[number];

export const CLIENT_GENDERS = ['maschile', 'femminile'] as const;

/**
 * Whether the client withholds the ritenuta d'acconto on a lawyer's fees: a company or a body
 * always does, a person only as a professional or an entrepreneur, never as a consumer. Neither
 * the kind nor the other fields tell a professional from a consumer, so the lawyer says it once.
 */
export const WITHHOLDING_OPTIONS = ['Sì', 'No'] as const;

/**
 * One field of a client, typed as an answer is: the register checks a codice fiscale, a CAP or a
 * provincia exactly as the questionnaire does, and a party question's field of the same type can
 * be filled from it. The names are the documented list an editor maps party fields to.
 */
export type ClientField = AnswerRules & {
  variable: string;
  type:
    | 'testo'
    | 'scelta'
    | 'data'
    | 'codice_fiscale'
    | 'partita_iva'
    | 'email'
    | 'cap'
    | 'provincia'
    | 'telefono';
  label: string;
  required?: boolean;
  /** What the form says under the field, when its label alone does not tell what to answer. */
  help?: string;
};

const field = (
  variable: string,
  type: ClientField['type'],
  required = false,
  extra: Partial<ClientField> = {},
): ClientField => ({
  variable,
  type,
  label: texts.fields[variable as keyof typeof texts.fields],
  required,
  ...extra,
});

/** A persona fisica's fields, in the order the form shows them (a client's and a legal representative's). */
export const PERSON_FIELDS: readonly ClientField[] = [
  field('nome', 'testo', true),
  field('cognome', 'testo', true),
  field('genere', 'scelta', false, { options: CLIENT_GENDERS }),
  field('codice_fiscale', 'codice_fiscale'),
  field('luogo_nascita', 'testo'),
  field('data_nascita', 'data'),
  field('indirizzo', 'testo'),
  field('cap', 'cap'),
  field('comune', 'testo'),
  field('provincia', 'provincia'),
  field('pec', 'email'),
  field('email', 'email'),
  field('telefono', 'telefono'),
  field('documento_identita', 'testo'),
];

const withholding = field('sostituto_imposta', 'scelta', false, {
  options: WITHHOLDING_OPTIONS,
  help: texts.withholdingHelp,
});

/** A client who is a person: a person's fields and whether they are a sostituto d'imposta. */
export const CLIENT_PERSON_FIELDS: readonly ClientField[] = [...PERSON_FIELDS, withholding];

/** A persona giuridica's own fields (its sede is indirizzo, CAP, comune, provincia); its legale rappresentante is a person. */
export const COMPANY_FIELDS: readonly ClientField[] = [
  field('denominazione', 'testo', true),
  field('forma_giuridica', 'testo'),
  field('partita_iva', 'partita_iva'),
  field('codice_fiscale', 'codice_fiscale'),
  field('indirizzo', 'testo'),
  field('cap', 'cap'),
  field('comune', 'testo'),
  field('provincia', 'provincia'),
  field('pec', 'email'),
  field('email', 'email'),
  field('telefono', 'telefono'),
  withholding,
];

/** Where a company's legal representative sits in a client record, and in a mapping (`legale_rappresentante.nome`). */
export const LEGAL_REPRESENTATIVE = 'legale_rappresentante';

type Values = Record<string, string>;

/**
 * Checks and canonicalises one group of fields: empty or absent is dropped (the field is
 * optional) unless required; anything else must parse as its type. Issues carry the field's name (zod
 * prefixes the group), so the form shows each under its field.
 */
function checkedFields(fields: readonly ClientField[]) {
  return z
    .record(z.string(), z.string({ error: it.validation.invalid }))
    .transform((input, ctx) => {
      const known = new Set(fields.map((each) => each.variable));
      for (const name of Object.keys(input)) {
        if (!known.has(name))
          ctx.addIssue({ code: 'custom', message: texts.unknownField, path: [name] });
      }
      const out: Values = {};
      for (const each of fields) {
        const raw = (input[each.variable] ?? '').trim();
        if (raw === '') {
          if (each.required)
            ctx.addIssue({
              code: 'custom',
              message: texts.required(each.label),
              path: [each.variable],
            });
          continue;
        }
        if (each.type === 'scelta') {
          if (each.options?.includes(raw)) out[each.variable] = raw;
          else
            ctx.addIssue({
              code: 'custom',
              message: texts.invalidChoice(each.label),
              path: [each.variable],
            });
          continue;
        }
        const parsed = parseItalian(each, raw);
        if (parsed.ok) out[each.variable] = parsed.value;
        else ctx.addIssue({ code: 'custom', message: parsed.error, path: [each.variable] });
      }
      return out;
    });
}

/** POST /client and PUT /client/{id}: a person, or a company with its legal representative. */
export const ZClientInput = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('persona_fisica'), dati: checkedFields(CLIENT_PERSON_FIELDS) }),
    z.object({
      tipo: z.literal('persona_giuridica'),
      dati: checkedFields(COMPANY_FIELDS),
      legale_rappresentante: checkedFields(PERSON_FIELDS).optional(),
    }),
  ],
  { error: texts.kind },
);
export type TClientInput = z.input<typeof ZClientInput>;
export type TClientInputParsed = z.output<typeof ZClientInput>;

/** A client as the API answers it: the checked values, and the name the lists show. */
export const ZClient = z.object({
  id: z.string(),
  tipo: z.enum(CLIENT_KINDS),
  /** «Rossi Mario» or «Alfa S.r.l.»: what the list, the search and the picker show. */
  nome_visualizzato: z.string(),
  dati: z.record(z.string(), z.string()),
  legale_rappresentante: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TClient = z.infer<typeof ZClient>;

/** GET /client: the lawyer's own clients, searched by name, denominazione or codice fiscale. */
export const ZClientsQuery = ZPageQuery.extend({
  q: z.string().trim().max(100, it.validation.invalid).optional(),
});
export type TClientsQuery = z.input<typeof ZClientsQuery>;

/** The list's name of a client: surname first for a person, as a register is ordered. */
export function clientDisplayName(tipo: TClientKind, dati: Values): string {
  if (tipo === 'persona_giuridica') return dati.denominazione ?? '';
  return [dati.cognome, dati.nome].filter(Boolean).join(' ');
}

/** The version of the export's format: a program reading old exports knows what it holds. */
export const CLIENT_EXPORT_FORMAT = 'lexpath-cliente/1';

/**
 * GET /client/{id}/export: one client's data as a JSON download, for the lawyer (the controller)
 * to hand to the client or to another system. The field names are CLIENT_PERSON_FIELDS' and
 * COMPANY_FIELDS'.
 */
export const ZClientExport = z.object({
  formato: z.literal(CLIENT_EXPORT_FORMAT),
  esportato_il: z.string(),
  cliente: ZClient,
});
export type TClientExport = z.infer<typeof ZClientExport>;

/**
 * A client refused (422): every message, and each under the field it is about (`dati.cap`,
 * `legale_rappresentante.codice_fiscale`, `tipo`), so a form shows it where it belongs.
 */
export const ZClientInputError = ZApiError.extend({
  fields: z.record(z.string(), z.string()),
});
export type TClientInputError = z.infer<typeof ZClientInputError>;
