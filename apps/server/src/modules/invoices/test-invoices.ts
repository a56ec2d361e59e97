import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices } from '../../db/schema.ts';
import type { TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { payContract, startCompletedContract } from '../contracts/test-contracts.ts';

/** The seat every test buyer shares (the fields that differ are what each test is about). */
export const SEDE_NAPOLI = {
  indirizzo: 'via Toledo 10',
  cap: '80134',
  comune: 'Napoli',
  provincia: 'NA',
  nazione: 'IT',
};

/** A professional billed as a natural person, delivered by PEC (no SDI code). */
export const PERSONA_FISICA = {
  tipo: 'persona_fisica',
  nome: 'Mario',
  cognome: 'Rossi',
  codice_fiscale: 'RSSMRA80A01H501U',
  partita_iva: '12345678903',
  ...SEDE_NAPOLI,
  pec_destinatario: 'fatture.rossi@pec.test.it',
};

/** A law firm (studio associato) reached through its SDI code. */
export const STUDIO = {
  tipo: 'studio',
  denominazione: 'Studio Legale Esposito & Bianchi',
  codice_fiscale: '12345678903',
  partita_iva: '12345678903',
  ...SEDE_NAPOLI,
  codice_destinatario: 'M5UXCR1',
};

/** A lawyer with a billing profile (`profile`, the persona fisica by default). */
export async function lawyerWithBilling(
  ctx: TestContext,
  profile: Record<string, string> = PERSONA_FISICA,
): Promise<TestUser> {
  const lawyer = await ctx.buildUser();
  const saved = await ctx.injectAs(lawyer)({
    method: 'PUT',
    url: `/api/user/${lawyer.id}/billing`,
    payload: profile,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return lawyer;
}

/** A purchase through the local checkout, and the invoice it issued. */
export async function buyWithInvoice(ctx: TestContext, lawyer: TestUser, templateId: string) {
  const contractId = await startCompletedContract(ctx, lawyer, templateId);
  const { paymentId } = await payContract(ctx, lawyer, contractId);
  const [invoice] = await ctx.db.select().from(invoices).where(eq(invoices.paymentId, paymentId));
  if (!invoice) throw new Error('no invoice issued');
  return { contractId, paymentId, invoice };
}

/** Poppler's `pdftotext` of a PDF, blanks collapsed (table cells and wrapped lines). */
export function pdfToText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('pdftotext', ['-enc', 'UTF-8', '-', '-']);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`pdftotext exited with ${code}`));
      else resolve(Buffer.concat(chunks).toString('utf8').replace(/\s+/g, ' '));
    });
    child.stdin.end(pdf);
  });
}
