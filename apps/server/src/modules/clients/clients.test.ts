import { it as text } from '@lexpath/shared';
import { CLIENT_EXPORT_FORMAT } from '@lexpath/shared/schemas/clients';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clients, contracts, invoices } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  FINISHED_ANSWERS,
  payContract,
  startCompletedContract,
} from '../contracts/test-contracts.ts';

let ctx: TestContext;
let lawyer: TestUser;
let colleague: TestUser;

const MARIO = {
  tipo: 'persona_fisica',
  dati: {
    nome: 'Mario',
    cognome: 'Rossi',
    genere: 'maschile',
    codice_fiscale: 'RSSMRA85T10A562S',
    data_nascita: '10/12/1985',
    indirizzo: 'Via Appia 1',
    cap: '00184',
    comune: 'Roma',
    provincia: 'rm',
    pec: 'mario.rossi@pec.it',
  },
};

const ALFA = {
  tipo: 'persona_giuridica',
  dati: {
    denominazione: 'Alfa S.r.l.',
    forma_giuridica: 'S.r.l.',
    partita_iva: '12345678903',
    codice_fiscale: '12345678903',
    indirizzo: 'Via Toledo 10',
    cap: '80134',
    comune: 'Napoli',
    provincia: 'NA',
  },
  legale_rappresentante: { nome: 'Ugo', cognome: 'Zanetti', codice_fiscale: 'ZNTGUO70B12L219R' },
};

async function addClient(as: TestUser, payload: Record<string, unknown>): Promise<string> {
  const response = await ctx.injectAs(as)({ method: 'POST', url: '/api/client', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

async function auditRowsOf(clientId: string) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'client'), eq(auditLog.targetId, clientId)))
    .orderBy(auditLog.createdAt);
}

beforeAll(async () => {
  ctx = await createTestContext();
  [lawyer, colleague] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('the client register', () => {
  it('stores a person and a company canonical, and answers them with their display names', async () => {
    const as = ctx.injectAs(lawyer);
    const mario = await addClient(lawyer, MARIO);
    const alfa = await addClient(lawyer, ALFA);

    const person = await as({ method: 'GET', url: `/api/client/${mario}` });
    expect(person.statusCode, person.body).toBe(200);
    expect(person.json().data).toMatchObject({
      id: mario,
      tipo: 'persona_fisica',
      nome_visualizzato: 'Rossi Mario',
      dati: { provincia: 'RM', data_nascita: '1985-12-10', cap: '00184' },
      legale_rappresentante: null,
    });
    const company = await as({ method: 'GET', url: `/api/client/${alfa}` });
    expect(company.json().data).toMatchObject({
      nome_visualizzato: 'Alfa S.r.l.',
      legale_rappresentante: { nome: 'Ugo', cognome: 'Zanetti' },
    });
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, alfa));
    expect(row?.ownerId).toBe(lawyer.id);
    expect(row?.dati.partita_iva).toBe('12345678903');
  });

  it("keeps a lawyer's clients private: another lawyer gets 404 and an empty list, and changes nothing", async () => {
    const mario = await addClient(lawyer, MARIO);
    const as = ctx.injectAs(colleague);
    const before = await ctx.db.select().from(clients).where(eq(clients.id, mario));

    for (const request of [
      { method: 'GET', url: `/api/client/${mario}` },
      { method: 'GET', url: `/api/client/${mario}/export` },
      { method: 'PUT', url: `/api/client/${mario}`, payload: ALFA },
      { method: 'DELETE', url: `/api/client/${mario}` },
    ] as const) {
      const response = await as(request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(404);
      expect(response.json().message).toBe(text.clients.notFound);
    }
    expect(await ctx.db.select().from(clients).where(eq(clients.id, mario))).toEqual(before);
    expect(await auditRowsOf(mario)).toHaveLength(1);
    const list = await as({ method: 'GET', url: '/api/client?q=rossi' });
    expect(list.json().data.results).toEqual([]);
    // An id that is not one answers the same.
    const malformed = await as({ method: 'GET', url: '/api/client/not-an-id' });
    expect(malformed.statusCode).toBe(404);
  });

  it('refuses a wrong codice fiscale, CAP and provincia with 422 and the Italian message under each field', async () => {
    const response = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/client',
      payload: {
        tipo: 'persona_fisica',
        dati: {
          nome: 'Anna',
          cognome: 'Neri',
          codice_fiscale: 'NRENNA80A41H501X',
          cap: '1234',
          provincia: 'XX',
        },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json();
    expect(Object.keys(body.fields).sort()).toEqual([
      'dati.cap',
      'dati.codice_fiscale',
      'dati.provincia',
    ]);
    for (const message of Object.values(body.fields) as string[]) {
      expect(message).toMatch(/[a-zà-ù]/);
      expect(body.message).toContain(message);
    }
    const stored = await ctx.db.select().from(clients).where(eq(clients.ownerId, lawyer.id));
    expect(stored.some((row) => row.dati.cognome === 'Neri')).toBe(false);
  });

  it("refuses a company without its denominazione, and a legal representative's wrong fields, naming each", async () => {
    const response = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/client',
      payload: {
        tipo: 'persona_giuridica',
        dati: { partita_iva: '12345678901' },
        legale_rappresentante: { nome: 'Ugo', codice_fiscale: 'ABC' },
      },
    });
    expect(response.statusCode, response.body).toBe(422);
    const { fields } = response.json();
    expect(Object.keys(fields).sort()).toEqual([
      'dati.denominazione',
      'dati.partita_iva',
      'legale_rappresentante.codice_fiscale',
      'legale_rappresentante.cognome',
    ]);
    expect(fields['dati.denominazione']).toBe('Indica denominazione.');
    expect(fields['legale_rappresentante.cognome']).toBe('Indica cognome.');
  });

  it('refuses an unknown kind and an update with wrong data, leaving the client as it was', async () => {
    const as = ctx.injectAs(lawyer);
    const kind = await as({
      method: 'POST',
      url: '/api/client',
      payload: { tipo: 'ente', dati: {} },
    });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().fields).toEqual({ tipo: text.clients.kind });

    const mario = await addClient(lawyer, MARIO);
    const before = await ctx.db.select().from(clients).where(eq(clients.id, mario));
    const update = await as({
      method: 'PUT',
      url: `/api/client/${mario}`,
      payload: { ...MARIO, dati: { ...MARIO.dati, cap: 'abcde' } },
    });
    expect(update.statusCode, update.body).toBe(422);
    expect(Object.keys(update.json().fields)).toEqual(['dati.cap']);
    expect(await ctx.db.select().from(clients).where(eq(clients.id, mario))).toEqual(before);
    expect(await auditRowsOf(mario)).toHaveLength(1);
  });

  it('updates a client: the new name is listed and the emptied field is gone', async () => {
    const as = ctx.injectAs(lawyer);
    const id = await addClient(lawyer, MARIO);
    const { pec: _pec, ...withoutPec } = MARIO.dati;
    const response = await as({
      method: 'PUT',
      url: `/api/client/${id}`,
      payload: {
        tipo: 'persona_fisica',
        dati: { ...withoutPec, cognome: 'Rossini', cap: '00185' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db.select().from(clients).where(eq(clients.id, id));
    expect(row?.displayName).toBe('Rossini Mario');
    expect(row?.dati.cap).toBe('00185');
    expect(row?.dati.pec).toBeUndefined();
  });
});

describe('the list', () => {
  let searcher: TestUser;

  beforeAll(async () => {
    searcher = await ctx.buildUser();
    await addClient(searcher, {
      tipo: 'persona_fisica',
      dati: { nome: 'Giulia', cognome: 'Verdi', codice_fiscale: 'VRDGLI90C50F205D' },
    });
    await addClient(searcher, ALFA);
    for (let n = 1; n <= 13; n += 1) {
      await addClient(searcher, {
        tipo: 'persona_fisica',
        dati: { nome: `Cliente ${String(n).padStart(2, '0')}`, cognome: 'Bianchi' },
      });
    }
  });

  async function list(query: string) {
    const response = await ctx.injectAs(searcher)({ method: 'GET', url: `/api/client?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as {
      results: { nome_visualizzato: string }[];
      page: number;
      totalPages: number;
    };
  }
  const names = (page: { results: { nome_visualizzato: string }[] }) =>
    page.results.map((client) => client.nome_visualizzato);

  it('finds a client by surname, by name and surname in either order, by denominazione and by codice fiscale', async () => {
    expect(names(await list('q=verdi'))).toEqual(['Verdi Giulia']);
    expect(names(await list('q=Giulia%20Verdi'))).toEqual(['Verdi Giulia']);
    expect(names(await list('q=alfa'))).toEqual(['Alfa S.r.l.']);
    expect(names(await list('q=vrdgli90c50'))).toEqual(['Verdi Giulia']);
    expect(names(await list('q=12345678903'))).toEqual(['Alfa S.r.l.']);
    // The wildcards are text: nothing matches «%».
    expect(names(await list('q=%25'))).toEqual([]);
  });

  it('pages by name, twelve by default', async () => {
    const first = await list('page=1');
    expect(first.totalPages).toBe(2);
    expect(names(first)).toHaveLength(12);
    expect(names(first).slice(0, 2)).toEqual(['Alfa S.r.l.', 'Bianchi Cliente 01']);
    const second = await list('page=2');
    expect(names(second)).toEqual(['Bianchi Cliente 12', 'Bianchi Cliente 13', 'Verdi Giulia']);
    const searched = await list('q=bianchi&limit=5&page=3');
    expect(searched).toMatchObject({ page: 3, totalPages: 3 });
    expect(names(searched)).toEqual([
      'Bianchi Cliente 11',
      'Bianchi Cliente 12',
      'Bianchi Cliente 13',
    ]);
  });
});

describe('GDPR: export and erasure', () => {
  it('exports the client as a JSON download, audited without any value', async () => {
    const id = await addClient(lawyer, ALFA);
    const response = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/client/${id}/export` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cliente Alfa S.r.l..json"; filename*=UTF-8''Cliente%20Alfa%20S.r.l..json`,
    );
    const body = response.json();
    expect(body).toMatchObject({
      formato: CLIENT_EXPORT_FORMAT,
      cliente: {
        id,
        tipo: 'persona_giuridica',
        nome_visualizzato: 'Alfa S.r.l.',
        dati: {
          denominazione: 'Alfa S.r.l.',
          partita_iva: '12345678903',
          cap: '80134',
          provincia: 'NA',
        },
        legale_rappresentante: {
          nome: 'Ugo',
          cognome: 'Zanetti',
          codice_fiscale: 'ZNTGUO70B12L219R',
        },
      },
    });
    expect(Number.isNaN(Date.parse(body.esportato_il))).toBe(false);
    expect((await auditRowsOf(id)).map((row) => row.action)).toEqual([
      'client.created',
      'client.exported',
    ]);
  });

  it('audits create, update, export and delete with the client id and field names, never a value', async () => {
    const as = ctx.injectAs(lawyer);
    const id = await addClient(lawyer, MARIO);
    await as({
      method: 'PUT',
      url: `/api/client/${id}`,
      payload: { ...MARIO, dati: { ...MARIO.dati, comune: 'Frascati', cap: '00044' } },
    });
    await as({ method: 'GET', url: `/api/client/${id}/export` });
    const deleted = await as({ method: 'DELETE', url: `/api/client/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);

    const rows = await auditRowsOf(id);
    expect(rows.map((row) => [row.action, row.actorId])).toEqual([
      ['client.created', lawyer.id],
      ['client.updated', lawyer.id],
      ['client.exported', lawyer.id],
      ['client.deleted', lawyer.id],
    ]);
    expect(rows[1]?.details).toEqual({ fields: ['dati.cap', 'dati.comune'] });
    const written = JSON.stringify(rows.map((row) => row.details));
    for (const value of [
      'Mario',
      'Rossi',
      'RSSMRA85T10A562S',
      'Frascati',
      '00044',
      '00184',
      'pec.it',
    ]) {
      expect(written).not.toContain(value);
    }
  });

  it("erases the record, and a paid contract's answers and invoice are unchanged", async () => {
    const buyer = await ctx.buildUser();
    const { template } = await createPublishedTemplate(ctx);
    const contractId = await startCompletedContract(ctx, buyer, template.id);
    await payContract(ctx, buyer, contractId);
    const contractBefore = await ctx.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, contractId));
    const invoiceBefore = await ctx.db
      .select()
      .from(invoices)
      .where(eq(invoices.contractId, contractId));
    expect(contractBefore[0]?.answers).toEqual(FINISHED_ANSWERS);
    expect(invoiceBefore).toHaveLength(1);
    // The client the document was written for, typed in the register afterwards.
    const id = await addClient(buyer, MARIO);

    const as = ctx.injectAs(buyer);
    const response = await as({ method: 'DELETE', url: `/api/client/${id}` });
    expect(response.statusCode, response.body).toBe(200);

    expect(await ctx.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);
    expect((await as({ method: 'GET', url: `/api/client/${id}` })).statusCode).toBe(404);
    expect((await as({ method: 'DELETE', url: `/api/client/${id}` })).statusCode).toBe(404);
    expect(await ctx.db.select().from(contracts).where(eq(contracts.id, contractId))).toEqual(
      contractBefore,
    );
    expect(await ctx.db.select().from(invoices).where(eq(invoices.contractId, contractId))).toEqual(
      invoiceBefore,
    );
    const download = await as({ method: 'GET', url: `/api/contract/download/${contractId}` });
    expect(download.statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('describes the client routes, with the 422 that names each field', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/client', '/api/client/{id}', '/api/client/{id}/export']),
    );
    const refusal = spec.paths['/api/client'].post.responses['422'];
    expect(JSON.stringify(refusal)).toContain('fields');
  });
});
