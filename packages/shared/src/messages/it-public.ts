/**
 * The texts of the public pages (login first) and of the shell around every screen: the part of
 * `it` (it.ts, which spreads each section here into its own) that /login downloads. Importing
 * it.ts would send all of LexPath's texts, ~11 kB of brotli, to the login page (issue 13).
 * A text lives in one place only: here if /login or the shell shows it, in it.ts otherwise.
 */
export const itPublic = {
  validation: {
    required: 'Campo obbligatorio.',
    pec: 'Indirizzo PEC non valido.',
  },
  auth: {
    emailNotVerified: 'Verifica la tua E-Mail per poter accedere.',
  },
  errors: {
    internal: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
  },
  toast: {
    failureTitle: 'Si è verificato un problema',
  },
  web: {
    appName: 'LexPath',
    loading: 'Caricamento in corso...',
    networkError: 'Impossibile contattare il server. Controlla la connessione e riprova.',
    shell: {
      skipToContent: 'Vai al contenuto principale',
      homeLink: 'LexPath, pagina iniziale',
      mainNav: 'Menu principale',
      mobileNav: 'Menu di navigazione',
      openMenu: 'Apri il menu',
      closeMenu: 'Chiudi il menu',
      menuTitle: 'Menu',
      logout: 'Logout',
      faq: 'F.A.Q. e Supporto',
      opensInNewTab: '(si apre in una nuova scheda)',
    },
    menu: {
      newDocument: 'Nuovo documento',
      archive: 'Archivio',
      clients: 'Clienti',
      profile: 'Profilo',
      generatedDocuments: 'Documenti generati',
      invoices: 'Fatture',
      users: 'Utenti',
      templates: 'Master inseriti',
      categories: 'Categorie inserite',
      editor: 'Editor',
      createEditor: 'Crea utente editor',
      createCategory: 'Crea categoria',
      serviceStatus: 'Stato del servizio',
    },
    login: {
      title: 'Accedi a LexPath',
      pec: 'PEC',
      password: 'Password',
      submit: 'Accedi',
      forgotPassword: 'Password dimenticata?',
      noAccount: 'Non hai ancora un account?',
      register: 'Registrati',
    },
    confirmIdentity: {
      title: 'Conferma la tua identità',
      body: 'Ti abbiamo inviato un messaggio alla tua PEC: apri il link che contiene per confermare la tua identità.',
      next: "Dopo la conferma un operatore verificherà l'iscrizione all'albo e riceverai una PEC con il link di accesso.",
      back: 'Torna al login',
    },
    suspended: {
      title: 'Account sospeso',
      body: 'Il tuo account è stato sospeso secondo quanto previsto dai termini e condizioni del servizio.',
      contact:
        "Per maggiori informazioni scrivi all'assistenza dall'indirizzo PEC con cui ti sei registrato:",
      contactWithoutAddress:
        "Per maggiori informazioni scrivi all'assistenza dall'indirizzo PEC con cui ti sei registrato.",
      back: 'Torna al login',
    },
    routeError: {
      title: 'Unexpected Application Error',
      home: 'Torna alla pagina iniziale',
    },
  },
} as const;
