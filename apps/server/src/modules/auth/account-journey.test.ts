import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { ROLES } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../../config.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import { tokenFromLink } from '../../test/outbox.ts';
import { decodeQuotedPrintable } from '../../test/smtp.ts';
import { createMailTransport, type MailTransport } from '../mail/mail.transport.ts';
import { drainOutboxOnce } from '../mail/mail.worker.ts';

/*
 * The whole registration as a lawyer lives it, through the API only: register, open the link
 * of the PEC (read from the .eml file the development transport writes), wait for an operator,
 * receive the access mail, sign in.
 */
let ctx: TestContext;
let dataDir: string;
let transport: MailTransport;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(REPOSITORY_ROOT, '.test-data', 'journey-'));
  ctx = await createTestContext({
    env: { DATA_DIR: dataDir, APP_URL: 'https://lexpath.test' },
  });
  transport = createMailTransport(ctx.config, silent);
});

afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sends what is queued and returns the decoded .eml files of the new mails for `to`. */
async function deliverMailsTo(to: string): Promise<string[]> {
  const rows = await ctx.db.query.outbox.findMany({
    where: (outbox, { and, eq }) => and(eq(outbox.to, to), eq(outbox.status, 'pending')),
  });
  await drainOutboxOnce({ db: ctx.db, transport, logger: silent });
  return Promise.all(
    rows.map(async (row) =>
      decodeQuotedPrintable(await readFile(path.join(dataDir, 'mail', `${row.id}.eml`), 'utf8')),
    ),
  );
}

function login(pec: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { pec, password } });
}

describe('registration → verify → approval → login', () => {
  it('takes a lawyer from the registration form to a signed-in session', async () => {
    const pec = 'avv.lucia.moretti@pec.test.it';
    const password = 'Toga&Codice1';
    const admin = await ctx.buildUser({ role: ROLES.admin });

    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'Lucia',
        surname: 'Moretti',
        pec,
        password,
        terms_acceptance: true,
        terms_art_9_10: true,
        privacy: true,
        newsletter: true,
      },
    });
    expect(registered.statusCode).toBe(201);
    const userId = registered.json().data.id;

    // The PEC arrives: the link in the mail file.
    const [verifyMail] = await deliverMailsTo(pec);
    expect(verifyMail).toContain('Subject: Conferma il tuo indirizzo PEC - LexPath');
    const token = tokenFromLink(verifyMail ?? '', 'https://lexpath.test/verify-email');

    const beforeVerifying = await login(pec, password);
    expect(beforeVerifying.statusCode).toBe(403);
    expect(beforeVerifying.json().message).toBe('Verifica la tua E-Mail per poter accedere.');

    const verified = await ctx.app.inject({
      method: 'POST',
      url: `/api/auth/verify-email?token=${token}`,
    });
    expect(verified.statusCode).toBe(200);

    const awaitingApproval = await login(pec, password);
    expect(awaitingApproval.statusCode).toBe(403);
    expect(awaitingApproval.json().message).toContain('in attesa di approvazione');

    // The operator finds the lawyer in the Utenti list and accepts them.
    const asAdmin = ctx.injectAs(admin);
    const listed = await asAdmin({ method: 'GET', url: '/api/user/?email_verified=true' });
    expect(listed.json().data.results).toContainEqual(
      expect.objectContaining({ id: userId, status: 'in attesa', newsletter: true }),
    );
    const approved = await asAdmin({
      method: 'POST',
      url: '/api/auth/change-user-status',
      payload: { userId, status: 'confermato' },
    });
    expect(approved.json()).toEqual({ data: { id: userId, status: 'confermato' } });

    const [accessMail] = await deliverMailsTo(pec);
    expect(accessMail).toContain("abbiamo verificato la tua iscrizione all'albo");
    expect(accessMail).toContain('https://lexpath.test/login');

    const signedIn = await login(pec, password);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data).toEqual({
      id: userId,
      name: 'Lucia',
      surname: 'Moretti',
      status: 'confermato',
      role: 'user',
      newsletter: true,
      lexmind: false,
    });
    const me = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/${userId}`,
      headers: { authorization: String(signedIn.headers.authorization) },
    });
    expect(me.statusCode).toBe(200);
  });
});
