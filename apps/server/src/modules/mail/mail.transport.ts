import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config.ts';
import type { OutgoingMail } from './mail.outbox.ts';

/** Sends one mail or throws; the outbox worker decides about retries. */
export type MailTransport = {
  /** For the logs: 'smtp' or 'file'. */
  kind: 'smtp' | 'file';
  /** Where mails go, for the startup log; never the credentials. */
  description: string;
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

export type MailLogger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/** nodemailer's timeouts, in milliseconds. */
export type SmtpTimeouts = {
  /** The whole session setup: DNS, TCP, TLS, greeting (and STARTTLS), whatever hangs. */
  connectionTimeout: number;
  /** The server's 220 greeting after connecting, within the above: accepts and never greets. */
  greetingTimeout: number;
  /** Silence on an open connection, at any later step. */
  socketTimeout: number;
  dnsTimeout: number;
};

/**
 * A PEC provider connects, greets and finishes TLS within a second or two; a few seconds more is
 * patience, and a host that accepts and never answers fails this attempt quickly (it is retried
 * with backoff) instead of holding a sending slot. Far inside the claim lease (5 minutes).
 */
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeout: 10_000,
  greetingTimeout: 8_000,
  socketTimeout: 30_000,
  dnsTimeout: 5_000,
};

/**
 * The Message-ID derives from the outbox row, so a mail re-sent after a crash between the
 * SMTP acceptance and the bookkeeping carries the same id and receivers can drop the copy.
 */
function messageIdFor(mail: OutgoingMail, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'lexpath.local';
  return `<${mail.id}@${domain}>`;
}

function toMessage(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdFor(mail, from),
    ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
  };
}

/** SMTP, or SMTPS (`smtps://…`, implicit TLS on 465) as PEC providers require. */
export function createSmtpTransport({
  url,
  from,
  timeouts,
}: {
  url: string;
  from: string;
  /** Tests shorten them; the defaults suit a real provider. */
  timeouts?: Partial<SmtpTimeouts>;
}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    ...DEFAULT_SMTP_TIMEOUTS,
    ...timeouts,
  });
  const { protocol, host } = new URL(url);
  return {
    kind: 'smtp',
    description: `SMTP to ${protocol}//${host}`,
    send: async (mail) => {
      await transporter.sendMail(toMessage(mail, from));
    },
    close: () => transporter.close(),
  };
}

const LINK_PATTERN = /https?:\/\/[^\s<>"]+/g;

/**
 * Development without SMTP_URL: each mail becomes `<outbox id>.eml` (RFC 822, opens in any mail
 * client) under `directory`, and its links are logged so a developer can click through the
 * registration. The name comes from the outbox id, so a retried mail overwrites its own file.
 */
export function createFileTransport({
  directory,
  from,
  logger,
}: {
  directory: string;
  from: string;
  logger: MailLogger;
}): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'file',
    description: `no SMTP_URL: mails are written as .eml files to ${directory}`,
    send: async (mail) => {
      const { message } = await transporter.sendMail(toMessage(mail, from));
      await mkdir(directory, { recursive: true });
      const file = path.join(directory, `${mail.id}.eml`);
      // Write then rename: a reader never sees half a file.
      await writeFile(`${file}.tmp`, message as Buffer);
      await rename(`${file}.tmp`, file);
      const links = mail.text.match(LINK_PATTERN) ?? [];
      logger.info({ to: mail.to, subject: mail.subject, file, links }, 'mail written to file');
    },
    close: () => transporter.close(),
  };
}

/** SMTP when SMTP_URL is set, else .eml files under `$DATA_DIR/mail`. */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  logger: MailLogger,
): MailTransport {
  if (config.smtpUrl) return createSmtpTransport({ url: config.smtpUrl, from: config.mailFrom });
  return createFileTransport({
    directory: path.join(config.dataDir, 'mail'),
    from: config.mailFrom,
    logger,
  });
}
