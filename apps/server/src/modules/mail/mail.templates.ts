/*
 * The mails the platform sends, in Italian, as HTML and plain text. They live here rather than
 * in the shared `messages/it.ts` because only the server ever composes them: the web bundle
 * need not carry them.
 */

/** What a template produces; the recipient is added when the mail is enqueued. */
export type MailContent = { subject: string; html: string; text: string };

/** Deployment settings every mail may need. */
export type MailContext = { appUrl: string; supportEmail: string };

type Recipient = { name: string; surname: string };

/** The verify-e-mail link stays valid this long (also the lifetime of its action token). */
export const VERIFY_EMAIL_LINK_DAYS = 7;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every interpolated value goes through here: a name like `<script>` stays text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

function greeting({ name, surname }: Recipient): string {
  return `Gentile ${name} ${surname},`;
}

type MailBody = {
  subject: string;
  recipient: Recipient;
  /** Plain sentences; each becomes a paragraph. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Sentences after the button, e.g. what to do if the mail was not expected. */
  closing?: string[];
};

/** One layout for every mail: greeting, paragraphs, an optional button with its URL spelled out. */
function composeMail({
  subject,
  recipient,
  paragraphs,
  action,
  closing = [],
}: MailBody): MailContent {
  const signature = 'Il team LexPath';
  const text = [
    greeting(recipient),
    '',
    ...paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...closing.flatMap((paragraph) => [paragraph, '']),
    signature,
  ].join('\n');

  const htmlParagraphs = (list: string[]) =>
    list.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n');
  const button = action
    ? [
        `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1b2a4a;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>`,
        `<p style="margin:0 0 16px;font-size:13px;color:#555555">Se il pulsante non funziona, copia questo indirizzo nel browser:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`,
      ].join('\n')
    : '';
  const html = [
    '<!doctype html>',
    '<html lang="it">',
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f5f0e8;font-family:Arial,Helvetica,sans-serif;color:#1b2a4a;font-size:15px;line-height:1.5">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:6px">',
    `<p style="margin:0 0 16px">${escapeHtml(greeting(recipient))}</p>`,
    htmlParagraphs(paragraphs),
    button,
    htmlParagraphs(closing),
    `<p style="margin:24px 0 0">${signature}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ]
    .filter(Boolean)
    .join('\n');

  return { subject, html, text };
}

export function verifyEmailMail(
  context: MailContext,
  recipient: Recipient & { token: string },
): MailContent {
  return composeMail({
    subject: 'Conferma il tuo indirizzo PEC - LexPath',
    recipient,
    paragraphs: [
      'grazie per esserti registrato su LexPath.',
      `Per confermare il tuo indirizzo PEC apri il link qui sotto (valido ${VERIFY_EMAIL_LINK_DAYS} giorni).`,
    ],
    action: {
      label: 'Conferma la PEC',
      url: `${context.appUrl}/verify-email?token=${encodeURIComponent(recipient.token)}`,
    },
    closing: [
      "Dopo la conferma un operatore verificherà la tua iscrizione all'albo, di solito in pochi minuti e al massimo in qualche ora; riceverai poi una PEC con il link di accesso.",
      'Se non hai richiesto tu la registrazione, ignora questo messaggio.',
    ],
  });
}

export function accountApprovedMail(context: MailContext, recipient: Recipient): MailContent {
  return composeMail({
    subject: 'Il tuo account LexPath è attivo',
    recipient,
    paragraphs: [
      "abbiamo verificato la tua iscrizione all'albo: il tuo account LexPath è attivo.",
      'Puoi accedere con la tua PEC e la password scelta in fase di registrazione.',
    ],
    action: { label: 'Accedi a LexPath', url: `${context.appUrl}/login` },
  });
}

export function accountRefusedMail(context: MailContext, recipient: Recipient): MailContent {
  return composeMail({
    subject: 'Esito della registrazione a LexPath',
    recipient,
    paragraphs: [
      'non è stato possibile approvare la tua richiesta di registrazione a LexPath.',
      `Per maggiori informazioni scrivi all'assistenza all'indirizzo ${context.supportEmail} dalla PEC con cui ti sei registrato.`,
    ],
  });
}

/** The reset link is valid this long (also the lifetime of its action token). */
export const PASSWORD_RESET_LINK_HOURS = 1;

export function passwordResetMail(
  context: MailContext,
  recipient: Recipient & { token: string },
): MailContent {
  return composeMail({
    subject: 'Reimposta la password di LexPath',
    recipient,
    paragraphs: [
      'abbiamo ricevuto una richiesta di reimpostare la password del tuo account LexPath.',
      `Per scegliere una nuova password apri il link qui sotto: vale ${PASSWORD_RESET_LINK_HOURS} ora e si può usare una sola volta.`,
    ],
    action: {
      label: 'Reimposta la password',
      url: `${context.appUrl}/reset-password?token=${encodeURIComponent(recipient.token)}`,
    },
    closing: [
      'Se non hai richiesto tu il cambio, ignora questo messaggio: la password attuale resta valida.',
    ],
  });
}

export function passwordChangedMail(context: MailContext, recipient: Recipient): MailContent {
  return composeMail({
    subject: 'La password di LexPath è stata modificata',
    recipient,
    paragraphs: [
      'la password del tuo account LexPath è stata appena modificata e tutte le sessioni aperte sono state chiuse.',
      `Se non sei stato tu, scrivi subito all'assistenza all'indirizzo ${context.supportEmail}.`,
    ],
    action: { label: 'Accedi a LexPath', url: `${context.appUrl}/login` },
  });
}

/** Where the bought document is: its page in the lawyer's archive. */
export function archiveDetailUrl(context: MailContext, contractId: string): string {
  return `${context.appUrl}/user/archivio/dettaglio-documento?id=${encodeURIComponent(contractId)}`;
}

/**
 * The purchase confirmation. `total` and the invoice's date come formatted ("60,88 €",
 * "23/11/2026"); with an invoice, its courtesy PDF is attached when the mail is sent.
 */
export function purchaseConfirmationMail(
  context: MailContext,
  recipient: Recipient & {
    title: string;
    contractId: string;
    total: string;
    invoice: { number: string; date: string } | null;
  },
): MailContent {
  return composeMail({
    subject: `Acquisto completato: ${recipient.title}`,
    recipient,
    paragraphs: [
      `grazie per il tuo acquisto: il documento «${recipient.title}» è pronto nel tuo archivio LexPath.`,
      `Totale pagato: ${recipient.total} (IVA 22 % inclusa), con carta.`,
      ...(recipient.invoice
        ? [
            `In allegato la copia di cortesia della fattura n. ${recipient.invoice.number} del ${recipient.invoice.date}. Il documento fiscale è il file XML trasmesso allo SDI, che riceverai tramite il tuo codice destinatario o la tua PEC.`,
          ]
        : []),
    ],
    action: { label: 'Apri il documento', url: archiveDetailUrl(context, recipient.contractId) },
    closing: [`Per qualsiasi domanda scrivi all'assistenza all'indirizzo ${context.supportEmail}.`],
  });
}

/** The buyer's notice of a refund (issue 14), with the credit note's courtesy copy attached. */
export function refundConfirmationMail(
  context: MailContext,
  recipient: Recipient & {
    title: string;
    contractId: string;
    total: string;
    creditNote: { number: string; date: string } | null;
  },
): MailContent {
  return composeMail({
    subject: `Rimborso effettuato: ${recipient.title}`,
    recipient,
    paragraphs: [
      `il pagamento del documento «${recipient.title}» (${recipient.total}, IVA inclusa) è stato rimborsato sulla carta con cui hai pagato: il download del documento non è più disponibile.`,
      ...(recipient.creditNote
        ? [
            `In allegato la copia di cortesia della nota di credito n. ${recipient.creditNote.number} del ${recipient.creditNote.date}, che storna la fattura dell’acquisto. Il documento fiscale è il file XML trasmesso allo SDI.`,
          ]
        : []),
    ],
    action: { label: 'Apri il documento', url: archiveDetailUrl(context, recipient.contractId) },
    closing: [`Per qualsiasi domanda scrivi all'assistenza all'indirizzo ${context.supportEmail}.`],
  });
}
