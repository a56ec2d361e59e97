import type { AnswerRules } from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';

const texts = it.web.purchase;

/**
 * Per type: the input's mode, autocomplete and placeholder (Italian formats). Its own small
 * module: the questionnaire and the client register's form both type answers.
 */
export function inputProps(field: Pick<AnswerRules, 'type'>) {
  switch (field.type) {
    case 'numero':
      return { inputMode: 'decimal' as const };
    case 'importo':
      return { inputMode: 'decimal' as const, placeholder: texts.amountPlaceholder };
    case 'data':
      return { inputMode: 'numeric' as const, placeholder: texts.datePlaceholder };
    case 'codice_fiscale':
    case 'partita_iva':
      return { autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters' };
    case 'email':
      return { type: 'email', inputMode: 'email' as const, autoComplete: 'email' };
    case 'cap':
      return {
        inputMode: 'numeric' as const,
        autoComplete: 'postal-code',
        maxLength: 5,
        placeholder: texts.capPlaceholder,
      };
    case 'provincia':
      return {
        autoComplete: 'off',
        spellCheck: false,
        autoCapitalize: 'characters',
        maxLength: 2,
        placeholder: texts.provinciaPlaceholder,
      };
    case 'iban':
      return {
        autoComplete: 'off',
        spellCheck: false,
        autoCapitalize: 'characters',
        // 34 characters at most, and the spaces of its groups of four.
        maxLength: 42,
        placeholder: texts.ibanPlaceholder,
      };
    case 'telefono':
      return {
        type: 'tel',
        inputMode: 'tel' as const,
        autoComplete: 'tel',
        maxLength: 24,
        placeholder: texts.telefonoPlaceholder,
      };
    case 'ora':
      // The decimal keypad has digits and a separator: «14.30» is read as 14:30.
      return { inputMode: 'decimal' as const, maxLength: 5, placeholder: texts.oraPlaceholder };
    default:
      return {};
  }
}
