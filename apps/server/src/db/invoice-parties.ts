/*
 * What an invoice row keeps of its parties and lines (jsonb snapshots in schema.ts), in the
 * FatturaPA's terms: the XML is written from these exactly as stored (modules/invoices/fatturapa.ts).
 */

/** Where a party has its seat; `provincia` is the two-letter code, absent abroad. */
export interface InvoiceAddress {
  indirizzo: string;
  cap: string;
  comune: string;
  provincia?: string;
  nazione: string;
}

export interface InvoiceSeller {
  denominazione: string;
  partitaIva: string;
  codiceFiscale: string;
  /** RF01 ordinario, RF19 forfettario, … (the schema's RegimeFiscaleType). */
  regimeFiscale: string;
  sede: InvoiceAddress;
}

/** The buyer's billing profile as it was when the invoice was issued. */
export type InvoiceBuyer = {
  partitaIva: string;
  codiceFiscale: string;
  sede: InvoiceAddress;
  /** Seven characters when the buyer has an SDI code; otherwise delivery by PEC. */
  codiceDestinatario?: string;
  pecDestinatario?: string;
} & (
  | { tipo: 'persona_fisica'; nome: string; cognome: string }
  | {
      tipo: 'studio' | 'societa';
      denominazione: string;
    }
);

/** A document sold, at the one VAT rate of every purchase (SPEC §9: 22 %). */
export interface InvoiceLine {
  descrizione: string;
  /** Net price of the line, in cents. */
  prezzoCents: number;
}
