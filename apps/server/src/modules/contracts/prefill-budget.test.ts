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
async function secondDocument(demo: DemoName, from?: string): Promise<string[]> {
  let contractId: string | undefined;
  if (from) {
    const started = await ctx.injectAs(lawyer)({
      method: 'PUT',
      url: '/api/contract/',
      payload: { type: demos[demo], from },
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
});
