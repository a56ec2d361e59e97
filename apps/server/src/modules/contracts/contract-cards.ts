/**
 * A contract as the lists and the detail show it: the card's columns (what a list joins) and
 * its fields, built once for the owner's list, the admin's list and the detail.
 */
import { centsToDecimal, computeTotal, it } from '@lexpath/shared';
import type { TContractCard } from '@lexpath/shared/schemas/contracts';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import { sql } from 'drizzle-orm';
import {
  contracts,
  invoices,
  payments,
  templateDocuments,
  templates,
  users,
} from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContractRow } from './contract-store.ts';

export const notFound = () => new AppError('notFound', it.errors.notFound);

export function totalCentsOf(priceCents: number): number {
  return computeTotal(priceCents).totalCents;
}

/**
 * What a card of the lists shows, and no more: the list reads neither the pinned version's files
 * nor the template's checkout settings, so it joins four tables where a contract's own read
 * joins five.
 */
export const cardColumns = {
  id: contracts.id,
  templateId: contracts.templateId,
  // As PostgreSQL writes them: the body carries them as they are (see cardJson).
  answersJson: sql<string>`${contracts.answers}::text`,
  answersCount: sql<number>`(select count(*) from jsonb_object_keys(${contracts.answers}))::int`,
  // The master and the set's other documents of the version the contract was started on.
  documentsCount: sql<number>`(1 + (select count(*) from ${templateDocuments} where ${templateDocuments.versionId} = ${contracts.templateVersionId}))::int`,
  status: contracts.status,
  createdAt: contracts.createdAt,
  updatedAt: contracts.updatedAt,
  priceCents: contracts.priceCents,
  templateName: templates.name,
  templateDescription: templates.description,
  ownerName: users.name,
  ownerSurname: users.surname,
  paymentId: payments.id,
  paymentUpdatedAt: payments.updatedAt,
  paymentAmountCents: payments.amountCents,
  invoiceId: invoices.id,
  invoiceNumber: invoices.fullNumber,
  invoiceDate: invoices.issuedOn,
};

export type CardRow = Pick<
  ContractRow,
  Exclude<keyof typeof cardColumns, 'answersJson' | 'answersCount' | 'documentsCount'>
> & { answersJson: string; answersCount: number; documentsCount: number };

type CardFields = Omit<TContractCard, 'answers' | 'answers_count'>;

/** A card without its answers: what the detail and the lists build the same way. */
function cardFieldsOf(
  row: Omit<CardRow, 'answersJson' | 'answersCount' | 'documentsCount'> & {
    documentsCount?: number;
  },
): CardFields {
  return {
    id: row.id,
    name: row.templateName,
    title: row.templateName,
    description: row.templateDescription,
    type: row.templateId,
    status: row.status,
    price: centsToDecimal(totalCentsOf(row.priceCents)),
    paymentId:
      row.paymentId && row.paymentUpdatedAt && row.paymentAmountCents !== null
        ? {
            id: row.paymentId,
            updatedAt: row.paymentUpdatedAt.toISOString(),
            price: centsToDecimal(row.paymentAmountCents),
          }
        : null,
    userId: { name: row.ownerName, surname: row.ownerSurname },
    invoice:
      row.invoiceId && row.invoiceNumber && row.invoiceDate
        ? { id: row.invoiceId, number: row.invoiceNumber, date: row.invoiceDate }
        : null,
    ...(row.documentsCount === undefined ? {} : { documents_count: row.documentsCount }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toCard(row: ContractRow): TContractCard {
  const { answers } = row;
  return { ...cardFieldsOf(row), answers, answers_count: Object.keys(answers).length };
}

export function listCardOf(row: CardRow): TContractCard {
  return {
    ...cardFieldsOf(row),
    answers: JSON.parse(row.answersJson) as TAnswers,
    answers_count: row.answersCount,
  };
}

/**
 * A list card as JSON, its answers spliced in as PostgreSQL wrote them (valid JSON, its own
 * spacing): a page of 12 documents of 38 answers each spent a third of its CPU parsing them
 * into objects only to write them out again.
 */
export function cardJson(row: CardRow): string {
  const fields = JSON.stringify(cardFieldsOf(row));
  return `${fields.slice(0, -1)},"answers":${row.answersJson},"answers_count":${row.answersCount}}`;
}
