import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { DEMO, DEMO_PASSWORD } from './browser.ts';
import type { CapturedMail } from './mailbox.ts';

/** One id per test process: PECs never collide with a previous run's, or with each other. */
const RUN_ID = randomUUID().slice(0, 8);

export const LAWYER_PASSWORD = 'Avvocato2026!';

/** The one PEC the e2e server lists in LEXMIND_USERS (its data directory is new each run). */
export const LEXMIND_PEC = 'lexmind@pec.e2e.it';

export function uniquePec(label: string): string {
  return `${label}-${RUN_ID}@pec.e2e.it`;
}

export async function capturedMails(): Promise<CapturedMail[]> {
  const response = await fetch(`${inject('mailboxURL')}/mails`);
  return (await response.json()) as CapturedMail[];
}

/**
 * The first link matching `pattern` in a mail the app sent to `pec`. The outbox worker sends
 * every 2 s, so this polls (a plain loop: hooks cannot use expect.poll).
 */
export async function waitForMailLink(pec: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const link = (await capturedMails())
      .filter((mail) => mail.to.includes(pec.toLowerCase()))
      .flatMap((mail) => mail.links)
      .find((candidate) => pattern.test(candidate));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${pec} with a link matching ${pattern} within 15 s`);
}

async function apiPost(path: string, body: unknown, token?: string): Promise<Response> {
  const response = await fetch(`${inject('baseURL')}/api${path}`, {
    method: 'POST',
    headers: {
      // Fastify refuses an empty body declared as JSON.
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

let adminToken: Promise<string> | undefined;

/** One admin session for every helper call, even concurrent ones (login is rate limited). */
function signInAdminOverApi(): Promise<string> {
  adminToken ??= apiPost('/auth/login', { pec: DEMO.admin, password: DEMO_PASSWORD }).then(
    (response) => {
      const token = response.headers.get('authorization')?.replace(/^Bearer\s+/, '');
      if (!token) throw new Error('the admin login answered no access token');
      return token;
    },
  );
  return adminToken;
}

export interface Lawyer {
  id: string;
  pec: string;
  password: string;
  name: string;
  surname: string;
}

/**
 * A lawyer who registered, confirmed the PEC from the mailed link and was approved by the
 * admin: the state a journey that is not about registration starts from. The same calls the
 * screens make, over HTTP, to keep the suite fast; the registration journey itself goes
 * through the browser.
 */
export async function createApprovedLawyer(label: string, pec = uniquePec(label)): Promise<Lawyer> {
  const lawyer = {
    pec,
    password: LAWYER_PASSWORD,
    name: 'Giulia',
    surname: `Prova ${label}`,
  };
  const registered = await apiPost('/auth/register', {
    ...lawyer,
    terms_acceptance: true,
    terms_art_9_10: true,
    privacy: true,
    newsletter: false,
  });
  const { data } = (await registered.json()) as { data: { id: string } };
  const verifyLink = new URL(await waitForMailLink(lawyer.pec, /\/verify-email\?token=/));
  await apiPost(`/auth/verify-email${verifyLink.search}`, undefined);
  await apiPost(
    '/auth/change-user-status',
    { userId: data.id, status: 'confermato' },
    await signInAdminOverApi(),
  );
  return { id: data.id, ...lawyer };
}
