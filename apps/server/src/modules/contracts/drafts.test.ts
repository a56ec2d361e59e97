/**
 * A lawyer's documents in progress («Documenti in corso»): listed, resumed on the version they
 * started with, deleted when never bought.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  checkoutSessions,
  contracts,
  templates,
  templateVersions,
} from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  ensureBillingProfile,
  payContract,
  startCompletedContract,
  startContract,
} from './test-contracts.ts';

let ctx: TestContext;
let lawyer: TestUser;
let other: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [lawyer, other] = await Promise.all([ctx.buildUser(), ctx.buildUser()]);
  templateId = (await createPublishedTemplate(ctx, 'bozze')).template.id;
});

afterAll(async () => {
  await ctx.close();
});

function answer(as: TestUser, id: string, answers: object) {
  return ctx.injectAs(as)({ method: 'PUT', url: `/api/contract/${id}`, payload: { answers } });
}

function remove(as: TestUser, id: string) {
  return ctx.injectAs(as)({ method: 'DELETE', url: `/api/contract/${id}` });
}

async function exists(id: string): Promise<boolean> {
  const rows = await ctx.db.select().from(contracts).where(eq(contracts.id, id));
  return rows.length === 1;
}

describe('GET /api/contract?status=TO_COMPLETE', () => {
  it("lists the caller's own drafts only, with what was answered", async () => {
    const mine = await startContract(ctx, lawyer, templateId);
    expect((await answer(lawyer, mine, { nome_cliente: 'Anna Bianchi' })).statusCode).toBe(200);
    const theirs = await startContract(ctx, other, templateId);

    const listed = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: '/api/contract?status=TO_COMPLETE&limit=50',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const results: { id: string; answers_count: number; answers: object }[] =
      listed.json().data.results;
    const ids = results.map((card) => card.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(results.find((card) => card.id === mine)).toMatchObject({
      answers_count: 1,
      answers: { nome_cliente: 'Anna Bianchi' },
    });
  });
});

describe('DELETE /api/contract/{id}', () => {
  it('deletes the owner’s draft, with its unpaid checkout sessions, and audits it without answers', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await ensureBillingProfile(ctx, lawyer);
    const checkout = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment/local-checkout',
      payload: { contractId: id },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    // The lawyer left the payment page: the session expired unpaid.
    await ctx.db
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(eq(checkoutSessions.contractId, id));

    const deleted = await remove(lawyer, id);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await exists(id)).toBe(false);
    const sessions = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.contractId, id));
    expect(sessions).toEqual([]);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'contract.draft-deleted')));
    expect(audit?.actorId).toBe(lawyer.id);
    expect(JSON.stringify(audit?.details)).not.toContain('Mario Rossi');
  });

  it("answers 404 for another lawyer's draft and an unknown id, and keeps the draft", async () => {
    const id = await startContract(ctx, other, templateId);
    expect((await remove(lawyer, id)).statusCode).toBe(404);
    expect((await remove(lawyer, 'not-an-id')).statusCode).toBe(404);
    expect(await exists(id)).toBe(true);
  });

  it('refuses a bought document with an Italian message and keeps it', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, id);
    const refused = await remove(lawyer, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Il documento è già stato acquistato o il suo pagamento è in corso: non può essere eliminato.',
    );
    expect(await exists(id)).toBe(true);
  });

  it('refuses a document whose payment is under way', async () => {
    const id = await startCompletedContract(ctx, lawyer, templateId);
    await ensureBillingProfile(ctx, lawyer);
    const checkout = await ctx.injectAs(lawyer)({
      method: 'POST',
      url: '/api/payment/local-checkout',
      payload: { contractId: id },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect((await remove(lawyer, id)).statusCode).toBe(409);
    expect(await exists(id)).toBe(true);
  });
});

describe('a draft resumed after its template got a newer version', () => {
  it('says so, and its next question comes from the version it started with', async () => {
    const { template } = await createPublishedTemplate(ctx, 'versione');
    const id = await startContract(ctx, lawyer, template.id);
    expect((await answer(lawyer, id, { nome_cliente: 'Mario Rossi' })).statusCode).toBe(200);

    // The editor saves a new version whose second question is another one.
    const [current] = await ctx.db
      .select()
      .from(templateVersions)
      .innerJoin(templates, eq(templates.currentVersionId, templateVersions.id))
      .where(eq(templates.id, template.id));
    const started = current?.template_versions;
    if (!started) throw new Error('no current version');
    const [newer] = await ctx.db
      .insert(templateVersions)
      .values({
        templateId: template.id,
        masterSha256: started.masterSha256,
        previewSha256: started.previewSha256,
        masterName: started.masterName,
        previewName: started.previewName,
        jsonQuestions: [
          started.jsonQuestions[0],
          {
            variable: 'foro',
            question: 'Quale foro è competente?',
            options: ['Milano', 'Roma'],
            required_answers: [],
            is_multiple_selection: false,
          },
        ] as typeof started.jsonQuestions,
        createdBy: started.createdBy,
      })
      .returning();
    await ctx.db
      .update(templates)
      .set({ currentVersionId: newer?.id })
      .where(eq(templates.id, template.id));

    const detail = await ctx.injectAs(lawyer)({ method: 'GET', url: `/api/contract/${id}` });
    expect(detail.json().data.templateId).toMatchObject({
      version_id: started.id,
      newer_version: true,
    });

    const next = (query: string) =>
      ctx.injectAs(lawyer)({
        method: 'POST',
        url: `/api/contract/questions?${query}`,
        payload: { nome_cliente: 'Mario Rossi' },
      });
    const onItsVersion = await next(`type=${template.id}&version=${started.id}`);
    expect(onItsVersion.statusCode, onItsVersion.body).toBe(200);
    expect(onItsVersion.json().data.variable).toBe('tipo');
    expect((await next(`type=${template.id}`)).json().data.variable).toBe('foro');

    // A version of another template is not this template's.
    const [foreign] = await ctx.db
      .select({ id: templates.currentVersionId })
      .from(templates)
      .where(eq(templates.id, templateId));
    expect((await next(`type=${template.id}&version=${foreign?.id}`)).statusCode).toBe(404);
    expect((await next(`type=${template.id}&version=nonsense`)).statusCode).toBe(404);
  });
});
