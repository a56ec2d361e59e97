// Sample answers the benchmarks send or render: valid for every question of a template, choice
// or typed (issue 11), as the questionnaire would send them.

/** A valid canonical answer for a typed question (issue 11), as the questionnaire would send. */
export function sampleTyped(question) {
  switch (question.type) {
    case 'testo':
    case 'testo_lungo':
      return 'Mario Rossi';
    case 'numero':
      return String(typeof question.min === 'number' ? question.min : 3);
    case 'importo':
      return typeof question.min === 'number' ? question.min.toFixed(2) : '1234.50';
    case 'data':
      // A date bounded above (a birth date, `max: "oggi"`) lies in the past, any other ahead.
      return question.max === undefined ? '2030-01-15' : '1980-01-01';
    case 'codice_fiscale':
      return 'RSSMRA80A01H501U';
    case 'partita_iva':
      return '01234567897';
    case 'email':
      return 'mario.rossi@pec.it';
    case 'elenco':
      return Array.from({ length: question.min_items ?? 1 }, () =>
        Object.fromEntries((question.fields ?? []).map((f) => [f.variable, sampleTyped(f)])),
      );
    default:
      throw new Error(`no sample answer for type ${question.type}`);
  }
}

export const isTyped = (question) => question.type !== undefined && question.type !== 'scelta';

/** The first option of a choice (as a list for a multiple one), a sample for a typed question. */
export function sampleAnswer(question) {
  if (isTyped(question)) return sampleTyped(question);
  return question.is_multiple_selection ? [question.options[0]] : question.options[0];
}
