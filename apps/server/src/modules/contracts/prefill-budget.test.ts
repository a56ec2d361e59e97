/**
 * The budget of «filled once, reused everywhere»: a second document for the same parties asks at
 * most 20 % of the questions the first asked. Counted as the web walks the questionnaire (the
 * questions the lawyer answered, not those prefilled), printed, and asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_FIELD_OF,
  LAWYER_FIELD_OF,
} from '../../../demo-templates/conferimento-incarico/source.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { DEMO_SOURCES, type DemoName, seedDemos, walkQuestionnaire } from './test-walk.ts';

let ctx: TestContext;
let lawyer: TestUser;
let demos: Record<DemoName, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  lawyer = await ctx.buildUser();
  demos = await seedDemos(ctx);
});

afterAll(async () => {
  await ctx.close();
});

/** A document started from `from` (or from nothing), walked to its end: the questions asked. */
async function secondDocument(
  demo: DemoName,
  from?: string,
  clients?: Record<string, string>,
): Promise<string[]> {
  let contractId: string | undefined;
  if (from || clients) {
    const started = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: '/api/contract/',
      payload: { type: demos[demo], ...(from ? { from } : {}), ...(clients ? { clients } : {}) },
    });
    expect(started.statusCode, started.body).toBe(200);
    contractId = started.json().data.id;
  }
  const walked = await walkQuestionnaire(
    ctx,
    lawyer,
    demos[demo],
    DEMO_SOURCES[demo].facts,
    contractId,
  );
  return walked.asked;
}

async function saveClient(user: TestUser, dati: Record<string, unknown>): Promise<string> {
  const saved = await ctx.injectAs(user)({
    method: 'POST',
    url: '/api/client',
    payload: { tipo: 'persona_fisica', dati },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json().data.id;
}

/** An engagement pack for a client of the register, walked to its end: the questions asked. */
async function packFor(user: TestUser, clientId: string): Promise<string[]> {
  const started = await ctx.injectAs(user)({
    method: 'PUT',
    url: '/api/contract/',
    payload: { type: demos.incarico, clients: { cliente_nome: clientId } },
  });
  expect(started.statusCode, started.body).toBe(200);
  const walked = await walkQuestionnaire(
    ctx,
    user,
    demos.incarico,
    DEMO_SOURCES.incarico.facts,
    started.json().data.id,
  );
  return walked.asked;
}

describe('a second document for the same parties', () => {
  it('asks at most 20 % of the questions the first asked', async () => {
    const first = await walkQuestionnaire(
      ctx,
      lawyer,
      demos.locazione,
      DEMO_SOURCES.locazione.facts,
    );
    const second = await secondDocument('locazione', first.id);
    const ratio = second.length / first.asked.length;
    console.log(
      `prefill budget: first locazione asked ${first.asked.length} questions; a second locazione started from it asked ${second.length} (${(ratio * 100).toFixed(0)} %, budget 20 %)`,
    );
    expect(first.asked.length).toBeGreaterThan(20);
    expect(ratio).toBeLessThanOrEqual(0.2);

    // Across templates the demos share little beyond luogo, IBAN and massimale, and their
    // parties have other roles: printed for the record, asserted only to ask fewer.
    for (const other of ['prestazione', 'nda'] as const) {
      const alone = await secondDocument(other);
      const prefilled = await secondDocument(other, first.id);
      console.log(
        `prefill budget: ${other} alone asked ${alone.length}; started from the locazione ${prefilled.length} (${((prefilled.length / first.asked.length) * 100).toFixed(0)} % of the locazione's ${first.asked.length})`,
      );
      expect(prefilled.length).toBeLessThanOrEqual(alone.length);
    }
  });

  it('fills the engagement pack’s client from the register and the lawyer from their account: a second client asks at most 20 % of the locazione’s questions, printed', async () => {
    // A lawyer as they buy: with a billing profile, and no engagement pack yet.
    const billed = await ctx.buildUser({ name: 'Luca', surname: 'Rossi' });
    const profile = await ctx.injectAs(billed)({
      method: 'PUT',
      url: `/api/user/${billed.id}/billing`,
      payload: {
        tipo: 'persona_fisica',
        nome: 'Luca',
        cognome: 'Rossi',
        codice_fiscale: 'RSSMRA80A01H501U',
        partita_iva: '01234567897',
        indirizzo: 'via Manzoni 12',
        cap: '20121',
        comune: 'Milano',
        provincia: 'MI',
        nazione: 'IT',
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const facts = DEMO_SOURCES.incarico.facts;
    const anna = await saveClient(billed, {
      nome: facts.cliente_nome,
      cognome: facts.cliente_cognome,
      genere: 'femminile',
      codice_fiscale: facts.cliente_codice_fiscale,
      luogo_nascita: facts.cliente_luogo_nascita,
      data_nascita: facts.cliente_data_nascita,
      indirizzo: facts.cliente_indirizzo,
      cap: facts.cliente_cap,
      comune: facts.cliente_comune,
      provincia: facts.cliente_provincia,
      email: facts.cliente_email,
      pec: facts.cliente_pec,
      // A consumer: she withholds no ritenuta d'acconto, as the register says once.
      sostituto_imposta: 'No',
    });
    const mario = await saveClient(billed, {
      nome: 'Mario',
      cognome: 'Rossi',
      genere: 'maschile',
      codice_fiscale: 'RSSMRA85T10A562S',
      luogo_nascita: 'Napoli',
      data_nascita: '1985-12-10',
      indirizzo: 'via Toledo 10',
      cap: '80134',
      comune: 'Napoli',
      provincia: 'NA',
      email: 'mario.rossi@example.it',
      pec: 'mario.rossi@pec.it',
      sostituto_imposta: 'No',
    });

    // The lawyer of the locazione test, with no billing profile and no pack: every question but
    // the account's PEC (the name is the first question, asked before the document exists).
    const alone = await secondDocument('incarico');
    const firstPack = await packFor(billed, anna);
    const secondPack = await packFor(billed, mario);
    const lease = await walkQuestionnaire(
      ctx,
      billed,
      demos.locazione,
      DEMO_SOURCES.locazione.facts,
    );
    const ofLease = (count: number) => `${((count / lease.asked.length) * 100).toFixed(0)} %`;
    console.log(
      `prefill budget: the engagement pack alone asked ${alone.length}; (a) a first pack for a client of the register, the lawyer's account and billing profile known, ${firstPack.length} (${ofLease(firstPack.length)} of the locazione's ${lease.asked.length}); (b) a second pack for a second client of the register ${secondPack.length} (${ofLease(secondPack.length)}, budget 20 %): ${secondPack.join(', ')}`,
    );
    // Every client fact of the register and every fact of the account is one question fewer.
    expect(alone.length - firstPack.length).toBeGreaterThanOrEqual(18);
    expect(firstPack).not.toContain('cliente_codice_fiscale');
    expect(firstPack).not.toContain('avvocato_codice_fiscale');
    // The second pack asks only the engagement's own facts: nothing of the client (whether they
    // withhold the ritenuta is the register's) nor of the lawyer and the studio (its DPO and its
    // AI systems come from the first pack).
    const partyQuestions = [...Object.keys(CLIENT_FIELD_OF), ...Object.keys(LAWYER_FIELD_OF)];
    expect(secondPack.filter((key) => partyQuestions.includes(key))).toEqual([]);
    expect(secondPack.length).toBeLessThan(firstPack.length);
    expect(secondPack).toEqual([
      'oggetto',
      'tipo_incarico',
      'autorita',
      'controparte',
      'fasi',
      'acconto',
      'pagamento',
    ]);
    expect(secondPack.length / lease.asked.length).toBeLessThanOrEqual(0.2);
  });
});
