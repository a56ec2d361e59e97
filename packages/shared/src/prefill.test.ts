import { describe, expect, it } from 'vitest';
import {
  answersFromClient,
  clientFromAnswers,
  partyValuesOfClient,
  prefillAnswers,
} from './prefill.ts';
import { ZClientInput } from './schemas/clients.ts';
import { type TQuestion, type TQuestionInput, ZQuestions } from './schemas/questions.ts';

const questions = (list: TQuestionInput[]): TQuestion[] => ZQuestions.parse(list);

const mario = {
  tipo: 'persona_fisica' as const,
  dati: {
    nome: 'Mario',
    cognome: 'Rossi',
    genere: 'maschile',
    codice_fiscale: 'RSSMRA85T10A562S',
    data_nascita: '1985-12-10',
    luogo_nascita: 'Roma',
    indirizzo: 'via Roma 1',
    cap: '00184',
    comune: 'Roma',
    provincia: 'RM',
    pec: 'mario.rossi@pec.it',
  },
  legale_rappresentante: null,
};

const alfa = {
  tipo: 'persona_giuridica' as const,
  dati: {
    denominazione: 'Alfa S.r.l.',
    partita_iva: '01234567897',
    codice_fiscale: '01234567897',
    indirizzo: 'via Torino 12',
    cap: '20123',
    comune: 'Milano',
    provincia: 'MI',
  },
  legale_rappresentante: { nome: 'Giulia', cognome: 'Conti', genere: 'femminile' },
};

const conduttori = {
  variable: 'conduttori',
  question: 'Chi prende in locazione l’immobile?',
  type: 'elenco',
  fields: [
    { variable: 'nome', question: 'Nome e cognome', type: 'testo' },
    { variable: 'codice_fiscale', question: 'Codice fiscale', type: 'codice_fiscale' },
    { variable: 'indirizzo', question: 'Residenza', type: 'testo' },
  ],
  max_items: 2,
  label_singolare: 'il conduttore',
  label_plurale: 'i conduttori',
  parte: {
    ruolo: 'conduttore',
    campi: {
      nome: 'nome_completo',
      codice_fiscale: 'codice_fiscale',
      indirizzo: 'indirizzo_completo',
    },
  },
} satisfies TQuestionInput;

const committente = questions([
  {
    variable: 'committente_nome',
    question: 'Nome e cognome o denominazione del Committente',
    type: 'testo',
    parte: { ruolo: 'committente', campo: 'nome_completo' },
  },
  {
    variable: 'committente_genere',
    question: 'Il Committente è un uomo o una donna?',
    options: ['maschile', 'femminile'],
    parte: { ruolo: 'committente', campo: 'genere' },
  },
  {
    variable: 'committente_nascita',
    question: 'Data di nascita',
    type: 'data',
    max: '1990-01-01',
    parte: { ruolo: 'committente', campo: 'data_nascita' },
  },
  {
    variable: 'committente_rappresentante',
    question: 'Chi firma per il Committente?',
    type: 'testo',
    parte: { ruolo: 'committente', campo: 'legale_rappresentante.nome_completo' },
  },
  {
    variable: 'committente_pec',
    question: 'PEC del Committente',
    type: 'email',
    parte: { ruolo: 'committente', campo: 'pec' },
  },
]);

describe('answersFromClient', () => {
  it('fills an elenco item with the client’s name and address composed as a contract writes them', () => {
    const [list] = questions([conduttori]);
    expect(answersFromClient(list as TQuestion, mario)).toEqual({
      conduttori: [
        {
          nome: 'Mario Rossi',
          codice_fiscale: 'RSSMRA85T10A562S',
          indirizzo: 'via Roma 1, 00184 Roma (RM)',
        },
      ],
    });
  });

  it('gives each single question its field, the genere as the option the question offers', () => {
    const answers = Object.assign({}, ...committente.map((q) => answersFromClient(q, mario)));
    expect(answers).toEqual({
      committente_nome: 'Mario Rossi',
      committente_genere: 'maschile',
      committente_nascita: '1985-12-10',
      committente_pec: 'mario.rossi@pec.it',
    });
  });

  it('leaves out what the question cannot take, and names a company by its denominazione', () => {
    const late = { ...mario, dati: { ...mario.dati, data_nascita: '1995-06-01' } };
    expect(answersFromClient(committente[2] as TQuestion, late)).toEqual({});
    const answers = Object.assign({}, ...committente.map((q) => answersFromClient(q, alfa)));
    expect(answers).toEqual({
      committente_nome: 'Alfa S.r.l.',
      committente_rappresentante: 'Giulia Conti',
    });
  });

  it('answers the template’s «persona fisica o società?» with the option naming the client’s kind', () => {
    const [kind] = questions([
      {
        variable: 'parte_tipo',
        question: 'La parte è una società o una persona fisica?',
        options: ['Società', 'Persona fisica'],
        parte: { ruolo: 'parte', campo: 'tipo' },
      },
    ]);
    expect(answersFromClient(kind as TQuestion, mario)).toEqual({ parte_tipo: 'Persona fisica' });
    expect(answersFromClient(kind as TQuestion, alfa)).toEqual({ parte_tipo: 'Società' });
    expect(clientFromAnswers(kind as TQuestion, { parte_tipo: 'Società' }).tipo).toBe(
      'persona_giuridica',
    );
  });

  it('composes only the parts of an address the client has', () => {
    expect(partyValuesOfClient({ ...mario, dati: { comune: 'Roma' } }).indirizzo_completo).toBe(
      'Roma',
    );
  });
});

describe('clientFromAnswers', () => {
  it('turns an item typed by hand into a person the register accepts', () => {
    const [list] = questions([conduttori]);
    const input = clientFromAnswers(
      list as TQuestion,
      {
        conduttori: [
          { nome: 'Anna Bianchi', codice_fiscale: 'BNCNNA80A41H501R', indirizzo: 'via Po 3' },
          {
            nome: 'Maria Grazia Verdi',
            codice_fiscale: 'VRDMGR70A41F205T',
            indirizzo: 'via Roma 2',
          },
        ],
      },
      1,
    );
    expect(input).toEqual({
      tipo: 'persona_fisica',
      dati: {
        nome: 'Maria',
        cognome: 'Grazia Verdi',
        codice_fiscale: 'VRDMGR70A41F205T',
        indirizzo: 'via Roma 2',
      },
    });
  });

  it('turns a party of single questions with a representative into a company', () => {
    const input = clientFromAnswers(committente, {
      committente_nome: 'Alfa S.r.l.',
      committente_rappresentante: 'Giulia Conti',
      committente_pec: 'alfa@pec.it',
    });
    expect(input).toEqual({
      tipo: 'persona_giuridica',
      dati: { denominazione: 'Alfa S.r.l.', pec: 'alfa@pec.it' },
      legale_rappresentante: { nome: 'Giulia', cognome: 'Conti' },
    });
    expect(ZClientInput.safeParse(input).success).toBe(true);
  });

  it('gives back what answersFromClient gave for a person’s own fields', () => {
    const answers = Object.assign({}, ...committente.map((q) => answersFromClient(q, mario)));
    const input = clientFromAnswers(committente, answers);
    expect(ZClientInput.parse(input).dati).toEqual({
      nome: 'Mario',
      cognome: 'Rossi',
      genere: 'maschile',
      data_nascita: '1985-12-10',
      pec: 'mario.rossi@pec.it',
    });
  });
});

describe('prefillAnswers', () => {
  const earlierQuestions = questions([
    { variable: 'regime', question: 'Regime?', options: ['Libero', 'Concordato'] },
    {
      variable: 'zona',
      question: 'Zona?',
      type: 'testo',
      required_answers: [{ regime: 'Concordato' }],
    },
    { variable: 'canone', question: 'Canone?', type: 'importo' },
    {
      variable: 'extra',
      question: 'Extra?',
      options: ['cantina', 'box'],
      is_multiple_selection: true,
    },
    conduttori,
    {
      variable: 'conduttore_pec',
      question: 'PEC',
      type: 'email',
      parte: { ruolo: 'conduttore', campo: 'pec' },
    },
    { variable: 'luogo_firma', question: 'Luogo?', type: 'testo' },
  ]);
  const earlierAnswers = {
    regime: 'Concordato',
    zona: 'Centro',
    canone: '800.00',
    extra: ['cantina', 'box'],
    conduttori: [
      { nome: 'Anna Bianchi', codice_fiscale: 'BNCNNA80A41H501R', indirizzo: 'via Po 3' },
    ],
    conduttore_pec: 'anna@pec.it',
    luogo_firma: 'Roma',
  };

  it('carries answers of the same key and type, options the new question still offers', () => {
    const target = questions([
      { variable: 'regime', question: 'Regime?', options: ['Libero', 'Transitorio'] },
      { variable: 'canone', question: 'Canone?', type: 'numero' },
      {
        variable: 'extra',
        question: 'Extra?',
        options: ['box', 'soffitta'],
        is_multiple_selection: true,
      },
      { variable: 'luogo_firma', question: 'Dove?', type: 'testo' },
    ]);
    expect(
      prefillAnswers(target, { questions: earlierQuestions, answers: earlierAnswers }),
    ).toEqual({ extra: ['box'], luogo_firma: 'Roma' });
  });

  it('copies a party into another template’s questions of the same role under other keys', () => {
    const target = questions([
      {
        variable: 'committente_nome',
        question: 'Nome',
        type: 'testo',
        parte: { ruolo: 'Conduttore', campo: 'nome_completo' },
      },
      {
        variable: 'committente_cf',
        question: 'Codice fiscale',
        type: 'codice_fiscale',
        parte: { ruolo: 'Conduttore', campo: 'codice_fiscale' },
      },
      {
        variable: 'committente_pec',
        question: 'PEC',
        type: 'email',
        parte: { ruolo: 'Conduttore', campo: 'pec' },
      },
    ]);
    expect(
      prefillAnswers(target, { questions: earlierQuestions, answers: earlierAnswers }),
    ).toEqual({
      committente_nome: 'Anna Bianchi',
      committente_cf: 'BNCNNA80A41H501R',
      committente_pec: 'anna@pec.it',
    });
  });

  it('copies elenco items whose fields match, and leaves an incomplete list to be asked', () => {
    const sameList = questions([{ ...conduttori, parte: undefined }]);
    expect(
      prefillAnswers(sameList, { questions: earlierQuestions, answers: earlierAnswers }),
    ).toEqual({ conduttori: earlierAnswers.conduttori });
    const withDocument = questions([
      {
        ...conduttori,
        parte: undefined,
        fields: [
          ...conduttori.fields,
          { variable: 'documento', question: 'Documento', type: 'testo' as const },
        ],
      },
    ]);
    expect(
      prefillAnswers(withDocument, { questions: earlierQuestions, answers: earlierAnswers }),
    ).toEqual({});
  });

  it('fills a party from the clients picked, replacing the earlier person whole', () => {
    const target = questions([
      conduttori,
      {
        variable: 'conduttore_pec',
        question: 'PEC',
        type: 'email',
        parte: { ruolo: 'conduttore', campo: 'pec' },
      },
    ]);
    const noPec = { ...mario, dati: { ...mario.dati, pec: undefined } } as unknown as typeof mario;
    expect(
      prefillAnswers(
        target,
        { questions: earlierQuestions, answers: earlierAnswers },
        { conduttori: [partyValuesOfClient(noPec)] },
      ),
    ).toEqual({
      conduttori: [
        {
          nome: 'Mario Rossi',
          codice_fiscale: 'RSSMRA85T10A562S',
          indirizzo: 'via Roma 1, 00184 Roma (RM)',
        },
      ],
    });
  });

  it('keeps no answer of a question its conditions hide', () => {
    const target = questions([
      { variable: 'regime', question: 'Regime?', options: ['Libero', 'Concordato'] },
      {
        variable: 'zona',
        question: 'Zona?',
        type: 'testo',
        required_answers: [{ regime: 'Concordato' }],
      },
    ]);
    const unconditioned = questions([
      { variable: 'regime', question: 'Regime?', options: ['Libero', 'Concordato'] },
      { variable: 'zona', question: 'Zona?', type: 'testo' },
    ]);
    expect(
      prefillAnswers(target, {
        questions: unconditioned,
        answers: { regime: 'Libero', zona: 'Centro' },
      }),
    ).toEqual({ regime: 'Libero' });
  });

  it('fills the lawyer’s party from their own facts only, never from an answer of the same key', () => {
    const lawyerQuestions = questions([
      {
        variable: 'avvocato_nome',
        question: 'Nome e cognome dell’avvocato',
        type: 'testo',
        parte: { ruolo: 'avvocato', campo: 'nome_completo' },
      },
      {
        variable: 'iban',
        question: 'IBAN',
        type: 'iban',
        parte: { ruolo: 'avvocato', campo: 'iban' },
      },
      { variable: 'luogo_firma', question: 'Luogo?', type: 'testo' },
    ]);
    const lease = {
      questions: questions([
        { variable: 'iban', question: 'IBAN del locatore', type: 'iban' },
        { variable: 'luogo_firma', question: 'Luogo?', type: 'testo' },
      ]),
      answers: { iban: 'IT60X0542811101000000123456', luogo_firma: 'Roma' },
    };
    // The landlord's IBAN is not the lawyer's: without own facts the question stays to be asked.
    expect(prefillAnswers(lawyerQuestions, lease)).toEqual({ luogo_firma: 'Roma' });
    expect(
      prefillAnswers(
        lawyerQuestions,
        lease,
        {},
        {
          nome_completo: 'Luca Bianchi',
          iban: 'IT82X0306909606100000063571',
        },
      ),
    ).toEqual({
      avvocato_nome: 'Luca Bianchi',
      iban: 'IT82X0306909606100000063571',
      luogo_firma: 'Roma',
    });
  });
});
