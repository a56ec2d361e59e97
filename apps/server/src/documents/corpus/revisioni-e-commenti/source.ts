import { CONFIDENTIALITY, CONTRACT_QUESTIONS, DEPOSIT } from '../contract-questions.ts';
import { type CorpusCase, commentBody, paragraph, run, wordHabits } from '../corpus-case.ts';

const REVIEWER = 'w:author="Avv. Bianchi" w:date="2026-10-02T09:10:00Z"';
const inserted = (id: number, text: string) =>
  `<w:ins w:id="${id}" ${REVIEWER}>${run(text, '00F1E2D3')}</w:ins>`;
const deleted = (id: number, text: string) =>
  `<w:del w:id="${id}" ${REVIEWER}><w:r w:rsidDel="00F1E2D3"><w:delText xml:space="preserve">${text}</w:delText></w:r></w:del>`;

/**
 * The master as it comes back from a colleague's review: a comment over the contract type,
 * the comparison of the confidentiality clause typed as a tracked insertion, an old tag
 * deleted with its text kept in `w:delText`, a whole paragraph inserted. Refused: which
 * revision wins is the editor's call, in Word.
 */
export const revisioniECommenti: CorpusCase = {
  slug: 'revisioni-e-commenti',
  description:
    'Unaccepted tracked changes and a review comment: refused, the editor accepts or rejects them in Word.',
  outcome: 'refused',
  questions: CONTRACT_QUESTIONS,
  master: {
    body: [
      paragraph([
        run('Contratto di '),
        '<w:commentRangeStart w:id="0"/>',
        run('{tipo}'),
        '<w:commentRangeEnd w:id="0"/>',
        '<w:r><w:rPr><w:rStyle w:val="Rimandocommento"/></w:rPr><w:commentReference w:id="0"/></w:r>',
        run('.'),
      ]),
      paragraph(`{#deposito == "Sì"}${DEPOSIT}{/}`),
      paragraph([run('{#conferma'), inserted(1, ' == "Sì"'), run('}')]),
      paragraph([deleted(2, '{clausola_vecchia} '), run(CONFIDENTIALITY)]),
      paragraph('{/}'),
      `<w:p w:rsidR="00F1E2D3"><w:pPr><w:rPr><w:ins w:id="3" ${REVIEWER}/></w:rPr></w:pPr>${inserted(4, 'Le spese di registrazione sono a carico del conduttore.')}</w:p>`,
      paragraph('Letto, confermato e sottoscritto.'),
    ].join(''),
    comments: {
      0: { author: 'Avv. Bianchi', paragraphs: commentBody('verificare importo con società') },
    },
  },
  preview: {
    body: [
      paragraph('ANTEPRIMA – Contratto di {tipo}.'),
      paragraph('{#conferma == "Sì"}Clausola di riservatezza.{/}'),
    ].join(''),
  },
  lint: { errors: [wordHabits.trackedChanges.master], warnings: [] },
};
