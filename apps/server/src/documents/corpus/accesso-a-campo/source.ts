import { type CorpusCase, choice, lint, paragraph, problem } from '../corpus-case.ts';

/** `{nome_cliente.cognome}`: an answer has no fields, the tag would print nothing. */
export const accessoACampo: CorpusCase = {
  slug: 'accesso-a-campo',
  description: 'Member access on an answer ({persona.nome}): refused, naming the tag.',
  outcome: 'refused',
  questions: [choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi'])],
  master: { body: paragraph('Il cliente {nome_cliente.cognome} firma il contratto.') },
  lint: {
    errors: [
      problem(
        'body',
        '{nome_cliente.cognome}',
        lint.memberAccess('nome_cliente.cognome', 'nome_cliente'),
        'Il cliente {nome_cliente.cognome} firma il contratto.',
      ),
    ],
    warnings: [],
  },
};
