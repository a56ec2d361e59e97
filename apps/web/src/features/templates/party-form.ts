import { normalizeVariableKey } from '@lexpath/shared/questionnaire';
import type { TQuestion } from '@lexpath/shared/schemas/questions';

/**
 * The party section of the question editor (DESIGN §15): whether the question is (part of) a
 * party, its role, and the client field it takes; an `elenco` maps each of its fields instead
 * (`FieldForm.parte_campo`, '' for none).
 */
export interface PartySettings {
  parte_attiva: boolean;
  parte_ruolo: string;
  parte_campo: string;
}

export const emptyPartySettings: PartySettings = {
  parte_attiva: false,
  parte_ruolo: '',
  parte_campo: '',
};

export function toPartySettings(question: TQuestion): PartySettings {
  const mark = question.parte;
  if (!mark) return emptyPartySettings;
  return {
    parte_attiva: true,
    parte_ruolo: mark.ruolo,
    parte_campo: 'campo' in mark ? mark.campo : '',
  };
}

/** The party mark the form describes, checked afterwards by the shared schema; none when off. */
export function partyMarkOf(
  form: PartySettings & {
    type: string;
    fields: ReadonlyArray<{ variable: string; parte_campo: string }>;
  },
): TQuestion['parte'] {
  if (!form.parte_attiva) return undefined;
  const ruolo = form.parte_ruolo.trim();
  if (form.type !== 'elenco') return { ruolo, campo: form.parte_campo };
  return {
    ruolo,
    campi: Object.fromEntries(
      form.fields
        .filter((field) => field.parte_campo !== '')
        .map((field) => [normalizeVariableKey(field.variable), field.parte_campo]),
    ),
  };
}

/** Where the shared schema's party issues show in the form. */
export function partyFormPath(path: string): string | undefined {
  if (path === 'parte.ruolo') return 'parte_ruolo';
  if (path === 'parte' || path.startsWith('parte.')) return 'parte_campo';
  return undefined;
}
