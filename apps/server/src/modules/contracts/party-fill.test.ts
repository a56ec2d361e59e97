/**
 * «Scegli dall'anagrafica» (POST /contract/party): clients of the lawyer's own register fill the
 * asked question's whole party, what a question cannot take whole yet comes back as a draft, and
 * nothing is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { type DemoName, seedDemos } from './test-walk.ts';

let ctx: TestContext;
let lawyer: TestUser;
let other: TestUser;
let demos: Record<DemoName, string>;
let anna: string;
let mario: string;

const ANNA = {
  tipo: 'persona_fisica',
  dati: {
    nome: 'Giulia',
    cognome: 'Verdi',
    codice_fiscale: 'VRDGLI90C50F205D',
    indirizzo: 'Via Po 3',
    cap: '10123',
    comune: 'Torino',
    provincia: 'TO',
    pec: 'giulia.verdi@pec.it',
    documento_identita: "Carta d'identità CA12345AB",
  },
};

// No identity document: the lease's conduttori item cannot be complete.
const MARIO = {
  tipo: 'persona_fisica',
  dati: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
};

async function addClient(as: TestUser, payload: object): Promise<string> {
  const response = await ctx.injectAs(as)({ method: 'POST', url: '/api/client', payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  [lawyer, other] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
  demos = await seedDemos(ctx);
  anna = await addClient(lawyer, ANNA);
  mario = await addClient(lawyer, MARIO);
});

afterAll(async () => {
  await ctx.close();
});

function fill(as: TestUser, payload: object, type = demos.locazione) {
  return ctx.injectAs(as)({ method: 'POST', url: `/api/contract/party?type=${type}`, payload });
}

describe('POST /api/contract/party', () => {
  it('fills every question of the role from the clients picked, one elenco item each', async () => {
    const response = await fill(lawyer, {
      answers: { regime_canone: 'Canone libero (4+4)' },
      question: 'conduttori',
      clients: [anna],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { answers, drafts, filled } = response.json().data;
    expect(answers.conduttori).toEqual([
      {
        nome: 'Giulia Verdi',
        codice_fiscale: 'VRDGLI90C50F205D',
        indirizzo: 'Via Po 3, 10123 Torino (TO)',
        documento: "Carta d'identità CA12345AB",
      },
    ]);
    expect(answers.conduttore_pec).toBe('giulia.verdi@pec.it');
    expect(drafts).toEqual({});
    expect(filled.map((each: { variable: string }) => each.variable)).toEqual([
      'conduttori',
      'conduttore_pec',
    ]);
  });

  it('gives back as a draft an item the client cannot complete, to be finished when asked', async () => {
    const response = await fill(lawyer, {
      answers: {},
      question: 'conduttori',
      clients: [mario, anna],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { answers, drafts } = response.json().data;
    expect(answers.conduttori).toBeUndefined();
    expect(drafts.conduttori).toEqual([
      {
        nome: 'Mario Rossi',
        codice_fiscale: 'RSSMRA85T10A562S',
      },
      {
        nome: 'Giulia Verdi',
        codice_fiscale: 'VRDGLI90C50F205D',
        indirizzo: 'Via Po 3, 10123 Torino (TO)',
        documento: "Carta d'identità CA12345AB",
      },
    ]);
  });

  it("refuses another lawyer's client (404), a question that is not a party and answers not allowed (422)", async () => {
    const stranger = await fill(other, { answers: {}, question: 'conduttori', clients: [anna] });
    expect(stranger.statusCode, stranger.body).toBe(404);
    const notParty = await fill(lawyer, { answers: {}, question: 'zona', clients: [anna] });
    expect(notParty.statusCode, notParty.body).toBe(422);
    const badAnswer = await fill(lawyer, {
      answers: { regime_canone: 'Nessuno di questi' },
      question: 'conduttori',
      clients: [anna],
    });
    expect(badAnswer.statusCode, badAnswer.body).toBe(422);
  });
});

describe('GET /api/contract/parties', () => {
  it('lists each role of the template once, with the question `clients` names', async () => {
    const lease = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/parties?type=${demos.locazione}`,
    });
    expect(lease.statusCode, lease.body).toBe(200);
    expect(lease.json().data).toEqual([
      { ruolo: 'locatore', variable: 'locatori' },
      { ruolo: 'conduttore', variable: 'conduttori' },
      { ruolo: 'fideiussore', variable: 'fideiussore_nome' },
    ]);
    // The engagement pack's lawyer is filled from their own account: no client is offered there.
    const pack = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/parties?type=${demos.incarico}`,
    });
    expect(pack.json().data).toEqual([{ ruolo: 'cliente', variable: 'cliente_tipo' }]);
    const unknown = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: '/api/contract/parties?type=00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode, unknown.body).toBe(404);
  });
});
