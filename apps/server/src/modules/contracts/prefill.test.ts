/**
 * A new document started from an earlier one or from clients (`PUT /contract/` with `from` and
 * `clients`): the answers the new template's questions take are copied as a snapshot, the
 * questionnaire goes on at the first question left, and the summary knows what was prefilled.
 */
import { ROLES } from '@lexpath/shared';
import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, contracts } from '../../db/schema.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { toNextQuestion } from '../templates/questionnaire.service.ts';
import { createTemplateViaApi } from '../templates/test-templates.ts';
import type { ClientLookup } from './prefill.ts';
import { DEMO_SOURCES, type DemoName, seedDemos, walkQuestionnaire } from './test-walk.ts';

let ctx: TestContext;
let lawyer: TestUser;
let other: TestUser;
let demos: Record<DemoName, string>;
let letterId: string;
let lease: { id: string; answers: TAnswers };

/** A registration letter that names the lease's conduttore under keys of its own. */
const LETTER_QUESTIONS = [
  {
    variable: 'destinatario_nome',
    question: 'Nome e cognome del destinatario',
    type: 'testo',
    parte: { ruolo: 'conduttore', campo: 'nome_completo' },
  },
  {
    variable: 'destinatario_codice_fiscale',
    question: 'Codice fiscale del destinatario',
    type: 'codice_fiscale',
    parte: { ruolo: 'conduttore', campo: 'codice_fiscale' },
  },
  {
    variable: 'destinatario_pec',
    question: 'PEC del destinatario',
    type: 'email',
    parte: { ruolo: 'conduttore', campo: 'pec' },
  },
  { variable: 'canone', question: 'Canone mensile', type: 'importo' },
  { variable: 'oggetto', question: 'Oggetto della comunicazione', type: 'testo_lungo' },
  { variable: 'luogo_firma', question: 'Luogo', type: 'testo' },
];

const LETTER_TEXT = [
  'Egregio {destinatario_nome}, codice fiscale {destinatario_codice_fiscale}, PEC {destinatario_pec}.',
  'Canone: {canone}. {oggetto}',
  '{luogo_firma}',
];

/** The register as the lawyer's register would answer: their own clients only. */
const registered = new Map<string, TClient>();
const testRegister: ClientLookup = async (_db, ownerId, clientId) => {
  const client = registered.get(`${ownerId}:${clientId}`);
  return client ?? null;
};

beforeAll(async () => {
  ctx = await createTestContext({ app: { findClient: testRegister } });
  [lawyer, other] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
  demos = await seedDemos(ctx);
  const editor = await ctx.buildUser({ role: ROLES.editor });
  const [category] = await ctx.db.insert(categories).values({ name: 'Lettere' }).returning();
  const letter = await createTemplateViaApi(ctx, editor, {
    categoryId: category?.id ?? '',
    questions: LETTER_QUESTIONS,
    master: buildDocx(LETTER_TEXT),
    preview: buildDocx(['ANTEPRIMA', ...LETTER_TEXT]),
  });
  const published = await ctx.injectAs(editor)({
    method: 'PUT',
    url: `/api/template/${letter.id}/status`,
    payload: { status: 'PUBLISHED' },
  });
  expect(published.statusCode, published.body).toBe(200);
  letterId = letter.id;
  lease = await walkQuestionnaire(ctx, lawyer, demos.locazione, DEMO_SOURCES.locazione.facts);
});

afterAll(async () => {
  await ctx.close();
});

function start(as: TestUser, payload: object) {
  return ctx.injectAs(as)({ method: 'PUT', url: '/api/contract/', payload });
}

async function detailOf(as: TestUser, id: string) {
  const response = await ctx.injectAs(as)({ method: 'GET', url: `/api/contract/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { answers: Record<string, unknown>; prefilled: string[] };
}

describe('PUT /api/contract/ with from', () => {
  it('starts another template with the answers of the same key and type and the same party', async () => {
    const response = await start(lawyer, { type: letterId, from: lease.id });
    expect(response.statusCode, response.body).toBe(200);
    const id: string = response.json().data.id;
    const detail = await detailOf(lawyer, id);
    const firstTenant = DEMO_SOURCES.locazione.facts.conduttori as Record<string, string>[];
    expect(detail.answers).toEqual({
      destinatario_nome: firstTenant[0]?.nome,
      destinatario_codice_fiscale: firstTenant[0]?.codice_fiscale,
      destinatario_pec: DEMO_SOURCES.locazione.facts.conduttore_pec,
      canone: DEMO_SOURCES.locazione.facts.canone,
      luogo_firma: DEMO_SOURCES.locazione.facts.luogo_firma,
    });
    expect([...detail.prefilled].sort()).toEqual(Object.keys(detail.answers).sort());

    // The questionnaire goes on at the one question left.
    const next = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: `/api/contract/questions?type=${letterId}`,
      payload: detail.answers,
    });
    expect(next.json().data.variable).toBe('oggetto');

    // A snapshot: the lease changing later leaves the letter as it started.
    await ctx.db
      .update(contracts)
      .set({ answers: { ...lease.answers, luogo_firma: 'Napoli' } })
      .where(eq(contracts.id, lease.id));
    expect((await detailOf(lawyer, id)).answers.luogo_firma).toBe(
      DEMO_SOURCES.locazione.facts.luogo_firma,
    );
    await ctx.db
      .update(contracts)
      .set({ answers: lease.answers })
      .where(eq(contracts.id, lease.id));
  });

  it('marks an answer as the lawyer’s once changed from the summary', async () => {
    const id: string = (await start(lawyer, { type: letterId, from: lease.id })).json().data.id;
    const changed = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}/answers/luogo_firma`,
      payload: { value: 'Torino' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const detail = await detailOf(lawyer, id);
    expect(detail.answers.luogo_firma).toBe('Torino');
    expect(detail.prefilled).not.toContain('luogo_firma');
    expect(detail.prefilled).toContain('destinatario_nome');
  });

  it('keeps the first answer sent with the start as the lawyer’s own', async () => {
    const response = await start(lawyer, {
      type: letterId,
      from: lease.id,
      answers: { luogo_firma: 'Bologna' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await detailOf(lawyer, response.json().data.id);
    expect(detail.answers.luogo_firma).toBe('Bologna');
    expect(detail.prefilled).not.toContain('luogo_firma');
  });

  it('answers 404 for another lawyer’s contract or an unknown one, and creates nothing', async () => {
    const before = await ctx.db.$count(contracts);
    for (const from of [lease.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const response = await start(other, { type: letterId, from });
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await ctx.db.$count(contracts)).toBe(before);
  });

  it('refuses from and clients on a save of an existing contract', async () => {
    const id: string = (await start(lawyer, { type: letterId, from: lease.id })).json().data.id;
    const response = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: `/api/contract/${id}`,
      payload: { from: lease.id, answers: {} },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      "I dati di un altro documento o dell'anagrafica si usano solo iniziando un nuovo documento.",
    );
  });
});

describe('PUT /api/contract/ with clients', () => {
  const anna: TClient = {
    id: 'c-anna',
    tipo: 'persona_fisica',
    nome_visualizzato: 'Bianchi Anna',
    dati: {
      nome: 'Anna',
      cognome: 'Bianchi',
      codice_fiscale: 'BNCNNA80A41H501R',
      indirizzo: 'via Po 3',
      cap: '10123',
      comune: 'Torino',
      provincia: 'TO',
      pec: 'anna.bianchi@pec.it',
      documento_identita: 'carta d’identità n. CA00000AA',
    },
    legale_rappresentante: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    updatedAt: '2026-11-27T10:00:00.000Z',
  };

  it('fills the whole party from the client picked, over what an earlier document had', async () => {
    registered.set(`${lawyer.id}:${anna.id}`, anna);
    const response = await start(lawyer, {
      type: demos.locazione,
      from: lease.id,
      clients: { conduttori: anna.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = await detailOf(lawyer, response.json().data.id);
    expect(detail.answers.conduttori).toEqual([
      {
        nome: 'Anna Bianchi',
        codice_fiscale: 'BNCNNA80A41H501R',
        indirizzo: 'via Po 3, 10123 Torino (TO)',
        documento: 'carta d’identità n. CA00000AA',
      },
    ]);
    expect(detail.answers.conduttore_pec).toBe('anna.bianchi@pec.it');
    expect(detail.answers.locatori).toEqual(DEMO_SOURCES.locazione.facts.locatori);
    expect(detail.prefilled).toEqual(expect.arrayContaining(['conduttori', 'conduttore_pec']));
  });

  it('answers 404 «Cliente non trovato.» for a client of another lawyer or none', async () => {
    registered.set(`${other.id}:c-other`, { ...anna, id: 'c-other' });
    for (const clientId of ['c-other', 'c-unknown']) {
      const response = await start(lawyer, {
        type: demos.locazione,
        clients: { conduttori: clientId },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Cliente non trovato.');
    }
  });

  it('answers 422 for a key that is not a party question of the template', async () => {
    const response = await start(lawyer, { type: demos.locazione, clients: { canone: anna.id } });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      "La domanda «canone» non è una parte del modello: non può essere compilata dall'anagrafica.",
    );
  });
});

describe('with the register itself', () => {
  it('fills a party from a client saved with POST /api/client, and another lawyer’s answers 404', async () => {
    const real = await createTestContext();
    try {
      const templateId = (await seedDemos(real)).locazione;
      const owner = await real.buildUser();
      const stranger = await real.buildUser();
      const saved = await real.injectAs(owner)({
        method: 'POST',
        url: '/api/client',
        payload: {
          tipo: 'persona_fisica',
          dati: {
            nome: 'Anna',
            cognome: 'Bianchi',
            codice_fiscale: 'BNCNNA80A41H501R',
            indirizzo: 'via Po 3',
            cap: '10123',
            comune: 'Torino',
            provincia: 'TO',
            documento_identita: 'carta d’identità n. CA00000AA',
          },
        },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const clientId = saved.json().data.id;

      const started = await real.injectAs(owner)({
        method: 'PUT',
        url: '/api/contract/',
        payload: { type: templateId, clients: { conduttori: clientId } },
      });
      expect(started.statusCode, started.body).toBe(200);
      const detail = await real.injectAs(owner)({
        method: 'GET',
        url: `/api/contract/${started.json().data.id}`,
      });
      expect(detail.json().data.answers.conduttori).toEqual([
        expect.objectContaining({ nome: 'Anna Bianchi', codice_fiscale: 'BNCNNA80A41H501R' }),
      ]);

      const refused = await real.injectAs(stranger)({
        method: 'PUT',
        url: '/api/contract/',
        payload: { type: templateId, clients: { conduttori: clientId } },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe('Cliente non trovato.');
    } finally {
      await real.close();
    }
  });
});

describe('the question asked', () => {
  it('carries its party mark, a choice such as the genere too, for the register to offer people', () => {
    const asked = (source: (typeof DEMO_SOURCES)[DemoName], variable: string) => {
      const question = source.questions.find((candidate) => candidate.variable === variable);
      if (!question) throw new Error(variable);
      return toNextQuestion(question).parte;
    };
    expect(asked(DEMO_SOURCES.prestazione, 'committente_genere')).toEqual({
      ruolo: 'committente',
      campo: 'genere',
    });
    expect(asked(DEMO_SOURCES.locazione, 'conduttori')).toMatchObject({
      ruolo: 'conduttore',
      campi: { codice_fiscale: 'codice_fiscale' },
    });
    expect(asked(DEMO_SOURCES.locazione, 'canone')).toBeUndefined();
  });
});
