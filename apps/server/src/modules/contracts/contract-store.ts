/**
 * The contract store: the lookup of a contract with what its screens and checks need, its row
 * lock, and whether a checkout holds it. Used by the contract services and by payments, so the
 * dependency runs one way: payments depend on contracts, contracts never on payments.
 */

import { it } from '@lexpath/shared';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import {
  checkoutSessions,
  contracts,
  invoices,
  payments,
  templates,
  templateVersions,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Caller } from '../../policy.ts';

const notFound = () => new AppError('notFound', it.errors.notFound);

const contractColumns = {
  id: contracts.id,
  userId: contracts.userId,
  templateId: contracts.templateId,
  templateVersionId: contracts.templateVersionId,
  currentVersionId: templates.currentVersionId,
  answers: contracts.answers,
  prefilled: contracts.prefilled,
  status: contracts.status,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
  templateName: templates.name,
  templateDescription: templates.description,
  priceCents: contracts.priceCents,
  maxQuestions: templates.maxQuestions,
  stripeUrl: templates.stripeUrl,
  previewSha256: templateVersions.previewSha256,
  masterSha256: templateVersions.masterSha256,
  documentName: templateVersions.documentName,
  ownerName: users.name,
  ownerSurname: users.surname,
  paymentId: payments.id,
  paymentUpdatedAt: payments.updatedAt,
  paidAt: payments.paidAt,
  paymentAmountCents: payments.amountCents,
  refundedAt: payments.refundedAt,
  invoiceId: invoices.id,
  invoiceNumber: invoices.fullNumber,
  invoiceDate: invoices.issuedOn,
};

/**
 * Contracts with their template, pinned version, owner, payment (at most one) and the payment's
 * invoice (its TD01, at most one: one payment per contract, one invoice per payment; by the
 * contract index of invoices, a probe per row of the page).
 */
export function selectContracts(db: DbExecutor) {
  return db
    .select(contractColumns)
    .from(contracts)
    .innerJoin(templates, eq(templates.id, contracts.templateId))
    .innerJoin(templateVersions, eq(templateVersions.id, contracts.templateVersionId))
    .innerJoin(users, eq(users.id, contracts.userId))
    .leftJoin(payments, eq(payments.contractId, contracts.id))
    .leftJoin(invoices, and(eq(invoices.contractId, contracts.id), eq(invoices.tipo, 'TD01')));
}

export type ContractRow = Awaited<ReturnType<typeof selectContracts>>[number];

/**
 * The contract locked FOR UPDATE, whoever asks: the lock every writer of the contract, its
 * checkout sessions and its payment takes, so their checks hold until they commit. Locked first,
 * read after: a statement that waited for the lock still sees the other tables as they were when
 * it started, so one read joined to payments would miss the payment whose commit it waited for.
 */
export async function lockContract(tx: DbExecutor, id: string): Promise<ContractRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [locked] = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.id, id))
    .for('update');
  if (!locked) return undefined;
  const [row] = await selectContracts(tx).where(eq(contracts.id, id));
  return row;
}

/**
 * The contract if `may` lets `caller` reach it (a predicate of the policy). Anyone else gets 404,
 * so another user's contract is never revealed to exist (DESIGN §3).
 */
export async function findContract(
  db: DbExecutor,
  caller: Caller,
  id: string,
  may: (caller: Caller, contract: ContractRow) => boolean,
  options: { forUpdate?: boolean } = {},
): Promise<ContractRow> {
  if (!isUuid(id)) throw notFound();
  const row = options.forUpdate
    ? await lockContract(db, id)
    : (await selectContracts(db).where(eq(contracts.id, id)))[0];
  if (!row || !may(caller, row)) throw notFound();
  return row;
}

/**
 * Whether the contract has a checkout session in progress: open and not yet expired, or paid
 * (the payment row follows at fulfilment). Read under the contract's row lock, which every
 * writer of sessions and payments takes too, so the answer holds until the caller commits.
 */
export async function hasCheckoutInProgress(tx: DbExecutor, contractId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.contractId, contractId),
        or(
          eq(checkoutSessions.status, 'paid'),
          and(
            eq(checkoutSessions.status, 'open'),
            or(isNull(checkoutSessions.expiresAt), gt(checkoutSessions.expiresAt, sql`now()`)),
          ),
        ),
      ),
    )
    .limit(1);
  return row !== undefined;
}
