import { isControlCharacter, toLatin1 } from '@lexpath/shared/latin-text';
import { computeVatCents, VAT_PERCENT } from '@lexpath/shared/money';
import { create } from 'xmlbuilder2';
import type {
  InvoiceAddress,
  InvoiceBuyer,
  InvoiceLine,
  InvoiceSeller,
} from '../../db/invoice-parties.ts';

// The parties' shapes are the invoice row's (db/), which the rest of invoices/ reads from here.
export type {
  InvoiceAddress,
  InvoiceBuyer,
  InvoiceLine,
  InvoiceSeller,
} from '../../db/invoice-parties.ts';

/**
 * The Italian e-invoice (FatturaPA 1.2.1, format FPR12 "privati") of one sale, as the SDI expects
 * it. Pure: the caller gives the seller (configuration), the buyer's billing snapshot and the
 * numbers already computed in cents; this module only writes them in the schema's order and
 * formats. The issuer validates the result against the official schema (fatturapa-schema.ts).
 */

export interface FatturaPaDocument {
  /** TD01 invoice, TD04 credit note. */
  tipoDocumento: 'TD01' | 'TD04';
  /** The invoice number as printed, unique in its year ("2026/000042"). */
  numero: string;
  /** Issue date, YYYY-MM-DD (Europe/Rome). */
  data: string;
  /** Unique per file sent: the `<progressivo>` of `IT<PIVA>_<progressivo>.xml`, 1–5 characters. */
  progressivoInvio: string;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** The credit note's invoice (TD04 only). */
  rettifica?: { numero: string; data: string };
  causale?: string;
}

/** The SDI code for a buyer reached by PEC (or who has none): seven zeros. */
export const NO_SDI_CODE = '0000000';

/** Cents as the schema's two-decimal amount: 4758 → "47.58", -4758 → "-47.58". */
export function amount(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`an amount in cents must be whole: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

export interface InvoiceTotals {
  imponibileCents: number;
  impostaCents: number;
  totaleCents: number;
}

/**
 * Taxable amount, VAT and total of the document: VAT computed once on the sum, half-up, as the
 * checkout computes what the lawyer pays (`computeVatCents`), so the two always agree.
 */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  const imponibileCents = lines.reduce((sum, line) => sum + line.prezzoCents, 0);
  const impostaCents = computeVatCents(imponibileCents);
  return { imponibileCents, impostaCents, totaleCents: imponibileCents + impostaCents };
}

/**
 * Titles and causali in the schema's Basic Latin and Latin-1: the demo titles' apostrophe
 * («prestazione d’opera») would make the SDI refuse the invoice. Letters take their Latin form
 * (`toLatin1`), control characters become spaces, and a character with no Latin form becomes
 * «?»: a title is the seller's own text, and an odd glyph in it must not stop a sale.
 */
export function latin1(text: string): string {
  return [...text]
    .map((char) => (isControlCharacter(char) ? ' ' : (toLatin1(char) ?? '?')))
    .join('');
}

/**
 * Names and addresses: their Latin form, or the text as it is when it has none, so that the
 * schema check refuses the document (a billing profile saved before the form refused such
 * text) instead of printing «?» in a name.
 */
function partyText(text: string): string {
  return toLatin1(text) ?? text;
}

const RATE = VAT_PERCENT.toFixed(2);

function sede(address: InvoiceAddress) {
  return {
    Indirizzo: partyText(address.indirizzo),
    // Five digits, also abroad: a foreign postcode of another shape is written as 00000, the
    // placeholder the SDI accepts for it.
    CAP: /^\d{5}$/.test(address.cap) || address.nazione === 'IT' ? address.cap : '00000',
    Comune: partyText(address.comune),
    ...(address.provincia ? { Provincia: address.provincia } : {}),
    Nazione: address.nazione,
  };
}

function buyerAnagrafica(buyer: InvoiceBuyer) {
  return buyer.tipo === 'persona_fisica'
    ? { Nome: partyText(buyer.nome), Cognome: partyText(buyer.cognome) }
    : { Denominazione: partyText(buyer.denominazione) };
}

/** The FatturaPA XML of `document`, UTF-8, ready to be stored and sent. */
export function buildFatturaPa(document: FatturaPaDocument): string {
  const { seller, buyer } = document;
  const totals = invoiceTotals(document.lines);
  const byPec = !buyer.codiceDestinatario || buyer.codiceDestinatario === NO_SDI_CODE;
  const root = {
    'p:FatturaElettronica': {
      '@versione': 'FPR12',
      '@xmlns:ds': 'http://www.w3.org/2000/09/xmldsig#',
      '@xmlns:p': 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2',
      '@xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      FatturaElettronicaHeader: {
        DatiTrasmissione: {
          IdTrasmittente: { IdPaese: 'IT', IdCodice: seller.partitaIva },
          ProgressivoInvio: document.progressivoInvio,
          FormatoTrasmissione: 'FPR12',
          CodiceDestinatario: byPec ? NO_SDI_CODE : buyer.codiceDestinatario,
          ...(byPec && buyer.pecDestinatario ? { PECDestinatario: buyer.pecDestinatario } : {}),
        },
        CedentePrestatore: {
          DatiAnagrafici: {
            IdFiscaleIVA: { IdPaese: 'IT', IdCodice: seller.partitaIva },
            CodiceFiscale: seller.codiceFiscale,
            Anagrafica: { Denominazione: partyText(seller.denominazione) },
            RegimeFiscale: seller.regimeFiscale,
          },
          Sede: sede(seller.sede),
        },
        CessionarioCommittente: {
          DatiAnagrafici: {
            IdFiscaleIVA: { IdPaese: 'IT', IdCodice: buyer.partitaIva },
            CodiceFiscale: buyer.codiceFiscale,
            Anagrafica: buyerAnagrafica(buyer),
          },
          Sede: sede(buyer.sede),
        },
      },
      FatturaElettronicaBody: {
        DatiGenerali: {
          DatiGeneraliDocumento: {
            TipoDocumento: document.tipoDocumento,
            Divisa: 'EUR',
            Data: document.data,
            Numero: document.numero,
            ImportoTotaleDocumento: amount(totals.totaleCents),
            ...(document.causale ? { Causale: latin1(document.causale).slice(0, 200) } : {}),
          },
          ...(document.rettifica
            ? {
                DatiFattureCollegate: {
                  IdDocumento: document.rettifica.numero,
                  Data: document.rettifica.data,
                },
              }
            : {}),
        },
        DatiBeniServizi: {
          DettaglioLinee: document.lines.map((line, index) => ({
            NumeroLinea: index + 1,
            Descrizione: latin1(line.descrizione).slice(0, 1000),
            Quantita: '1.00',
            PrezzoUnitario: amount(line.prezzoCents),
            PrezzoTotale: amount(line.prezzoCents),
            AliquotaIVA: RATE,
          })),
          DatiRiepilogo: {
            AliquotaIVA: RATE,
            ImponibileImporto: amount(totals.imponibileCents),
            Imposta: amount(totals.impostaCents),
            // Immediate VAT: the sale is paid at once, by card.
            EsigibilitaIVA: 'I',
          },
        },
        DatiPagamento: {
          // TP02: paid in full at once.
          CondizioniPagamento: 'TP02',
          DettaglioPagamento: {
            // MP08: payment card.
            ModalitaPagamento: 'MP08',
            DataScadenzaPagamento: document.data,
            ImportoPagamento: amount(totals.totaleCents),
          },
        },
      },
    },
  };
  return create({ version: '1.0', encoding: 'UTF-8' }, root).end({ prettyPrint: true });
}

/** The name SDI expects for the file: `IT<partita IVA of the sender>_<progressivo>.xml`. */
export function fatturaPaFileName(
  document: Pick<FatturaPaDocument, 'seller' | 'progressivoInvio'>,
) {
  return `IT${document.seller.partitaIva}_${document.progressivoInvio}.xml`;
}
