import { ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingProfiles } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const STUDIO = {
  tipo: 'studio',
  denominazione: 'Studio Legale Esposito & Bianchi',
  codice_fiscale: '12345678903',
  partita_iva: '12345678903',
  indirizzo: 'via Toledo 10',
  cap: '80134',
  comune: 'Napoli',
  provincia: 'na',
  nazione: 'IT',
  codice_destinatario: 'm5uxcr1',
};

const PROFESSIONAL = {
  tipo: 'persona_fisica',
  nome: 'Marco',
  cognome: 'Esposito',
  codice_fiscale: 'RSSMRA80A01H501U',
  partita_iva: '12345678903',
  indirizzo: 'via Toledo 10',
  cap: '80134',
  comune: 'Napoli',
  provincia: 'NA',
  nazione: 'IT',
};

describe('GET/PUT /api/user/{id}/billing', () => {
  it('answers null until the lawyer gives a profile, then the saved profile', async () => {
    const lawyer = await ctx.buildUser();
    const as = ctx.injectAs(lawyer);
    const empty = await as({ method: 'GET', url: `/api/user/${lawyer.id}/billing` });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ data: null });

    const saved = await as({
      method: 'PUT',
      url: `/api/user/${lawyer.id}/billing`,
      payload: STUDIO,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      tipo: 'studio',
      provincia: 'NA',
      codice_destinatario: 'M5UXCR1',
      pec_destinatario: null,
      nome: null,
    });
    const read = await as({ method: 'GET', url: `/api/user/${lawyer.id}/billing` });
    expect(read.json().data).toEqual(saved.json().data);
  });

  it('sends the invoice to the account PEC when no codice destinatario is given', async () => {
    const lawyer = await ctx.buildUser();
    const response = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/user/${lawyer.id}/billing`,
      payload: PROFESSIONAL,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      codice_destinatario: null,
      pec_destinatario: lawyer.pec,
      denominazione: null,
    });
  });

  it('refuses a wrong codice fiscale, partita IVA and CAP in Italian with 400, and keeps the old profile', async () => {
    const lawyer = await ctx.buildUser();
    const as = ctx.injectAs(lawyer);
    await as({ method: 'PUT', url: `/api/user/${lawyer.id}/billing`, payload: PROFESSIONAL });
    const response = await as({
      method: 'PUT',
      url: `/api/user/${lawyer.id}/billing`,
      payload: {
        ...PROFESSIONAL,
        codice_fiscale: 'RSSMRA80A01H501X',
        partita_iva: '12345678901',
        cap: '801',
        comune: 'Salerno',
      },
    });
    expect(response.statusCode).toBe(400);
    const body = response.body;
    expect(body).toContain(text.billing.codiceFiscalePersona);
    expect(body).toContain(text.billing.partitaIva);
    expect(body).toContain(text.billing.cap);
    const [row] = await ctx.db
      .select()
      .from(billingProfiles)
      .where(eq(billingProfiles.userId, lawyer.id));
    expect(row?.comune).toBe('Napoli');
  });

  it("answers 404 for another lawyer's profile; an admin reads and edits anyone's", async () => {
    const me = await ctx.buildUser();
    const other = await ctx.buildUser();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await ctx.injectAs(me)({
        method,
        url: `/api/user/${other.id}/billing`,
        ...(method === 'PUT' ? { payload: STUDIO } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const edited = await ctx.injectAs(admin)({
      method: 'PUT',
      url: `/api/user/${other.id}/billing`,
      payload: STUDIO,
    });
    expect(edited.statusCode).toBe(200);
  });
});
