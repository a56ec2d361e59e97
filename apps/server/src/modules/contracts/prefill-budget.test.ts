/**
 * The budget of «filled once, reused everywhere»: a second document for the same parties asks at
 * most 20 % of the questions the first asked. Counted as the web walks the questionnaire (the
 * questions the lawyer answered, not those prefilled), printed, and asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('fills the engagement pack’s client from the register: what is left to ask, printed', async () => {
    const alone = await secondDocument('incarico');
    const facts = DEMO_SOURCES.incarico.facts;
    const saved = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/client',
      payload: {
        tipo: 'persona_fisica',
        dati: {
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
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const fromRegister = await secondDocument('incarico', undefined, {
      cliente_nome: saved.json().data.id,
    });
    console.log(
      `prefill budget: the engagement pack alone asked ${alone.length}; for a client of the register ${fromRegister.length} (the lawyer's own facts, the fees and the engagement are still asked)`,
    );
    // Every client fact of the register is one question fewer.
    expect(alone.length - fromRegister.length).toBeGreaterThanOrEqual(10);
    expect(fromRegister).not.toContain('cliente_codice_fiscale');
  });
});
