import { randomBytes, randomUUID } from 'node:crypto';
import { ROLES, it as text } from '@lexpath/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { invoices } from '../../db/schema.ts';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { createPublishedTemplate } from '../contracts/test-contracts.ts';
import { renderCourtesyCopy } from './courtesy-copy.ts';
import type { InvoiceBuyer } from './fatturapa.ts';
import { buyWithInvoice, lawyerWithBilling, PERSONA_FISICA, pdfToText } from './test-invoices.ts';

let ctx: TestContext;
let pdfPool: PdfPool;
let templateId: string;
let lawyer: TestUser;
let bought: Awaited<ReturnType<typeof buyWithInvoice>>;

const COURTESY = 'Copia di cortesia — il documento fiscale è il file XML trasmesso allo SDI';

/** "2026-11-23" as the copy prints it. */
function italian(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

beforeAll(async () => {
  pdfPool = createPdfPool({
    sofficePath: process.env.SOFFICE_PATH,
    // As the server sets it up: the strip before conversion runs in the document workers.
    prepare: async (docx) => (await ctx.app.documents.strip(docx, { withoutComments: true })).bytes,
  });
  ctx = await createTestContext({ env: { INVOICE_PREFIX: 'LP-' }, app: { pdfPool } });
  templateId = (await createPublishedTemplate(ctx, 'cortesia')).template.id;
  lawyer = await lawyerWithBilling(ctx);
  bought = await buyWithInvoice(ctx, lawyer, templateId);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await pdfPool?.close();
});

describe('GET /api/invoice/{id}/pdf', () => {
  it('answers the courtesy copy of an invoice to a natural person, in the Italian layout', {
    timeout: 90_000,
  }, async () => {
    const { invoice } = bought;
    const response = await ctx.injectAs(lawyer)({
      method: 'GET',
      url: `/api/invoice/${invoice.id}/pdf`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const fileName = `fattura-${invoice.fullNumber.replace('/', '-')}.pdf`;
    expect(fileName).toMatch(/^fattura-LP-\d{4}-\d{6}\.pdf$/);
    expect(response.headers['content-disposition']).toContain(`filename="${fileName}"`);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await pdfToText(response.rawPayload);
    expect(pdf).toContain(`Fattura n. ${invoice.fullNumber} del ${italian(invoice.issuedOn)}`);
    // The seller as configured (the demo default), and the buyer's snapshot.
    expect(pdf).toContain('LexPath Demo S.r.l.');
    expect(pdf).toContain('P.IVA 01234567897');
    expect(pdf).toContain('Regime fiscale: RF01 (ordinario)');
    expect(pdf).toContain('Mario Rossi');
    expect(pdf).toContain(`C.F. ${PERSONA_FISICA.codice_fiscale}`);
    expect(pdf).toContain(`PEC: ${PERSONA_FISICA.pec_destinatario}`);
    expect(pdf).toContain('80134 Napoli (NA)');
    expect(pdf).toContain('49,90 €');
    expect(pdf).toContain('10,98 €');
    expect(pdf).toContain('60,88 €');
    expect(pdf).toContain('IVA 22 %');
    expect(pdf).toContain('Totale documento');
    expect(pdf).toContain(`Pagamento con carta (MP08) — pagato il ${italian(invoice.issuedOn)}`);
    expect(pdf).toContain(COURTESY);
  });

  it('answers the courtesy copy of a credit note, naming the invoice it reverses', {
    timeout: 90_000,
  }, async () => {
    const { invoice } = bought;
    // A credit note as a refund issues it: the invoice's amounts, its own number.
    const [note] = await ctx.db
      .insert(invoices)
      .values({
        ...invoice,
        id: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        tipo: 'TD04',
        number: invoice.number + 500_000,
        fullNumber: `LP-${invoice.year}/${String(invoice.number + 500_000).padStart(6, '0')}`,
        progressivoInvio: randomBytes(3).toString('hex').slice(0, 5).toUpperCase(),
        correctsInvoiceId: invoice.id,
      })
      .returning();
    if (!note) throw new Error('no credit note');
    const admin = await ctx.buildUser({ role: ROLES.admin });
    const response = await ctx.injectAs(admin)({
      method: 'GET',
      url: `/api/invoice/${note.id}/pdf`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      `filename="nota-di-credito-${note.fullNumber.replace('/', '-')}.pdf"`,
    );
    const pdf = await pdfToText(response.rawPayload);
    const date = italian(invoice.issuedOn);
    expect(pdf).toContain(
      `Nota di credito n. ${note.fullNumber} del ${date} che storna la fattura n. ${invoice.fullNumber} del ${date}`,
    );
    expect(pdf).toContain('LexPath Demo S.r.l.');
    expect(pdf).toContain('Mario Rossi');
    for (const amount of ['49,90', '10,98', '60,88', 'MP08', COURTESY]) {
      expect(pdf).toContain(amount);
    }
  });

  it('names a firm by its denominazione and SDI code, its markup characters kept as text', {
    timeout: 90_000,
  }, async () => {
    const firm: InvoiceBuyer = {
      tipo: 'studio',
      denominazione: 'Studio Legale Esposito & Bianchi <Napoli>',
      partitaIva: '12345678903',
      codiceFiscale: '12345678903',
      sede: {
        indirizzo: 'via Toledo 10',
        cap: '80134',
        comune: 'Napoli',
        provincia: 'NA',
        nazione: 'IT',
      },
      codiceDestinatario: 'M5UXCR1',
    };
    const { pdf } = await renderCourtesyCopy(pdfPool, {
      // A copy never rendered before: its own id, so the pool's cache cannot answer.
      invoice: { ...bought.invoice, id: randomUUID(), buyer: firm },
      paymentDate: null,
      corrected: null,
    });
    const copy = await pdfToText(pdf);
    expect(copy).toContain('Studio Legale Esposito & Bianchi <Napoli>');
    expect(copy).toContain('Codice destinatario: M5UXCR1');
    expect(copy).toContain('P.IVA 12345678903');
    expect(copy).not.toContain('Mario Rossi');
  });

  it('renders the copy of an invoice issued before names were checked, a control character in the name', {
    timeout: 90_000,
  }, async () => {
    const legacy = { ...bought.invoice.buyer, nome: 'Ugo\u0001\u0008', cognome: 'Bassi\ud800' };
    const { pdf } = await renderCourtesyCopy(pdfPool, {
      invoice: { ...bought.invoice, id: randomUUID(), buyer: legacy as InvoiceBuyer },
      paymentDate: null,
      corrected: null,
    });
    expect(await pdfToText(pdf)).toContain('Ugo Bassi');
  });

  it("answers 404 for someone else's invoice and for unknown or malformed ids", async () => {
    const other = await ctx.buildUser();
    for (const [caller, url] of [
      [other, `/api/invoice/${bought.invoice.id}/pdf`],
      [lawyer, '/api/invoice/00000000-0000-4000-8000-000000000000/pdf'],
      [lawyer, '/api/invoice/non-un-id/pdf'],
    ] as const) {
      const response = await ctx.injectAs(caller)({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe(text.errors.notFound);
    }
  });

  it('answers 503 with the preview’s Italian message while LibreOffice is unavailable', async () => {
    const missing = createPdfPool({ sofficePath: '/nonexistent/soffice' });
    const app = await buildApp({ config: ctx.config, db: ctx.db, pdfPool: missing });
    try {
      const response = await app.inject({
        method: 'GET',
        url: `/api/invoice/${bought.invoice.id}/pdf`,
        headers: await ctx.authHeaders(lawyer),
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(text.documents.previewUnavailable);
    } finally {
      await app.close();
      await missing.close();
    }
  });
});
