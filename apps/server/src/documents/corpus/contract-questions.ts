import { choice } from './corpus-case.ts';

/**
 * The questions of the short lease the authoring journey uploads (e2e `authoring-word`): the kind
 * of contract, a deposit asked only for a lease or a loan for use (a condition accepting two
 * answers), and a confidentiality clause.
 */
export const CONTRACT_QUESTIONS = [
  choice('tipo', ['Locazione', 'Comodato', 'Vendita']),
  choice('deposito', ['Sì', 'No'], { required_answers: [{ tipo: ['Locazione', 'Comodato'] }] }),
  choice('conferma', ['Sì', 'No']),
];

export const CONFIDENTIALITY = 'Le parti mantengono riservate le informazioni ricevute.';
export const DEPOSIT = 'È previsto un deposito cauzionale di tre mensilità.';
