import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TInvoiceSummary } from '@lexpath/shared/schemas/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

let api: TestApi | undefined;
let stopCapturing: (() => void) | undefined;

afterEach(async () => {
  stopCapturing?.();
  stopCapturing = undefined;
  await api?.close();
  api = undefined;
});

const INVOICE = { id: 'inv-1', number: 'LP-2026/000001', date: '2026-03-05' };
const CREDIT_NOTE = { id: 'inv-7', number: 'LP-2026/000007', date: '2026-03-20' };

function buildDetail(overrides: Partial<TContractDetail> = {}): TContractDetail {
  return {
    id: 'c-1',
    name: 'Contratto di locazione',
    title: 'Contratto di locazione',
    description: 'Locazione ad uso abitativo.',
    type: 'tpl-1',
    status: 'COMPLETED',
    answers: { durata: '4+4 anni' },
    answers_count: 1,
    price: '60.88',
    paymentId: { id: 'pay-1', updatedAt: '2026-03-05T10:30:00.000Z', price: '60.88' },
    userId: { name: 'Giulia', surname: 'Bianchi' },
    createdAt: '2026-03-04T09:00:00.000Z',
    updatedAt: '2026-03-05T10:30:00.000Z',
    detailed_answers: [
      { variable: 'durata', question: 'Quale durata ha il contratto?', given_answer: '4+4 anni' },
    ],
    templateId: {
      id: 'tpl-1',
      price: 49.9,
      price_cents: 4990,
      total: '60.88',
      max_questions: 3,
      stripe_url: null,
    },
    maxQuestions: 3,
    invoice: INVOICE,
    refundedAt: null,
    ...overrides,
  };
}

/** The lawyer's own invoice row, as GET /invoice?q=<number> answers it after a refund. */
const INVOICE_ROW: TInvoiceSummary = {
  ...INVOICE,
  tipo: 'TD01',
  buyer: { name: 'Giulia Bianchi', codiceFiscale: 'BNCGLI80A41H501X', partitaIva: '01234567890' },
  imponibile: '49.90',
  iva: '10.98',
  totale: '60.88',
  status: 'consegnata',
  statusReason: null,
  contractId: 'c-1',
  paymentId: 'pay-1',
  title: 'Contratto di locazione',
  corrects: null,
  creditNote: CREDIT_NOTE,
  disputed: false,
};

function file(name: string, type: string) {
  return () => ({
    text: type === 'application/xml' ? '<FatturaElettronica/>' : '%PDF-1.7',
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });
}

async function startDetailApi(detail: TContractDetail) {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/contract/c-1': () => ({ body: { data: detail } }),
    'GET /api/invoice': (request) => {
      const q = new URL(request.url ?? '', 'http://api').searchParams.get('q');
      const results = q === INVOICE.number ? [INVOICE_ROW] : [];
      return { body: { data: { results, page: 1, totalPages: 1 } } };
    },
    'GET /api/invoice/inv-1/xml': file('IT01234567890_00001.xml', 'application/xml'),
    'GET /api/invoice/inv-1/pdf': file('Fattura LP-2026-000001.pdf', 'application/pdf'),
    'GET /api/invoice/inv-7/xml': file('IT01234567890_00007.xml', 'application/xml'),
    'GET /api/invoice/inv-7/pdf': file('Nota di credito LP-2026-000007.pdf', 'application/pdf'),
  });
  pointPageAt(api.origin);
}

function captureDownloads(): string[] {
  const saved: string[] = [];
  const onClick = (event: MouseEvent) => {
    if (event.target instanceof HTMLAnchorElement && event.target.download) {
      event.preventDefault();
      saved.push(event.target.download);
    }
  };
  document.addEventListener('click', onClick);
  stopCapturing = () => document.removeEventListener('click', onClick);
  return saved;
}

async function invoiceSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Fattura' });
}

describe('the invoice on the lawyer’s document detail (issue 14)', () => {
  it('shows the invoice’s number and date and downloads its XML and courtesy PDF', async () => {
    await startDetailApi(buildDetail());
    const saved = captureDownloads();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/archivio/dettaglio-documento?id=c-1');

    const section = await invoiceSection();
    expect(
      within(section)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Numero', 'Data']);
    expect(
      within(section)
        .getAllByRole('definition')
        .map((item) => item.textContent),
    ).toEqual(['LP-2026/000001', '05/03/2026']);

    await user.click(within(section).getByRole('button', { name: 'Scarica fattura (XML)' }));
    await waitFor(() => expect(saved).toEqual(['IT01234567890_00001.xml']));
    await user.click(
      within(section).getByRole('button', { name: 'Scarica copia di cortesia (PDF)' }),
    );
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('Fattura LP-2026-000001.pdf');
    expect(api?.hits('GET /api/invoice/inv-1/xml')).toBe(1);
    expect(api?.hits('GET /api/invoice/inv-1/pdf')).toBe(1);
    // The file is saved before the screen renders the mutation's result.
    await waitFor(() =>
      expect(within(section).getByRole('status')).toHaveTextContent(
        'File scaricato: Fattura LP-2026-000001.pdf',
      ),
    );
    // Not refunded: the document itself is still offered, and no credit note is looked up.
    expect(screen.getByRole('button', { name: 'Scarica il documento (.docx)' })).toBeEnabled();
    expect(api?.hits('GET /api/invoice')).toBe(0);
  });

  it('after a refund says so, offers no document download, and offers the credit note', async () => {
    await startDetailApi(buildDetail({ refundedAt: '2026-03-20T15:00:00.000Z' }));
    const saved = captureDownloads();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/archivio/dettaglio-documento?id=c-1');

    expect(
      await screen.findByText(
        'Acquisto rimborsato il 20 marzo 2026: il download del documento non è più disponibile.',
      ),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Scarica il documento (.docx)' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Scarica PDF/A' })).not.toBeInTheDocument();

    const section = await invoiceSection();
    expect(
      await within(section).findByText('Nota di credito n. LP-2026/000007 del 20/03/2026'),
    ).toBeVisible();
    await user.click(
      within(section).getByRole('button', { name: 'Scarica nota di credito (XML)' }),
    );
    await waitFor(() => expect(saved).toEqual(['IT01234567890_00007.xml']));
    // The invoice itself stays downloadable: it is a fiscal document the lawyer keeps.
    expect(within(section).getByRole('button', { name: 'Scarica fattura (XML)' })).toBeEnabled();
    expect(api?.hits('GET /api/contract/download/c-1')).toBe(0);
  });

  it('says so for an older purchase without an electronic invoice', async () => {
    await startDetailApi(buildDetail({ invoice: null }));
    signInAs('user');
    renderApp('/user/archivio/dettaglio-documento?id=c-1');

    const section = await invoiceSection();
    expect(section).toHaveTextContent(
      'Per questo acquisto non è stata emessa una fattura elettronica.',
    );
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Scarica il documento (.docx)' })).toBeEnabled();
  });
});
