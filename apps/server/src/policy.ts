/**
 * Who may do what (SPEC §6, DESIGN §3): every permission of the server, in one place. Routes
 * gate by role with `allow(may…)` before the body is read; services ask the record-level
 * predicates once they hold the record. A record the caller may not read answers 404, never 403,
 * so nobody learns which ids exist.
 */
import { isStaff, it, ROLES, type TRole, type TUserStatus } from '@lexpath/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from './lib/app-error.ts';

/** Who is calling, as the database says now (not as the token said 15 minutes ago). */
export type Caller = { id: string; role: TRole; status: TUserStatus };

/** What the contract predicates read of a contract. */
type OwnedRecord = { userId: string };

// ---------------------------------------------------------------------------------------------
// Role-level: settled before the request is parsed.

/**
 * The user area: start, answer, preview and pay own documents (SPEC §6: editors and admins are
 * redirected out of it; they try templates through the test flow instead).
 */
export function mayUseUserArea(caller: Caller): boolean {
  return caller.role === ROLES.user;
}

/** Reading documents: the lawyer's own, and the admin's users' contracts screen. */
export function mayReadContracts(caller: Caller): boolean {
  return caller.role === ROLES.user || caller.role === ROLES.admin;
}

/** Every user's contracts (the users' contracts screen). */
export function mayListAllContracts(caller: Caller): boolean {
  return caller.role === ROLES.admin;
}

/** Templates and their files: create, edit, publish, delete, try (the test flow). */
export function mayEditTemplates(caller: Caller): boolean {
  return isStaff(caller.role);
}

/** Suspended templates are reachable by their authors (the test flow), never by customers. */
export function mayUseUnpublishedTemplates(caller: Caller): boolean {
  return isStaff(caller.role);
}

/** The payment link is template configuration: staff see it on cards, customers do not. */
export function maySeeTemplateConfig(caller: Caller): boolean {
  return isStaff(caller.role);
}

/** Refunds (issue 14): money and credit notes, from the admin's invoices screen. */
export function mayRefundPayments(caller: Caller): boolean {
  return caller.role === ROLES.admin;
}

/** The invoices list and files: a lawyer's own purchases, every purchase for an admin. */
export function mayListInvoices(caller: Caller): boolean {
  return caller.role === ROLES.user || caller.role === ROLES.admin;
}

/** Every buyer's invoices, and a month's files as a zip for the accountant. */
export function mayListAllInvoices(caller: Caller): boolean {
  return caller.role === ROLES.admin;
}

export function mayEditCategories(caller: Caller): boolean {
  return caller.role === ROLES.admin;
}

/** The users list, their status, and editor accounts. */
export function mayManageUsers(caller: Caller): boolean {
  return caller.role === ROLES.admin;
}

// ---------------------------------------------------------------------------------------------
// Record-level: asked once the record is loaded.

/** The owner, or an admin from the users' contracts screen. */
export function mayReadContract(caller: Caller, contract: OwnedRecord): boolean {
  return contract.userId === caller.id || caller.role === ROLES.admin;
}

/** Answers and status: the owner, in the user area. */
export function mayEditContract(caller: Caller, contract: OwnedRecord): boolean {
  return contract.userId === caller.id && mayUseUserArea(caller);
}

/**
 * A new document started from this one (`PUT /contract/` with `from`): its owner only, whatever
 * its status, since the new contract copies its answers.
 */
export function mayCopyContract(caller: Caller, contract: OwnedRecord): boolean {
  return contract.userId === caller.id;
}

/** The preview PDF: the owner, in the user area (admins read the answers in the detail). */
export function mayPreviewContract(caller: Caller, contract: OwnedRecord): boolean {
  return mayEditContract(caller, contract);
}

/** Checkout and payment: the owner, in the user area. */
export function mayPayContract(caller: Caller, contract: OwnedRecord): boolean {
  return contract.userId === caller.id && mayUseUserArea(caller);
}

/**
 * The bought document: the owner, or an admin from the users' contract detail (audited;
 * DESIGN §7). Editors and admins otherwise download through the test flow.
 */
export function mayDownloadContract(caller: Caller, contract: OwnedRecord): boolean {
  return mayReadContract(caller, contract);
}

/** A payment is read as its contract is. */
export function mayReadPayment(caller: Caller, contract: OwnedRecord): boolean {
  return mayReadContract(caller, contract);
}

/** An invoice (its XML, its courtesy copy): the buyer, or an admin. */
export function mayReadInvoice(caller: Caller, invoice: OwnedRecord): boolean {
  return invoice.userId === caller.id || mayListAllInvoices(caller);
}

export function mayReadUser(caller: Caller, userId: string): boolean {
  return caller.id === userId || caller.role === ROLES.admin;
}

export function mayEditUser(caller: Caller, userId: string): boolean {
  return caller.id === userId || caller.role === ROLES.admin;
}

// ---------------------------------------------------------------------------------------------
// Route gate

/**
 * onRequest after `authenticate`: 403 unless `may(caller)`. On onRequest, so a refused caller
 * is answered before the body is read or validated.
 */
export function allow(may: (caller: Caller) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user || !may(request.user)) throw new AppError('forbidden', it.auth.forbidden);
  };
}
