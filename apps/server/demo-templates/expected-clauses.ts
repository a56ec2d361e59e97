import { formatAnswer } from '@lexpath/shared';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';

/**
 * What a rendered contract must say for given answers, written independently of the sources:
 * a passage that must be in the text exactly when `when` holds, or a passage that must occur a
 * given number of times.
 */
export type ClauseExpectation =
  | {
      clause: string;
      text: string | ((answers: TAnswers) => string);
      when: (answers: TAnswers) => boolean;
    }
  | { clause: string; occurrences: string; count: (answers: TAnswers) => number };

const is = (variable: string, value: string) => (answers: TAnswers) => answers[variable] === value;
const isNot = (variable: string, value: string) => (answers: TAnswers) =>
  answers[variable] !== value;
const includes = (variable: string, value: string) => (answers: TAnswers) => {
  const given: TAnswerValue | undefined = answers[variable];
  return Array.isArray(given) ? given.includes(value) : given === value;
};
const isOneOf =
  (variable: string, ...values: string[]) =>
  (answers: TAnswers) =>
    values.includes(String(answers[variable]));
const always = () => true;
const list = (answers: TAnswers, variable: string) => formatAnswer(answers[variable]);
/** A word said of a party whose genere question has this answer: «nato» or «nata». */
const agreed = (answers: TAnswers, variable: string, masculine: string, feminine: string) =>
  answers[variable] === 'femminile' ? feminine : masculine;

const LIBERO = 'Canone libero (4+4)';
const CONCORDATO = 'Canone concordato (3+2)';

const LOCAZIONE: ClauseExpectation[] = [
  {
    clause: 'legal basis, free rent',
    text: 'ai sensi dell’art. 2, comma 1, della legge 9 dicembre 1998, n. 431',
    when: is('regime_canone', LIBERO),
  },
  {
    clause: 'legal basis, agreed rent',
    text: 'ai sensi dell’art. 2, comma 3, della legge 9 dicembre 1998, n. 431 e del decreto',
    when: is('regime_canone', CONCORDATO),
  },
  {
    clause: 'company landlord',
    text: 'Mario Rossi, con sede legale in via Appia Nuova 45, 00183 Roma, codice fiscale e partita IVA RSSMRA80A01H501U, in persona del legale rappresentante pro tempore Mario Rossi, munito dei necessari poteri,',
    when: is('locatore_tipo', 'Società o ente'),
  },
  {
    clause: 'individual landlord',
    text: 'Mario Rossi, residente in via Appia Nuova 45, 00183 Roma, codice fiscale RSSMRA80A01H501U,\n(di seguito, il «Locatore»),',
    when: is('locatore_tipo', 'Persona fisica'),
  },
  {
    clause: 'every tenant of the list, then one defined party, jointly liable',
    text: 'e\nAnna Bianchi, residente in via Torino 12, 20123 Milano, codice fiscale BNCNNA85M41F205Q, carta d’identità n. CA12345AB,\nLuca Verdi, residente in via Torino 12, 20123 Milano, codice fiscale VRDLCU82C15H501A, passaporto n. YA1234567,\n(di seguito, congiuntamente e in solido, il «Conduttore»),',
    when: always,
  },
  {
    clause: 'joint liability of two or more tenants (art. 1292 c.c.)',
    text: 'I conduttori sono obbligati in solido tra loro',
    when: always,
  },
  {
    clause: 'the property: address, rooms, cadastre, rendita in figures',
    text: 'dell’unità immobiliare sita in Roma, via Tuscolana 100, piano 3, interno 7, composta da n. 4 vani oltre accessori, identificata al Catasto Fabbricati del Comune di Roma al foglio 12, particella 345, subalterno 6, categoria catastale A/2, rendita catastale euro 1.032,91 (di seguito',
    when: always,
  },
  {
    clause: 'energy certificate',
    text: 'attestato di prestazione energetica n. 058091-000123456, rilasciato in data 10 giugno 2025, dal quale risulta la classe energetica D,',
    when: always,
  },
  {
    clause: 'free rent: start and end four years later, the day before',
    text: 'con decorrenza dal 1° dicembre 2026 e scadenza al 30 novembre 2030.',
    when: is('regime_canone', LIBERO),
  },
  {
    clause: 'agreed rent: start and end three years later, the day before',
    text: 'con decorrenza dal 1° dicembre 2026 e scadenza al 30 novembre 2029.',
    when: is('regime_canone', CONCORDATO),
  },
  {
    clause: 'yearly rent computed from the monthly one, in figures and in words',
    text: 'in euro 10.200,00 (diecimiladuecento/00), ',
    when: always,
  },
  {
    clause: 'monthly instalments and payment day',
    text: 'dodici rate mensili anticipate di euro 850,00 (ottocentocinquanta/00) ciascuna, entro il giorno 5 di ogni mese.',
    when: always,
  },
  {
    clause: 'IBAN',
    text: 'codice IBAN IT60X0542811101000000123456, o con',
    when: always,
  },
  {
    clause: 'monthly service charges',
    text: 'euro 120,00 (centoventi/00)',
    when: always,
  },
  {
    clause: 'handover on the start date with the keys',
    text: 'La consegna dell’Immobile avviene in data 1° dicembre 2026, con la consegna di n. 2 (due) mazzi di chiavi;',
    when: always,
  },
  {
    clause: 'number of originals: one per party and one for registration',
    text: 'Il presente contratto è redatto in quattro originali',
    when: always,
  },
  {
    clause: 'notices',
    text: 'per il Locatore, via Appia Nuova 45, 00183 Roma, PEC mario.rossi@pec.it; per il Conduttore, presso l’Immobile, PEC anna.bianchi@pec.it.',
    when: always,
  },
  {
    clause: 'place and date of signature, twice',
    occurrences: 'Roma, lì 23 novembre 2026',
    count: () => 2,
  },
  {
    clause: 'each tenant signs, twice',
    occurrences: 'Il Conduttore – Luca Verdi',
    count: () => 2,
  },
  {
    clause: 'the landlord signs, a company through its representative',
    occurrences: 'Il Locatore – Mario Rossi, in persona di Mario Rossi',
    count: (a) => (a.locatore_tipo === 'Società o ente' ? 2 : 0),
  },
  {
    clause: 'territorial agreement',
    text: 'Accordo territoriale sottoscritto in data',
    when: is('regime_canone', CONCORDATO),
  },
  {
    clause: 'rent calculation sheet',
    text: 'la scheda di calcolo del canone',
    when: is('regime_canone', CONCORDATO),
  },
  {
    clause: '4+4 term',
    text: 'La locazione ha la durata di quattro anni',
    when: is('regime_canone', LIBERO),
  },
  {
    clause: '3+2 term',
    text: 'La locazione ha la durata di tre anni',
    when: is('regime_canone', CONCORDATO),
  },
  {
    clause: 'free rent amount',
    text: 'liberamente convenuto dalle Parti',
    when: is('regime_canone', LIBERO),
  },
  {
    clause: 'certificate of conformity',
    text: 'ai sensi dell’art. 1, comma 8, del D.M. 16 gennaio 2017',
    when: is('assistenza_concordato', 'Attestazione di rispondenza'),
  },
  {
    clause: 'unions sign',
    text: 'Per l’organizzazione dei conduttori',
    when: is('assistenza_concordato', 'Assistenza delle organizzazioni firmatarie'),
  },
  {
    clause: 'flat tax: no update',
    text: 'il Locatore rinuncia a chiedere l’aggiornamento del canone',
    when: is('cedolare_secca', 'Sì'),
  },
  {
    clause: 'flat tax option',
    text: 'Il Locatore dichiara di optare per il regime della cedolare secca',
    when: is('cedolare_secca', 'Sì'),
  },
  {
    clause: 'registration tax shared',
    text: 'l’imposta di registro è a carico del Locatore e del Conduttore in parti uguali',
    when: isNot('cedolare_secca', 'Sì'),
  },
  {
    clause: 'ISTAT update',
    text: (a) =>
      `nella misura del ${a.regime_canone === LIBERO ? a.misura_istat : '75%'} della variazione in aumento`,
    when: is('aggiornamento_istat', 'Sì'),
  },
  {
    clause: 'no update',
    text: 'il canone resti invariato per tutta la durata del contratto',
    when: is('aggiornamento_istat', 'No'),
  },
  {
    clause: 'furnished',
    text: 'L’Immobile è locato arredato',
    when: is('arredamento', 'Arredato'),
  },
  {
    clause: 'inventory',
    text: 'l’inventario degli arredi',
    when: is('arredamento', 'Arredato'),
  },
  {
    clause: 'unfurnished',
    text: 'L’Immobile è locato privo di arredi',
    when: is('arredamento', 'Non arredato'),
  },
  {
    clause: 'appurtenances listed',
    text: (a) => `le seguenti: ${list(a, 'pertinenze')}, come identificate nella planimetria`,
    when: is('pertinenze_presenti', 'Sì'),
  },
  {
    clause: 'no appurtenances',
    text: 'Non sono comprese nella locazione pertinenze',
    when: is('pertinenze_presenti', 'No'),
  },
  {
    clause: 'garage',
    text: 'Il box auto è destinato esclusivamente',
    when: includes('pertinenze', 'box auto'),
  },
  {
    clause: 'parking space',
    text: 'Il posto auto scoperto, contraddistinto',
    when: includes('pertinenze', 'posto auto scoperto'),
  },
  {
    clause: 'garden',
    text: 'La manutenzione ordinaria del giardino ad uso esclusivo',
    when: includes('pertinenze', 'giardino ad uso esclusivo'),
  },
  {
    clause: 'service charges listed',
    text: (a) => `gli oneri accessori relativi a: ${list(a, 'oneri_accessori')}. Sono invece`,
    when: always,
  },
  {
    clause: 'porter at 90%',
    text: 'servizio di portineria sono a carico del Conduttore nella misura del novanta per cento',
    when: includes('oneri_accessori', 'servizio di portineria'),
  },
  {
    clause: 'central heating',
    text: 'Le spese per il riscaldamento centralizzato sono ripartite',
    when: includes('oneri_accessori', 'riscaldamento centralizzato'),
  },
  {
    clause: 'charges on account',
    text: 'mediante acconti mensili di euro',
    when: is('modalita_oneri', 'Acconti con conguaglio annuale'),
  },
  {
    clause: 'flat charges',
    text: 'determinare gli oneri accessori in misura forfettaria',
    when: is('modalita_oneri', 'Importo forfettario'),
  },
  {
    clause: 'deposit',
    text: 'un deposito cauzionale pari a tre mensilità del canone, e quindi di euro 2.550,00 (duemilacinquecentocinquanta/00),',
    when: is('deposito_cauzionale', 'Sì'),
  },
  {
    clause: 'no deposit',
    text: 'il Conduttore non versi alcun deposito cauzionale',
    when: is('deposito_cauzionale', 'No'),
  },
  {
    clause: 'bank guarantee',
    text: 'una fideiussione bancaria o assicurativa a prima richiesta',
    when: is('garanzia', 'Fideiussione bancaria o assicurativa'),
  },
  {
    clause: 'personal guarantor',
    text: 'si costituisce fideiussore del Conduttore',
    when: is('garanzia', 'Fideiussione personale di un terzo'),
  },
  {
    clause: 'guarantor signs',
    text: 'Il Fideiussore – Giulia Conti',
    when: is('garanzia', 'Fideiussione personale di un terzo'),
  },
  {
    clause: 'guarantor identified, guarantee amount in words',
    text: 'Interviene al presente contratto Giulia Conti, residente in via Po 3, 10123 Torino, codice fiscale CNTGLI75C41F205A (di seguito, il «Fideiussore»)',
    when: is('garanzia', 'Fideiussione personale di un terzo'),
  },
  {
    clause: 'bank guarantee amount',
    text: 'per l’importo di euro 5.100,00 (cinquemilacento/00), con espressa',
    when: is('garanzia', 'Fideiussione bancaria o assicurativa'),
  },
  {
    clause: 'pets allowed',
    text: 'Il Conduttore è autorizzato a detenere nell’Immobile animali domestici',
    when: is('animali', 'Sì'),
  },
  {
    clause: 'pets forbidden',
    text: 'È fatto divieto al Conduttore di detenere nell’Immobile animali',
    when: is('animali', 'No'),
  },
  {
    clause: 'pets in the termination clause',
    text: '(v) detenzione di animali nell’Immobile in violazione dell’art. 9.',
    when: is('animali', 'No'),
  },
  {
    clause: 'partial sublease allowed',
    text: 'il Conduttore può sublocare parzialmente l’Immobile, dandone preventiva comunicazione',
    when: is('sublocazione', 'Sì, previa comunicazione al locatore'),
  },
  {
    clause: 'sublease forbidden, approved specifically',
    text: 'divieto di sublocazione e di cessione del contratto',
    when: is('sublocazione', 'No, mai senza consenso scritto'),
  },
  {
    clause: 'withdrawal for serious reasons only',
    text: 'soltanto qualora ricorrano gravi motivi',
    when: is('recesso_conduttore', 'Solo per gravi motivi'),
  },
  {
    clause: 'withdrawal at any time',
    text: 'in qualsiasi momento, anche in assenza di gravi motivi',
    when: is('recesso_conduttore', 'In qualsiasi momento'),
  },
  {
    clause: 'joint commission',
    text: 'alla Commissione di negoziazione paritetica e conciliazione stragiudiziale',
    when: is('commissione_conciliazione', 'Sì'),
  },
  {
    clause: 'company privacy notice',
    text: 'Il Locatore fornisce al Conduttore l’informativa di cui all’art. 13 GDPR',
    when: is('locatore_tipo', 'Società o ente'),
  },
  {
    clause: 'agreement in the final reference',
    text: 'n. 431, nonché all’Accordo territoriale richiamato in premessa, e alle altre',
    when: is('regime_canone', CONCORDATO),
  },
  {
    clause: 'exclusive court',
    text: 'ai sensi degli artt. 21 e 447-bis del codice di procedura civile',
    when: always,
  },
];

const ACQUISIZIONE = 'valutare una possibile acquisizione o fusione';
const INVESTIMENTO = 'valutare un investimento nel capitale sociale';

const RISERVATEZZA: ClauseExpectation[] = [
  {
    clause: 'one-way',
    text: '(accordo di non divulgazione unilaterale)',
    when: is('tipo_accordo', 'Unilaterale'),
  },
  {
    clause: 'mutual',
    text: '(accordo di non divulgazione reciproco)',
    when: is('tipo_accordo', 'Reciproco'),
  },
  {
    clause: 'one-way roles',
    text: '(di seguito, la «Prima Parte» o la «Parte Divulgante»)',
    when: is('tipo_accordo', 'Unilaterale'),
  },
  {
    clause: 'mutual roles',
    text: '«Parte Divulgante»: la Parte che, di volta in volta',
    when: is('tipo_accordo', 'Reciproco'),
  },
  {
    clause: 'companies appear',
    occurrences: 'in persona del legale rappresentante pro tempore',
    count: (a) =>
      (a.prima_parte_tipo === 'Società' ? 1 : 0) + (a.seconda_parte_tipo === 'Società' ? 1 : 0),
  },
  {
    clause: 'individuals appear',
    occurrences: ', residente in ',
    count: (a) =>
      (a.prima_parte_tipo === 'Persona fisica' ? 1 : 0) +
      (a.seconda_parte_tipo === 'Persona fisica' ? 1 : 0),
  },
  {
    clause: 'date of the agreement, the generation date written in full',
    text: 'è stipulato in data 23 novembre 2026 tra:',
    when: always,
  },
  {
    clause: 'first party, a company: address, capital in figures, codes, register',
    text: 'Alfa Tecnologie S.r.l., società con sede legale in via Torino 12, 20123 Milano, capitale sociale di euro 50.000,00 interamente versato, codice fiscale 01234567897, partita IVA 01234567897, iscritta al Registro delle Imprese di Milano, in persona del legale rappresentante pro tempore Giulia Conti,',
    when: is('prima_parte_tipo', 'Società'),
  },
  {
    clause: 'first party, a person: birth date in the long form (1° for the first)',
    text: (a) =>
      `Alfa Tecnologie S.r.l., ${agreed(a, 'prima_genere', 'nato', 'nata')} a Milano il 1° marzo 1975, residente in via Torino 12, 20123 Milano, codice fiscale 01234567897,`,
    when: is('prima_parte_tipo', 'Persona fisica'),
  },
  {
    clause: 'second party, a company',
    text: 'Mario Rossi, società con sede legale in via Appia Nuova 45, 00183 Roma, capitale sociale di euro 10.000,00 interamente versato, codice fiscale RSSMRA80A01H501U, partita IVA 12345678903, iscritta al Registro delle Imprese di Roma,',
    when: is('seconda_parte_tipo', 'Società'),
  },
  {
    clause: 'second party, a person',
    text: (a) =>
      `Mario Rossi, ${agreed(a, 'seconda_genere', 'nato', 'nata')} a Roma il 1° gennaio 1980, residente in via Appia Nuova 45, 00183 Roma, codice fiscale RSSMRA80A01H501U,`,
    when: is('seconda_parte_tipo', 'Persona fisica'),
  },
  {
    clause: 'contacts: addresses, PEC and referents',
    text: 'per la Prima Parte, via Torino 12, 20123 Milano, PEC alfatecnologie@pec.it, alla cortese attenzione di Giulia Conti, amministratrice delegata; per la Seconda Parte, via Appia Nuova 45, 00183 Roma, PEC mario.rossi@pec.it, alla cortese attenzione di Mario Rossi.',
    when: always,
  },
  {
    clause: 'place and date of signature, twice',
    occurrences: 'Milano, lì 23 novembre 2026',
    count: () => 2,
  },
  {
    clause: 'signature of a company through its representative',
    occurrences: 'La Prima Parte – Alfa Tecnologie S.r.l., in persona di Giulia Conti',
    count: (a) => (a.prima_parte_tipo === 'Società' ? 2 : 0),
  },
  {
    clause: 'signature of the second party, a company through its representative',
    occurrences: 'La Seconda Parte – Mario Rossi, in persona di Mario Rossi',
    count: (a) => (a.seconda_parte_tipo === 'Società' ? 2 : 0),
  },
  {
    clause: 'signature of the second party',
    occurrences: 'La Seconda Parte – Mario Rossi',
    count: () => 2,
  },
  {
    clause: 'purpose',
    text: (a) => `al fine di ${a.finalita} (di seguito, il «Progetto»)`,
    when: always,
  },
  {
    clause: 'data room and inside information',
    text: 'informazioni privilegiate ai sensi dell’art. 7 del Regolamento (UE) n. 596/2014',
    when: isOneOf('finalita', ACQUISIZIONE, INVESTIMENTO),
  },
  {
    clause: 'exclusivity, three months',
    text: 'Per un periodo di tre mesi dalla sottoscrizione',
    when: is('esclusiva', 'Tre mesi'),
  },
  {
    clause: 'exclusivity, six months',
    text: 'Per un periodo di sei mesi dalla sottoscrizione',
    when: is('esclusiva', 'Sei mesi'),
  },
  {
    clause: 'exclusivity approved specifically',
    text: ', obbligo di esclusiva',
    when: isOneOf('esclusiva', 'Tre mesi', 'Sei mesi'),
  },
  {
    clause: 'categories listed',
    text: (a) => `le seguenti categorie: ${list(a, 'categorie_informazioni')}.`,
    when: always,
  },
  {
    clause: 'software',
    text: 'a non decompilare, disassemblare',
    when: includes('categorie_informazioni', 'codice sorgente dei programmi'),
  },
  {
    clause: 'prototypes',
    text: 'analisi distruttive',
    when: includes('categorie_informazioni', 'disegni tecnici'),
  },
  {
    clause: 'third parties’ personal data',
    text: 'dati personali riferiti a terzi',
    when: includes('categorie_informazioni', 'dati personali'),
  },
  {
    clause: 'recipient as controller',
    text: 'in qualità di titolare autonomo del trattamento, esclusivamente per le finalità del Progetto',
    when: is('ruolo_dati', 'Titolare autonomo'),
  },
  {
    clause: 'recipient as processor',
    text: 'in qualità di responsabile del trattamento per conto della Parte Divulgante',
    when: is('ruolo_dati', 'Responsabile del trattamento'),
  },
  {
    clause: 'recipients listed',
    text: (a) => `i seguenti soggetti: ${list(a, 'destinatari')}, e soltanto`,
    when: always,
  },
  {
    clause: 'lenders',
    text: 'La comunicazione ai potenziali finanziatori è consentita soltanto',
    when: includes('destinatari', 'potenziali finanziatori'),
  },
  {
    clause: 'group companies',
    text: '«Società del Gruppo»: le società che',
    when: includes('destinatari', 'società del gruppo'),
  },
  {
    clause: 'term',
    text: (a) => `per un periodo di ${a.durata_accordo} da tale data`,
    when: always,
  },
  {
    clause: 'survival, two years',
    text: 'per un periodo di due anni dalla cessazione',
    when: is('durata_obblighi', 'Due anni'),
  },
  {
    clause: 'survival, five years',
    text: 'per un periodo di cinque anni dalla cessazione',
    when: is('durata_obblighi', 'Cinque anni'),
  },
  {
    clause: 'survival while secret',
    text: 'fino a quando le Informazioni Riservate non divengano di pubblico dominio',
    when: is('durata_obblighi', 'Finché le informazioni restano riservate'),
  },
  {
    clause: 'penalty',
    text: 'a titolo di penale ai sensi dell’art. 1382',
    when: is('penale', 'Sì'),
  },
  {
    clause: 'penalty in figures and in words',
    text: 'la somma di euro 25.000,00 (venticinquemila/00) per ciascuna violazione',
    when: is('penale', 'Sì'),
  },
  {
    clause: 'penalty covers all',
    text: 'liquidazione forfettaria e onnicomprensiva del danno',
    when: is('tipo_penale', 'Sì, la penale copre ogni danno'),
  },
  {
    clause: 'further damage',
    text: 'la risarcibilità del danno ulteriore',
    when: is('tipo_penale', 'No, resta risarcibile il danno ulteriore'),
  },
  {
    clause: 'no penalty',
    text: 'Le Parti non convengono alcuna penale',
    when: is('penale', 'No'),
  },
  {
    clause: 'no poaching',
    text: (a) => `per i ${a.durata_non_sollecitazione} successivi alla sua cessazione`,
    when: is('non_sollecitazione', 'Sì'),
  },
  {
    clause: 'no poaching, one-way',
    text: 'la Parte Ricevente si impegna a non sollecitare',
    when: (a) => a.non_sollecitazione === 'Sì' && a.tipo_accordo === 'Unilaterale',
  },
  {
    clause: 'no poaching, mutual',
    text: 'ciascuna Parte si impegna a non sollecitare',
    when: (a) => a.non_sollecitazione === 'Sì' && a.tipo_accordo === 'Reciproco',
  },
  {
    clause: 'return',
    text: 'la Parte Ricevente restituisce entro quindici giorni',
    when: is('restituzione', 'Restituzione'),
  },
  {
    clause: 'destruction',
    text: 'che attesti l’avvenuta distruzione',
    when: is('restituzione', 'Distruzione con attestazione'),
  },
  {
    clause: 'return or destruction',
    text: 'a scelta della Parte Divulgante, restituisce o distrugge',
    when: is('restituzione', 'A scelta della parte divulgante'),
  },
  {
    clause: 'court',
    text: 'è competente in via esclusiva il Foro di Milano, in deroga',
    when: is('controversie', 'Tribunale'),
  },
  {
    clause: 'arbitration',
    text: 'devoluta ad arbitrato rituale',
    when: is('controversie', 'Arbitrato'),
  },
  {
    clause: 'arbitration chamber and seat',
    text: 'Regolamento della Camera Arbitrale di Milano, che le Parti',
    when: is('controversie', 'Arbitrato'),
  },
  {
    clause: 'seat of the arbitration',
    text: 'La sede dell’arbitrato è Milano e la lingua',
    when: is('controversie', 'Arbitrato'),
  },
  {
    clause: 'sole arbitrator',
    text: 'L’arbitrato è deciso da un arbitro unico',
    when: is('collegio_arbitrale', 'Arbitro unico'),
  },
  {
    clause: 'three arbitrators',
    text: 'L’arbitrato è deciso da un collegio di tre arbitri',
    when: is('collegio_arbitrale', 'Collegio di tre arbitri'),
  },
  {
    clause: 'arbitration clause approved specifically',
    text: '17 (clausola compromissoria)',
    when: is('controversie', 'Arbitrato'),
  },
];

const IMPRESA = 'Impresa o professionista';
const GRANDE_IMPRESA = 'Grande impresa, banca o assicurazione';
const TECNICI = ['ingegnere', 'architetto', 'geometra'];

const OPERA: ClauseExpectation[] = [
  {
    clause: 'profession',
    text: (a) =>
      `esercente la professione di ${a.professione}, ${agreed(a, 'professionista_genere', 'iscritto', 'iscritta')}`,
    when: always,
  },
  {
    clause: 'consumer client',
    text: 'dichiara di agire per scopi estranei all’attività imprenditoriale',
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'business client',
    text: 'iscritta al Registro delle Imprese',
    when: isNot('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'fair fee premise',
    text: 'la legge 21 aprile 2023, n. 49, e pertanto',
    when: is('committente_tipo', GRANDE_IMPRESA),
  },
  {
    clause: 'fair fee parameters',
    text: (a) => `parametri ministeriali vigenti per la professione di ${a.professione}`,
    when: is('committente_tipo', GRANDE_IMPRESA),
  },
  {
    clause: 'withdrawal form',
    text: 'il modulo tipo di recesso di cui all’allegato I, parte B',
    when: is('luogo_conclusione', 'Fuori dai locali del Professionista o a distanza'),
  },
  {
    clause: 'consumer 14-day withdrawal',
    text: 'entro quattordici giorni dalla sua conclusione',
    when: is('luogo_conclusione', 'Fuori dai locali del Professionista o a distanza'),
  },
  {
    clause: 'concluded at the office',
    text: 'è stato concluso presso lo studio del Professionista',
    when: is('luogo_conclusione', 'Presso lo studio del Professionista'),
  },
  {
    clause: 'activities listed',
    text: (a) => `le seguenti attività: ${list(a, 'attivita')}. Ogni prestazione`,
    when: always,
  },
  {
    clause: 'written opinions',
    text: 'I pareri sono resi per iscritto entro',
    when: includes('attivita', 'redazione di pareri scritti'),
  },
  {
    clause: 'public offices',
    text: 'la delega o la procura necessaria',
    when: includes('attivita', 'pratiche presso pubbliche amministrazioni'),
  },
  {
    clause: 'meetings',
    text: 'nel limite di n. 6 (sei) incontri; gli incontri ulteriori sono compensati a tempo, secondo la tariffa oraria di euro 120,00 (centoventi/00), oltre accessori di legge.',
    when: includes('attivita', 'partecipazione a riunioni'),
  },
  {
    clause: 'opinions within a number of days, in figures and words',
    text: 'I pareri sono resi per iscritto entro 15 (quindici) giorni dal ricevimento',
    when: includes('attivita', 'redazione di pareri scritti'),
  },
  {
    clause: 'technical documents',
    text: 'i titoli edilizi, le planimetrie',
    when: (a) => TECNICI.includes(String(a.professione)),
  },
  {
    clause: 'anti-money-laundering',
    text: 'adeguata verifica della clientela',
    when: isOneOf('professione', 'dottore commercialista', 'consulente del lavoro'),
  },
  {
    clause: 'substitutes',
    text: 'sotto la propria direzione e responsabilità, di sostituti e ausiliari',
    when: is('collaboratori', 'Sì, sotto la propria direzione e responsabilità'),
  },
  {
    clause: 'personal only',
    text: 'in considerazione delle qualità personali del Professionista',
    when: is('collaboratori', 'No, esecuzione esclusivamente personale'),
  },
  {
    clause: 'until completion',
    text: 'si impegna a completare le prestazioni entro il',
    when: is('durata_incarico', 'Fino al completamento delle prestazioni'),
  },
  {
    clause: 'tacit renewal',
    text: 'si rinnova tacitamente di anno in anno',
    when: is('durata_incarico', 'Un anno, con rinnovo tacito'),
  },
  {
    clause: 'tacit renewal approved specifically',
    text: '5 (Durata e rinnovo tacito',
    when: is('durata_incarico', 'Un anno, con rinnovo tacito'),
  },
  {
    clause: 'one year',
    text: 'cessa alla scadenza senza necessità di disdetta',
    when: is('durata_incarico', 'Un anno, senza rinnovo'),
  },
  {
    clause: 'delay penalty',
    text: 'una penale pari all’uno per mille del compenso',
    when: is('penale_ritardo', 'Sì'),
  },
  {
    clause: 'lump sum',
    text: 'un compenso a corpo, fisso e invariabile',
    when: is('compenso_tipo', 'A corpo'),
  },
  {
    clause: 'hourly',
    text: 'secondo la tariffa oraria di euro 120,00 (centoventi/00) per il Professionista e di euro 60,00 (sessanta/00) per i suoi collaboratori,',
    when: is('compenso_tipo', 'A tempo, con tariffa oraria'),
  },
  {
    clause: 'estimated hours',
    text: 'egli stima in 80 ore l’impegno complessivo',
    when: is('compenso_tipo', 'A tempo, con tariffa oraria'),
  },
  {
    clause: 'lump-sum fee in euro and in words',
    text: 'un compenso a corpo, fisso e invariabile, di 12.500,00\u00a0€ (dodicimilacinquecento/00), oltre',
    when: is('compenso_tipo', 'A corpo'),
  },
  {
    clause: 'fee by phases, their total computed to the cent',
    text: 'prima fase (progetto definitivo), euro 4.000,00; seconda fase (progetto esecutivo), euro 3.500,50; terza fase (direzione dei lavori), euro 5.000,25; per complessivi euro 12.500,75 (dodicimilacinquecento/75),',
    when: is('compenso_tipo', 'Per fasi di attività'),
  },
  {
    clause: 'total price told to the consumer',
    text: 'pari a euro 15.860,00 (quindicimilaottocentosessanta/00), e lo informerà',
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'client, a consumer',
    text: (a) =>
      `Beta Costruzioni S.p.A., ${agreed(a, 'committente_genere', 'nato', 'nata')} a Torino il 21 maggio 1970, residente in corso Vittorio Emanuele II 10, 10121 Torino, codice fiscale 01234567897, ${agreed(a, 'committente_genere', 'il quale', 'la quale')} dichiara`,
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'client, a business',
    text: 'Beta Costruzioni S.p.A., con sede in corso Vittorio Emanuele II 10, 10121 Torino, codice fiscale 01234567897, partita IVA 01234567897, iscritta al Registro delle Imprese di Torino, in persona di Paolo Neri, amministratore unico, munito dei necessari poteri',
    when: isNot('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'professional identified',
    text: (a) =>
      `Anna Bianchi, ${agreed(a, 'professionista_genere', 'nato', 'nata')} a Milano il 1° agosto 1985, codice fiscale BNCNNA85M41F205Q, partita IVA 12345678903, esercente la professione di`,
    when: always,
  },
  {
    clause: 'professional register and office',
    text: (a) =>
      `${agreed(a, 'professionista_genere', 'iscritto', 'iscritta')} all’Albo professionale dell’Ordine degli Ingegneri della Provincia di Torino al n. 12345, con studio in via Roma 5, 10123 Torino, indirizzo PEC anna.bianchi@ingpec.eu`,
    when: always,
  },
  {
    clause: 'object of the engagement',
    text: 'le prestazioni professionali relative a: progettazione esecutiva e direzione dei lavori di ristrutturazione della sede di via Po 3 a Torino.',
    when: always,
  },
  {
    clause: 'completion date in the long form',
    text: 'completare le prestazioni entro il 30 giugno 2027, salvo',
    when: is('durata_incarico', 'Fino al completamento delle prestazioni'),
  },
  {
    clause: 'IBAN',
    text: 'codice IBAN IT60X0542811101000000123456, entro',
    when: always,
  },
  {
    clause: 'expenses above a threshold authorised',
    text: 'di importo unitario superiore a euro 500,00 devono',
    when: is('spese', 'A piè di lista'),
  },
  {
    clause: 'flat-rate expenses as a percentage',
    text: 'pari al 15% del compenso',
    when: is('spese', 'In misura forfettaria'),
  },
  {
    clause: 'insurance policy',
    text: 'stipulata con Gamma Assicurazioni S.p.A., polizza n. RC-2026-0042, con massimale di euro 1.000.000,00 per sinistro',
    when: always,
  },
  {
    clause: 'notices',
    text: 'per il Committente, corso Vittorio Emanuele II 10, 10121 Torino, PEC o e-mail betacostruzioni@pec.it; per il Professionista, presso lo studio sopra indicato, PEC anna.bianchi@ingpec.eu.',
    when: always,
  },
  {
    clause: 'place and date of signature, twice',
    occurrences: 'Torino, lì 23 novembre 2026',
    count: () => 2,
  },
  {
    clause: 'signatures',
    occurrences: 'Il Professionista – Anna Bianchi',
    count: () => 2,
  },
  {
    clause: 'a business signs through its representative',
    occurrences:
      'Il Committente – Beta Costruzioni S.p.A., in persona di Paolo Neri, amministratore unico',
    count: (a) => (a.committente_tipo === 'Consumatore' ? 0 : 2),
  },
  {
    clause: 'monthly invoices',
    text: 'fatturato con cadenza mensile',
    when: is('compenso_tipo', 'A tempo, con tariffa oraria'),
  },
  {
    clause: 'by phase',
    text: 'Il compenso è determinato per fasi di attività',
    when: is('compenso_tipo', 'Per fasi di attività'),
  },
  {
    clause: 'advance',
    text: (a) => `una somma pari al ${a.percentuale_acconto} del compenso pattuito`,
    when: is('acconto', 'Sì'),
  },
  {
    clause: 'advance in the termination clause',
    text: 'da parte del Committente, dell’acconto o di una fattura',
    when: is('acconto', 'Sì'),
  },
  {
    clause: 'consumer total price',
    text: 'il prezzo totale della prestazione',
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'payment term',
    text: (a) => `entro ${a.termine_pagamento} dal ricevimento della fattura`,
    when: always,
  },
  {
    clause: 'late payment, business',
    text: 'decreto legislativo 9 ottobre 2002, n. 231',
    when: isNot('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'late payment, consumer',
    text: 'gli interessi nella misura legale di cui all’art. 1284 c.c.',
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'itemised expenses',
    text: 'dietro presentazione dei relativi giustificativi',
    when: is('spese', 'A piè di lista'),
  },
  {
    clause: 'flat expenses',
    text: 'Le spese generali di studio sono rimborsate in misura forfettaria',
    when: is('spese', 'In misura forfettaria'),
  },
  {
    clause: 'expenses included',
    text: 'Il compenso pattuito è comprensivo di tutte le spese',
    when: is('spese', 'Comprese nel compenso'),
  },
  {
    clause: 'rights stay with the professional',
    text: 'restano in capo al Professionista',
    when: is('diritti_elaborati', 'Al Professionista, con licenza di utilizzo al Committente'),
  },
  {
    clause: 'rights to the client',
    text: 'si trasferiscono al Committente',
    when: is('diritti_elaborati', 'Al Committente, dopo il saldo del compenso'),
  },
  {
    clause: 'opinions stay with the professional',
    text: 'restano nella titolarità intellettuale del Professionista',
    when: (a) => !TECNICI.includes(String(a.professione)),
  },
  {
    clause: 'liability cap',
    text: 'è limitata al massimale della polizza',
    when: isNot('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'consumer rights not limited',
    text: 'art. 33, comma 2, lettera b), del Codice del consumo',
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'no notice',
    text: 'ai sensi dell’art. 2237 c.c., senza obbligo di preavviso, comunicato',
    when: is('recesso_preavviso', 'Senza preavviso'),
  },
  {
    clause: 'fifteen days’ notice',
    text: 'con un preavviso di almeno quindici giorni, comunicato',
    when: is('recesso_preavviso', 'Quindici giorni'),
  },
  {
    clause: 'thirty days’ notice',
    text: 'con un preavviso di almeno trenta giorni, comunicato',
    when: is('recesso_preavviso', 'Trenta giorni'),
  },
  {
    clause: 'independent controller',
    text: 'il Professionista agisce quale titolare autonomo del trattamento',
    when: is('dati_personali', 'Titolare autonomo'),
  },
  {
    clause: 'processor',
    text: 'il Committente designa il Professionista responsabile del trattamento',
    when: is('dati_personali', 'Responsabile del trattamento'),
  },
  {
    clause: 'consumer’s court',
    text: 'e 66-bis del Codice del consumo',
    when: is('committente_tipo', 'Consumatore'),
  },
  {
    clause: 'professional’s court',
    text: 'il Professionista ha il proprio studio, in deroga',
    when: is('foro', 'Foro del Professionista'),
  },
  {
    clause: 'client’s court',
    text: 'il Committente ha la propria sede, in deroga',
    when: is('foro', 'Foro del Committente'),
  },
  {
    clause: 'court clause approved specifically',
    text: '16 (Foro competente)',
    when: isOneOf('committente_tipo', IMPRESA, GRANDE_IMPRESA),
  },
  {
    clause: 'individual negotiation',
    text: 'oggetto di trattativa individuale',
    when: is('committente_tipo', 'Consumatore'),
  },
];

/** The expectations of each demo template, by slug. */
export const EXPECTED_CLAUSES: Record<string, ClauseExpectation[]> = {
  'locazione-abitativa': LOCAZIONE,
  'accordo-riservatezza': RISERVATEZZA,
  'prestazione-opera-professionale': OPERA,
};
