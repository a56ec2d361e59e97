import { useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { fileNameFrom, saveBlobAs } from './download.ts';

/** The FatturaPA file sent to the SDI, or its courtesy copy. */
export type InvoiceFileKind = 'xml' | 'pdf';

/** What to download: one invoice's file, or (admin) a month's XML files as one zip. */
export type InvoiceFile = { kind: InvoiceFileKind; id: string } | { kind: 'zip'; month: string };

function pathOf(file: InvoiceFile): string {
  if (file.kind === 'zip') return `/invoice/export?month=${encodeURIComponent(file.month)}`;
  return `/invoice/${encodeURIComponent(file.id)}/${file.kind}`;
}

function fallbackNameOf(file: InvoiceFile): string {
  return file.kind === 'zip' ? `fatture-${file.month}.zip` : `fattura.${file.kind}`;
}

/**
 * GET /invoice/{id}/xml|pdf or /invoice/export?month=: saved under the server's name (the XML's
 * is the one SDI expects, IT<partita IVA>_<progressivo>.xml), so the accountant gets it as is.
 * Shared by the lawyer's document detail and the admin's invoices.
 */
export function useDownloadInvoiceMutation() {
  return useMutation({
    mutationFn: async (file: InvoiceFile) => {
      const { data, headers } = await api.request<Blob>(pathOf(file), { responseType: 'blob' });
      const name = fileNameFrom(headers.get('content-disposition'), fallbackNameOf(file));
      saveBlobAs(data, name);
      return name;
    },
  });
}
