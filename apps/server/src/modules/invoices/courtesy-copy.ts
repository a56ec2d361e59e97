import { it } from '@lexpath/shared';
import { todayInItaly } from '@lexpath/shared/answer-types';
import { formatEuro, formatShortDate } from '@lexpath/shared/italian-formats';
import { isControlCharacter } from '@lexpath/shared/latin-text';
import { computeVatCents, VAT_PERCENT } from '@lexpath/shared/money';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import type { DbExecutor } from '../../db/client.ts';
import { invoices, payments } from '../../db/schema.ts';
import type { PdfPool, PdfPriority } from '../../documents/pdf-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { type Caller, mayReadInvoice } from '../../policy.ts';
import type { InvoiceAddress, InvoiceBuyer, InvoiceSeller } from './fatturapa.ts';
import { NO_SDI_CODE } from './fatturapa.ts';

/*
 * The courtesy copy of an invoice: a PDF in the Italian layout, for the buyer's records. The
 * fiscal document is the FatturaPA XML; this copy says so. It is a small .docx written here and
 * converted by the LibreOffice pool the previews use, so no PDF library is needed and the
 * copy looks like every other document LexPath produces.
 */

type InvoiceRow = typeof invoices.$inferSelect;

/** What the copy prints besides the invoice row: the payment date, the invoice a note corrects. */
export type CourtesyCopyInput = {
  invoice: InvoiceRow;
  /** When the card was charged (TD01) or refunded (TD04); the issue date when unknown. */
  paymentDate: Date | null;
  corrected: { fullNumber: string; issuedOn: string } | null;
};

const text = it.invoices.courtesy;

/** The download and attachment name: "fattura-LP-2026-000001.pdf" ("/" cannot be in a name). */
export function courtesyCopyFileName(invoice: Pick<InvoiceRow, 'fullNumber' | 'tipo'>): string {
  const kind = invoice.tipo === 'TD04' ? 'nota-di-credito' : 'fattura';
  return `${kind}-${invoice.fullNumber.replaceAll('/', '-')}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// WordprocessingML

/** A lone surrogate (an unpaired half of a UTF-16 pair) and the two non-characters. */
const NOT_IN_XML = /^[\ud800-\udfff\ufffe\uffff]$/;

/**
 * Text as WordprocessingML holds it. Characters XML cannot hold are dropped: an invoice issued
 * before billing names were checked may carry a control character in the buyer's name, and
 * its copy must still render (the invoice itself is immutable).
 */
function escapeXml(value: string): string {
  return [...value]
    .filter((char) => !isControlCharacter(char) && !NOT_IN_XML.test(char))
    .join('')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

type RunStyle = { bold?: boolean; italic?: boolean; size?: number };
type ParagraphStyle = RunStyle & { align?: 'left' | 'right' | 'center'; after?: number };

function paragraph(content: string, style: ParagraphStyle = {}): string {
  const runProperties = [
    '<w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:cs="Arial"/>',
    style.bold ? '<w:b/>' : '',
    style.italic ? '<w:i/>' : '',
    // Half-points: 10 pt by default.
    `<w:sz w:val="${(style.size ?? 10) * 2}"/>`,
  ].join('');
  return [
    '<w:p><w:pPr>',
    `<w:spacing w:before="0" w:after="${style.after ?? 60}"/>`,
    `<w:jc w:val="${style.align ?? 'left'}"/>`,
    `<w:rPr>${runProperties}</w:rPr></w:pPr>`,
    `<w:r><w:rPr>${runProperties}</w:rPr><w:t xml:space="preserve">${escapeXml(content)}</w:t></w:r>`,
    '</w:p>',
  ].join('');
}

type Cell = { paragraphs: string[]; width: number };

/** A table with thin borders; widths in twentieths of a point (the page body is 9638 wide). */
function table(rows: Cell[][], { borders = true } = {}): string {
  const border = borders ? 'single' : 'nil';
  const edges = ['top', 'left', 'bottom', 'right', 'insideH', 'insideV']
    .map((edge) => `<w:${edge} w:val="${border}" w:sz="4" w:space="0" w:color="808080"/>`)
    .join('');
  const widths = (rows[0] ?? []).map((cell) => `<w:gridCol w:w="${cell.width}"/>`).join('');
  const body = rows
    .map(
      (row) =>
        `<w:tr>${row
          .map(
            (cell) =>
              `<w:tc><w:tcPr><w:tcW w:w="${cell.width}" w:type="dxa"/></w:tcPr>${cell.paragraphs.join('')}</w:tc>`,
          )
          .join('')}</w:tr>`,
    )
    .join('');
  return [
    '<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>',
    `<w:tblBorders>${edges}</w:tblBorders>`,
    '<w:tblCellMar><w:left w:w="80" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar>',
    `</w:tblPr><w:tblGrid>${widths}</w:tblGrid>${body}</w:tbl>`,
  ].join('');
}

const W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function docx(bodyXml: string): Buffer {
  const zip = new PizZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
      '</Relationships>',
  );
  // A4, 2 cm margins.
  const section =
    '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>' +
    '<w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="0" w:footer="0" w:gutter="0"/></w:sectPr>';
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W_NS}"><w:body>${bodyXml}${section}</w:body></w:document>`,
  );
  // Only LibreOffice reads it, and inflates at once: deflating was most of this function's CPU,
  // on the main thread, once a purchase.
  return zip.generate({ type: 'nodebuffer', compression: 'STORE' });
}

// ---------------------------------------------------------------------------------------------
// The layout

function addressLines(sede: InvoiceAddress): string[] {
  const place = `${sede.cap} ${sede.comune}${sede.provincia ? ` (${sede.provincia})` : ''}`;
  return [sede.indirizzo, sede.nazione === 'IT' ? place : `${place} – ${sede.nazione}`];
}

function sellerLines(seller: InvoiceSeller): string[] {
  const regime = text.regimi[seller.regimeFiscale];
  return [
    seller.denominazione,
    ...addressLines(seller.sede),
    `${text.partitaIva} ${seller.partitaIva}`,
    `${text.codiceFiscale} ${seller.codiceFiscale}`,
    `${text.regimeFiscale}: ${seller.regimeFiscale}${regime ? ` (${regime})` : ''}`,
  ];
}

function buyerLines(buyer: InvoiceBuyer): string[] {
  const byCode = buyer.codiceDestinatario && buyer.codiceDestinatario !== NO_SDI_CODE;
  const delivery = byCode
    ? `${text.codiceDestinatario}: ${buyer.codiceDestinatario}`
    : buyer.pecDestinatario
      ? `${text.pecDestinatario}: ${buyer.pecDestinatario}`
      : `${text.codiceDestinatario}: ${NO_SDI_CODE}`;
  return [
    buyer.tipo === 'persona_fisica' ? `${buyer.nome} ${buyer.cognome}` : buyer.denominazione,
    ...addressLines(buyer.sede),
    `${text.codiceFiscale} ${buyer.codiceFiscale}`,
    ...(buyer.partitaIva ? [`${text.partitaIva} ${buyer.partitaIva}`] : []),
    delivery,
  ];
}

const right = { align: 'right' } as const;

/** The .docx of the courtesy copy: title, parties, lines, totals, payment, the notice. */
export function courtesyCopyDocx({ invoice, paymentDate, corrected }: CourtesyCopyInput): Buffer {
  const { seller, buyer, lines } = invoice;
  const date = formatShortDate(invoice.issuedOn);
  const title =
    invoice.tipo === 'TD04' && corrected
      ? text.creditNoteTitle(
          invoice.fullNumber,
          date,
          corrected.fullNumber,
          formatShortDate(corrected.issuedOn),
        )
      : text.invoiceTitle(invoice.fullNumber, date);
  const paidOn = formatShortDate(paymentDate ? todayInItaly(paymentDate) : invoice.issuedOn);
  const payment = invoice.tipo === 'TD04' ? text.refunded(paidOn) : text.paid(paidOn);

  const party = (heading: string, partyLines: string[]): Cell => ({
    width: 4819,
    paragraphs: [
      paragraph(heading, { bold: true, size: 9 }),
      ...partyLines.map((line) => paragraph(line)),
    ],
  });
  const cell = (content: string, width: number, style: ParagraphStyle = {}): Cell => ({
    width,
    paragraphs: [paragraph(content, style)],
  });
  const head = { bold: true, size: 9 } as const;
  const rate = `${VAT_PERCENT} %`;
  const lineRows = lines.map((line) => {
    // What the line costs with its VAT (the document's VAT is computed once, on the sum).
    const net = Math.abs(line.prezzoCents);
    const gross = Math.sign(line.prezzoCents) * (net + computeVatCents(net));
    return [
      cell(line.descrizione, 4838),
      cell(formatEuro(line.prezzoCents), 1600, right),
      cell(rate, 1600, right),
      cell(formatEuro(gross), 1600, right),
    ];
  });
  const totalRow = (label: string, cents: number, bold = false) => [
    cell(label, 6438, { ...right, bold }),
    cell(formatEuro(cents), 3200, { ...right, bold }),
  ];

  return docx(
    [
      paragraph(title, { bold: true, size: 14, after: 240 }),
      table([[party(text.seller, sellerLines(seller)), party(text.buyer, buyerLines(buyer))]]),
      paragraph('', { after: 200 }),
      table([
        [
          cell(text.descrizione, 4838, head),
          cell(text.imponibile, 1600, { ...head, ...right }),
          cell(text.aliquota, 1600, { ...head, ...right }),
          cell(text.importo, 1600, { ...head, ...right }),
        ],
        ...lineRows,
      ]),
      paragraph('', { after: 200 }),
      table(
        [
          totalRow(text.imponibile, invoice.imponibileCents),
          totalRow(text.iva(VAT_PERCENT), invoice.ivaCents),
          totalRow(text.totale, invoice.totaleCents, true),
        ],
        { borders: false },
      ),
      paragraph('', { after: 200 }),
      paragraph(payment),
      paragraph('', { after: 200 }),
      paragraph(text.notice, { bold: true, italic: true }),
    ].join(''),
  );
}

// ---------------------------------------------------------------------------------------------
// Loading and converting

const notFound = () => new AppError('notFound', it.errors.notFound);

/** The invoice row and what its copy prints besides; 404 for an unknown id. */
export async function loadCourtesyCopyInput(
  db: DbExecutor,
  invoiceId: string,
): Promise<CourtesyCopyInput> {
  if (!isUuid(invoiceId)) throw notFound();
  const [row] = await db
    .select({ invoice: invoices, paidAt: payments.paidAt, refundedAt: payments.refundedAt })
    .from(invoices)
    .innerJoin(payments, eq(payments.id, invoices.paymentId))
    .where(eq(invoices.id, invoiceId));
  if (!row) throw notFound();
  const { invoice } = row;
  let corrected: CourtesyCopyInput['corrected'] = null;
  if (invoice.correctsInvoiceId) {
    const [original] = await db
      .select({ fullNumber: invoices.fullNumber, issuedOn: invoices.issuedOn })
      .from(invoices)
      .where(eq(invoices.id, invoice.correctsInvoiceId));
    corrected = original ?? null;
  }
  return {
    invoice,
    paymentDate: invoice.tipo === 'TD04' ? row.refundedAt : row.paidAt,
    corrected,
  };
}

/**
 * The courtesy PDF of an invoice already loaded. Invoices never change after issue, so the
 * pool's in-memory cache keeps the PDF under the invoice id: a download after the mail (or a
 * second download) converts nothing. LibreOffice down: the pool's 503 (`AppError`). The mail's
 * copy converts at `background` priority: nobody waits at a screen for it.
 */
export async function renderCourtesyCopy(
  pdfPool: PdfPool,
  input: CourtesyCopyInput,
  priority: PdfPriority = 'interactive',
): Promise<{ fileName: string; pdf: Buffer }> {
  const cacheKey = `invoice-courtesy:${input.invoice.id}`;
  const pdf = await pdfPool.convertDocxToPdf(courtesyCopyDocx(input), cacheKey, 'text', priority);
  return { fileName: courtesyCopyFileName(input.invoice), pdf };
}

/** GET /invoice/{id}/pdf: the buyer's or, for an admin, anyone's; others' answer 404. */
export async function getCourtesyCopy(
  db: DbExecutor,
  pdfPool: PdfPool,
  caller: Caller,
  invoiceId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  const input = await loadCourtesyCopyInput(db, invoiceId);
  if (!mayReadInvoice(caller, input.invoice)) throw notFound();
  return renderCourtesyCopy(pdfPool, input);
}

/** Loads and renders: what the mail worker attaches, behind every preview and download. */
export async function courtesyCopyOf(
  db: DbExecutor,
  pdfPool: PdfPool,
  invoiceId: string,
): Promise<{ fileName: string; pdf: Buffer }> {
  return renderCourtesyCopy(pdfPool, await loadCourtesyCopyInput(db, invoiceId), 'background');
}
