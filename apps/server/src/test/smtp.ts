import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the test SMTP server received it. */
export type ReceivedMail = {
  from: string;
  to: string[];
  /** The raw RFC 822 text. */
  raw: string;
  messageId: string | undefined;
};

export type TestSmtpServer = {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Starts listening on the port (again, after `stop`). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/** A port nobody listens on right now (the OS picks it, then we let it go). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A real SMTP server on loopback (the `smtp-server` package), collecting what it receives.
 * Created stopped, so a test can enqueue mails while "the provider is down". No STARTTLS:
 * its self-signed certificate would only test certificate checks.
 */
export async function createTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await findFreePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        closeTimeout: 100,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw,
              messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1],
            });
            callback();
          });
        },
      });
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server = undefined;
    });

  return { port, url: `smtp://127.0.0.1:${port}`, received, start, stop };
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), as a mail client would. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
