import { LAWYER_ROLE } from '@lexpath/shared/parties';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import {
  ask,
  type DemoTemplateSource,
  elenco,
  field,
  heading,
  markParties,
  paragraphs,
  partyOf,
  question,
  subtitle,
  title,
} from '../demo-template.ts';

const GENERI = ['maschile', 'femminile'];
const PERSONA_FISICA = { required_answers: [{ cliente_tipo: 'Persona fisica' }] };
const PERSONA_GIURIDICA = { required_answers: [{ cliente_tipo: 'Persona giuridica' }] };
const CON_IA = 'Uno o più sistemi';

/** Asked, and left out of the documents when the lawyer skips it. */
function optional(question: TQuestion): TQuestion {
  return { ...question, obbligatoria: false } as TQuestion;
}

/** The client, said in the client's gender («il Cliente», «la Cliente»; a company is «il Cliente»). */
const cliente = (phrase: string) => `{cliente_genere | accorda:"${phrase}"}`;
const IL_CLIENTE = cliente('il Cliente');
const AL_CLIENTE = cliente('al Cliente');
const DEL_CLIENTE = cliente('del Cliente');
const DAL_CLIENTE = cliente('dal Cliente');
const avvocato = (phrase: string) => `{avvocato_genere | accorda:"${phrase}"}`;

const CLIENTE_PF = '{#cliente_tipo == "Persona fisica"}';
const CLIENTE_PG = '{#cliente_tipo == "Persona giuridica"}';
const FINE = '{/}';

/** The client as each document names it first: a person with birth and residence, or a company and its representative. */
const CLIENTE_IDENTIFICATO = [
  CLIENTE_PF,
  `${cliente('Il sottoscritto')} {cliente_nome} {cliente_cognome}, ${cliente('nato')} a {cliente_luogo_nascita} il {cliente_data_nascita | data_lunga}, codice fiscale {cliente_codice_fiscale}, ${cliente('residente')} in {cliente_indirizzo}, {cliente_cap} {cliente_comune} ({cliente_provincia}), indirizzo e-mail {cliente_email}{#cliente_pec}, PEC {cliente_pec}{/} (di seguito, ${IL_CLIENTE}),`,
  FINE,
  CLIENTE_PG,
  `La società {cliente_denominazione}, con sede in {cliente_indirizzo}, {cliente_cap} {cliente_comune} ({cliente_provincia}), codice fiscale {cliente_codice_fiscale}, partita IVA {cliente_partita_iva}, indirizzo e-mail {cliente_email}{#cliente_pec}, PEC {cliente_pec}{/}, in persona di {rappresentante_nome} {rappresentante_cognome}, {rappresentante_qualifica}, {rappresentante_genere | accorda:"munito"} dei necessari poteri (di seguito, ${IL_CLIENTE}),`,
  FINE,
];

const avvocatoIdentificato = (avv: string) =>
  `${avv} {avvocato_nome}, codice fiscale {avvocato_codice_fiscale}, partita IVA {avvocato_partita_iva}, ${avvocato('iscritto')} all’Albo degli Avvocati di {avvocato_ordine}, con studio in {studio_indirizzo}, {studio_cap} {studio_comune} ({studio_provincia}), PEC {avvocato_pec}{#avvocato_telefono}, telefono {avvocato_telefono}{/} (di seguito, l’${avvocato('Avvocato')})`;

const FIRMA_LUOGO_DATA = '{studio_comune}, {oggi | data_lunga}';
const FIRMA_CLIENTE = `Per ${IL_CLIENTE}: {#cliente_tipo == "Persona fisica"}{cliente_nome} {cliente_cognome}{/}{#cliente_tipo == "Persona giuridica"}{cliente_denominazione}, in persona di {rappresentante_nome} {rappresentante_cognome}{/}`;

/**
 * The fee computation of the preventivo, line by line: each share is rounded to the cent as an
 * invoice line (`percento`, `maggiorato`), so the printed lines add up to the printed totals.
 */
const COMPENSO = '(fasi | somma:"compenso")';
const SPESE_GENERALI = `${COMPENSO} | percento:15`;
const IMPONIBILE_CPA = `${COMPENSO} | maggiorato:15`;
const CPA = `${IMPONIBILE_CPA} | percento:4`;
const IMPONIBILE_IVA = `${IMPONIBILE_CPA} | maggiorato:4`;
const IVA = `${IMPONIBILE_IVA} | percento:22`;
const TOTALE = `${IMPONIBILE_IVA} | maggiorato:22`;
const RITENUTA = `${IMPONIBILE_CPA} | percento:20`;
const NETTO = `(${TOTALE}) - (${RITENUTA})`;

const questions: TQuestion[] = [
  ask('testo', 'avvocato_nome', 'Nome e cognome dell’avvocato'),
  question('avvocato_genere', 'L’avvocato è un uomo o una donna?', GENERI, {
    description: 'I documenti scrivono di conseguenza «l’Avvocato» o «l’Avvocata».',
  }),
  ask('testo', 'avvocato_ordine', 'Presso quale Ordine degli Avvocati è iscritto l’avvocato?', {
    description: 'La città dell’Ordine, ad esempio «Milano».',
  }),
  ask('codice_fiscale', 'avvocato_codice_fiscale', 'Codice fiscale dell’avvocato'),
  ask('partita_iva', 'avvocato_partita_iva', 'Partita IVA dell’avvocato'),
  ask('testo', 'studio_indirizzo', 'Indirizzo dello studio', {
    description: 'Via o piazza e numero civico.',
  }),
  ask('cap', 'studio_cap', 'CAP dello studio'),
  ask('testo', 'studio_comune', 'Comune dello studio'),
  ask('provincia', 'studio_provincia', 'Provincia dello studio'),
  ask('email', 'avvocato_pec', 'Indirizzo PEC dell’avvocato'),
  optional(ask('telefono', 'avvocato_telefono', 'Telefono dello studio')),
  ask('testo', 'polizza_compagnia', 'Con quale compagnia è assicurata la responsabilità civile?'),
  ask('testo', 'polizza_numero', 'Numero della polizza'),
  ask('importo', 'polizza_massimale', 'Massimale della polizza per sinistro'),
  ask('iban', 'iban', 'IBAN del conto su cui il Cliente paga'),
  question('cliente_tipo', 'Chi conferisce l’incarico?', ['Persona fisica', 'Persona giuridica'], {
    description: 'Persona giuridica: una società, un’associazione, una fondazione o un ente.',
  }),
  ask('testo', 'cliente_nome', 'Nome del Cliente', PERSONA_FISICA),
  ask('testo', 'cliente_cognome', 'Cognome del Cliente', PERSONA_FISICA),
  question('cliente_genere', 'Il Cliente è un uomo o una donna?', GENERI, {
    ...PERSONA_FISICA,
    description:
      'I documenti scrivono di conseguenza «il Cliente» o «la Cliente», «nato» o «nata».',
  }),
  ask('testo', 'cliente_luogo_nascita', 'Luogo di nascita del Cliente', PERSONA_FISICA),
  ask('data', 'cliente_data_nascita', 'Data di nascita del Cliente', PERSONA_FISICA),
  ask('testo', 'cliente_denominazione', 'Denominazione del Cliente', {
    ...PERSONA_GIURIDICA,
    description: 'Con la forma giuridica, ad esempio «Alfa S.r.l.».',
  }),
  ask('partita_iva', 'cliente_partita_iva', 'Partita IVA del Cliente', PERSONA_GIURIDICA),
  ask('codice_fiscale', 'cliente_codice_fiscale', 'Codice fiscale del Cliente'),
  ask('testo', 'cliente_indirizzo', 'Residenza o sede del Cliente', {
    description: 'Via o piazza e numero civico.',
  }),
  ask('cap', 'cliente_cap', 'CAP della residenza o sede'),
  ask('testo', 'cliente_comune', 'Comune della residenza o sede'),
  ask('provincia', 'cliente_provincia', 'Provincia della residenza o sede'),
  ask('email', 'cliente_email', 'Indirizzo e-mail del Cliente'),
  optional(ask('email', 'cliente_pec', 'Indirizzo PEC del Cliente')),
  ask('testo', 'rappresentante_nome', 'Nome del legale rappresentante', PERSONA_GIURIDICA),
  ask('testo', 'rappresentante_cognome', 'Cognome del legale rappresentante', PERSONA_GIURIDICA),
  question('rappresentante_genere', 'Il legale rappresentante è un uomo o una donna?', GENERI, {
    ...PERSONA_GIURIDICA,
  }),
  ask('testo', 'rappresentante_qualifica', 'Con quale qualifica firma?', {
    ...PERSONA_GIURIDICA,
    description:
      'Ad esempio «amministratore unico» o «presidente del consiglio di amministrazione».',
  }),
  question('sostituto_imposta', 'Il Cliente è un sostituto d’imposta?', ['Sì', 'No'], {
    description:
      'Lo sono le società, gli enti, le imprese e i professionisti: trattengono la ritenuta d’acconto del 20% e la versano all’Erario.',
  }),
  ask('testo_lungo', 'oggetto', 'Qual è l’oggetto dell’incarico?', {
    description:
      'La lettera lo scrive dopo «l’assistenza del Cliente in», ad esempio «una causa di risarcimento del danno».',
  }),
  question('tipo_incarico', 'L’attività è giudiziale o stragiudiziale?', [
    'Giudiziale',
    'Stragiudiziale',
  ]),
  optional(
    ask('testo', 'autorita', 'Davanti a quale autorità si svolge il giudizio?', {
      required_answers: [{ tipo_incarico: 'Giudiziale' }],
      description: 'Ad esempio «Tribunale di Milano». Se non è ancora noto, salta la domanda.',
    }),
  ),
  optional(
    ask('testo', 'controparte', 'Chi è la controparte?', {
      description: 'Se non c’è o non è ancora nota, salta la domanda.',
    }),
  ),
  elenco('fasi', 'Quali sono le fasi dell’attività e il compenso di ciascuna?', {
    description: 'Il compenso di ogni fase al netto di spese generali, CPA e IVA.',
    fields: [
      field('testo', 'descrizione', 'Descrizione della fase'),
      field('importo', 'compenso', 'Compenso della fase'),
    ],
    max_items: 8,
    label_singolare: 'fase',
    label_plurale: 'fasi',
  }),
  optional(
    ask('importo', 'acconto', 'Quale acconto chiede alla firma?', {
      description: 'Se non chiede un acconto, salta la domanda.',
    }),
  ),
  question('pagamento', 'Quando si paga il compenso?', [
    'Al termine di ciascuna fase',
    'A incarico concluso',
  ]),
  optional(
    ask('email', 'dpo_email', 'Indirizzo del responsabile della protezione dei dati', {
      description: 'Solo se lo studio lo ha designato; altrimenti salta la domanda.',
    }),
  ),
  question('ia_uso', 'Quali sistemi di intelligenza artificiale usa lo studio nell’incarico?', [
    'Nessuno',
    CON_IA,
  ]),
  {
    ...elenco('ia_sistemi', 'Quali sistemi usa, e per che cosa?', {
      fields: [
        field('testo', 'nome', 'Nome del sistema'),
        field('testo', 'fornitore', 'Fornitore'),
        field('testo', 'finalita', 'Per quale attività lo usa'),
      ],
      max_items: 5,
      label_singolare: 'sistema',
      label_plurale: 'sistemi',
    }),
    required_answers: [{ ia_uso: CON_IA }],
  } as TQuestion,
  question(
    'ia_dati',
    'I sistemi ricevono dati personali del Cliente?',
    ['No, solo testi senza dati personali', 'Sì, con un fornitore vincolato per contratto'],
    { required_answers: [{ ia_uso: CON_IA }] },
  ),
];

const letteraIncarico = paragraphs(
  title('Lettera di incarico professionale'),
  subtitle('(art. 2229 e seguenti c.c.; legge 31 dicembre 2012, n. 247)'),
  ...CLIENTE_IDENTIFICATO,
  `conferisce ${avvocatoIdentificato('all’Avv.')}, che accetta, l’incarico professionale alle condizioni che seguono.`,
  heading('1. Oggetto dell’incarico'),
  `L’incarico ha per oggetto l’assistenza ${DEL_CLIENTE} in {oggetto}.`,
  '{#tipo_incarico == "Giudiziale"}',
  `L’attività è giudiziale{#autorita} e si svolge davanti a {autorita}{/}; la procura alle liti è conferita con atto separato.`,
  '{/}',
  '{#tipo_incarico == "Stragiudiziale"}',
  'L’attività è stragiudiziale; se si rendesse necessario agire o difendersi in giudizio, le parti concorderanno per iscritto un nuovo incarico e un nuovo preventivo.',
  '{/}',
  '{#controparte}',
  `La controparte è {controparte}; l’${avvocato('Avvocato')} dichiara di non trovarsi, rispetto a essa, in alcuna situazione di conflitto di interessi.`,
  '{/}',
  'Ogni attività diversa o ulteriore rispetto a quella descritta è oggetto di un separato accordo scritto.',
  heading(`2. Obblighi dell’${avvocato('Avvocato')}`),
  `L’${avvocato('Avvocato')} svolge l’incarico con diligenza, lealtà e indipendenza, nel rispetto della legge e del Codice deontologico forense; informa ${IL_CLIENTE} sullo svolgimento dell’attività, sulle iniziative possibili e sui loro prevedibili esiti e costi, e ne chiede il consenso per le scelte che lo richiedono.`,
  `L’${avvocato('Avvocato')} comunica che la propria responsabilità civile professionale è assicurata con {polizza_compagnia}, polizza n. {polizza_numero}, con massimale di euro {polizza_massimale | importo} per sinistro, come prevede l’art. 12 della legge n. 247/2012.`,
  `L’${avvocato('Avvocato')} può farsi sostituire da colleghi o avvalersi di collaboratori di studio, sotto la propria direzione e responsabilità, senza maggiori oneri per ${IL_CLIENTE}.`,
  heading(`3. Obblighi ${DEL_CLIENTE}`),
  `${cliente('Il Cliente')} fornisce in modo tempestivo, completo e veritiero le informazioni e i documenti utili all’incarico, comunica ogni fatto nuovo rilevante per l’incarico e non conferisce ad altri, senza informarne l’${avvocato('Avvocato')}, incarichi sullo stesso oggetto.`,
  heading('4. Compenso'),
  `Il compenso, le spese generali, gli oneri previdenziali e fiscali sono indicati nel preventivo scritto consegnato ${AL_CLIENTE} con la presente lettera, ai sensi dell’art. 13, comma 5, della legge n. 247/2012, che ne forma parte integrante. Il compenso complessivo per le fasi previste è di euro {fasi | somma:"compenso" | importo} ({fasi | somma:"compenso" | importo_lettere}), oltre accessori di legge.`,
  '{#acconto}',
  `${cliente('Il Cliente')} versa alla firma un acconto di euro {acconto | importo} ({acconto | importo_lettere}), che sarà detratto dal compenso finale.`,
  '{/}',
  `Il compenso è pagato {#pagamento == "Al termine di ciascuna fase"}al termine di ciascuna fase{/}{#pagamento == "A incarico concluso"}alla conclusione dell’incarico{/}, entro trenta giorni dal ricevimento della fattura, con bonifico sul conto IBAN {iban}. Le spese vive sostenute per conto ${DEL_CLIENTE} (contributo unificato, diritti, notifiche, trasferte) sono rimborsate a parte, dietro documentazione.`,
  heading('5. Recesso'),
  `${cliente('Il Cliente')} può revocare l’incarico in qualsiasi momento, pagando il compenso per l’attività svolta fino alla revoca e le spese sostenute. L’${avvocato('Avvocato')} può rinunciare all’incarico per giusta causa, con un preavviso adeguato a consentire ${AL_CLIENTE} di provvedere altrimenti alla propria assistenza, e senza pregiudicarne la difesa, come prevedono l’art. 2237 c.c. e l’art. 32 del Codice deontologico forense.`,
  heading('6. Dati personali e intelligenza artificiale'),
  `${cliente('Il Cliente')} riceve con la presente lettera l’informativa sul trattamento dei dati personali (art. 13 del Regolamento (UE) 2016/679) e l’informativa sull’uso di sistemi di intelligenza artificiale (art. 13 della legge n. 132/2025).`,
  heading('7. Elezione di domicilio e comunicazioni'),
  `Per ogni effetto dell’incarico ${IL_CLIENTE} elegge domicilio presso lo studio dell’${avvocato('Avvocato')} in {studio_indirizzo}, {studio_cap} {studio_comune}. Le comunicazioni tra le parti avvengono all’indirizzo e-mail {cliente_email}{#cliente_pec} o alla PEC {cliente_pec}{/} ${DEL_CLIENTE} e alla PEC {avvocato_pec} dell’${avvocato('Avvocato')}.`,
  heading('8. Controversie'),
  `Per le controversie sul compenso ciascuna parte può chiedere il parere di congruità al Consiglio dell’Ordine degli Avvocati di {avvocato_ordine}.{#cliente_tipo == "Persona fisica"} Quando ${IL_CLIENTE} agisce come consumatore, resta ferma la competenza del giudice del luogo della sua residenza.{/}`,
  'Letto, approvato e sottoscritto.',
  FIRMA_LUOGO_DATA,
  FIRMA_CLIENTE,
  `L’${avvocato('Avvocato')}: Avv. {avvocato_nome}`,
);

const preventivo = paragraphs(
  title('Preventivo scritto'),
  subtitle('(art. 13, comma 5, legge 31 dicembre 2012, n. 247)'),
  `L’${avvocato('Avvocato')}: Avv. {avvocato_nome}, con studio in {studio_indirizzo}, {studio_cap} {studio_comune} ({studio_provincia}), partita IVA {avvocato_partita_iva}.`,
  `${cliente('Il Cliente')}: {#cliente_tipo == "Persona fisica"}{cliente_nome} {cliente_cognome}{/}{#cliente_tipo == "Persona giuridica"}{cliente_denominazione}, partita IVA {cliente_partita_iva}{/}, codice fiscale {cliente_codice_fiscale}.`,
  `Incarico: assistenza in {oggetto}{#autorita}, davanti a {autorita}{/}.`,
  heading('Fasi dell’attività e compenso'),
  `L’${avvocato('Avvocato')} prevede, secondo quanto oggi prevedibile, le seguenti fasi, ciascuna con il proprio compenso:`,
  '{#fasi}',
  '{$index + 1}. {descrizione}: euro {compenso | importo}',
  '{/}',
  heading('Riepilogo'),
  `Compenso per le fasi: euro {${COMPENSO} | importo} ({${COMPENSO} | importo_lettere})`,
  `Rimborso forfettario spese generali 15%: euro {${SPESE_GENERALI} | importo} ({${SPESE_GENERALI} | importo_lettere})`,
  `Contributo previdenziale (CPA) 4% su euro {${IMPONIBILE_CPA} | importo}: euro {${CPA} | importo} ({${CPA} | importo_lettere})`,
  `IVA 22% su euro {${IMPONIBILE_IVA} | importo}: euro {${IVA} | importo} ({${IVA} | importo_lettere})`,
  `Totale documento: euro {${TOTALE} | importo} ({${TOTALE} | importo_lettere})`,
  '{#sostituto_imposta == "Sì"}',
  `Ritenuta d’acconto 20% su euro {${IMPONIBILE_CPA} | importo}: euro {${RITENUTA} | importo} ({${RITENUTA} | importo_lettere}), trattenuta ${DAL_CLIENTE} quale sostituto d’imposta e versata all’Erario.`,
  `Netto a pagare: euro {${NETTO} | importo} ({${NETTO} | importo_lettere})`,
  '{/}',
  '{#sostituto_imposta == "No"}',
  `Netto a pagare: euro {${TOTALE} | importo} ({${TOTALE} | importo_lettere}); ${IL_CLIENTE} non è sostituto d’imposta e non opera la ritenuta d’acconto.`,
  '{/}',
  '{#acconto}',
  'Acconto richiesto alla firma: euro {acconto | importo} ({acconto | importo_lettere}), detratto dal compenso finale.',
  '{/}',
  heading('Note'),
  'Il rimborso forfettario delle spese generali è calcolato al 15% del compenso (art. 2 del d.m. 10 marzo 2014, n. 55); il contributo alla Cassa Forense è del 4% (art. 11 della legge 20 settembre 1980, n. 576); l’IVA è applicata nella misura del 22%. Ogni importo è arrotondato al centesimo.',
  `Il preventivo indica il costo prevedibile dell’incarico secondo le informazioni oggi disponibili. Se nel corso dell’attività emergessero circostanze che ne modificano in modo rilevante la complessità, l’${avvocato('Avvocato')} lo comunica per iscritto ${AL_CLIENTE} con un preventivo aggiornato, prima di proseguire. Le spese vive documentate non sono comprese.`,
  FIRMA_LUOGO_DATA,
  `L’${avvocato('Avvocato')}: Avv. {avvocato_nome}`,
  `Per ricevuta e accettazione. ${FIRMA_CLIENTE}`,
);

const informativaPrivacy = paragraphs(
  title('Informativa sul trattamento dei dati personali'),
  subtitle('(art. 13 del Regolamento (UE) 2016/679)'),
  ...CLIENTE_IDENTIFICATO.map((item) =>
    item.endsWith('),') ? item.replace(/,$/, ' riceve le informazioni che seguono.') : item,
  ),
  heading('1. Titolare del trattamento'),
  `Titolare del trattamento è ${avvocatoIdentificato('l’Avv.')}.{#dpo_email} Il responsabile della protezione dei dati è raggiungibile all’indirizzo {dpo_email}.{/}`,
  heading('2. Dati trattati e finalità'),
  `L’${avvocato('Avvocato')} tratta i dati anagrafici e di contatto ${DEL_CLIENTE}, i dati contenuti nei documenti affidati per l’incarico e, quando l’incarico lo richiede, dati relativi alla salute o a procedimenti penali, al solo fine di: a) svolgere l’incarico professionale e la relativa assistenza, giudiziale o stragiudiziale; b) adempiere gli obblighi di legge, contabili, fiscali, antiriciclaggio e deontologici; c) far valere o difendere un diritto del titolare in sede giudiziaria.`,
  heading('3. Basi giuridiche'),
  'Il trattamento per la finalità a) si fonda sull’esecuzione del contratto di incarico (art. 6, par. 1, lett. b, del Regolamento); per la finalità b) sull’obbligo di legge (art. 6, par. 1, lett. c); per la finalità c) sul legittimo interesse del titolare (art. 6, par. 1, lett. f). I dati particolari e giudiziari sono trattati in quanto necessari ad accertare, esercitare o difendere un diritto in sede giudiziaria (art. 9, par. 2, lett. f, e art. 10 del Regolamento; art. 2-octies del d.lgs. 30 giugno 2003, n. 196).',
  `Il conferimento dei dati è necessario per svolgere l’incarico: senza di essi l’${avvocato('Avvocato')} non potrebbe accettarlo o proseguirlo.`,
  heading('4. Destinatari'),
  `I dati sono conosciuti dall’${avvocato('Avvocato')}, dai suoi sostituti, collaboratori e dipendenti autorizzati e vincolati alla riservatezza; possono essere comunicati, per quanto necessario all’incarico, agli uffici giudiziari, alle controparti e ai loro difensori, a consulenti tecnici e domiciliatari, al commercialista dello studio e ai fornitori di servizi informatici che agiscono come responsabili del trattamento. I dati non sono diffusi e non sono trasferiti fuori dallo Spazio economico europeo se non con le garanzie previste dagli artt. 44 e seguenti del Regolamento.`,
  heading('5. Conservazione'),
  'I dati sono conservati per la durata dell’incarico e, dopo la sua conclusione, per dieci anni, il termine di prescrizione dei diritti che ne derivano e di conservazione delle scritture contabili; più a lungo soltanto se un procedimento in corso lo richiede.',
  heading('6. Diritti dell’interessato'),
  `${cliente('Il Cliente')} può chiedere in ogni momento l’accesso ai propri dati, la loro rettifica o cancellazione, la limitazione del trattamento, la portabilità dei dati e opporsi al trattamento fondato sul legittimo interesse (artt. 15-22 del Regolamento), scrivendo alla PEC {avvocato_pec}. La cancellazione non si estende ai dati che la legge impone di conservare.`,
  heading('7. Reclamo'),
  `${cliente('Il Cliente')} ha il diritto di proporre reclamo al Garante per la protezione dei dati personali (www.garanteprivacy.it) o all’autorità di controllo dello Stato membro in cui risiede o lavora.`,
  FIRMA_LUOGO_DATA,
  `L’${avvocato('Avvocato')}: Avv. {avvocato_nome}`,
  `Per presa visione. ${FIRMA_CLIENTE}`,
);

const informativaIa = paragraphs(
  title('Informativa sull’uso di sistemi di intelligenza artificiale'),
  subtitle('(art. 13 della legge 23 settembre 2025, n. 132)'),
  `L’Avv. {avvocato_nome}, con studio in {studio_indirizzo}, {studio_comune} (di seguito, l’${avvocato('Avvocato')}), informa ${IL_CLIENTE} {#cliente_tipo == "Persona fisica"}{cliente_nome} {cliente_cognome}{/}{#cliente_tipo == "Persona giuridica"}{cliente_denominazione}{/} sull’uso di sistemi di intelligenza artificiale nell’incarico di assistenza in {oggetto}.`,
  heading('1. Sistemi utilizzati'),
  '{#ia_uso == "Nessuno"}',
  `Nello svolgimento dell’incarico l’${avvocato('Avvocato')} non utilizza alcun sistema di intelligenza artificiale. Se in seguito intendesse farlo, ne informerà prima ${IL_CLIENTE} per iscritto, indicando il sistema e l’attività a cui è destinato.`,
  '{/}',
  '{#ia_uso == "Uno o più sistemi"}',
  `Nello svolgimento dell’incarico l’${avvocato('Avvocato')} utilizza {ia_sistemi | plurale:"il seguente sistema":"i seguenti sistemi"} di intelligenza artificiale:`,
  '{#ia_sistemi}',
  '{nome}, fornito da {fornitore}: {finalita}.',
  '{/}',
  heading('2. Ruolo dei sistemi e responsabilità'),
  `I sistemi sono usati soltanto come strumento di supporto all’attività professionale. Lo studio della questione, le valutazioni, le scelte difensive e il contenuto di ogni atto e parere restano opera intellettuale dell’${avvocato('Avvocato')}, che verifica personalmente ogni risultato prodotto dai sistemi prima di utilizzarlo e ne risponde come di ogni altra parte della propria prestazione.`,
  heading(`3. Dati ${DEL_CLIENTE}`),
  '{#ia_dati == "No, solo testi senza dati personali"}',
  `Ai sistemi non sono comunicati dati personali ${DEL_CLIENTE} né informazioni che ne permettano l’identificazione: vi sono inseriti soltanto testi privi di tali dati.`,
  '{/}',
  '{#ia_dati == "Sì, con un fornitore vincolato per contratto"}',
  `Ai sistemi possono essere comunicati dati ${DEL_CLIENTE}, nella misura strettamente necessaria, soltanto tramite fornitori vincolati per contratto alla riservatezza, che agiscono come responsabili del trattamento e non usano i dati per addestrare i propri modelli, nel rispetto dell’informativa sul trattamento dei dati personali consegnata con la lettera di incarico e del segreto professionale.`,
  '{/}',
  `${cliente('Il Cliente')} può chiedere in ogni momento chiarimenti sull’uso dei sistemi, oppure chiedere che per il proprio incarico non ne siano usati: in tal caso l’${avvocato('Avvocato')} vi si attiene.`,
  '{/}',
  heading(`Dichiarazione ${DEL_CLIENTE}`),
  `${cliente('Il Cliente')} dichiara di aver ricevuto e compreso la presente informativa.`,
  FIRMA_LUOGO_DATA,
  `L’${avvocato('Avvocato')}: Avv. {avvocato_nome}`,
  FIRMA_CLIENTE,
);

/**
 * The party questions and the client-register field that fills each (the shared clients
 * schema's names; `legale_rappresentante.` for the company's representative), for the editor's
 * party mapping once it lands. `cliente_tipo` takes the register's `tipo` as `CLIENT_KIND_OPTION`
 * writes it; the lawyer's own questions (`avvocato_*`, `studio_*`) are the lawyer's party, below.
 */
export const CLIENT_FIELD_OF: Readonly<Record<string, string>> = {
  cliente_tipo: 'tipo',
  cliente_nome: 'nome',
  cliente_cognome: 'cognome',
  cliente_genere: 'genere',
  cliente_luogo_nascita: 'luogo_nascita',
  cliente_data_nascita: 'data_nascita',
  cliente_denominazione: 'denominazione',
  cliente_partita_iva: 'partita_iva',
  cliente_codice_fiscale: 'codice_fiscale',
  cliente_indirizzo: 'indirizzo',
  cliente_cap: 'cap',
  cliente_comune: 'comune',
  cliente_provincia: 'provincia',
  cliente_email: 'email',
  cliente_pec: 'pec',
  rappresentante_nome: 'legale_rappresentante.nome',
  rappresentante_cognome: 'legale_rappresentante.cognome',
  rappresentante_genere: 'legale_rappresentante.genere',
  sostituto_imposta: 'sostituto_imposta',
};

/**
 * The lawyer's questions and the field of the lawyer's own party that fills each: the account
 * and the billing profile hold the name, the PEC, the codes and the studio's address; the
 * Ordine, the policy, the IBAN, the telephone, the gender, the studio's DPO and its use of AI
 * systems come from the lawyer's latest pack.
 */
export const LAWYER_FIELD_OF: Readonly<Record<string, string>> = {
  avvocato_nome: 'nome_completo',
  avvocato_genere: 'genere',
  avvocato_ordine: 'ordine',
  avvocato_codice_fiscale: 'codice_fiscale',
  avvocato_partita_iva: 'partita_iva',
  studio_indirizzo: 'indirizzo',
  studio_cap: 'cap',
  studio_comune: 'comune',
  studio_provincia: 'provincia',
  avvocato_pec: 'pec',
  avvocato_telefono: 'telefono',
  polizza_compagnia: 'polizza_compagnia',
  polizza_numero: 'polizza_numero',
  polizza_massimale: 'polizza_massimale',
  iban: 'iban',
  dpo_email: 'dpo_email',
  ia_uso: 'ia_uso',
  ia_dati: 'ia_dati',
};

export const CLIENT_KIND_OPTION = {
  persona_fisica: 'Persona fisica',
  persona_giuridica: 'Persona giuridica',
} as const;

/** One value for every typed question and list, as the questionnaire stores it: the demo tests walk every branch with them. */
const FACTS: TAnswers = {
  avvocato_nome: 'Luca Rossi',
  avvocato_ordine: 'Milano',
  avvocato_codice_fiscale: 'RSSMRA80A01H501U',
  avvocato_partita_iva: '01234567897',
  studio_indirizzo: 'via Manzoni 12',
  studio_cap: '20121',
  studio_comune: 'Milano',
  studio_provincia: 'MI',
  avvocato_pec: 'studio.rossi@pec.ordineavvocatimilano.it',
  avvocato_telefono: '+390212345678',
  polizza_compagnia: 'Delta Assicurazioni S.p.A.',
  polizza_numero: 'RCP-2026-118',
  polizza_massimale: '1500000.00',
  iban: 'IT60X0542811101000000123456',
  cliente_nome: 'Anna',
  cliente_cognome: 'Bianchi',
  cliente_luogo_nascita: 'Roma',
  cliente_data_nascita: '1985-04-03',
  cliente_denominazione: 'Alfa Costruzioni S.r.l.',
  cliente_partita_iva: '12345678903',
  cliente_codice_fiscale: 'BNCNNA85D43H501J',
  cliente_indirizzo: 'via Tasso 4',
  cliente_cap: '24121',
  cliente_comune: 'Bergamo',
  cliente_provincia: 'BG',
  cliente_email: 'anna.bianchi@example.it',
  cliente_pec: 'anna.bianchi@pec.it',
  rappresentante_nome: 'Marco',
  rappresentante_cognome: 'Neri',
  rappresentante_qualifica: 'amministratore unico',
  oggetto: 'una causa di risarcimento del danno da sinistro stradale',
  autorita: 'Tribunale di Milano',
  controparte: 'Beta Forniture S.p.A.',
  fasi: [
    { descrizione: 'Studio della controversia', compenso: '1000.00' },
    { descrizione: 'Fase introduttiva del giudizio', compenso: '500.00' },
    { descrizione: 'Fase decisionale', compenso: '250.50' },
  ],
  acconto: '500.00',
  dpo_email: 'dpo@studiorossi.it',
  ia_sistemi: [
    { nome: 'Copilot', fornitore: 'Microsoft', finalita: 'sintesi di documenti lunghi' },
  ],
};

/**
 * «Conferimento di incarico professionale»: the four documents every new client of a lawyer
 * signs, from one interview, sold as one set: the lettera di incarico is the master, the others
 * its companion documents.
 */
export const conferimentoIncarico: DemoTemplateSource = {
  slug: 'conferimento-incarico',
  name: 'Conferimento di incarico professionale',
  description:
    'I quattro documenti di ogni nuovo incarico di un avvocato, da un’unica intervista: lettera di incarico, preventivo scritto (art. 13, comma 5, L. 247/2012) con spese generali, CPA, IVA e ritenuta d’acconto calcolate, informativa privacy (art. 13 GDPR) e informativa sull’uso dell’intelligenza artificiale (art. 13 L. 132/2025).',
  category: 'Contratti di lavoro',
  priceCents: 3900,
  minTime: 8,
  maxTime: 15,
  // The client is one party, filled from the register or from an earlier document of the client;
  // the lawyer is the reserved party, filled from their account and their latest pack.
  questions: markParties(
    { ...partyOf('cliente', CLIENT_FIELD_OF), ...partyOf(LAWYER_ROLE, LAWYER_FIELD_OF) },
    questions,
  ),
  facts: FACTS,
  documentName: 'Lettera di incarico',
  paragraphs: letteraIncarico,
  companions: [
    { name: 'Preventivo scritto', paragraphs: preventivo },
    { name: 'Informativa privacy', paragraphs: informativaPrivacy },
    {
      name: 'Informativa sull’uso di sistemi di intelligenza artificiale',
      paragraphs: informativaIa,
    },
  ],
};
