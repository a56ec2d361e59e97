import { ROLES, it as text } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, contracts, payments } from '../../db/schema.ts';
import { extractDocumentText } from '../../documents/render.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import {
  createPublishedTemplate,
  ensureBillingProfile,
  FINISHED_ANSWERS,
  payContract,
  SAMPLE_TOTAL,
  startCompletedContract,
  startContract,
} from '../contracts/test-contracts.ts';

let ctx: TestContext;
let lawyer: TestUser;
let admin: TestUser;
let templateId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [lawyer, admin] = await Promise.all([ctx.buildUser(), ctx.buildUser({ role: ROLES.admin })]);
  templateId = (await createPublishedTemplate(ctx, 'pagamenti')).template.id;
  // Every checkout requires the buyer's billing profile.
  await ensureBillingProfile(ctx, lawyer);
});

afterAll(async () => {
  await ctx.close();
});

function checkout(contractId: string, as: TestUser = lawyer) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/payment/local-checkout',
    payload: { contractId },
  });
}

function pay(payload: object, as: TestUser = lawyer) {
  return ctx.injectAs(as)({ method: 'POST', url: '/api/payment', payload });
}

async function sessionFor(contractId: string): Promise<string> {
  const response = await checkout(contractId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.session_id;
}

describe('POST /api/payment/local-checkout', () => {
  it("records a paid local session for the contract's total with VAT", async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const sessionId = await sessionFor(contractId);
    expect(sessionId).toMatch(/^local_[\w-]+$/);
    const [row] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, sessionId));
    expect(row).toMatchObject({ contractId, userId: lawyer.id, amountCents: 6088, status: 'paid' });
  });

  it('refuses a contract whose questionnaire is not completed (422)', async () => {
    const contractId = await startContract(ctx, lawyer, templateId);
    const response = await checkout(contractId);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.payments.notCompleted);
  });

  it('refuses a contract already paid (409)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    await payContract(ctx, lawyer, contractId);
    const response = await checkout(contractId);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(text.payments.alreadyPaid);
  });
});

describe('POST /api/payment', () => {
  it('records the payment in integer cents, with VAT', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);
    const response = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(payments)
      .where(eq(payments.transactionId, transactionId));
    expect(row).toMatchObject({
      id: response.json().data.id,
      contractId,
      provider: 'local',
      amountCents: 6088,
      vatCents: 1098,
    });
  });

  it('refuses a price that is not the total with VAT (422) and records nothing', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);
    for (const price of ['49.90', '60.87', 'sessanta', 60.89]) {
      const response = await pay({ transactionId, price, contractId });
      expect(response.statusCode, String(price)).toBe(422);
      expect(response.json().message).toBe(text.payments.priceMismatch);
    }
    const rows = await ctx.db.select().from(payments).where(eq(payments.contractId, contractId));
    expect(rows).toEqual([]);
    // The number form of the right total is accepted.
    const accepted = await pay({ transactionId, price: 60.88, contractId });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('refuses a session whose amount is not the current total (price changed): 422', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);
    await ctx.db
      .update(checkoutSessions)
      .set({ amountCents: 100 })
      .where(eq(checkoutSessions.id, transactionId));
    const response = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(text.payments.notVerifiable);
  });

  it('refuses a session that does not exist or is not paid (422)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const unknown = await pay({
      transactionId: 'local_inventata',
      price: SAMPLE_TOTAL,
      contractId,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(text.payments.notVerifiable);
    const transactionId = await sessionFor(contractId);
    await ctx.db
      .update(checkoutSessions)
      .set({ status: 'open' })
      .where(eq(checkoutSessions.id, transactionId));
    const open = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
    expect(open.statusCode).toBe(422);
  });

  it('answers a replay with the same payment, recording one row', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);
    const body = { transactionId, price: SAMPLE_TOTAL, contractId };
    const first = await pay(body);
    const [second, third] = await Promise.all([pay(body), pay(body)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(third.json().data.id).toBe(first.json().data.id);
    const rows = await ctx.db.select().from(payments).where(eq(payments.contractId, contractId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a session used for another contract (409)', async () => {
    const paidContract = await startCompletedContract(ctx, lawyer, templateId);
    const { sessionId } = await payContract(ctx, lawyer, paidContract);
    const otherContract = await startCompletedContract(ctx, lawyer, templateId);
    const reused = await pay({
      transactionId: sessionId,
      price: SAMPLE_TOTAL,
      contractId: otherContract,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe(text.payments.sessionUsed);

    const unusedSession = await sessionFor(otherContract);
    const thirdContract = await startCompletedContract(ctx, lawyer, templateId);
    const crossed = await pay({
      transactionId: unusedSession,
      price: SAMPLE_TOTAL,
      contractId: thirdContract,
    });
    expect(crossed.statusCode).toBe(409);
    const rows = await ctx.db.select().from(payments).where(eq(payments.contractId, otherContract));
    expect(rows).toEqual([]);
  });

  it('refuses a second payment of a paid contract (409)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const firstSession = await sessionFor(contractId);
    const secondSession = await sessionFor(contractId);
    expect(
      (await pay({ transactionId: firstSession, price: SAMPLE_TOTAL, contractId })).statusCode,
    ).toBe(200);
    const second = await pay({ transactionId: secondSession, price: SAMPLE_TOTAL, contractId });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(text.payments.alreadyPaid);
  });
});

function save(contractId: string, payload: object, as: TestUser = lawyer) {
  return ctx.injectAs(as)({ method: 'PUT', url: `/api/contract/${contractId}`, payload });
}

async function contractRow(contractId: string) {
  const [row] = await ctx.db.select().from(contracts).where(eq(contracts.id, contractId));
  return row;
}

describe('a contract with a payment in progress', () => {
  it('cannot be re-opened after the checkout (409), so the payment downloads the answered document', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);

    const reopened = await save(contractId, { status: 'TO_COMPLETE', answers: {} });
    expect(reopened.statusCode, reopened.body).toBe(409);
    expect(reopened.json().message).toBe(text.contracts.checkoutLocked);
    const edited = await save(contractId, {
      answers: { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' },
    });
    expect(edited.statusCode).toBe(409);
    // Saving what is already there is not an edit: the summary may resend it.
    expect((await save(contractId, { answers: FINISHED_ANSWERS })).statusCode).toBe(200);
    expect(await contractRow(contractId)).toMatchObject({
      status: 'COMPLETED',
      answers: FINISHED_ANSWERS,
    });

    const paid = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
    expect(paid.statusCode, paid.body).toBe(200);
    const file = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/contract/download/${contractId}`,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(extractDocumentText(file.rawPayload)).toContain('Tra Mario Rossi e la controparte.');
  });

  it('refuses a session whose contract no longer has the answers it was priced on (409)', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);
    // What a save slipping past the lock would leave: other answers than at checkout.
    await ctx.db
      .update(contracts)
      .set({ answers: { ...FINISHED_ANSWERS, nome_cliente: 'Anna Bianchi' } })
      .where(eq(contracts.id, contractId));
    const response = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(text.payments.answersChanged);
    expect(await ctx.db.select().from(payments).where(eq(payments.contractId, contractId))).toEqual(
      [],
    );
  });

  it('refuses to pay a contract that is not COMPLETED any more (422), recording nothing', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const transactionId = await sessionFor(contractId);
    await ctx.db
      .update(contracts)
      .set({ status: 'TO_COMPLETE', answers: {} })
      .where(eq(contracts.id, contractId));
    const response = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(text.payments.notCompleted);
    expect(await ctx.db.select().from(payments).where(eq(payments.contractId, contractId))).toEqual(
      [],
    );
  });

  it('never lets a re-opening save and the checkout both succeed when they race', async () => {
    for (let round = 0; round < 8; round += 1) {
      const contractId = await startCompletedContract(ctx, lawyer, templateId);
      const [checkedOut, reopened] = await Promise.all([
        checkout(contractId),
        save(contractId, { status: 'TO_COMPLETE', answers: {} }),
      ]);
      const statuses = [checkedOut.statusCode, reopened.statusCode];
      expect([
        [200, 409],
        [422, 200],
      ]).toContainEqual(statuses);
      const row = await contractRow(contractId);
      if (checkedOut.statusCode === 200) {
        expect(row).toMatchObject({ status: 'COMPLETED', answers: FINISHED_ANSWERS });
        const transactionId = checkedOut.json().data.session_id;
        const paid = await pay({ transactionId, price: SAMPLE_TOTAL, contractId });
        expect(paid.statusCode, paid.body).toBe(200);
      } else {
        expect(row).toMatchObject({ status: 'TO_COMPLETE', answers: {} });
      }
    }
  });
});

describe('POST /api/payment/local-checkout with an Idempotency-Key', () => {
  it('answers a retry with the first session, recording one', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const send = () =>
      ctx.injectAs(lawyer)({
        method: 'POST',
        url: '/api/payment/local-checkout',
        headers: { 'idempotency-key': `checkout-${contractId}` },
        payload: { contractId },
      });
    const first = await send();
    const [second, third] = await Promise.all([send(), send()]);
    expect(first.statusCode, first.body).toBe(200);
    for (const retry of [second, third]) {
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json().data.session_id).toBe(first.json().data.session_id);
      expect(retry.headers['idempotent-replayed']).toBe('true');
    }
    const sessions = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.contractId, contractId));
    expect(sessions.map((session) => session.id)).toEqual([first.json().data.session_id]);
  });
});

describe('POST /api/payment/webhook with the local provider', () => {
  it('is not there (404): there is no Stripe to hear from', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(text.payments.webhookDisabled);
  });
});

describe('GET /api/payment/{id}', () => {
  it('shows the payment to its owner and to admins', async () => {
    const contractId = await startCompletedContract(ctx, lawyer, templateId);
    const { paymentId, sessionId } = await payContract(ctx, lawyer, contractId);
    for (const as of [lawyer, admin]) {
      const response = await ctx.injectAs(as)({ method: 'GET', url: `/api/payment/${paymentId}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data).toEqual({
        id: paymentId,
        updatedAt: expect.any(String),
        price: SAMPLE_TOTAL,
        transactionId: sessionId,
        contractId,
      });
    }
  });
});
