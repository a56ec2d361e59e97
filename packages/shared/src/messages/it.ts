/** Every Italian text a user reads that both sides share: validation, API errors, toasts. */
export const it = {
  validation: {
    required: 'Campo obbligatorio.',
    invalid: 'Campo non valido',
    checkbox: 'Conferma questo campo per poter procedere.',
    pec: 'Indirizzo PEC non valido.',
    passwordMismatch: 'Le password non combaciano',
    weakPassword: 'La password non rispetta i requisiti minimi di sicurezza.',
    notANumber: 'Deve essere un numero',
    url: 'Inserisci un URL valido',
  },
  auth: {
    invalidCredentials: 'Credenziali Email o Password non valide',
    emailNotVerified: 'Verifica la tua E-Mail per poter accedere.',
    accountSuspended:
      'Il tuo account è stato sospeso secondo quanto previsto dai termini e condizioni del servizio.',
    accountPending:
      "Il tuo account è in attesa di approvazione: un operatore sta verificando l'iscrizione all'albo. Riceverai una PEC con il link di accesso.",
    accountRefused:
      "La tua richiesta di registrazione è stata rifiutata. Per maggiori informazioni scrivi all'assistenza.",
    tooManyAttempts: 'Troppi tentativi di accesso. Riprova tra qualche minuto.',
    unauthenticated: 'Sessione scaduta o non valida: accedi di nuovo.',
    invalidRefreshToken: 'Sessione scaduta: accedi di nuovo.',
    forbidden: 'Non hai i permessi per questa operazione.',
  },
  errors: {
    notFound: 'Risorsa non trovata.',
    routeNotFound: 'Indirizzo API inesistente.',
    badRequest: 'Richiesta non valida.',
    internal: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
    databaseUnavailable: 'Il servizio non è al momento disponibile. Riprova tra qualche istante.',
    tooManyRequests: 'Troppe richieste. Riprova tra qualche minuto.',
    payloadTooLarge: 'Il file o la richiesta sono troppo grandi.',
  },
  toast: {
    failureTitle: 'Si è verificato un problema',
    loadingTitle: 'Caricamento',
    successTitle: 'Tutto ok!',
  },
} as const;
