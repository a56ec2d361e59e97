import { type CorpusCase, choice, paragraph, run } from '../corpus-case.ts';

/**
 * Tags as Word stores them after typing and correcting: cut in several runs with their own
 * revision ids (rsid), spelling and grammar marks (`w:proofErr`) inside the tag, the hidden
 * `_GoBack` bookmark and a rendered page break mark. Handled: the tags read whole.
 */
export const runSpezzatiECorrettore: CorpusCase = {
  slug: 'run-spezzati-e-correttore',
  description: 'Tags split across runs with rsids, proofing marks and bookmarks: read whole.',
  outcome: 'handled',
  questions: [
    choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi']),
    choice('tipo', ['Locazione', 'Vendita']),
  ],
  master: {
    body: [
      paragraph([
        run('Il cliente '),
        '<w:proofErr w:type="spellStart"/>',
        run('{nome_', '00B4C5D6'),
        '<w:bookmarkStart w:id="0" w:name="_GoBack"/><w:bookmarkEnd w:id="0"/>',
        run('cliente', '00F1E2D3'),
        '<w:proofErr w:type="spellEnd"/>',
        run('}', '00B4C5D6'),
        run(' dichiara di aver letto il contratto.'),
      ]),
      paragraph([
        '<w:proofErr w:type="gramStart"/>',
        run('{#tipo'),
        '<w:proofErr w:type="gramEnd"/>',
        run(' == "Loca', '00B4C5D6'),
        '<w:r w:rsidR="00F1E2D3"><w:lastRenderedPageBreak/><w:t>zione"}</w:t></w:r>',
        run('Il canone si paga entro il giorno cinque.'),
        run('{/', '00F1E2D3'),
        run('}'),
      ]),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { nome_cliente: 'Anna Bianchi', tipo: 'Locazione' },
      lines: [
        'Il cliente Anna Bianchi dichiara di aver letto il contratto.',
        'Il canone si paga entro il giorno cinque.',
      ],
      pages: 1,
    },
  ],
};
