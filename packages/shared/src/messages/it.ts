import { itPublic } from './it-public.ts';

/** Every Italian text a user reads that both sides share: validation, API errors, toasts. */
export const it = {
  validation: {
    ...itPublic.validation,
    invalid: 'Campo non valido',
    checkbox: 'Conferma questo campo per poter procedere.',
    passwordMismatch: 'Le password non combaciano',
    weakPassword: 'La password non rispetta i requisiti minimi di sicurezza.',
    notANumber: 'Deve essere un numero',
    url: 'Inserisci un URL valido',
  },
  auth: {
    ...itPublic.auth,
    invalidCredentials: 'Credenziali Email o Password non valide',
    accountSuspended:
      'Il tuo account è stato sospeso secondo quanto previsto dai termini e condizioni del servizio.',
    accountPending:
      "Il tuo account è in attesa di approvazione: un operatore sta verificando l'iscrizione all'albo. Riceverai una PEC con il link di accesso.",
    accountRefused:
      "La tua richiesta di registrazione è stata rifiutata. Per maggiori informazioni scrivi all'assistenza.",
    tooManyAttempts: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
    /** Too many failed sign-ins for one PEC, from anywhere (429 with Retry-After `seconds`). */
    loginLocked: (seconds: number) => {
      const minutes = Math.ceil(seconds / 60);
      const wait =
        seconds < 60
          ? `${seconds} ${seconds === 1 ? 'secondo' : 'secondi'}`
          : `${minutes} ${minutes === 1 ? 'minuto' : 'minuti'}`;
      return `Troppi tentativi di accesso non riusciti con questa PEC. Riprova tra ${wait} oppure reimposta la password con «Password dimenticata?».`;
    },
    unauthenticated: 'Sessione scaduta o non valida: accedi di nuovo.',
    invalidRefreshToken: 'Sessione scaduta: accedi di nuovo.',
    forbidden: 'Non hai i permessi per questa operazione.',
    pecAlreadyRegistered: 'Esiste già un account registrato con questa PEC.',
  },
  /** Registration, PEC verification, password recovery, account administration. */
  account: {
    verifyEmailInvalid:
      'Il link di verifica non è valido. Controlla di averlo aperto per intero dalla PEC che hai ricevuto.',
    verifyEmailUsed:
      'Questo link di verifica è già stato utilizzato: la tua PEC risulta già confermata.',
    verifyEmailExpired:
      'Il link di verifica è scaduto. Accedi con PEC e password per ricevere un nuovo link.',
    resetPasswordInvalid:
      'Il link per reimpostare la password non è valido. Richiedine uno nuovo dalla pagina di recupero password.',
    resetPasswordUsed:
      'Questo link per reimpostare la password è già stato utilizzato. Richiedine uno nuovo dalla pagina di recupero password.',
    resetPasswordExpired:
      'Il link per reimpostare la password è scaduto (vale 1 ora). Richiedine uno nuovo dalla pagina di recupero password.',
    statusTransitionNotAllowed: (from: string, to: string) =>
      `Non è possibile passare dallo stato «${from}» allo stato «${to}».`,
    statusOwnAccount: 'Non puoi cambiare lo stato del tuo account.',
    statusPecNotVerified:
      "L'utente non ha ancora confermato la sua PEC: non è possibile approvarlo.",
  },
  errors: {
    ...itPublic.errors,
    notFound: 'Risorsa non trovata.',
    routeNotFound: 'Indirizzo API inesistente.',
    badRequest: 'Richiesta non valida.',
    databaseUnavailable: 'Il servizio non è al momento disponibile. Riprova tra qualche istante.',
    tooManyRequests: 'Troppe richieste. Riprova tra qualche minuto.',
    payloadTooLarge: 'Il file o la richiesta sono troppo grandi.',
    unsupportedMediaType: 'Formato della richiesta non supportato.',
    idempotencyKeyInvalid:
      'Intestazione Idempotency-Key non valida: usa da 1 a 255 caratteri stampabili.',
    idempotencyKeyInProgress:
      'Una richiesta con la stessa Idempotency-Key è ancora in corso: riprova tra qualche istante.',
    idempotencyKeyReused:
      'Questa richiesta riusa la chiave di un’altra operazione con dati diversi: riprova da capo.',
    requestTimeout: 'La richiesta non è arrivata per intero in tempo. Riprova.',
    /** A text with a NUL byte or half of a UTF-16 pair: no field may hold it. */
    invalidCharacters: (field: string) => `Il campo «${field}» contiene caratteri non ammessi.`,
  },
  toast: {
    ...itPublic.toast,
    loadingTitle: 'Caricamento',
    successTitle: 'Tutto ok!',
  },
  /** Categories of templates (admin). */
  categories: {
    nameTaken: 'Esiste già una categoria con questo nome.',
    inUse: (count: number) =>
      count === 1
        ? "La categoria è usata da un master: spostalo in un'altra categoria prima di eliminarla."
        : `La categoria è usata da ${count} master: spostali in un'altra categoria prima di eliminarla.`,
    inUseByDeleted:
      'La categoria è collegata a master eliminati, che restano archiviati insieme ai documenti già generati: non è possibile eliminarla.',
  },
  /** Templates (masters): upload of the files, save, status, questionnaire. */
  templates: {
    sameTitles:
      "Il master e l'anteprima hanno lo stesso titolo: se l'anteprima è il master stesso, non caricarla, perché senza anteprima si usa il master; altrimenti rinomina uno dei due file.",
    sameContent:
      "Il master e l'anteprima sono lo stesso file: non serve caricarlo due volte. Lascia vuota l'anteprima e sarà usato il master.",
    docxRequired: 'È necessario inserire un file .docx',
    tooManyFiles:
      "Puoi caricare al massimo tre file insieme: il master, l'anteprima e un documento dell'insieme.",
    unexpectedField: (name: string) => `Il campo «${name}» non è previsto.`,
    multipartExpected: "Invia il master e l'anteprima come modulo multipart/form-data.",
    questionsRequired: 'Inserisci le domande del master.',
    questionsNotJson: 'Le domande non sono in un formato valido (JSON).',
    questionsNotList: 'Le domande devono essere un elenco.',
    questionsEmpty: 'Inserisci almeno una domanda.',
    questionIssue: (position: number, message: string, field?: string) =>
      field ? `Domanda ${position} (${field}): ${message}` : `Domanda ${position}: ${message}`,
    /** How a question's fields are named in `questionIssue`. */
    questionFields: {
      variable: 'chiave',
      question: 'testo della domanda',
      description: 'testo di aiuto',
      options: 'risposte',
      required_answers: 'condizioni',
      is_multiple_selection: 'scelta multipla',
      type: 'tipo',
      max_length: 'lunghezza massima',
      min: 'minimo',
      max: 'massimo',
      decimals: 'decimali',
      fields: 'campi',
      min_items: 'minimo di elementi',
      max_items: 'massimo di elementi',
      label_singolare: 'etichetta al singolare',
      label_plurale: 'etichetta al plurale',
      pec: 'PEC',
    },
    fileNameInvalid: 'Il riferimento al file caricato non è valido: carica di nuovo il file.',
    fileNotFound: (file: string) =>
      `${file}: il file non è stato trovato sul server, caricalo di nuovo.`,
    fileInUse: 'Il file è usato da un master salvato e non può essere eliminato.',
    categoryNotFound: "La categoria scelta non esiste più: scegline un'altra.",
    timeRangeInverted: 'Il tempo minimo di compilazione non può superare il massimo.',
    questionRangeInverted: 'Il numero minimo di domande non può superare il massimo.',
    priceTooHigh: 'Il prezzo non può superare 1.000.000 €.',
  },
  /** The question list of a template (editor) and the answers to it (questionnaire). */
  questions: {
    keyStartsWithDigit: 'La chiave non può iniziare con un numero',
    keyInvalidCharacters:
      'La chiave può contenere solo lettere, numeri e _ (gli spazi diventano _)',
    keyReserved: (key: string) => `«${key}» è un nome riservato: scegli un'altra chiave.`,
    keyDuplicate: (key: string) => `La chiave «${key}» è usata da più domande.`,
    optionsMin: 'Inserisci almeno 2 risposte',
    optionDuplicate: (option: string) => `La risposta «${option}» è ripetuta.`,
    conditionEmpty: 'Ogni condizione deve indicare almeno una domanda.',
    conditionAnswerRequired: 'Scegli almeno una risposta attesa per la domanda della condizione.',
    conditionUnknownQuestion: (question: string, variable: string) =>
      `La domanda «${question}» ha una condizione sulla chiave «${variable}», che non esiste.`,
    conditionLaterQuestion: (question: string, variable: string) =>
      `La domanda «${question}» ha una condizione su «${variable}», che non la precede: le condizioni possono riferirsi solo a domande precedenti.`,
    conditionUnknownOption: (question: string, variable: string, option: string) =>
      `La domanda «${question}» ha una condizione su «${variable}» con la risposta «${option}», che non è tra le risposte di quella domanda.`,
    answerUnknownQuestion: (variable: string) =>
      `La domanda «${variable}» non esiste in questo modello.`,
    answerNotVisible: (question: string) =>
      `La domanda «${question}» non è prevista con le risposte date.`,
    answerNotAnOption: (question: string, value: string) =>
      `La risposta «${value}» non è tra quelle previste per la domanda «${question}».`,
    answerRepeated: (question: string, value: string) =>
      `La risposta «${value}» è ripetuta nella domanda «${question}».`,
    answerSingleExpected: (question: string) =>
      `La domanda «${question}» ammette una sola risposta.`,
    answerListExpected: (question: string) =>
      `Seleziona almeno una risposta per la domanda «${question}».`,
    typeUnknown: 'Il tipo di domanda non è tra quelli previsti.',
    optionsOnlyForChoice: 'Solo le domande a scelta hanno delle risposte previste.',
    rangeInverted: 'Il minimo non può superare il massimo.',
    dateLimitInvalid: 'Scrivi una data come 2026-11-23, oppure «oggi».',
    itemsRangeInverted: 'Il minimo di elementi non può superare il massimo.',
    fieldConditions: 'I campi di un elenco non possono avere condizioni.',
    fieldKeyDuplicate: (key: string) =>
      `La chiave «${key}» è usata da due campi dello stesso elenco.`,
    conditionCountOnlyForList: (question: string, variable: string) =>
      `La domanda «${question}» conta gli elementi di «${variable}», che non è un elenco.`,
    conditionAnswerOnlyForChoice: (question: string, variable: string) =>
      `La domanda «${question}» dipende dalla risposta a «${variable}», che non è una domanda a scelta.`,
  },
  /** Typed answers (DESIGN §12): what the lawyer typed, and the server's checks by type. */
  answers: {
    itemLabel: (singular: string, position: number) => `${singular} ${position}`,
    anotherMasculine: (noun: string) => `un altro ${noun}`,
    anotherFeminine: (noun: string) => `un’altra ${noun}`,
    required: (question: string) => `Rispondi alla domanda «${question}».`,
    textExpected: (question: string) => `La risposta a «${question}» deve essere un testo.`,
    textLength: (question: string, max: number) =>
      `La risposta a «${question}» deve avere da 1 a ${max} caratteri.`,
    textOneLine: (question: string) => `La risposta a «${question}» deve stare su una riga.`,
    numberInvalid: (question: string) => `Il numero di «${question}» non è valido.`,
    numberDecimals: (question: string, decimals: number) =>
      decimals === 0
        ? `Il numero di «${question}» deve essere intero.`
        : `Il numero di «${question}» può avere al massimo ${decimals} decimali.`,
    belowMin: (question: string, min: string) => `«${question}» deve essere almeno ${min}.`,
    aboveMax: (question: string, max: string) => `«${question}» può essere al massimo ${max}.`,
    amountInvalid: (question: string) => `L'importo di «${question}» non è valido.`,
    dateInvalid: (question: string) => `La data di «${question}» non è valida.`,
    dateBeforeMin: (question: string, min: string) =>
      `La data di «${question}» non può essere prima del ${min}.`,
    dateAfterMax: (question: string, max: string) =>
      `La data di «${question}» non può essere dopo il ${max}.`,
    codiceFiscaleInvalid: (question: string) => `Il codice fiscale di «${question}» non è valido.`,
    partitaIvaInvalid: (question: string) => `La partita IVA di «${question}» non è valida.`,
    emailInvalid: (question: string) => `L'indirizzo email di «${question}» non è valido.`,
    capInvalid: (question: string) => `Il CAP di «${question}» non è valido.`,
    provinciaInvalid: (question: string) => `La provincia di «${question}» non è valida.`,
    ibanInvalid: (question: string) => `L'IBAN di «${question}» non è valido.`,
    telefonoInvalid: (question: string) => `Il numero di telefono di «${question}» non è valido.`,
    oraInvalid: (question: string) => `L'ora di «${question}» non è valida.`,
    listExpected: (question: string) => `La risposta a «${question}» deve essere un elenco.`,
    itemsMin: (question: string, min: number) =>
      `«${question}» deve avere almeno ${min === 1 ? 'un elemento' : `${min} elementi`}.`,
    itemsMax: (question: string, max: number) =>
      `«${question}» può avere al massimo ${max === 1 ? 'un elemento' : `${max} elementi`}.`,
    itemUnknownField: (item: string, key: string) => `«${item}» non ha il campo «${key}».`,
    /** What the lawyer typed, before it reaches the server (the field shows it inline). */
    typedTextEmpty: 'Scrivi una risposta.',
    typedTextTooLong: (max: number) => `Scrivi al massimo ${max} caratteri.`,
    typedNumber: 'Scrivi un numero, per esempio 2,5.',
    typedAmount: 'Scrivi un importo in euro, per esempio 1.234,50.',
    typedDate: 'Scrivi una data esistente come 23/11/2026.',
    typedCodiceFiscale:
      'Il codice fiscale non è valido: controlla i 16 caratteri (o le 11 cifre per una società).',
    typedPartitaIva: 'La partita IVA non è valida: controlla le 11 cifre.',
    typedEmail: 'Scrivi un indirizzo email come nome@esempio.it.',
    typedCap: 'Scrivi un CAP di 5 cifre, per esempio 00184.',
    typedProvincia:
      'Scrivi la sigla della provincia, per esempio RM (EE per un indirizzo all’estero).',
    typedIban:
      'L’IBAN non è valido: controlla i caratteri (27 per un conto italiano, come IT60 X054 2811 1010 0000 0123 456).',
    typedTelefono:
      'Scrivi un numero di telefono, per esempio 06 1234 5678 o +39 333 123 4567 (con il prefisso internazionale se estero).',
    typedOra: 'Scrivi un’ora tra 00:00 e 23:59, per esempio 14:30.',
  },
  /** The lawyer's documents (contracts) and their purchase. */
  contracts: {
    typeRequired: 'Scegli il modello da cui generare il documento.',
    notFinished: 'Rispondi a tutte le domande prima di andare all’anteprima.',
    paidLocked:
      'Il documento è già stato acquistato: le risposte non possono più essere modificate.',
    checkoutLocked:
      'Il pagamento di questo documento è in corso: le risposte non possono più essere modificate.',
    paymentRequired: 'Per scaricare il documento è necessario completarne l’acquisto.',
    draftNotDeletable:
      'Il documento è già stato acquistato o il suo pagamento è in corso: non può essere eliminato.',
    sortInvalid:
      'Ordinamento non valido: scegli tra name, surname, type_contract, created_at_date e payment_date.',
    orderInvalid: 'Verso dell’ordinamento non valido: scegli tra asc e desc.',
    /** Summary edits (issue 11). */
    questionUnknown: (variable: string) => `La domanda «${variable}» non esiste in questo modello.`,
    notAList: (question: string) => `«${question}» non è un elenco: non ha elementi da rimuovere.`,
    itemNotFound: (question: string, position: number) =>
      `«${question}» non ha un elemento ${position}.`,
    itemRemovalBelowMin: (question: string, min: number) =>
      `Non è possibile rimuovere l’elemento: «${question}» deve avere almeno ${min === 1 ? 'un elemento' : `${min} elementi`}.`,
  },
  payments: {
    notCompleted: 'Completa il questionario prima di procedere al pagamento.',
    alreadyPaid: 'Il documento è già stato acquistato.',
    answersChanged:
      'Le risposte del documento sono cambiate dopo l’avvio del pagamento: il pagamento non può essere registrato. Contatta l’assistenza.',
    priceMismatch: 'L’importo indicato non corrisponde al prezzo del documento (IVA inclusa).',
    notVerifiable:
      'Non è stato possibile verificare il pagamento: si prega di effettuare un nuovo tentativo di pagamento.',
    sessionUsed: 'Questo pagamento è già stato registrato per un altro documento.',
    localDisabled: 'Il pagamento di prova non è disponibile: i pagamenti passano da Stripe.',
    billingRequired: 'Inserisci i dati di fatturazione prima di procedere al pagamento.',
    checkoutInProgress:
      'Un pagamento di questo documento è già in corso: attendi la conferma prima di riprovare.',
    contractChanged:
      'Il documento è stato modificato mentre avviavi il pagamento: controlla il riepilogo e premi di nuovo «Acquista».',
    providerUnavailable:
      'Non è stato possibile contattare il servizio di pagamento. Riprova tra qualche minuto o contatta l’assistenza.',
    webhookDisabled: 'Le notifiche di Stripe non sono configurate su questo server.',
    webhookSignature: 'Firma della notifica di Stripe mancante o non valida.',
    refunded: 'Il documento è stato rimborsato: il download non è più disponibile.',
    refundNotPossible:
      'Questo pagamento non può essere rimborsato da qui: eseguire il rimborso dalla dashboard di Stripe.',
    invoiceNotIssuable:
      'La fattura elettronica non può essere emessa con i dati di fatturazione salvati: correggili nell’area personale (per esempio caratteri non latini o di controllo nel nome) e premi di nuovo «Acquista». Il pagamento resta valido e sarà registrato una sola volta.',
    webhookPaymentUnknown:
      'Il pagamento indicato dalla notifica di Stripe non è ancora registrato: la notifica sarà ripetuta.',
  },
  /** The buyer's billing profile (issue 14): what the e-invoice needs. */
  billing: {
    tipo: 'Scegli se fatturare a una persona fisica, a uno studio associato o a una società.',
    nome: 'Scrivi il nome.',
    cognome: 'Scrivi il cognome.',
    denominazione: 'Scrivi la denominazione dello studio o della società.',
    codiceFiscalePersona:
      'Il codice fiscale non è valido: controlla i 16 caratteri (l’ultimo è il carattere di controllo).',
    codiceFiscaleEnte:
      'Il codice fiscale non è valido: scrivi il codice di 16 caratteri o quello numerico di 11 cifre.',
    partitaIva: 'La partita IVA non è valida: 11 cifre, l’ultima è la cifra di controllo.',
    indirizzo: 'Scrivi l’indirizzo della sede (via e numero civico).',
    cap: 'Il CAP è di 5 cifre.',
    comune: 'Scrivi il comune.',
    provincia: 'Scrivi la sigla della provincia, per esempio RM o MI.',
    nazione: 'Scrivi il codice di due lettere della nazione, per esempio IT.',
    codiceDestinatario: 'Il codice destinatario è di 7 caratteri, lettere maiuscole e cifre.',
    pecDestinatario: 'Scrivi un indirizzo PEC valido per ricevere la fattura.',
    nomeTooLong: 'Il nome può avere al massimo 60 caratteri.',
    cognomeTooLong: 'Il cognome può avere al massimo 60 caratteri.',
    denominazioneTooLong: 'La denominazione può avere al massimo 80 caratteri.',
    indirizzoTooLong: 'L’indirizzo può avere al massimo 60 caratteri.',
    comuneTooLong: 'Il comune può avere al massimo 60 caratteri.',
    capEstero:
      'Il codice postale estero può avere al massimo 12 caratteri: lettere, cifre, spazi e trattini.',
    pecDestinatarioTooLong: 'L’indirizzo PEC può avere al massimo 256 caratteri.',
    controlCharacters:
      'Il testo contiene caratteri di controllo o invisibili (spesso arrivano copiando e incollando): riscrivilo a mano.',
    notLatin:
      'La fattura elettronica ammette solo lettere latine: scrivi il testo in caratteri latini (per esempio «Wang Xiaoming» invece di «王小明»).',
  },
  /** The e-invoices of purchases (issue 14): list, files, the accountant's monthly export. */
  invoices: {
    exportEmpty: 'Nessuna fattura emessa in questo mese.',
    /** The courtesy copy (PDF) of an invoice or credit note; dates are DD/MM/YYYY. */
    courtesy: {
      invoiceTitle: (number: string, date: string) => `Fattura n. ${number} del ${date}`,
      creditNoteTitle: (number: string, date: string, invoice: string, invoiceDate: string) =>
        `Nota di credito n. ${number} del ${date} che storna la fattura n. ${invoice} del ${invoiceDate}`,
      seller: 'Cedente / prestatore',
      buyer: 'Cessionario / committente',
      partitaIva: 'P.IVA',
      codiceFiscale: 'C.F.',
      regimeFiscale: 'Regime fiscale',
      /** The regimes a seller of documents is likely to have; any other shows its code only. */
      regimi: { RF01: 'ordinario', RF19: 'forfettario' } as Record<string, string>,
      codiceDestinatario: 'Codice destinatario',
      pecDestinatario: 'PEC',
      descrizione: 'Descrizione',
      imponibile: 'Imponibile',
      aliquota: 'Aliquota IVA',
      importo: 'Importo',
      iva: (percent: number) => `IVA ${percent} %`,
      totale: 'Totale documento',
      paid: (date: string) => `Pagamento con carta (MP08) — pagato il ${date}`,
      refunded: (date: string) =>
        `Rimborso sulla carta di pagamento (MP08) — rimborsato il ${date}`,
      notice: 'Copia di cortesia — il documento fiscale è il file XML trasmesso allo SDI',
    },
  },
  /** Proposals for the blanks of a form (POST /template/inspect-blanks): the questions of the
   * label dictionary by variable, and the words of the questions made of a group of blanks. */
  blankProposals: {
    /** A table's empty rows with no heading above to name them. */
    tableRows: 'Righe della tabella',
    questions: {
      luogo_nascita: 'Luogo di nascita',
      data_nascita: 'Data di nascita',
      codice_fiscale: 'Codice fiscale',
      partita_iva: 'Partita IVA',
      cap: 'CAP',
      provincia: 'Provincia',
      iban: 'IBAN',
      pec: 'Indirizzo PEC',
      email: 'Indirizzo e-mail',
      telefono: 'Telefono',
      fax: 'Fax',
      ora: 'Ora',
      importo: 'Importo in euro',
      comune_residenza: 'Comune di residenza',
      comune_sede: 'Comune della sede',
      comune_studio: 'Comune dello studio',
      comune: 'Comune',
      localita: 'Località',
      ubicazione: 'Ubicazione',
      indirizzo: 'Indirizzo',
      numero_pratica: 'Numero della pratica',
      numero_iscrizione: 'Numero di iscrizione',
      numero_civico: 'Numero civico',
      data: 'Data',
      nome_cognome: 'Nome e cognome',
      nome: 'Nome',
      cognome: 'Cognome',
      nome_persona: 'Nome e cognome della persona',
      nome_professionista: 'Nome del professionista',
      intestatario: 'Intestatario',
      rappresentante: 'Nella persona di',
      societa: 'Società rappresentata',
      qualita: 'In qualità di',
      conducente: 'Conducente',
      eta: 'Età',
      anni: 'Anni',
      anno: 'Anno',
      numero_persone: 'Numero',
      targa: 'Targa',
      veicolo: 'Marca e modello del veicolo',
      qualifica: 'Qualifica',
      settore: 'Settore',
      mansione: 'Mansione',
      piano: 'Piano',
      foglio: 'Foglio catastale',
      mappale: 'Mappale',
      subalterno: 'Subalterno',
      intestazione: 'Intestazione',
      motivazioni: 'Motivazioni',
      descrizione: 'Descrizione',
      note: 'Note',
      osservazioni: 'Osservazioni',
      mezzo: 'Mezzo di trasmissione',
    } as Record<string, string>,
    choice: 'Scelta',
    text: 'Testo',
    list: 'Elenco',
    yes: 'Sì',
    no: 'No',
    date: 'Data',
    province: 'Provincia',
    address: 'Indirizzo',
    streetType: 'Via, piazza…',
    personName: 'Nome e cognome',
    gender: 'Genere',
    /** A further line of a long answer. */
    line: (question: string, line: number) => `${question} (riga ${line})`,
    /** A box whose column has no heading. */
    box: (position: number) => `Casella ${position}`,
    /** Another fact with the same label: its party, or its number. */
    another: (question: string, which: string | number) => `${question} (${which})`,
  },
  /** The document engine: template lint, upload checks, rendering, PDF preview. */
  /** Converting a real form's blanks into tags and questions (POST /template/convert-blanks). */
  blankConversion: {
    choicesInvalid:
      'Le scelte per gli spazi da compilare non sono valide: ispeziona di nuovo il master e riprova.',
    choicesNotJson:
      'Le scelte per gli spazi da compilare non sono un JSON valido: ispeziona di nuovo il master e riprova.',
    masterRequired: 'Scegli il file .docx del master da convertire.',
    typeUnknown: 'Tipo di domanda sconosciuto.',
    unknownBlank: (id: string) =>
      `Lo spazio «${id}» non è nel master caricato: ispeziona di nuovo il file e riprova.`,
    duplicateBlank: (id: string) => `Lo spazio «${id}» ha più di una scelta: tienine una sola.`,
    variableInvalid: (variable: string) =>
      `Il nome «${variable}» non è valido: usa lettere minuscole senza accenti, cifre e trattini bassi, iniziando con una lettera (es. nome_cliente).`,
    typeNotAllowed: (paragraph: string, type: string) =>
      `Lo spazio in «${paragraph}» non può diventare una domanda di tipo «${type}».`,
    checkboxNeedsChoice: (paragraph: string) =>
      `La casella in «${paragraph}» diventa una domanda a scelta: scegli il tipo «scelta».`,
    totalNeedsAmount: (paragraph: string, variable: string) =>
      `Il totale in «${paragraph}» somma un campo di «${variable}»: scegli un campo di tipo importo o numero.`,
    fieldRequired: (paragraph: string, variable: string) =>
      `Lo spazio in «${paragraph}» è in un elenco: indica quale campo di «${variable}» lo compila.`,
    phraseRequired: (paragraph: string) =>
      `Lo spazio in «${paragraph}» cambia con il genere: indica la frase al maschile singolare (es. «nato»).`,
    typeConflict: (variable: string) =>
      `«${variable}» è usata per spazi di tipo diverso: dai un nome diverso a ciascuna domanda.`,
    genderQuestion: 'Genere',
    genderOptions: ['maschile', 'femminile'],
    yesNoOptions: ['Sì', 'No'],
  },
  documents: {
    /** How a message names each uploaded file. */
    fileNames: { master: 'Master', preview: 'Anteprima' },
    /** Where a tag is: the file(s) and the part of the document (`lintPlace`). */
    lintPlace: (files: readonly string[], part: string) => `${files.join(' e ')}, ${part}`,
    lintParts: {
      body: 'corpo',
      header: 'intestazione',
      footer: 'piè di pagina',
      note: 'nota',
      comment: 'commento',
      properties: 'proprietà del documento',
      other: 'altra parte del documento',
    },
    lintProblem: (place: string, tag: string, problem: string, paragraph: string) =>
      `${place}, tag «${tag}»: ${problem}.${paragraph ? ` Paragrafo: «${paragraph}»` : ''}`,
    lint: {
      unreadable: (file: string) => `${file}: il file non è un documento Word leggibile.`,
      unclosedTag: 'il tag non è chiuso (manca «}»)',
      unopenedTag: 'il tag non è aperto (manca «{»)',
      duplicateDelimiter: 'il tag contiene parentesi graffe ripetute',
      unclosedSection: 'la sezione non è chiusa (manca «{/}»)',
      unopenedSection: 'la chiusura non corrisponde a nessuna sezione aperta',
      mismatchedSection: 'la chiusura non corrisponde alla sezione aperta',
      unbalancedSections: 'le sezioni sono annidate in modo errato',
      misplacedSection:
        "apertura e chiusura della sezione sono in posizioni incompatibili (ad esempio una dentro una tabella e l'altra fuori)",
      badExpression: (detail: string) => `l'espressione non è valida (${detail})`,
      rawXmlNotAllowed: 'i tag «{@…}» non sono ammessi',
      otherSyntax: (detail: string) => `errore di sintassi (${detail})`,
      unknownVariable: (variable: string) =>
        `la chiave «${variable}» non corrisponde a nessuna domanda`,
      unknownOption: (variable: string, value: string, options: string) =>
        `«${value}» non è tra le risposte della domanda «${variable}» (${options})`,
      unknownFilter: (name: string, available: string) =>
        `il filtro «${name}» non esiste (filtri disponibili: ${available})`,
      filterWrongType: (filter: string, given: string, accepted: string) =>
        `il filtro «${filter}» non si applica a ${given}: si usa con ${accepted}`,
      filterOptionCount: (filter: string, expected: string) =>
        `il filtro «${filter}» vuole ${expected} dopo i due punti`,
      filterOptionNotSimple: (filter: string) =>
        `dopo «${filter}:» va un valore o una chiave: racchiudi il filtro tra parentesi, ad esempio (data_inizio | aggiungi_anni:4) > oggi`,
      elencoPrinted: (list: string) =>
        `«${list}» è un elenco: scrivi i suoi campi in un ciclo {#${list}}…{/${list}}, oppure usa un filtro come «${list} | elenco:"campo"»`,
      unknownField: (field: string, list: string, fields: string) =>
        `«${field}» non è un campo dell'elenco «${list}» (campi: ${fields})`,
      dateArithmetic: (expression: string, example: string) =>
        `«${expression}» calcola con una data come se fosse un numero e stamperebbe un valore sbagliato: per la distanza tra due date usa i filtri giorni_tra, mesi_tra, anni_tra o durata (ad esempio «${example}»); per spostare una data usa aggiungi_giorni, aggiungi_mesi o aggiungi_anni`,
      dateSpanNeedsDate: (filter: string) =>
        `il filtro «${filter}» vuole una data dopo i due punti (ad esempio «${filter}:data_inizio»)`,
      agreementNeedsText:
        'il filtro «accorda» vuole tra virgolette le parole da accordare, scritte al maschile singolare (ad esempio accorda:"il conduttore")',
      agreementUnknownWords: (words: string) =>
        `«accorda» non conosce ${words}: sarà accordato con le desinenze regolari (-o, -a, -i, -e); controlla l'anteprima con una parte femminile e con più parti`,
      listFieldNeeded: (filter: string, list: string, fields: string) =>
        `il filtro «${filter}» vuole tra virgolette, dopo i due punti, un campo dell'elenco «${list}» (campi: ${fields})`,
      /** How the filter messages name each kind of value. */
      valueKinds: {
        numero: 'un numero',
        importo: 'un importo',
        data: 'una data',
        testo: 'un testo',
        lista: 'un elenco',
        booleano: 'una condizione',
      },
      assignment: 'per confrontare usa «==» (un solo «=» non è ammesso)',
      filterNeedsVariable:
        'il filtro «contiene» va applicato a una sola chiave: usa le parentesi, ad esempio (servizi | contiene:"Opzione")',
      filterNeedsOption:
        'dopo «contiene:» va una sola risposta tra virgolette: racchiudi il filtro tra parentesi, ad esempio (servizi | contiene:"Opzione") == true',
      multipleSelectionCompared: (variable: string) =>
        `la domanda «${variable}» è a scelta multipla: per verificare una risposta usa «| contiene:»`,
      unusedQuestion: (variable: string) => `La domanda «${variable}» non è usata nel master.`,
      bareSection: (variable: string, first: string, options: readonly string[]) =>
        `la domanda «${variable}» ha una sola risposta: questa sezione resta per qualunque risposta${
          options.length > 1 ? `, anche «${options.filter((o) => o !== first).at(-1)}»` : ''
        }. Usa {#${variable} == "${first}"} (risposte: ${options.join(', ')})`,
      loopWithoutItem: (variable: string, first: string) =>
        `la domanda «${variable}» è a scelta multipla: la sezione si ripete una volta per ogni risposta scelta. Per una condizione usa {#${variable} | contiene:"${first}"}; per ripetere il testo per ogni risposta scrivi {.} nella sezione`,
      memberAccess: (expression: string, variable: string) =>
        `«${expression}» non funziona: le risposte non hanno campi (i campi di un elenco si scrivono dentro il suo ciclo, ad esempio {#conduttori}{nome}{/conduttori}). Scrivi la chiave della domanda, ad esempio {${variable}}`,
      lengthAccess: (variable: string) =>
        `«${variable}.length» non funziona sulle risposte: per contarle usa {${variable} | numero_elementi}`,
      methodCall: (expression: string) =>
        `«${expression}» non funziona: le risposte non hanno metodi. Per verificare una risposta usa «| contiene:"Opzione"», per trasformarla un filtro (ad esempio «| maiuscolo»)`,
      arrayLiteral:
        'gli elenchi tra parentesi quadre («[…]») non funzionano nei tag: per ammettere più risposte usa «or», ad esempio {#tipo == "A" or tipo == "B"}',
      doubleBraces: (inner: string) => `Usa una sola coppia di graffe: {${inner}}`,
      mailMerge: (name: string) => `campo di stampa unione: sostituiscilo con {${name}}`,
      /** A Word checkbox bound by `casella: …` in its tag or status text. */
      inCheckboxControl: (problem: string) =>
        `nella casella di controllo di Word (tag «casella:»): ${problem}`,
    },
    /** Upload checks; the engine prefixes the file name ("Master: il file …") when it knows it. */
    upload: {
      notDocx: 'Il file non è un documento Word (.docx).',
      corrupted: 'Il file è danneggiato o non è un documento Word leggibile.',
      tooLarge: 'Il file supera la dimensione massima di 10 MB.',
      tooManyEntries:
        'Il file contiene troppi elementi (più di 2.000): non è un documento Word valido.',
      unpackedTooLarge: 'Il file decompresso supera i 100 MB: non è un documento Word valido.',
      macros:
        'Il file contiene macro: salvalo come «Documento di Word (.docx)» e caricalo di nuovo.',
      xmlDeclarations: 'Il file contiene dichiarazioni XML non ammesse (DTD o entità).',
      xmlPartTooLarge:
        'Una parte del documento supera i 16 MB una volta decompressa: dividilo in più documenti.',
      tooManyParagraphs:
        'Il documento contiene più di 40.000 paragrafi: dividilo in più documenti.',
      tooManyXmlNodes:
        'Il documento è troppo complesso (più di 500.000 elementi XML): dividilo in più documenti o salvalo di nuovo da Word.',
    },
    /** Upload warning: what a file linked from outside was stripped of (issue 10). */
    externalContent: {
      removed: (file: string, items: string) =>
        `${file}: rimossi i contenuti collegati dall'esterno (${items}). LexPath non scarica nulla da fuori del documento: se servono, inserisci immagini e testi nel file invece di collegarli.`,
      image: (target: string) => `immagine collegata «${target}»`,
      other: (type: string, target: string) => `collegamento «${type}» a «${target}»`,
      field: (name: string) => `campo ${name}`,
    },
    /** Lint of Word habits that would reach the buyer or break the layout (issue 12). */
    wordHabits: {
      trackedChanges: {
        master:
          'Il master contiene revisioni non accettate: accettale o rifiutale in Word prima di caricarlo.',
        preview:
          "L'anteprima contiene revisioni non accettate: accettale o rifiutale in Word prima di caricarla.",
      },
      sectionTagOnSectionBreak:
        "il tag è nel paragrafo che chiude una sezione del documento (interruzione di sezione): LexPath conserva l'interruzione, ma per essere sicuro di intestazioni e piè di pagina sposta il tag in un paragrafo a sé, prima dell'interruzione",
      typedReference: (place: string, references: readonly string[], paragraph: string) =>
        `${place}: ${references.map((reference) => `«${reference}»`).join(', ')} ${
          references.length === 1 ? 'è scritto' : 'sono scritti'
        } a mano, ma l'elenco a cui rimanda è numerato automaticamente da Word e ha clausole condizionali: quando una clausola viene tolta i numeri successivi scalano e il testo rimanderebbe alla clausola sbagliata. ${
          references.length === 1 ? 'Inseriscilo' : 'Inseriscili'
        } con Inserisci → Riferimento incrociato, che LexPath aggiorna nel documento. Paragrafo: «${paragraph}»`,
      bookmarkInSection: (bookmark: string) =>
        `il segnalibro «${bookmark}», citato da un riferimento incrociato, è dentro questa sezione condizionale: quando la sezione viene tolta il riferimento mostra «Errore! Origine riferimento non trovata». Sposta il segnalibro fuori dalla sezione o togli il riferimento`,
    },
    /** Blanks of a form left in the master, one warning per paragraph (`blank-finder.ts`). */
    blanks: {
      kinds: {
        underscores: 'linea',
        dots: 'puntini',
        placeholder: 'segnaposto',
        formField: 'campo modulo di Word',
        contentControl: 'controllo con testo segnaposto',
        checkbox: 'casella',
        boxRow: 'riga di caselle',
        gender: 'maschile/femminile',
        tableRows: 'tabella da compilare',
        total: 'totale da calcolare',
      },
      more: (count: number) => `e ${count === 1 ? 'un altro' : `altri ${count}`}`,
      publishWithBlanks: (count: number) =>
        `Il master contiene ancora ${count === 1 ? 'uno spazio da compilare' : `${count} spazi da compilare`} (linee, puntini, caselle, segnaposto o forme come «nato/a»): arriverebbero così in ogni contratto venduto. Vuoi pubblicare comunque?`,
      publishAnyway: 'Pubblica comunque',
      publishTitle: 'Spazi da compilare nel master',
      inParagraph: (place: string, count: number, list: string, paragraph: string) =>
        `${place}: ${count === 1 ? 'uno spazio da compilare' : `${count} spazi da compilare`} (${list}): sostituiscili con i tag delle domande, altrimenti arrivano così in ogni contratto.${paragraph ? ` Paragrafo: «${paragraph}»` : ''}`,
    },
    renderFailed:
      "Il modello contiene errori e non è stato possibile generare il documento. Contatta l'assistenza.",
    previewUnavailable:
      "L'anteprima PDF non è al momento disponibile: il servizio di conversione non è attivo sul server. Riprova più tardi o contatta l'assistenza.",
    previewBusy:
      'Stiamo preparando molte anteprime in questo momento: riprova tra qualche secondo.',
    previewFailed: "Non è stato possibile generare l'anteprima PDF. Riprova tra qualche istante.",
    pdfDownloadUnavailable:
      'Il documento in PDF/A non è al momento disponibile. Scarica il documento in formato .docx o riprova più tardi.',
    processingTimedOut:
      "L'elaborazione del documento ha superato il tempo massimo: il modello è troppo complesso. Se il problema persiste, contatta l'assistenza.",
    processingOutOfMemory:
      "L'elaborazione del documento ha superato la memoria disponibile: il modello è troppo complesso. Se il problema persiste, contatta l'assistenza.",
    processingBusy:
      'Stiamo elaborando molti documenti in questo momento: riprova tra qualche secondo.',
  },
  /** Texts only the web app shows: shell, screen titles, login and logout screens. */
  /**
   * «Guida ai tag» (DESIGN §6 and §12): each tag form, filter and question type with a short
   * example. Keyed by filter and type name: a server test checks these keys against the
   * renderer's filters and the question types.
   */
  templateGuide: {
    button: 'Guida ai tag',
    title: 'Guida ai tag',
    intro:
      'Nel file Word le risposte si inseriscono con i tag tra parentesi graffe. Ecco le forme ammesse, i filtri e i tipi di domanda, con un esempio ciascuno.',
    close: 'Chiudi la guida',
    tagsHeading: 'Forme dei tag',
    filtersHeading: 'Filtri',
    filtersIntro:
      'Un filtro segue la barra verticale e trasforma la risposta; le opzioni vanno dopo i due punti. Si possono concatenare: {canone | somma:"importo" | euro}.',
    typesHeading: 'Tipi di domanda',
    example: 'Esempio',
    result: 'Risultato',
    tags: [
      {
        form: '{variabile}',
        description: 'Inserisce la risposta; più risposte diventano «a, b e c».',
        example: '{nome_cliente}',
        result: 'Mario Rossi',
      },
      {
        form: '{#condizione}…{/}',
        description:
          'Tiene il testo solo se la condizione è vera; ammessi ==, !=, and, or. Un tag da solo nel paragrafo toglie anche il paragrafo.',
        example: '{#tipo_immobile == "Arredato"}Con arredamento.{/}',
        result: 'Con arredamento.',
      },
      {
        form: '{^condizione}…{/}',
        description: 'Il contrario: tiene il testo solo se la condizione è falsa.',
        example: '{^tipo_immobile == "Vuoto"}Con arredamento.{/}',
        result: 'Con arredamento.',
      },
      {
        form: '{#variabile | contiene:"Opzione"}…{/}',
        description: 'Per una domanda a più risposte: vero se tra le risposte c’è l’opzione.',
        example: '{#servizi | contiene:"Pulizie"}Pulizie incluse.{/}',
        result: 'Pulizie incluse.',
      },
      {
        form: '{#elenco}…{/elenco}',
        description:
          'Ripete il testo per ogni elemento di un elenco; dentro si usano i campi dell’elemento, {.} per l’elemento stesso e {$index} per la posizione (da 0).',
        example: '{#conduttori}{$index}. {nome}, C.F. {codice_fiscale}; {/conduttori}',
        result: '0. Mario Rossi, C.F. RSSMRA80A01H501U; 1. Anna Bianchi, C.F. BNCNNA85D43H501Y; ',
      },
      {
        form: '{@variabile}',
        description:
          'Non ammesso: inserirebbe codice Word grezzo. Usa {variabile}, che mantiene la formattazione del testo intorno.',
        example: '{@clausola}',
        result: 'Errore al caricamento del master',
      },
    ],
    filters: {
      contiene: {
        description: 'Vero se la risposta (o una delle risposte) è l’opzione indicata.',
        example: '{#servizi | contiene:"Pulizie"}Pulizie incluse.{/}',
        result: 'Pulizie incluse.',
      },
      importo: {
        description: 'Un importo in cifre, senza simbolo.',
        example: '{canone | importo}',
        result: '1.234,50',
      },
      euro: {
        description: 'Un importo in cifre con il simbolo dell’euro.',
        example: '{canone | euro}',
        result: '1.234,50\u00a0€',
      },
      importo_lettere: {
        description: 'Un importo in lettere, con i centesimi dopo la barra.',
        example: '{canone | importo_lettere}',
        result: 'milleduecentotrentaquattro/50',
      },
      numero_lettere: {
        description: 'Un numero in lettere.',
        example: '{mesi | numero_lettere}',
        result: 'dodici',
      },
      percentuale: {
        description: 'Un numero seguito dal segno di percentuale.',
        example: '{interessi | percentuale}',
        result: '2,5%',
      },
      data: {
        description: 'Una data in cifre.',
        example: '{data_inizio | data}',
        result: '01/03/2026',
      },
      data_lunga: {
        description: 'Una data con il mese in lettere.',
        example: '{data_inizio | data_lunga}',
        result: '1° marzo 2026',
      },
      aggiungi_giorni: {
        description: 'La data spostata di tanti giorni (anche da un’altra risposta).',
        example: '{data_inizio | aggiungi_giorni:30 | data}',
        result: '31/03/2026',
      },
      aggiungi_mesi: {
        description: 'La data spostata di tanti mesi.',
        example: '{data_inizio | aggiungi_mesi:6 | data}',
        result: '01/09/2026',
      },
      aggiungi_anni: {
        description: 'La data spostata di tanti anni.',
        example: '{data_inizio | aggiungi_anni:4 | data}',
        result: '01/03/2030',
      },
      oggi: {
        description: 'La data del giorno in cui il documento viene generato.',
        example: '{oggi | data_lunga}',
        result: '27 novembre 2026',
      },
      maiuscolo: {
        description: 'Il testo in maiuscolo.',
        example: '{citta | maiuscolo}',
        result: 'ROMA',
      },
      minuscolo: {
        description: 'Il testo in minuscolo.',
        example: '{citta | minuscolo}',
        result: 'roma',
      },
      elenco: {
        description: 'Gli elementi di un elenco in una frase, o solo un loro campo.',
        example: '{conduttori | elenco:"nome"}',
        result: 'Mario Rossi e Anna Bianchi',
      },
      plurale: {
        description: 'Il primo testo con un solo elemento, il secondo con più elementi.',
        example: '{conduttori | plurale:"il conduttore":"i conduttori"}',
        result: 'i conduttori',
      },
      numero_elementi: {
        description: 'Quanti elementi ha un elenco.',
        example: '{conduttori | numero_elementi}',
        result: '2',
      },
      giorni_tra: {
        description:
          'I giorni tra due date. Non sottrarre le date tra loro: usa questo filtro o i seguenti.',
        example: '{data_scadenza | giorni_tra:data_inizio}',
        result: '30',
      },
      mesi_tra: {
        description: 'I mesi interi tra due date, secondo il calendario.',
        example: '{data_fine | mesi_tra:data_inizio}',
        result: '54',
      },
      anni_tra: {
        description: 'Gli anni interi tra due date.',
        example: '{data_fine | anni_tra:data_inizio}',
        result: '4',
      },
      durata: {
        description: 'La durata tra due date, in parole.',
        example: '{data_fine | durata:data_inizio}',
        result: '4 anni e 6 mesi',
      },
      giorno_settimana: {
        description: 'Il giorno della settimana di una data.',
        example: '{data_udienza | giorno_settimana}',
        result: 'lunedì',
      },
      somma: {
        description: 'Il totale di un campo sugli elementi di un elenco (al centesimo).',
        example: '{creditori | somma:"importo" | euro}',
        result: '12.500,00\u00a0€',
      },
      conta: {
        description: 'Quanti elementi, o quanti hanno un campo uguale a un valore.',
        example: '{testimoni | conta:"ruolo":"Testimone"}',
        result: '2',
      },
      tutti: {
        description: 'Vero se tutti gli elementi hanno il campo uguale al valore.',
        example: '{#creditori | tutti:"tipo":"Banca"}Tutti i creditori sono banche.{/}',
        result: 'Tutti i creditori sono banche.',
      },
      almeno_uno: {
        description: 'Vero se almeno un elemento ha il campo uguale al valore.',
        example: '{#creditori | almeno_uno:"tipo":"Banca"}Vi sono creditori bancari.{/}',
        result: 'Vi sono creditori bancari.',
      },
      massimo: {
        description: 'Il valore più alto (numero, importo o data) di un campo dell’elenco.',
        example: '{creditori | massimo:"importo" | euro}',
        result: '8.000,00\u00a0€',
      },
      minimo: {
        description: 'Il valore più basso (numero, importo o data) di un campo dell’elenco.',
        example: '{creditori | minimo:"scadenza" | data}',
        result: '15/01/2026',
      },
      percento: {
        description:
          'La percentuale indicata di un importo, arrotondata al centesimo (il mezzo centesimo per eccesso), come una riga di fattura.',
        example: '{canone | percento:15 | euro}',
        result: '185,18\u00a0€',
      },
      maggiorato: {
        description:
          'L’importo aumentato della percentuale indicata, con la maggiorazione arrotondata come in «percento»: si concatenano per CPA e IVA.',
        example: '{canone | maggiorato:15 | maggiorato:4 | euro}',
        result: '1.476,47\u00a0€',
      },
      casella: {
        description:
          'Una casella barrata se la risposta è l’opzione indicata (o è «Sì»), vuota altrimenti.',
        example: '{tipo | casella:"Immobile"} Immobile',
        result: '☒ Immobile',
      },
      carattere: {
        description: 'Un solo carattere della risposta, per i moduli a caselle (da 1).',
        example: '{codice_fiscale | carattere:1}',
        result: 'R',
      },
      accorda: {
        description:
          'Accorda le parole al genere e al numero delle parti (campi «genere» e «forma»): una donna sola dà «la conduttrice», un uomo e una donna «i conduttori».',
        example: '{conduttori | accorda:"il conduttore"}',
        result: 'i conduttori',
      },
      oppure: {
        description: 'La risposta, o il testo indicato se non è stata data.',
        example: '{note | oppure:"—"}',
        result: '—',
      },
    },
    types: {
      scelta: {
        description: 'Una o più opzioni tra quelle scritte; si usa nelle condizioni.',
        example: '{#tipo_immobile == "Arredato"}Con arredamento.{/}',
        result: 'Con arredamento.',
      },
      testo: {
        description: 'Un testo breve su una riga.',
        example: '{nome_cliente}',
        result: 'Mario Rossi',
      },
      testo_lungo: {
        description: 'Un testo su più righe.',
        example: '{descrizione_immobile}',
        result: 'Appartamento al secondo piano…',
      },
      numero: {
        description: 'Un numero, con limiti e decimali se servono.',
        example: '{mesi | numero_lettere}',
        result: 'dodici',
      },
      importo: {
        description: 'Una somma in euro, tenuta al centesimo.',
        example: '{canone | euro}',
        result: '1.234,50\u00a0€',
      },
      data: {
        description: 'Una data; con i filtri si scrive, si sposta o si misura.',
        example: '{data_inizio | data_lunga}',
        result: '1° marzo 2026',
      },
      codice_fiscale: {
        description: 'Un codice fiscale controllato, in maiuscolo.',
        example: '{codice_fiscale}',
        result: 'RSSMRA80A01H501U',
      },
      partita_iva: {
        description: 'Una partita IVA controllata (11 cifre).',
        example: '{partita_iva}',
        result: '01234567897',
      },
      email: {
        description: 'Un indirizzo email, o una PEC se richiesto.',
        example: '{pec}',
        result: 'studio@pec.it',
      },
      cap: {
        description: 'Un codice di avviamento postale di cinque cifre.',
        example: '{cap}',
        result: '00184',
      },
      provincia: {
        description: 'La sigla di una provincia italiana, o «EE» per l’estero.',
        example: '{provincia}',
        result: 'RM',
      },
      iban: {
        description: 'Un IBAN controllato, scritto a gruppi di quattro caratteri.',
        example: '{iban}',
        result: 'IT60 X054 2811 1010 0000 0123 456',
      },
      telefono: {
        description: 'Un numero di telefono, con il prefisso internazionale.',
        example: '{telefono}',
        result: '+39 0612345678',
      },
      ora: {
        description: 'Un orario del giorno, da 00:00 a 23:59.',
        example: '{ora_udienza}',
        result: '09:30',
      },
      elenco: {
        description: 'Più elementi con gli stessi campi (parti, creditori, testimoni).',
        example: '{#conduttori}{nome}; {/conduttori}',
        result: 'Mario Rossi; Anna Bianchi; ',
      },
    },
  },
  web: {
    ...itPublic.web,
    titles: {
      registration: 'Registrazione',
      forgotPassword: 'Recupero password',
      resetPassword: 'Reset password',
      verifyEmail: 'Verifica E-mail',
      testPayment: 'Pagamento di prova',
      contracts: 'Nuovo documento',
      archive: 'Archivio',
      documentDetail: 'Dettaglio documento',
      profile: 'Profilo',
      questionnaire: 'Questionario',
      summary: 'Riepilogo',
      preview: 'Anteprima',
      cart: 'Carrello',
      usersContracts: 'Documenti generati',
      users: 'Utenti',
      newTemplate: 'Inserimento nuovo master',
      editTemplate: 'Modifica master',
      uploadQuestions: 'Caricamento domande',
      templates: 'Master inseriti',
      categories: 'Categorie inserite',
      newCategory: 'Nuova categoria',
      createEditor: 'Crea utente editor',
    },
    logout: {
      inProgress: 'Logout in corso...',
    },
    /** Registration, password recovery and the screens the mailed links open (SPEC §2). */
    registration: {
      name: 'Nome',
      lastName: 'Cognome',
      pec: 'PEC',
      password: 'Password',
      passwordHelp:
        'Almeno 8 caratteri, con almeno una lettera maiuscola, un numero e uno dei simboli @#$%^&+=!',
      consents: 'Consensi',
      termsBefore: 'Ho letto e accetto i',
      termsLink: 'Termini e condizioni',
      specificTerms:
        'Ai sensi e per gli effetti degli artt. 1341 e 1342 c.c. dichiaro di aver letto e di approvare specificamente gli articoli 2, 3, 8, 9 e 14 dei',
      privacyBefore: "Ho letto e compreso l'",
      privacyLink: 'Informativa sulla privacy',
      newsletter: 'Acconsento a ricevere comunicazioni commerciali e newsletter (facoltativo)',
      submit: 'Registrati',
      haveAccount: 'Hai già un account?',
      login: 'Accedi',
    },
    forgotPassword: {
      intro:
        "Inserisci la PEC con cui ti sei registrato: ti invieremo un'e-mail con le istruzioni per reimpostare la password.",
      pec: 'PEC',
      submit: 'Conferma',
      cancel: 'Annulla',
      sentTitle: 'Controlla la tua PEC',
      sentBody:
        "Ti abbiamo inviato un'e-mail con le istruzioni per reimpostare la password. Se non la ricevi, controlla di aver inserito la PEC con cui ti sei registrato.",
      back: 'Torna al login',
    },
    resetPassword: {
      intro: 'Scegli una nuova password per il tuo account.',
      password: 'Nuova password',
      passwordConfirmation: 'Conferma la nuova password',
      submit: 'Conferma',
      successTitle: 'Password aggiornata',
      success: 'Hai impostato una nuova password.',
      toLogin: 'Vai al login',
      failureTitle: 'Reset della password fallito',
      newLink: 'Richiedi un nuovo link',
    },
    verifyEmail: {
      inProgress: 'Verifica della PEC in corso...',
      successTitle: 'Grazie per aver confermato la tua identità!',
      successBody:
        "Un operatore verificherà ora la tua iscrizione all'albo degli avvocati: di solito bastano pochi minuti, al massimo qualche ora.",
      successNext: 'Al termine riceverai un messaggio PEC con il link per accedere.',
      failureTitle: "Verifica dell'E-mail fallita",
      toLogin: 'Vai al login',
    },
    profile: {
      personalData: 'Dati personali',
      name: 'Nome',
      surname: 'Cognome',
      account: 'Account',
      pec: 'PEC',
      changePassword: 'Richiedi il cambio password',
      changePasswordSent:
        "Ti abbiamo inviato un'e-mail con le istruzioni per reimpostare la password: apri il link che contiene entro un'ora.",
      changePasswordFailed: 'Operazione non andata a buon fine, per favore riprova...',
      changePasswordSupport: "Se il problema persiste scrivi all'assistenza:",
      pecChange: "Per modificare la PEC invia un'e-mail all'assistenza con oggetto «Modifica PEC»:",
      pecChangeSubject: 'Modifica PEC',
      deletion:
        "Per cancellare l'account invia un'e-mail all'assistenza con oggetto «Cancellazione Account»:",
      deletionSubject: 'Cancellazione Account',
      marketing: 'Marketing',
      newsletter: 'Acconsento a ricevere comunicazioni commerciali e newsletter',
      edit: 'Modifica',
      save: 'Salva',
      cancel: 'Annulla',
      saved: 'Modifica avvenuta con successo.',
      saveFailed: 'La modifica non è andata a buon fine, per favore riprova.',
      saveFailedSupport: "Per dare o revocare il consenso puoi anche scrivere all'assistenza:",
      loadFailed: 'Non è stato possibile caricare il profilo.',
      retry: 'Riprova',
    },
    /** The billing profile form of the cart and of the reserved area (issue 14). */
    billingForm: {
      title: 'Dati di fatturazione',
      intro:
        'Questi dati compaiono sulla fattura elettronica dei tuoi acquisti, trasmessa al Sistema di Interscambio (SDI). Li chiediamo una sola volta: potrai modificarli nell’area personale.',
      requiredNote: 'I campi contrassegnati con * sono obbligatori.',
      tipo: 'Intestatario della fattura',
      tipoNames: {
        persona_fisica: 'Persona fisica — professionista',
        studio: 'Studio associato',
        societa: 'Società',
      },
      nome: 'Nome',
      cognome: 'Cognome',
      denominazione: 'Denominazione',
      codiceFiscale: 'Codice fiscale',
      partitaIva: 'Partita IVA',
      sede: 'Sede',
      indirizzo: 'Indirizzo',
      cap: 'CAP',
      comune: 'Comune',
      provincia: 'Provincia (sigla)',
      nazione: 'Nazione',
      nazioneHint: 'Il codice di due lettere, per esempio IT.',
      delivery: 'Recapito della fattura elettronica',
      deliveryNames: { pec: 'PEC', codice: 'Codice destinatario' },
      codiceDestinatario: 'Codice destinatario (7 caratteri)',
      pecDestinatario: 'PEC destinatario',
      pecDestinatarioHint: 'Se lasci vuoto il campo, la fattura va alla PEC del tuo account.',
      save: 'Salva i dati di fatturazione',
      edit: 'Modifica',
      editBilling: 'Modifica i dati di fatturazione',
      cancel: 'Annulla',
      saved: 'Modifica avvenuta con successo.',
      saveFailed: 'Non è stato possibile salvare i dati di fatturazione.',
      loadFailed: 'Non è stato possibile caricare i dati di fatturazione.',
      retry: 'Riprova',
      empty: 'Non hai ancora inserito i dati di fatturazione.',
      add: 'Inserisci i dati di fatturazione',
      buyNeedsBilling: 'Per acquistare inserisci prima i dati di fatturazione.',
      summaryDelivery: (kind: 'pec' | 'codice', value: string) =>
        kind === 'pec' ? `Fattura alla PEC ${value}` : `Codice destinatario ${value}`,
      summaryFiscal: (codiceFiscale: string, partitaIva: string) =>
        `C.F. ${codiceFiscale} — P.IVA ${partitaIva}`,
    },
    users: {
      caption: 'Utenti registrati con la PEC confermata',
      name: 'Nome',
      surname: 'Cognome',
      email: 'Email',
      marketing: 'Consenso Marketing',
      status: 'Status',
      role: 'Ruolo',
      roleNames: { user: 'Avvocato', editor: 'Editor', admin: 'Amministratore' },
      actions: 'Azioni',
      yes: 'Sì',
      no: 'No',
      empty: 'Non ci sono utenti registrati',
      loadFailed: 'Non è stato possibile caricare gli utenti.',
      accept: 'Accetta',
      refuse: 'Rifiuta',
      suspend: 'Sospendi',
      reactivate: 'Riattiva',
      statusChanged: (fullName: string, status: string) =>
        `Lo stato di ${fullName} ora è «${status}».`,
      refuseTitle: "Rifiutare l'utente?",
      refuseText: (fullName: string) =>
        `${fullName} non potrà accedere alla piattaforma. Il rifiuto è definitivo: non si può annullare.`,
      suspendTitle: "Sospendere l'utente?",
      suspendText: (fullName: string) =>
        `${fullName} non potrà accedere finché l'account non sarà riattivato.`,
    },
    createEditor: {
      name: 'Nome',
      surname: 'Cognome',
      pec: 'PEC',
      password: 'Password',
      submit: 'Aggiungi',
      creating: 'Creazione di un nuovo utente editor in corso...',
      created: 'Nuovo utente editor creato con successo',
    },
    confirm: {
      confirm: 'Conferma',
      cancel: 'Annulla',
      irreversible: "L'operazione è irreversibile.",
    },
    /** What every searchable list and staff table says beside its rows. */
    lists: {
      noMatch: 'Nessun risultato per questa ricerca.',
      noMatchHint: 'Prova con altre parole o togli i filtri.',
      sortBy: 'Ordina per',
      sortOption: (column: string, order: 'asc' | 'desc') =>
        `${column}, ${order === 'asc' ? 'crescente' : 'decrescente'}`,
    },
    categoriesAdmin: {
      name: 'Nome',
      actions: 'Azioni',
      edit: 'Modifica',
      delete: 'Elimina',
      empty: 'Non ci sono dei Categorie inserite',
      loadFailed: 'Non è stato possibile caricare le categorie.',
      deleteTitle: 'Eliminare la categoria?',
      deleteText: (name: string) => `La categoria «${name}» sarà eliminata.`,
      deleting: 'Eliminazione della categoria in corso...',
      deleted: 'Categoria eliminata',
      creating: 'Creazione di una nuova categoria in corso...',
      created: 'Nuova categoria creata con successo',
      updating: 'Modifica di una categoria in corso...',
      updated: 'Categoria modificata con successo',
      editTitle: 'Modifica categoria',
      save: 'Salva',
    },
    templatesAdmin: {
      caption: 'Master inseriti',
      title: 'Titolo',
      editor: 'Editor',
      createdAt: 'Data e ora di creazione',
      status: 'Stato',
      statusNames: { PUBLISHED: 'Pubblicato', SUSPENDED: 'Sospeso' },
      statusFilter: 'Filtra per stato',
      allStatuses: 'Tutti gli stati',
      actions: 'Azioni',
      publish: 'Pubblica',
      suspend: 'Sospendi',
      tryOut: 'Prova',
      edit: 'Modifica',
      delete: 'Elimina',
      empty: 'Non ci sono dei Master inseriti',
      loadFailed: 'Non è stato possibile caricare i master.',
      search: 'Cerca per nome',
      searchButton: 'Cerca',
      category: 'Categoria',
      selectCategory: 'Seleziona categoria',
      newTemplate: 'Nuovo master',
      statusUpdating: 'Aggiorno lo stato del template...',
      statusUpdated: 'Stato del template aggiornato',
      deleteTitle: 'Eliminare il master?',
      deleteText: (name: string) => `Il master «${name}» sarà eliminato.`,
    },
    masterForm: {
      generalData: 'Dati generali',
      documentData: 'Dati del documento',
      paymentData: 'Dati di pagamento',
      masterFiles: 'File del master',
      questionList: 'Elenco domande',
      name: 'Titolo',
      description: 'Descrizione',
      category: 'Categoria',
      selectCategory: 'Seleziona categoria',
      minQuestions: 'Numero minimo di domande',
      maxQuestions: 'Numero massimo di domande',
      minTime: 'Tempo minimo di compilazione (minuti)',
      maxTime: 'Tempo massimo di compilazione (minuti)',
      computedRange: (min: number, max: number) =>
        `Calcolato dalle domande: da ${min} a ${max}. Lascia vuoto per usare questi valori.`,
      price: 'Prezzo (€)',
      master: 'Master (.docx)',
      preview: 'Anteprima (.docx)',
      fileSize: (name: string, kb: string) => `${name} (${kb} KB)`,
      storedFile: (name: string) => `File caricato: ${name}`,
      chooseFile: 'Scegli il file',
      chooseMaster: 'Scegli il file del master',
      choosePreview: "Scegli il file dell'anteprima",
      noFileChosen: 'Nessun file selezionato',
      removeFile: 'Rimuovi il file',
      removeMaster: 'Rimuovi il file del master',
      removePreview: "Rimuovi il file dell'anteprima",
      previewOptional: "Facoltativo: se manca, l'anteprima usa il master.",
      noQuestions: 'Non ci sono ancora domande.',
      addQuestion: 'Aggiungi domanda',
      editQuestion: 'Modifica',
      deleteQuestion: 'Elimina',
      deleteQuestionTitle: 'Eliminare la domanda?',
      deleteQuestionText:
        'Le condizioni delle altre domande che dipendono da questa domanda saranno rimosse o modificate.',
      saveAndGoToQuestions: 'Salva e vai alle domande',
      saveDraft: 'Salva temporanemente',
      saveAndFinish: 'Salva e concludi',
      draftSaved: 'Bozza salvata',
      clearForm: 'Svuota il modulo',
      clearFormTitle: 'Svuotare il modulo?',
      clearFormText: 'Tutti i dati inseriti e non salvati andranno persi.',
      clearFormConfirm: 'Svuota',
      formCleared: 'Il modulo è stato svuotato.',
      changesDiscarded: 'Le modifiche non salvate sono state annullate.',
      saving: 'Salvataggio del master in corso...',
      saved: 'Master salvato con successo',
      savedWithWarnings: 'Master salvato, con avvisi da controllare nel file Word',
      conditionsSummary: (text: string) => `Mostrata se: ${text}`,
      or: 'oppure',
      and: 'e',
    },
    questionEditor: {
      question: 'Testo della domanda',
      variable: 'Chiave',
      description: 'Testo di aiuto',
      options: 'Risposte',
      option: (position: number) => `Risposta ${position}`,
      addOption: 'Aggiungi risposta',
      removeOption: (position: number) => `Rimuovi risposta ${position}`,
      multiple: 'Più risposte',
      conditions: 'Condizioni',
      conditionsHelp:
        'La domanda è mostrata se almeno una condizione è vera (oppure); le coppie di una condizione devono essere tutte vere (e).',
      condition: (position: number) => `Condizione ${position}`,
      conditionQuestion: 'Domanda precedente',
      conditionAnswer: 'Risposta',
      selectQuestion: 'Seleziona domanda',
      selectAnswer: 'Seleziona risposta',
      addPair: 'Aggiungi coppia (e)',
      addCondition: 'Aggiungi condizione (oppure)',
      removeCondition: 'Rimuovi condizione',
      removePair: 'Rimuovi coppia',
      save: 'Salva domanda',
      back: 'Torna alla schermata precedente',
      type: 'Tipo di domanda',
      /** DESIGN §12: the types an editor picks from; a question without type is `scelta`. */
      types: {
        scelta: 'Scelta',
        testo: 'Testo breve',
        testo_lungo: 'Testo lungo',
        numero: 'Numero',
        importo: 'Importo in euro',
        data: 'Data',
        codice_fiscale: 'Codice fiscale',
        partita_iva: 'Partita IVA',
        email: 'Email',
        cap: 'CAP',
        provincia: 'Provincia',
        iban: 'IBAN',
        telefono: 'Telefono',
        ora: 'Ora',
        elenco: 'Elenco (più elementi)',
      },
      minNumber: 'Valore minimo',
      maxNumber: 'Valore massimo',
      decimals: 'Cifre decimali ammesse',
      minAmount: 'Importo minimo (es. 1.234,50)',
      maxAmount: 'Importo massimo (es. 1.234,50)',
      minDate: 'Data minima (gg/mm/aaaa oppure «oggi»)',
      maxDate: 'Data massima (gg/mm/aaaa oppure «oggi»)',
      maxLength: 'Lunghezza massima (caratteri)',
      pec: 'Indirizzo PEC',
      fields: 'Campi di ogni elemento',
      field: (position: number) => `Campo ${position}`,
      fieldLabel: (position: number, label: string) => `Campo ${position}: ${label}`,
      fieldOptions: 'risposte, una per riga',
      addField: 'Aggiungi campo',
      removeField: (position: number) => `Rimuovi campo ${position}`,
      moveFieldUp: (position: number) => `Sposta su il campo ${position}`,
      moveFieldDown: (position: number) => `Sposta giù il campo ${position}`,
      labelSingular: 'Nome di un elemento (es. «il conduttore»)',
      labelPlural: 'Nome di più elementi (es. «i conduttori»)',
      minItems: 'Numero minimo di elementi',
      maxItems: 'Numero massimo di elementi',
      conditionCount: 'Almeno N elementi',
      atLeast: (minimum: number) => `Deve essere almeno ${minimum}.`,
      atMost: (maximum: number) => `Deve essere al massimo ${maximum}.`,
      wholeNumber: 'Deve essere un numero intero.',
      dateLimit: 'Scrivi una data come 23/11/2026, oppure «oggi».',
      listProblems: 'Da correggere nelle domande',
    },
    tryOut: {
      back: 'Indietro',
      next: 'Avanti',
      answerRequired: 'Seleziona una risposta.',
      finished: 'Questionario completato: ecco il riepilogo.',
      noTemplate: 'Nessun master selezionato.',
      toTemplates: 'Torna ai master inseriti',
      toPreview: "Vai all'anteprima",
      download: 'Scarica documento di prova',
      downloadNoticeTitle: 'Download in arrivo',
      downloadNoticeText:
        'Il documento di prova (.docx) sta per essere scaricato con le risposte date.',
      downloadConfirm: 'Scarica',
      previewText:
        'Scarica il documento generato con le risposte date per controllarlo. I riferimenti incrociati potrebbero non essere aggiornati.',
      progress: (given: number) => `Risposte date: ${given}`,
      downloaded: (fileName: string) => `Documento scaricato: ${fileName}`,
      noAnswers: 'Nessuna risposta data.',
      previewProtected:
        "Anteprima protetta, come la vede l'avvocato: le pagine sono immagini con la filigrana «ANTEPRIMA», senza testo copiabile.",
    },
    /** The failure of the next question, shared by the lawyer's questionnaire and the try-out. */
    nextQuestion: {
      loadFailed: 'Non è stato possibile caricare la prossima domanda.',
      retry: 'Riprova',
      back: 'Indietro',
    },
    /** The admin's list of everyone's generated documents and its detail. */
    usersContracts: {
      caption: 'Documenti generati dagli utenti',
      name: 'Nome',
      surname: 'Cognome',
      document: 'Documento',
      generatedAt: 'Data di generazione',
      paidAt: 'Data di pagamento',
      actions: 'Azioni',
      notPaid: '—',
      open: 'Apri',
      openOf: (title: string, fullName: string) => `Apri «${title}» di ${fullName}`,
      empty: 'Non ci sono dei documenti generati',
      statusFilter: 'Mostra',
      showGenerated: 'Documenti generati',
      showDrafts: 'Bozze (questionari non conclusi)',
      draftsEmpty: 'Non ci sono bozze',
      loadFailed: 'Non è stato possibile caricare i documenti generati.',
      backToList: 'Torna ai documenti generati',
      user: 'Utente',
      pricePaid: 'Prezzo pagato',
      questionsCount: 'Numero di domande',
      detailMissing: 'Documento non trovato.',
      answers: 'Risposte date',
      downloadDocx: 'Scarica il documento (.docx)',
      downloadUnpaid: 'Il documento si può scaricare dopo il pagamento.',
      downloaded: (fileName: string) => `Documento scaricato: ${fileName}`,
    },
    /** The lawyer's purchase journey: list, questionnaire, summary, preview, cart, archive. */
    purchase: {
      search: 'Cerca per titolo',
      searchButton: 'Cerca',
      categories: 'Filtra per categoria',
      allCategories: 'Tutti',
      templatesEmpty: 'Non ci sono documenti disponibili',
      templatesLoadFailed: 'Non è stato possibile caricare i documenti.',
      retry: 'Riprova',
      plusVat: '+ IVA',
      latestVersion: (date: string) => `Aggiornato il ${date}`,
      timeRange: (range: string) => `Tempo di compilazione: ${range} minuti`,
      questionRange: (range: string) => `Numero di domande: ${range}`,
      starting: 'Creazione del documento in corso...',
      steps: 'Avanzamento',
      stepNames: ['Questionario', 'Riepilogo', 'Anteprima', 'Carrello'],
      stepDone: 'completato',
      stepCurrent: 'in corso',
      abandon: 'Abbandona',
      leaveTitle: 'Abbandonare la generazione del documento?',
      leaveText: 'Tutti i progressi andranno persi.',
      leaveConfirm: 'Abbandona',
      noContract: 'Nessun documento in corso.',
      toContracts: 'Scegli un documento',
      progress: 'Completamento del questionario',
      back: 'Indietro',
      next: 'Avanti',
      finished: 'Questionario completato: tra poco il riepilogo.',
      loadingQuestion: 'Caricamento della prossima domanda...',
      edit: 'Modifica',
      editAnswer: (question: string) => `Modifica la risposta a «${question}»`,
      editTitle: 'Modificare la risposta?',
      editText: 'Le risposte successive dovranno essere date di nuovo.',
      toPreview: "Vai all'anteprima",
      answer: 'Risposta',
      previewFrame: 'Anteprima del documento generato',
      previewProtected:
        "Anteprima protetta: le pagine sono immagini con la filigrana «ANTEPRIMA», senza testo copiabile. Il documento completo si scarica dopo l'acquisto.",
      previewWarning:
        'I riferimenti incrociati del documento (rimandi ad articoli e pagine) potrebbero non essere aggiornati nell’anteprima.',
      previewLoadFailed: "Non è stato possibile caricare l'anteprima.",
      previewPreparing:
        "Preparazione dell'anteprima in corso: per un documento lungo può servire qualche secondo.",
      toCart: 'Vai al carrello',
      document: 'Documento',
      personalisation: 'Livello di personalizzazione',
      answersCount: (count: number) => (count === 1 ? '1 risposta' : `${count} risposte`),
      subtotal: 'Subtotale',
      vat: 'IVA 22 %',
      total: 'Totale',
      buy: 'Acquista',
      backToPreview: "Torna all'anteprima",
      registeringPayment: 'Registrazione del pagamento in corso...',
      paymentFailedTitle: 'Operazione non uscita.',
      paymentFailedText:
        'L’acquisto non è andato a buon fine: si prega di effettuare un nuovo tentativo di pagamento.',
      paymentSucceeded: 'Pagamento effettuato con successo',
      testPaymentNotice:
        'Questa è una pagina di pagamento di prova: nessun addebito reale verrà effettuato.',
      testPaymentMissing: 'Nessun documento da pagare.',
      pay: 'Paga',
      archiveEmpty: 'Non hai acquistato alcun documento',
      archiveLoadFailed: 'Non è stato possibile caricare i documenti acquistati.',
      /** «Documenti in corso»: the lawyer's unfinished questionnaires, to resume or delete. */
      drafts: {
        title: 'Documenti in corso',
        intro: 'Questionari iniziati e non ancora conclusi: riprendi da dove eri rimasto.',
        loadFailed: 'Non è stato possibile caricare i documenti in corso.',
        answered: (count: number) => (count === 1 ? '1 risposta data' : `${count} risposte date`),
        lastChange: 'Ultima modifica',
        resume: 'Riprendi',
        resumeOf: (title: string) => `Riprendi «${title}»`,
        resumeFailed: 'Non è stato possibile riprendere il documento. Riprova.',
        remove: 'Elimina',
        removeOf: (title: string) => `Elimina «${title}»`,
        removeTitle: 'Eliminare il documento in corso?',
        removeText: (title: string) =>
          `Le risposte date per «${title}» andranno perse. L’operazione non si può annullare.`,
        removed: (title: string) => `«${title}» è stato eliminato.`,
        newerVersion:
          'Il modello è stato aggiornato dopo che hai iniziato questo documento: prosegui con la versione con cui lo hai iniziato, allo stesso prezzo.',
      },
      pricePaid: 'Prezzo pagato',
      generatedAt: 'Data di generazione',
      purchasedAt: 'Data di acquisto',
      questionsCount: 'Numero di domande',
      openDetail: 'Apri',
      openDetailOf: (title: string) => `Apri il dettaglio di «${title}»`,
      download: 'Scarica',
      downloadOf: (title: string) => `Scarica «${title}» in formato .docx`,
      // The visible label starts the accessible name (WCAG 2.5.3, axe label-content-name-mismatch).
      downloadPdfAOf: (title: string) => `Scarica PDF/A di «${title}»`,
      documentsCount: 'Documenti',
      downloadSet: 'Scarica tutto (.zip)',
      downloadSetOf: (title: string) => `Scarica tutto (.zip): i documenti di «${title}»`,
      downloadDocx: 'Scarica il documento (.docx)',
      downloadPdfA: 'Scarica PDF/A',
      downloadPdfAHint: 'PDF/A-2b, pronto per la firma digitale',
      backToArchive: "Torna all'archivio",
      detailMissing: 'Documento non trovato.',
      answers: 'Risposte date',
      /** Typed questions (DESIGN §12). */
      datePlaceholder: 'gg/mm/aaaa',
      pickDate: 'Scegli la data dal calendario',
      amountPlaceholder: 'es. 1.234,50',
      capPlaceholder: 'es. 00184',
      provinciaPlaceholder: 'es. RM',
      ibanPlaceholder: 'es. IT60 X054 2811 1010 0000 0123 456',
      telefonoPlaceholder: 'es. 06 1234 5678',
      oraPlaceholder: 'es. 14:30',
      longTextHint: 'Ctrl+Invio per continuare.',
      addAnother: (another: string) => `Vuoi aggiungere ${another}?`,
      addYes: 'Sì, aggiungi',
      addNo: 'No, continua',
      itemAnswers: (label: string) => `Risposte per «${label}»`,
      /** Summary edits and item removal (issue 11). */
      editOnlyThis: 'Modifichi solo questa risposta: le altre restano invariate.',
      editCountMayDiscard: (plural: string) =>
        `Le altre risposte restano invariate; se il nuovo numero di ${plural} cambia le domande successive, le risposte successive dovranno essere date di nuovo.`,
      removeItem: 'Rimuovi',
      removeItemLabel: (item: string) => `Rimuovi ${item}`,
      removeItemTitle: (item: string) => `Rimuovere ${item}?`,
      removeItemText: (item: string) => `Le risposte date per ${item} saranno eliminate.`,
      removeItemKeeps: 'Le altre risposte restano invariate.',
      removeItemDiscards: (item: string) =>
        `Senza ${item} cambiano le domande successive: le risposte successive dovranno essere date di nuovo.`,
    },
    /** The generation-mode and 'next feature' dialogs of the LexMind users (SPEC §1, §2). */
    lexmind: {
      modeTitle: 'Come vuoi generare il documento?',
      modeIntro: (title: string) => `Scegli come creare «${title}».`,
      lexpathName: 'LexPath',
      lexpathDescription:
        'Il percorso guidato: rispondi alle domande del questionario e ottieni il documento.',
      lexpathChoose: 'Usa LexPath',
      lexmindName: 'LexMind',
      lexmindDescription:
        'La generazione con l’intelligenza artificiale: descrivi ciò che ti serve e LexMind scrive la bozza.',
      lexmindChoose: 'Scopri LexMind',
      cancel: 'Annulla',
      nextFeatureTitle: 'LexMind: prossimamente',
      videoLabel: 'Anteprima di LexMind',
      videoUnsupported: 'Il tuo browser non riproduce questo video.',
      captionsLabel: 'Italiano',
      nextFeatureText:
        'Con LexMind descriverai a parole il contratto che ti serve e riceverai una prima bozza da rivedere e completare. La funzione è in arrivo: nel frattempo puoi generare i tuoi documenti con il percorso guidato LexPath.',
      close: 'Torna ai documenti',
    },
    /** «Converti gli spazi vuoti»: a master's blanks become the tags of proposed questions. */
    blankConversion: {
      title: 'Converti gli spazi vuoti',
      open: 'Converti gli spazi vuoti',
      intro:
        'Ogni spazio vuoto del master (linee, puntini, caselle, segnaposto, forme come «nato/a») può diventare il tag di una domanda. Controlla le proposte, modificale o salta gli spazi che devono restare come sono, poi premi «Converti».',
      checking: 'Cerco gli spazi vuoti nel master...',
      found: (count: number) =>
        count === 1
          ? 'Il master contiene uno spazio vuoto da compilare.'
          : `Il master contiene ${count} spazi vuoti da compilare.`,
      storedHint:
        'Puoi cercare nel master caricato gli spazi vuoti (linee, puntini, caselle) e trasformarli in domande.',
      checkFailed:
        'Non è stato possibile cercare gli spazi vuoti nel master: puoi riprovare dalla schermata di conversione.',
      loading: 'Analisi del master in corso: può richiedere qualche secondo...',
      counters: (total: number, chosen: number) =>
        `${total === 1 ? '1 spazio vuoto' : `${total} spazi vuoti`}, ${chosen} da convertire`,
      blank: 'spazio vuoto',
      blankNumber: (position: number, total: number) => `Spazio vuoto ${position} di ${total}`,
      paragraphOf: (part: string) => `Paragrafo in ${part}`,
      question: 'Domanda',
      variable: 'Chiave',
      type: 'Tipo',
      options: 'Risposte',
      optionsHelp: 'Una risposta per riga.',
      multiple: 'Più caselle possono essere spuntate',
      option: 'Questa casella vale',
      fields: 'Campi di ogni elemento',
      field: 'Questo spazio riempie il campo',
      totalOf: 'Questo totale somma il campo',
      fieldLabel: (position: number) => `Nome del campo ${position}`,
      fieldVariable: (position: number) => `Chiave del campo ${position}`,
      fieldType: (position: number) => `Tipo del campo ${position}`,
      addField: 'Aggiungi campo',
      removeField: (position: number) => `Rimuovi campo ${position}`,
      phrase: 'Frase al maschile singolare',
      phraseHelp: 'Nel documento sarà accordata al genere della parte («il sottoscritto», «nato»).',
      action: 'Cosa fare',
      accept: 'Converti',
      skip: 'Salta',
      edit: 'Modifica',
      closeEdit: 'Chiudi la modifica',
      editLabel: (position: number, total: number) =>
        `Modifica la proposta dello spazio vuoto ${position} di ${total}`,
      noProposal:
        'Nessuna proposta per questo spazio: scegli «Converti» e scrivi tu la domanda, oppure lascialo com’è.',
      skipped: 'Resta com’è nel master.',
      shared: (others: number) =>
        `Stessa domanda di ${others === 1 ? 'un altro spazio vuoto' : `altri ${others} spazi vuoti`}: le modifiche alla domanda, alla chiave e al tipo valgono per tutti.`,
      snakeCase:
        'Usa lettere minuscole senza accenti, numeri e _ (per esempio luogo_nascita), iniziando con una lettera.',
      optionsMin: 'Scrivi almeno due risposte, una per riga.',
      optionMissing: 'Scegli una delle risposte.',
      fieldsMin: 'Aggiungi almeno un campo.',
      fieldMissing: 'Scegli uno dei campi.',
      invalid: 'Alcune proposte sono incomplete: correggi i campi segnati in rosso.',
      convert: 'Converti',
      cancel: 'Annulla',
      back: 'Torna al master',
      retry: 'Riprova',
      empty: 'Il master non contiene spazi vuoti da convertire.',
      noMaster:
        'Scegli prima il file del master nel modulo: poi potrai convertirne gli spazi vuoti.',
      nothingChosen: 'Nessuno spazio vuoto da convertire: scegli «Converti» per almeno uno.',
      converted: (count: number) =>
        count === 1
          ? 'Uno spazio vuoto è diventato un tag.'
          : `${count} spazi vuoti sono diventati tag.`,
      questionsAdded: (count: number) =>
        count === 1 ? 'Una domanda aggiunta all’elenco.' : `${count} domande aggiunte all’elenco.`,
      questionsKept: (variables: string) => `Già nell’elenco, non aggiunte di nuovo: ${variables}.`,
      masterReplaced: (fileName: string) =>
        `Il file del master è ora «${fileName}»: premi «Salva e concludi» per salvarlo.`,
    },
    pager: {
      label: 'Paginazione',
      previous: 'Precedente',
      next: 'Successiva',
      page: (page: number, totalPages: number) => `Pagina ${page} di ${totalPages}`,
    },
  },
  /** The invoices on the screens (issue 14): the lawyer's document detail and the admin's list. */
  invoicesUi: {
    menu: itPublic.web.menu.invoices,
    title: 'Fatture',
    /** The lawyer's document detail. */
    section: 'Fattura',
    number: 'Numero',
    date: 'Data',
    downloadXml: 'Scarica fattura (XML)',
    downloadPdf: 'Scarica copia di cortesia (PDF)',
    downloaded: (fileName: string) => `File scaricato: ${fileName}`,
    noInvoice: 'Per questo acquisto non è stata emessa una fattura elettronica.',
    refunded: (date: string) =>
      `Acquisto rimborsato il ${date}: il download del documento non è più disponibile.`,
    creditNote: 'Nota di credito',
    creditNoteOf: (number: string, date: string) => `Nota di credito n. ${number} del ${date}`,
    downloadCreditNoteXml: 'Scarica nota di credito (XML)',
    downloadCreditNotePdf: 'Scarica copia di cortesia della nota di credito (PDF)',
    /** The lawyer's archive card. */
    invoiceNumber: (number: string) => `Fattura n. ${number}`,
    /** The admin's list. */
    caption: 'Fatture e note di credito emesse',
    search: 'Cerca per numero o cliente',
    searchButton: 'Cerca',
    month: 'Mese',
    allMonths: 'Tutti i mesi',
    exportMonth: 'Esporta il mese (ZIP)',
    exportHint: 'Scegli un mese per esportarne le fatture.',
    empty: 'Nessuna fattura',
    loadFailed: 'Non è stato possibile caricare le fatture.',
    columns: {
      number: 'Numero',
      date: 'Data',
      tipo: 'Tipo',
      buyer: 'Cliente',
      totale: 'Totale',
      status: 'Stato',
      actions: 'Azioni',
    },
    tipoNames: { TD01: 'Fattura', TD04: 'Nota di credito' },
    statusNames: {
      pronta: 'Pronta',
      inviata: 'Inviata',
      consegnata: 'Consegnata',
      scartata: 'Scartata',
    },
    statusReason: (reason: string) => `Motivo: ${reason}`,
    disputed: 'Contestato',
    partitaIva: (code: string) => `P.IVA ${code}`,
    codiceFiscale: (code: string) => `C.F. ${code}`,
    correctedBy: (number: string) => `Stornata dalla nota di credito n. ${number}`,
    corrects: (number: string) => `Storno della fattura n. ${number}`,
    xml: 'XML',
    pdf: 'PDF',
    // The visible label («XML», «PDF») starts the accessible name (WCAG 2.5.3).
    xmlOf: (number: string) => `XML di ${number}`,
    pdfOf: (number: string) => `PDF, copia di cortesia di ${number}`,
    refund: 'Rimborsa',
    refundOf: (number: string) => `Rimborsa la fattura ${number}`,
    refundTitle: 'Rimborsare il pagamento?',
    refundText: (amount: string) =>
      `Il pagamento di ${amount} sarà rimborsato, verrà emessa una nota di credito e il cliente non potrà più scaricare il documento.`,
    refundDone: 'Pagamento rimborsato.',
    refundedWithNote: (number: string) =>
      `Pagamento rimborsato: emessa la nota di credito n. ${number}.`,
  },
  /** Optional answers (`obbligatoria: false`): the questionnaire, the summary, the editor, the lint. */
  optionalAnswers: {
    optional: 'Facoltativa',
    skip: 'Salta',
    notGiven: 'Non indicato',
    required: 'Obbligatoria',
    requiredHelp: 'Se disattivata, il cliente può saltare la domanda.',
    fieldOptional: 'facoltativo',
    noItems: 'Nessun elemento',
    addFirst: (plural: string) => `Vuoi indicare ${plural}?`,
    bareSectionAnyAnswer: (variable: string, options: readonly string[]) =>
      `la domanda «${variable}» ha sempre una risposta: questa sezione resta qualunque risposta sia data. Per un testo che cambia con la risposta scrivi una sezione per ciascuna: ${options
        .map((option) => `{#${variable} == "${option}"}…{/}`)
        .join(' ')}`,
  },
  clients: {
    kind: 'Scegli se il cliente è una persona fisica o una persona giuridica.',
    unknownField: 'Campo non previsto per questo tipo di cliente.',
    required: (label: string) => `Indica ${label.toLowerCase()}.`,
    invalidChoice: (label: string) => `Scegli una delle risposte per «${label}».`,
    notFound: 'Cliente non trovato.',
    fields: {
      nome: 'Nome',
      cognome: 'Cognome',
      genere: 'Genere',
      codice_fiscale: 'Codice fiscale',
      luogo_nascita: 'Luogo di nascita',
      data_nascita: 'Data di nascita',
      indirizzo: 'Indirizzo',
      cap: 'CAP',
      comune: 'Comune',
      provincia: 'Provincia',
      pec: 'PEC',
      email: 'E-mail',
      telefono: 'Telefono',
      documento_identita: "Documento d'identità",
      denominazione: 'Denominazione',
      forma_giuridica: 'Forma giuridica',
      partita_iva: 'Partita IVA',
      sostituto_imposta: "Sostituto d'imposta",
    },
    withholdingHelp:
      "Sì per una società, un ente, un'impresa o un professionista, che trattengono la ritenuta d'acconto sul compenso dell'avvocato; no per chi si rivolge all'avvocato come consumatore.",
  },
  /** The client register's screens and its export (the field labels are `clients.fields`). */
  clientRegister: {
    menu: itPublic.web.menu.clients,
    title: 'Clienti',
    newTitle: 'Nuovo cliente',
    editTitle: 'Modifica cliente',
    intro:
      'I dati dei tuoi clienti, da riutilizzare nei documenti. Ne sei il titolare del trattamento: puoi esportarli o cancellarli in ogni momento.',
    add: 'Aggiungi cliente',
    search: 'Cerca per nome, denominazione o codice fiscale',
    searchButton: 'Cerca',
    caption: 'I tuoi clienti',
    empty: 'Nessun cliente nel tuo archivio.',
    emptyHint: 'Aggiungi il primo cliente: i suoi dati saranno pronti per i prossimi documenti.',
    loadFailed: 'Non è stato possibile caricare i clienti.',
    loadOneFailed: 'Non è stato possibile caricare il cliente.',
    retry: 'Riprova',
    columns: { name: 'Nome', kind: 'Tipo', codiceFiscale: 'Codice fiscale / P. IVA' },
    kindNames: { persona_fisica: 'Persona fisica', persona_giuridica: 'Persona giuridica' },
    kindLegend: 'Tipo di cliente',
    genderNames: { maschile: 'Maschile', femminile: 'Femminile' },
    genderNone: 'Non indicato',
    companyData: 'Dati della persona giuridica',
    personData: 'Dati della persona fisica',
    representative: 'Legale rappresentante',
    representativeHint: 'Facoltativo: compila i dati di chi rappresenta la società.',
    save: 'Salva',
    saving: 'Salvataggio in corso…',
    cancel: 'Annulla',
    back: 'Torna ai clienti',
    created: 'Cliente aggiunto.',
    saved: 'Modifiche salvate.',
    export: 'Esporta',
    exported: (fileName: string) => `File scaricato: ${fileName}`,
    delete: 'Elimina',
    deleteTitle: 'Eliminare il cliente?',
    deleteText: (name: string) =>
      `I dati di ${name} saranno cancellati definitivamente. I documenti già acquistati restano invariati.`,
    deleteConfirm: 'Elimina definitivamente',
    deleted: 'Cliente eliminato.',
    /** The export's file name: «Cliente Rossi Mario.json». */
    exportFileName: (name: string) => `Cliente ${name}.json`,
  },
  /** Parties: questions an editor maps to the client register's fields, and what they prefill. */
  parties: {
    derivedFields: {
      nome_completo: 'Nome e cognome, o denominazione',
      indirizzo_completo: 'Indirizzo completo (via, CAP, comune, provincia)',
      tipo: 'Persona fisica o giuridica',
    },
    legalRepresentativeField: (label: string) => `Legale rappresentante: ${label.toLowerCase()}`,
    roleRequired: 'Indica il ruolo della parte (per esempio «conduttore» o «cliente»).',
    roleTooLong: 'Il ruolo della parte può avere al massimo 60 caratteri.',
    unknownClientField: (label: string, field: string) =>
      `«${label}»: «${field}» non è un campo dell'anagrafica clienti. Scegli uno dei campi dell'elenco.`,
    incompatible: (label: string, field: string) =>
      `«${label}»: il tipo della risposta non è compatibile con il campo del cliente «${field}».`,
    unknownListField: (label: string, field: string) =>
      `«${label}»: l'elenco non ha il campo «${field}».`,
    fieldMappedTwice: (role: string, field: string) =>
      `La parte «${role}» associa il campo del cliente «${field}» a più domande.`,
    notAParty: (variable: string) =>
      `La domanda «${variable}» non è una parte del modello: non può essere compilata dall'anagrafica.`,
    onlyOnStart:
      "I dati di un altro documento o dell'anagrafica si usano solo iniziando un nuovo documento.",
    prefilled: 'Precompilata',
    prefilledHelp: "Risposta ripresa da un documento precedente o dall'anagrafica: controllala.",
  },
  /** «Nuovo documento con gli stessi dati»: the lawyer's screens that start a document from another. */
  prefillUi: {
    sameData: 'Nuovo documento con gli stessi dati',
    sameDataOf: (title: string) => `Nuovo documento con gli stessi dati di «${title}»`,
    pickTitle: 'Scegli il modello del nuovo documento',
    pickText:
      'Le risposte che valgono anche per il modello scelto saranno già compilate: ti chiederemo solo quelle mancanti.',
    search: 'Cerca un modello',
    templates: 'Modelli disponibili',
    noTemplates: 'Nessun modello trovato.',
    templatesFailed: 'Non è stato possibile caricare i modelli.',
    choose: 'Scegli',
    chooseOf: (name: string) => `Scegli «${name}»`,
    close: 'Chiudi',
    startFailed: 'Non è stato possibile iniziare il nuovo documento.',
    started: (count: number) =>
      count === 1
        ? 'Una risposta è già compilata: la trovi segnata nel riepilogo.'
        : `${count} risposte sono già compilate: le trovi segnate nel riepilogo.`,
    nothingCopied: 'Nessuna risposta del documento vale per questo modello: si parte da capo.',
  },
  /** The question editor's party section: a question or an elenco marked as a party and mapped. */
  partyEditor: {
    legend: 'Parte del contratto',
    mark: 'Questa domanda descrive una parte del contratto',
    markHelp:
      "Le domande con lo stesso ruolo formano una parte: un cliente dell'anagrafica, o la stessa parte di un documento precedente, le compila insieme.",
    role: 'Ruolo della parte',
    roleHelp: 'Per esempio «conduttore», «locatore» o «cliente».',
    clientField: "Campo dell'anagrafica",
    chooseField: 'Scegli un campo',
    fieldOf: (question: string) => `Campo dell'anagrafica per «${question}»`,
    none: 'Nessuno',
  },
  documentSets: {
    /** A companion document in lint messages and refusals: «Documento 2 «Informativa privacy»». */
    label: (position: number, name: string) => `Documento ${position} «${name}»`,
    nameRequired: (position: number) => `Indica il nome del documento ${position}.`,
    nameTooLong: (position: number) => `Il nome del documento ${position} è troppo lungo.`,
    sameNames: (name: string) =>
      `Due documenti si chiamano «${name}»: dai a ciascuno un nome diverso.`,
    tooMany: (max: number) => `Un modello può contenere al massimo ${max} documenti.`,
    sameFileTwice: (name: string) =>
      `Il documento «${name}» è lo stesso file di un altro documento del modello.`,
    unusedQuestion: (variable: string) =>
      `La domanda «${variable}» non è usata in nessuno dei documenti.`,
    trackedChanges: (label: string) =>
      `${label} contiene revisioni non accettate: accettale o rifiutale in Word prima di caricarlo.`,
    documentNotFound: (count: number) =>
      count === 1
        ? 'Documento non trovato: questo modello contiene un solo documento.'
        : `Documento non trovato: questo modello contiene ${count} documenti (da 1 a ${count}).`,
    zipWithDocument:
      'Il formato .zip contiene già tutti i documenti: scegli .docx o PDF per uno solo.',
    publishWithBlanks: (count: number) =>
      `I documenti del modello contengono ancora ${count === 1 ? 'uno spazio da compilare' : `${count} spazi da compilare`} (linee, puntini, caselle, segnaposto o forme come «nato/a»): arriverebbero così in ogni contratto venduto. Vuoi pubblicare comunque?`,
  },
  documentSetsUi: {
    setHeading: "Documenti dell'insieme",
    setIntro: (count: number) =>
      `L'acquisto comprende ${count} documenti, compilati con le stesse risposte.`,
    download: 'Scarica',
    downloadName: (name: string) => `Scarica «${name}» (.docx)`,
    downloadAll: 'Scarica tutto (.zip)',
    previewChooser: 'Documento da visualizzare',
    previewOf: (name: string) => `Anteprima di «${name}»`,
    editorIntro:
      'Il master è il documento 1. Aggiungi qui gli allegati e gli altri documenti (lettera di accompagnamento, delega…): sono compilati con le stesse risposte e venduti insieme, allo stesso prezzo.',
    editorEmpty: 'Nessun altro documento: il modello contiene solo il master.',
    documentHeading: (position: number) => `Documento ${position}`,
    nameLabel: (position: number) => `Nome del documento ${position}`,
    fileLabel: (position: number) => `File del documento ${position}`,
    chooseFile: (position: number) => `Scegli il file del documento ${position}`,
    removeFile: (position: number) => `Togli il file scelto per il documento ${position}`,
    add: 'Aggiungi un documento',
    moveUp: 'Sposta su',
    moveUpLabel: (position: number) => `Sposta su il documento ${position}`,
    moveDown: 'Sposta giù',
    moveDownLabel: (position: number) => `Sposta giù il documento ${position}`,
    remove: 'Rimuovi',
    removeLabel: (position: number) => `Rimuovi il documento ${position}`,
    fileMissing: (position: number) => `Scegli il file .docx del documento ${position}.`,
    fileNotDocx: (position: number) => `Il documento ${position} deve essere un file .docx.`,
    mainNameLabel: 'Nome del documento 1 (il master)',
    mainNameHelp:
      "Facoltativo: è il nome del master nell'anteprima e nel file .zip; se manca, si usa il titolo del modello.",
  },
  /** The lawyer's screens: the preview's pages, shortcuts for the keyboard, the cards' counts. */
  lawyerScreens: {
    previewPage: (page: number, pages: number) => `Pagina ${page} di ${pages} dell’anteprima`,
    skipToResults: 'Vai ai risultati',
    skipToActions: 'Vai alle azioni',
    /** A template card's count when a list has no maximum: «Numero di domande: da 7». */
    fromAtLeast: (count: number) => `da ${count}`,
    openListsNote: 'Le domande aumentano con ogni voce che aggiungi agli elenchi.',
  },
  /** Operations: readiness and the admin's «Stato del servizio». */
  operations: {
    mailNotFound: 'Mail non trovata.',
    mailNotStopped: "Questa mail non è ferma: l'invio è già in corso o è avvenuto.",
    invoiceNotFound: 'Fattura non trovata.',
    invoiceAlreadyTransmitted:
      'Questa fattura è già stata trasmessa: non viene inviata di nuovo da qui.',
    metricsTokenRequired: 'Per leggere le metriche serve il token configurato in METRICS_TOKEN.',
    notReady:
      'Il servizio si sta avviando o ha perso il collegamento al database. Riprova tra qualche istante.',
  },
  /** The admin's «Stato del servizio» screen. */
  serviceStatusUi: {
    title: itPublic.web.menu.serviceStatus,
    intro:
      'Qui trovi ciò che si è fermato e richiede la tua attenzione: mail non inviate, fatture da controllare e anteprime non riuscite.',
    loadFailed: 'Non è stato possibile caricare lo stato del servizio.',
    mails: {
      title: 'Mail non inviate',
      empty: 'Nessuna mail ferma: tutte le mail sono state inviate o sono in coda.',
      to: (address: string) => `A: ${address}`,
      attempts: (count: number) => `Tentativi: ${count}`,
      lastError: (error: string) => `Ultimo errore: ${error}`,
      createdAt: (date: string) => `Scritta il ${date}`,
      retry: "Riprova l'invio",
      retryOf: (address: string, subject: string) => `Riprova l'invio a ${address}: ${subject}`,
      retried: (address: string) => `La mail a ${address} è di nuovo in coda di invio.`,
    },
    invoices: {
      title: 'Fatture da controllare',
      empty: 'Nessuna fattura da controllare.',
      number: (number: string, date: string) => `Fattura n. ${number} del ${date}`,
      problems: {
        scartata: 'Scartata dallo SDI',
        ferma: 'Non ancora trasmessa',
      },
      reason: (reason: string) => `Motivo: ${reason}`,
      refusedHint:
        'Una fattura scartata non si modifica né si reinvia da qui: il file corretto, con lo stesso numero e la stessa data, va inviato allo SDI entro cinque giorni dallo scarto.',
      stuckHint: 'La trasmissione non è riuscita da oltre 15 minuti.',
      retry: 'Riprova la trasmissione',
      retryOf: (number: string) => `Riprova la trasmissione della fattura n. ${number}`,
      retried: (number: string) => `Trasmissione della fattura n. ${number} avviata.`,
    },
    previews: {
      title: 'Anteprime non riuscite',
      scope: 'Conversioni PDF fallite su questa istanza del server (le più recenti).',
      empty: 'Nessuna anteprima non riuscita.',
      outputs: { pdf: 'Anteprima PDF', 'pdf-a': 'PDF/A del documento acquistato' },
      reasons: {
        crashed: 'LibreOffice si è interrotto',
        timeout: 'Tempo scaduto',
        conversion: 'Documento non convertibile',
      } as Record<string, string>,
      at: (date: string) => `Il ${date}`,
    },
  },
  /** The lawyer as a party of their own documents: the reserved role and its own fields. */
  lawyerParty: {
    roleHelp:
      'Il ruolo «avvocato» è riservato a chi usa il modello: le sue risposte si compilano dal suo profilo e dal suo ultimo documento.',
    fields: {
      ordine: "Ordine degli Avvocati d'iscrizione",
      polizza_compagnia: 'Compagnia della polizza di responsabilità civile',
      polizza_numero: 'Numero della polizza',
      polizza_massimale: 'Massimale della polizza',
      iban: 'IBAN dello studio',
      dpo_email: 'E-mail del responsabile della protezione dei dati dello studio',
      ia_uso: "Uso di sistemi d'intelligenza artificiale nello studio",
      ia_dati: "Dati dei clienti ai sistemi d'intelligenza artificiale",
    },
    onlyForLawyer: (label: string, field: string) =>
      `«${label}»: il campo «${field}» è solo dell'avvocato. Usalo con il ruolo «avvocato».`,
    notAList: (label: string) =>
      `«${label}»: la parte «avvocato» è chi usa il modello, una sola persona; non può essere un elenco.`,
  },
  /** «Scegli dall'anagrafica» in the questionnaire, «Salva come nuovo cliente», «Nuovo documento per questo cliente». */
  partyPicker: {
    pick: "Scegli dall'anagrafica",
    title: "Scegli dall'anagrafica",
    textOne:
      'Cerca il cliente per nome, denominazione o codice fiscale: i suoi dati compileranno in un passo le domande di questa parte.',
    textMany: (max: number) =>
      `Scegli fino a ${max} clienti: ognuno diventerà una voce dell'elenco, con i suoi dati già compilati.`,
    search: 'Cerca per nome, denominazione o codice fiscale',
    results: 'Clienti trovati',
    none: 'Nessun cliente trovato con questa ricerca.',
    emptyRegister: "L'anagrafica è ancora vuota: aggiungi i tuoi clienti dalla pagina «Clienti».",
    loadFailed: 'Non è stato possibile caricare i clienti.',
    retry: 'Riprova',
    choose: 'Scegli',
    chooseOf: (name: string) => `Scegli ${name}`,
    selectedCount: (count: number, max: number) =>
      count === 1 ? `1 cliente scelto su ${max}.` : `${count} clienti scelti su ${max}.`,
    fill: 'Compila con i clienti scelti',
    close: 'Chiudi',
    fillFailed: 'Non è stato possibile compilare la parte.',
    filled: (name: string, count: number) =>
      count === 1
        ? `Dati di ${name} inseriti in una risposta:`
        : `Dati di ${name} inseriti in ${count} risposte:`,
    filledNone: (name: string) =>
      `I dati di ${name} non bastano per nessuna domanda di questa parte: compilala a mano.`,
    filledHint: 'Puoi modificarle dal riepilogo. Le domande mancanti ti verranno chieste ora.',
    saveAsClient: 'Salva come nuovo cliente',
    saveAsClientOf: (party: string) => `Salva come nuovo cliente: ${party}`,
    savedAsClient: (name: string) => `${name} è stato aggiunto ai tuoi clienti.`,
    saveAsClientFailed:
      'Il cliente non è stato salvato: controlla i dati nella scheda del cliente.',
    newForClient: 'Nuovo documento per questo cliente',
    whichParty: 'Per quale parte?',
    whichPartyText: (name: string) =>
      `Il modello ha più parti: scegli quella che ${name} rappresenta nel nuovo documento.`,
    partyOption: (role: string) => `Come ${role}`,
    noParty:
      "Questo modello non ha parti da compilare dall'anagrafica: scegline un altro o usa «Nuovo documento».",
    startFailed: 'Non è stato possibile iniziare il nuovo documento.',
  },
  /** «Stato del servizio»: the failed previews, kept in the database for every instance. */
  servicePreviewFailures: {
    scope:
      'Conversioni PDF fallite su qualsiasi istanza del server negli ultimi 7 giorni (le più recenti). Un’anteprima poi riuscita esce dall’elenco.',
    of: (template: string, document: number) =>
      document > 1 ? `${template}, documento ${document} della serie` : template,
    tryOut: 'Prova del modello',
  },
} as const;
