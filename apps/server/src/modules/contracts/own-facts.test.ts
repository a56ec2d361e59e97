/**
 * The lawyer's own party (`ruolo: "avvocato"`): when the engagement pack starts, the lawyer's
 * questions are answered from the caller's account, billing profile and latest pack, marked as
 * prefilled, and never from another lawyer's.
 */
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAWYER_FIELD_OF } from '../../../demo-templates/conferimento-incarico/source.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { DEMO_SOURCES, type DemoName, seedDemos, walkQuestionnaire } from './test-walk.ts';

let ctx: TestContext;
let luca: TestUser;
let sara: TestUser;
let demos: Record<DemoName, string>;

const LAWYER_QUESTIONS = Object.keys(LAWYER_FIELD_OF);

const billingOf = (codice_fiscale: string, partita_iva: string, comune: string) => ({
  tipo: 'persona_fisica',
  codice_fiscale,
  partita_iva,
  indirizzo: 'via Manzoni 12',
  cap: '20121',
  comune,
  provincia: 'MI',
  nazione: 'IT',
});

async function saveBilling(user: TestUser, profile: Record<string, string>) {
  const saved = await ctx.injectAs(user)({
    method: 'PUT',
    url: `/api/user/${user.id}/billing`,
    payload: { ...profile, nome: user.name, cognome: user.surname },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** A new engagement pack, started as the web starts it: the detail's answers and prefilled keys. */
async function startPack(user: TestUser): Promise<{
  id: string;
  answers: TAnswers;
  prefilled: string[];
}> {
  const started = await ctx.injectAs(user)({
    method: 'PUT',
    url: '/api/contract/',
    payload: { type: demos.incarico, answers: { cliente_tipo: 'Persona fisica' } },
  });
  expect(started.statusCode, started.body).toBe(200);
  const id: string = started.json().data.id;
  const detail = await ctx.injectAs(user)({ method: 'GET', url: `/api/contract/${id}` });
  expect(detail.statusCode, detail.body).toBe(200);
  const { answers, prefilled } = detail.json().data;
  // The start answers what the detail holds: the web's questionnaire goes on from it.
  expect(started.json().data).toEqual({ id, answers, prefilled });
  return { id, answers, prefilled };
}

beforeAll(async () => {
  ctx = await createTestContext();
  [luca, sara] = await Promise.all([
    ctx.buildUser({ name: 'Luca', surname: 'Bianchi' }),
    ctx.buildUser({ name: 'Sara', surname: 'Verdi' }),
  ]);
  demos = await seedDemos(ctx);
  await saveBilling(luca, billingOf('RSSMRA80A01H501U', '01234567897', 'Milano'));
  await saveBilling(sara, billingOf('VRDSRA85T50F205X', '12345678903', 'Monza'));
});

afterAll(async () => {
  await ctx.close();
});

describe('the lawyer’s own party in the engagement pack', () => {
  it('is prefilled from the account and the billing profile when the pack starts', async () => {
    const pack = await startPack(luca);
    expect(pack.answers).toMatchObject({
      cliente_tipo: 'Persona fisica',
      avvocato_nome: 'Luca Bianchi',
      avvocato_pec: luca.pec,
      avvocato_codice_fiscale: 'RSSMRA80A01H501U',
      avvocato_partita_iva: '01234567897',
      studio_indirizzo: 'via Manzoni 12',
      studio_cap: '20121',
      studio_comune: 'Milano',
      studio_provincia: 'MI',
    });
    // What the account does not hold is asked the first time.
    expect(pack.answers).not.toHaveProperty('avvocato_ordine');
    expect(pack.answers).not.toHaveProperty('iban');
    expect([...pack.prefilled].sort()).toEqual(
      [
        'avvocato_nome',
        'avvocato_pec',
        'avvocato_codice_fiscale',
        'avvocato_partita_iva',
        'studio_indirizzo',
        'studio_cap',
        'studio_comune',
        'studio_provincia',
      ].sort(),
    );
  });

  it('asks none of the lawyer’s facts in a second pack, for another client', async () => {
    const facts = DEMO_SOURCES.incarico.facts;
    const first = await startPack(luca);
    const walkedFirst = await walkQuestionnaire(ctx, luca, demos.incarico, facts, first.id);
    expect(walkedFirst.asked).toEqual(
      expect.arrayContaining(['avvocato_ordine', 'polizza_numero', 'iban']),
    );

    const second = await startPack(luca);
    const walked = await walkQuestionnaire(ctx, luca, demos.incarico, facts, second.id);
    expect(walked.asked.filter((key) => LAWYER_QUESTIONS.includes(key))).toEqual([]);
    // A snapshot of the first pack's answers, marked as prefilled like the account's.
    expect(second.answers).toMatchObject({
      avvocato_ordine: facts.avvocato_ordine,
      polizza_compagnia: facts.polizza_compagnia,
      polizza_numero: facts.polizza_numero,
      polizza_massimale: facts.polizza_massimale,
      iban: facts.iban,
      avvocato_telefono: facts.avvocato_telefono,
      avvocato_genere: walkedFirst.answers.avvocato_genere,
    });
    expect(second.prefilled).toEqual(expect.arrayContaining(['avvocato_ordine', 'iban']));
  });

  it('leaves out in a second pack the facts the lawyer left out of the first (no DPO, no telephone)', async () => {
    const lawyer = await ctx.buildUser({ name: 'Paola', surname: 'Neri' });
    await saveBilling(lawyer, billingOf('RSSMRA80A01H501U', '01234567897', 'Milano'));
    const facts = { ...DEMO_SOURCES.incarico.facts, dpo_email: null, avvocato_telefono: null };
    const first = await startPack(lawyer);
    const walkedFirst = await walkQuestionnaire(ctx, lawyer, demos.incarico, facts, first.id);
    expect(walkedFirst.asked).toEqual(expect.arrayContaining(['dpo_email', 'avvocato_telefono']));

    const second = await startPack(lawyer);
    expect(second.answers).toMatchObject({ dpo_email: null, avvocato_telefono: null });
    expect(second.prefilled).toEqual(expect.arrayContaining(['dpo_email', 'avvocato_telefono']));
    const walked = await walkQuestionnaire(ctx, lawyer, demos.incarico, facts, second.id);
    expect(walked.asked.filter((key) => LAWYER_QUESTIONS.includes(key))).toEqual([]);
  });

  it('never fills a lawyer’s questions with another lawyer’s facts', async () => {
    const lucaPack = await startPack(luca);
    await walkQuestionnaire(ctx, luca, demos.incarico, DEMO_SOURCES.incarico.facts, lucaPack.id);

    const saraPack = await startPack(sara);
    expect(saraPack.answers).toMatchObject({
      avvocato_nome: 'Sara Verdi',
      avvocato_pec: sara.pec,
      avvocato_codice_fiscale: 'VRDSRA85T50F205X',
      avvocato_partita_iva: '12345678903',
      studio_comune: 'Monza',
    });
    // Luca's Ordine, policy and IBAN are his: Sara, who has no pack yet, is asked hers.
    for (const key of ['avvocato_ordine', 'polizza_numero', 'iban', 'avvocato_telefono']) {
      expect(saraPack.answers).not.toHaveProperty(key);
    }
  });
});
