import { createServer, type Server } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the app's SMTP transport delivered it, reduced to what journeys need. */
export interface CapturedMail {
  to: string[];
  /** Every http(s) URL in the message, in order (text part first, then the HTML part). */
  links: string[];
  /** The file names of its attachments (Content-Disposition), in order. */
  attachments: string[];
}

export interface Mailbox {
  /** What the app gets as SMTP_URL. */
  smtpUrl: string;
  /** GET `${url}/mails` answers the captured mails as JSON. */
  url: string;
  close(): Promise<void>;
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), as a mail client would. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** nodemailer writes `Content-Disposition: attachment; filename=<name>` (quoted when needed). */
const ATTACHMENT_PATTERN = /Content-Disposition: attachment;\s*filename="?([^";\r\n]+)"?/gi;

/** Listens on a free loopback port and answers it. SMTPServer.listen returns its net.Server. */
function listenOnLoopback(start: (onListening: () => void) => Server | NetServer): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = start(() => resolve((server.address() as AddressInfo).port));
    server.once('error', reject);
  });
}

/**
 * A real SMTP server on loopback (no STARTTLS, so nodemailer speaks plain SMTP as it would to
 * a local relay) and a tiny HTTP endpoint that lists what arrived. The tests run in other
 * processes than the global setup, so they read the mails over HTTP.
 */
export async function startMailbox(): Promise<Mailbox> {
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const message = Buffer.concat(chunks).toString('latin1');
        const raw = decodeQuotedPrintable(message);
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          links: (raw.match(LINK_PATTERN) ?? []).map((link) => link.replace(/&amp;/g, '&')),
          // Headers are not quoted-printable: decoding would read `=fa` in `filename=fattura…` as a byte.
          attachments: [...message.matchAll(ATTACHMENT_PATTERN)].map((match) => match[1] ?? ''),
        });
        callback();
      });
    },
  });
  const http = createServer((request, response) => {
    const ok = request.method === 'GET' && request.url === '/mails';
    response.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
    response.end(ok ? JSON.stringify(mails) : '{}');
  });
  const [smtpPort, httpPort] = await Promise.all([
    listenOnLoopback((onListening) => smtp.listen(0, '127.0.0.1', onListening)),
    listenOnLoopback((onListening) => http.listen(0, '127.0.0.1', onListening)),
  ]);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    url: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      http.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => http.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
