import { describe, expect, it } from 'vitest';
import { inspectBlanks, masculinePhrase, type Proposal, variableOf } from './blank-proposals.ts';
import { buildDocx } from './test-docx.ts';

/** The proposals of a body made of these paragraphs. */
function proposals(...paragraphs: string[]): (Proposal | null)[] {
  return inspectBlanks(buildDocx(paragraphs)).map((blank) => blank.proposal);
}

/** `[variable, type]` of each blank, null when nothing is proposed. */
function types(...paragraphs: string[]): ([string, string] | null)[] {
  return proposals(...paragraphs).map((proposal) =>
    proposal ? [proposal.variable, proposal.type] : null,
  );
}

/** A legacy drop-down form field with these entries, as Word writes it. */
function dropDown(before: string, entries: string[]): string {
  const list = entries.map((entry) => `<w:listEntry w:val="${entry}"/>`).join('');
  return [
    `<w:p><w:r><w:t xml:space="preserve">${before}</w:t></w:r>`,
    `<w:r><w:fldChar w:fldCharType="begin"><w:ffData><w:enabled/><w:ddList>${list}</w:ddList></w:ffData></w:fldChar></w:r>`,
    '<w:r><w:instrText xml:space="preserve"> FORMDROPDOWN </w:instrText></w:r>',
    '<w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>',
  ].join('');
}

describe('blank proposals: the label dictionary', () => {
  it('reads «nato a ___ il ___» as the place and the date of birth', () => {
    expect(proposals('nato a ____________ il ___/___/______')).toEqual([
      { variable: 'luogo_nascita', question: 'Luogo di nascita', type: 'testo' },
      { variable: 'data_nascita', question: 'Data di nascita', type: 'data' },
    ]);
    expect(types('Nato/a il ________ a ________')).toEqual([
      ['parte', 'elenco'],
      ['data_nascita', 'data'],
      ['luogo_nascita', 'testo'],
    ]);
  });

  it('knows the codice fiscale and the partita IVA however they are abbreviated', () => {
    expect(
      types(
        'C.F. ________________',
        'codice fiscale: ________________',
        'cod. fisc. ________________',
        'P. IVA ___________',
        'partita IVA ___________',
      ).map((pair) => pair?.[1]),
    ).toEqual(['codice_fiscale', 'codice_fiscale', 'codice_fiscale', 'partita_iva', 'partita_iva']);
    // «Specifica» and «fiscale» alone are no codice fiscale.
    expect(types('Specifica ________', 'regime fiscale ________').map((pair) => pair?.[1])).toEqual(
      ['testo', 'testo'],
    );
  });

  it('reads the parts of an address: comune, via and number, CAP, provincia', () => {
    expect(
      types('residente in ____________ (Prov. ____) via ____________ n. ____ CAP ______'),
    ).toEqual([
      ['comune_residenza', 'testo'],
      ['provincia', 'provincia'],
      ['indirizzo', 'testo'],
      ['numero_civico', 'testo'],
      ['cap', 'cap'],
    ]);
    expect(types('con sede in ________', 'comune di ________', 'provincia di ________')).toEqual([
      ['comune_sede', 'testo'],
      ['comune', 'testo'],
      ['provincia', 'provincia'],
    ]);
  });

  it('tells the number of a file, of a registration and of a street apart', () => {
    expect(
      types(
        'Pratica edilizia n. ______',
        'iscritto all’albo con n. ______',
        'via ____________ n. ____',
      ).map((pair) => pair?.[0]),
    ).toEqual(['numero_pratica', 'numero_iscrizione', 'indirizzo', 'numero_civico']);
  });

  it('reads amounts after «€», «euro», «importo», «canone» and «somma di», not after «europeo»', () => {
    expect(
      types(
        'per € __________',
        'pari a euro __________',
        'importo __________',
        'un canone di __________',
        'la somma di __________',
        'il gruppo europeo __________',
      ).map((pair) => pair?.[1]),
    ).toEqual(['importo', 'importo', 'importo', 'importo', 'importo', 'testo']);
  });

  it('reads dates after «lì», «data», «in data», «il giorno» and a place with its comma', () => {
    expect(
      types(
        'Milano, lì __________',
        'Data __________',
        'consegnato in data __________',
        'il giorno __________',
        'Abbiategrasso, __________',
      ).map((pair) => pair?.[1]),
    ).toEqual(['data', 'data', 'data', 'data', 'data']);
    // A short label without its comma is not a place and a date.
    expect(types('Legale di fiducia di __________').map((pair) => pair?.[1])).toEqual(['testo']);
  });

  it('reads e-mail, PEC, telephone, IBAN and time, and «valore» is no «ore»', () => {
    expect(
      types(
        'e-mail __________',
        'PEC __________',
        'posta elettronica __________',
        'tel. __________ cell. __________',
        'IBAN ___________________________',
        'alle ore ______',
        'per un valore ______',
      ),
    ).toEqual([
      ['email', 'email'],
      ['pec', 'email'],
      ['email_2', 'email'],
      ['telefono', 'telefono'],
      ['telefono_2', 'telefono'],
      ['iban', 'iban'],
      ['ora', 'ora'],
      ['valore', 'testo'],
    ]);
  });

  it('asks a name after «Il sottoscritto», «sig.», «cognome e nome»', () => {
    expect(
      types('Il sottoscritto ______________', 'il sig. ______________', 'Cognome e nome ________'),
    ).toEqual([
      ['nome_cognome', 'testo'],
      ['nome_persona', 'testo'],
      ['nome_cognome_2', 'testo'],
    ]);
  });

  it('leaves a signature line without a question', () => {
    expect(types('Data ________ Firma ________________', '[timbro e firma]')).toEqual([
      ['data', 'data'],
      null,
      null,
    ]);
  });

  it('asks a line of nothing but a blank with the words above it, nothing under «Firma»', () => {
    expect(
      proposals(
        'Sede legale',
        '______________________________________________________________',
        'È occorso quanto segue:',
        '______________________________________________________________',
        'Firma',
        '________________________',
        'Il/La ______________',
      ).map((proposal) => proposal && [proposal.question, proposal.type]),
    ).toEqual([
      ['Sede legale', 'testo'],
      ['È occorso quanto segue', 'testo_lungo'],
      null,
      ['Parte', 'elenco'],
      ['Testo', 'testo'],
    ]);
  });

  it('asks a long text for lines of nothing but a blank, continuing the question above', () => {
    expect(
      proposals(
        'Descrizione dei fatti: ___________________________',
        '______________________________________________________________',
        '______________________________________________________________',
      ).map((proposal) => [proposal?.question, proposal?.type]),
    ).toEqual([
      ['Descrizione dei fatti', 'testo_lungo'],
      ['Descrizione dei fatti (riga 2)', 'testo_lungo'],
      ['Descrizione dei fatti (riga 3)', 'testo_lungo'],
    ]);
  });
});

describe('blank proposals: variables', () => {
  it('gives the same variable to the same fact repeated, a new one to another fact', () => {
    expect(
      types(
        'Data ________ Firma ________',
        'telefono __________',
        'Data ________ Firma ________',
        'recapito del legale: telefono __________',
      ),
    ).toEqual([
      ['data', 'data'],
      null,
      ['telefono', 'telefono'],
      ['data', 'data'],
      null,
      ['telefono_2', 'telefono'],
    ]);
  });

  it('names a repeated label after the party of its heading, the same label under one heading once', () => {
    expect(
      proposals(
        'DATI DEL CREDITORE',
        'C.F. ________________ telefono __________',
        'Dati del debitore:',
        'C.F. ________________ telefono __________',
        'Recapiti',
        'telefono __________',
      ).map((proposal) => [proposal?.variable, proposal?.question]),
    ).toEqual([
      ['codice_fiscale', 'Codice fiscale'],
      ['telefono', 'Telefono'],
      ['codice_fiscale_debitore', 'Codice fiscale (debitore)'],
      ['telefono_debitore', 'Telefono (debitore)'],
      ['telefono_2', 'Telefono (2)'],
    ]);
  });

  it('writes snake_case ASCII without accents and small words', () => {
    expect(variableOf('Qualità della società')).toBe('qualita_societa');
    expect(variableOf('1) Età')).toBe('campo_1_eta');
    expect(variableOf('')).toBe('campo');
  });
});

describe('blank proposals: choices', () => {
  it('makes the boxes of one line a single choice with their labels as options', () => {
    const [yes, no] = proposals('Elegge domicilio presso lo studio ☐ sì ☐ no');
    expect(yes).toEqual({
      variable: 'elegge_domicilio_presso_studio',
      question: 'Elegge domicilio presso lo studio',
      type: 'scelta',
      options: ['sì', 'no'],
      multiple: false,
      option: 'sì',
    });
    expect(no).toMatchObject({ variable: yes?.variable, option: 'no' });
  });

  it('makes boxes on lines of their own one choice of independent boxes', () => {
    const boxes = proposals(
      '☐ copia del documento di identità',
      '☐ fotografie del danno',
      '☐ preventivi di riparazione',
    );
    expect(boxes.map((proposal) => proposal?.option)).toEqual([
      'copia del documento di identità',
      'fotografie del danno',
      'preventivi di riparazione',
    ]);
    for (const proposal of boxes) {
      expect(proposal).toMatchObject({
        variable: 'copia_documento_identita',
        type: 'scelta',
        multiple: true,
        options: [
          'copia del documento di identità',
          'fotografie del danno',
          'preventivi di riparazione',
        ],
      });
    }
  });

  it('asks a box alone as a yes/no whose «Sì» ticks it, and the blank after it without the box', () => {
    const [alone, what] = proposals('☐ altro ______________');
    expect(what?.question).toBe('Altro (2)');
    expect(alone).toEqual({
      variable: 'altro',
      question: 'Altro',
      type: 'scelta',
      options: ['Sì', 'No'],
      multiple: false,
      option: 'Sì',
    });
  });

  it('keeps two yes/no pairs on consecutive lines as two choices', () => {
    const boxes = proposals('☐ sì', '☐ no', '☐ sì', '☐ no');
    expect(boxes.map((proposal) => [proposal?.variable, proposal?.multiple])).toEqual([
      ['scelta', false],
      ['scelta', false],
      ['scelta_2', false],
      ['scelta_2', false],
    ]);
  });

  it('offers a drop-down field’s entries as the choice’s options', () => {
    const blanks = inspectBlanks(
      buildDocx(['Intestatario'], {
        bodyXml: dropDown('In qualità di ', ['Proprietario', 'Usufruttuario', 'Avente titolo']),
      }),
    );
    expect(blanks.map((blank) => blank.proposal)).toEqual([
      {
        variable: 'qualita',
        question: 'In qualità di',
        type: 'scelta',
        options: ['Proprietario', 'Usufruttuario', 'Avente titolo'],
      },
    ]);
  });
});

describe('blank proposals: boxes laid out as a table', () => {
  const cell = (text: string) =>
    `<w:tc><w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p></w:tc>`;
  const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;

  it('asks each row of boxes in cells once, the column headings as its options', () => {
    const table = `<w:tbl>${row('Elementi', 'conforme', 'non conforme')}${row('Numero dell’atto', '☐', '☐')}${row('Data dell’atto', '☐', '☐')}</w:tbl>`;
    const boxes = inspectBlanks(buildDocx(['Verifica'], { bodyXml: table })).map(
      (blank) => blank.proposal,
    );
    expect(boxes).toEqual([
      {
        variable: 'numero_atto',
        question: 'Numero dell’atto',
        type: 'scelta',
        options: ['conforme', 'non conforme'],
        multiple: false,
        option: 'conforme',
      },
      {
        variable: 'numero_atto',
        question: 'Numero dell’atto',
        type: 'scelta',
        options: ['conforme', 'non conforme'],
        multiple: false,
        option: 'non conforme',
      },
      {
        variable: 'data_atto',
        question: 'Data dell’atto',
        type: 'scelta',
        options: ['conforme', 'non conforme'],
        multiple: false,
        option: 'conforme',
      },
      {
        variable: 'data_atto',
        question: 'Data dell’atto',
        type: 'scelta',
        options: ['conforme', 'non conforme'],
        multiple: false,
        option: 'non conforme',
      },
    ]);
  });

  it('reads the headings of boxes typed in a row from the tabbed line above', () => {
    const tabbed = '<w:p><w:r><w:t>SI</w:t></w:r><w:r><w:tab/><w:t>NO</w:t></w:r></w:p>';
    const blanks = inspectBlanks(
      buildDocx(['ISTRUTTORIA:'], {
        bodyXml: `${tabbed}<w:p><w:r><w:t>☐ ☐ MARCA DA BOLLO</w:t></w:r></w:p>`,
      }),
    );
    expect(blanks.map((blank) => blank.proposal)).toEqual([
      {
        variable: 'marca_bollo',
        question: 'Marca da bollo',
        type: 'scelta',
        options: ['SI', 'NO'],
        multiple: false,
        option: 'SI',
      },
      {
        variable: 'marca_bollo',
        question: 'Marca da bollo',
        type: 'scelta',
        options: ['SI', 'NO'],
        multiple: false,
        option: 'NO',
      },
    ]);
  });

  it('asks boxes on their own lines with the question of the line above', () => {
    expect(
      proposals(
        'Modalità di scelta del contraente:',
        '☐ affidamento diretto',
        '☐ procedura aperta',
      ).map((proposal) => proposal?.question),
    ).toEqual(['Modalità di scelta del contraente', 'Modalità di scelta del contraente']);
  });
});

describe('blank proposals: repeated blocks', () => {
  it('makes the same block of labels, repeated, one elenco whose fields are its labels', () => {
    const witnesses = proposals(
      'Generalità ____________ comune di residenza ____________',
      'telefono ____________',
      'Generalità ____________ comune di residenza ____________',
      'telefono ____________',
    );
    const fields = [
      { variable: 'nome_cognome', label: 'Nome e cognome', type: 'testo' },
      { variable: 'comune_residenza', label: 'Comune di residenza', type: 'testo' },
      { variable: 'telefono', label: 'Telefono', type: 'telefono' },
    ];
    expect(witnesses.map((proposal) => proposal?.field)).toEqual([
      'nome_cognome',
      'comune_residenza',
      'telefono',
      'nome_cognome',
      'comune_residenza',
      'telefono',
    ]);
    for (const proposal of witnesses) {
      expect(proposal).toMatchObject({ variable: 'generalita', type: 'elenco', fields });
    }
  });

  it('makes numbered lines «1) … 2) …» one elenco, and a block met once stays as it is', () => {
    expect(types('1) ……………………', '2) ……………………', '3) ……………………').map((pair) => pair?.[1])).toEqual([
      'elenco',
      'elenco',
      'elenco',
    ]);
    expect(types('telefono ________', 'Data ________').map((pair) => pair?.[1])).toEqual([
      'telefono',
      'data',
    ]);
  });
});

describe('blank proposals: gender blanks', () => {
  it('speaks of the nearest party in its masculine singular, the article with its word', () => {
    expect(
      proposals('Il/La sottoscritto/a ____________ nato/a a ____________').map((proposal) =>
        proposal?.phrase === undefined ? proposal?.type : [proposal.variable, proposal.phrase],
      ),
    ).toEqual([
      ['sottoscritto', 'il sottoscritto'],
      ['sottoscritto', ''],
      'testo',
      ['sottoscritto', 'nato'],
      'testo',
    ]);
    expect(
      proposals('..l.. sottoscritt.. ______').map((proposal) => proposal?.phrase ?? null),
    ).toEqual(['il sottoscritto', '', null]);
  });

  it('names the party by its role noun, else the party named last, else «parte»', () => {
    expect(
      proposals('la parte richiedente, nato/a a ________').map((proposal) => proposal?.variable),
    ).toEqual(['richiedente', 'luogo_nascita']);
    expect(proposals('i dati della/e impresa/e')[0]).toMatchObject({
      variable: 'parte',
      type: 'elenco',
      phrase: 'della impresa',
    });
  });

  it('writes the masculine singular of each written form', () => {
    expect(
      ['Il/La', 'nato/a', 'sottoscritto/a', 'impresa/e', 'lo/la', 'egli/ella', '..l..'].map(
        masculinePhrase,
      ),
    ).toEqual(['il', 'nato', 'sottoscritto', 'impresa', 'lo', 'egli', 'il']);
  });
});
