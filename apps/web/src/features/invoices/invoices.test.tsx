import type { TInvoiceSummary, TRefundResult } from '@lexpath/shared/schemas/invoices';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  setViewportWidth,
  startTestApi,
  type TestApi,
  type TestHandler,
  type TestReply,
} from '../../test/test-api-server.ts';
import { recentMonths } from './components/invoices-screen.tsx';

let api: TestApi | undefined;
let stopCapturing: (() => void) | undefined;

afterEach(async () => {
  stopCapturing?.();
  stopCapturing = undefined;
  setViewportWidth(1024);
  await api?.close();
  api = undefined;
});

/** The month filter offers the current month and the ones before it. */
const [[THIS_MONTH, THIS_MONTH_NAME] = ['', ''], [LAST_MONTH] = ['', '']] = recentMonths(
  new Date(),
);

function buildInvoice(overrides: Partial<TInvoiceSummary> = {}): TInvoiceSummary {
  return {
    id: 'inv-1',
    number: 'LP-2026/000001',
    date: `${THIS_MONTH}-05`,
    tipo: 'TD01',
    buyer: { name: 'Studio Legale Rossi', codiceFiscale: '01234567890', partitaIva: '01234567890' },
    imponibile: '49.90',
    iva: '10.98',
    totale: '60.88',
    status: 'pronta',
    statusReason: null,
    contractId: 'c-1',
    paymentId: 'pay-1',
    title: 'Contratto di locazione',
    corrects: null,
    creditNote: null,
    disputed: false,
    ...overrides,
  };
}

function buildInvoices(): TInvoiceSummary[] {
  return [
    buildInvoice(),
    buildInvoice({
      id: 'inv-2',
      number: 'LP-2026/000002',
      date: `${LAST_MONTH}-20`,
      buyer: { name: 'Mario Bianchi', codiceFiscale: 'BNCMRA80A01H501U', partitaIva: '' },
      paymentId: 'pay-2',
      contractId: 'c-2',
      status: 'scartata',
      statusReason: 'Codice destinatario inesistente',
      disputed: true,
      totale: '1234.50',
    }),
  ];
}

const XML_NAME = 'IT01234567890_00001.xml';

interface InvoicesApi {
  invoices: TInvoiceSummary[];
  /** The query of every GET /api/invoice, in order. */
  queries: URLSearchParams[];
  /** The query of every zip export. */
  exports: URLSearchParams[];
}

function fileReply(name: string, type: string, text: string): TestReply {
  return {
    text,
    headers: {
      'content-type': type,
      'content-disposition': `attachment; filename="${name}"`,
    },
  };
}

/**
 * GET /api/invoice over an in-memory list (q on number and buyer, month on the date, newest
 * first, `pageSize` a page), the files, the month's zip and the refund, which issues a credit
 * note as the server does.
 */
async function startInvoicesApi(
  options: { invoices?: TInvoiceSummary[]; pageSize?: number; refund?: TestHandler } = {},
): Promise<InvoicesApi> {
  const state: InvoicesApi = {
    invoices: options.invoices ?? buildInvoices(),
    queries: [],
    exports: [],
  };
  const pageSize = options.pageSize ?? 20;
  const routes: Record<string, TestHandler> = {
    ...appConfigRoute,
    'GET /api/invoice': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      state.queries.push(query);
      const q = (query.get('q') ?? '').toLowerCase();
      const month = query.get('month') ?? '';
      const matching = state.invoices
        .filter(
          (invoice) =>
            (q === '' ||
              invoice.number.toLowerCase().includes(q) ||
              invoice.buyer.name.toLowerCase().includes(q) ||
              invoice.buyer.partitaIva.includes(q)) &&
            invoice.date.startsWith(month),
        )
        .sort((a, b) => (a.number < b.number ? 1 : -1));
      const page = Number(query.get('page') ?? '1');
      return {
        body: {
          data: {
            results: matching.slice((page - 1) * pageSize, page * pageSize),
            page,
            totalPages: Math.max(1, Math.ceil(matching.length / pageSize)),
          },
        },
      };
    },
    'GET /api/invoice/inv-1/xml': () =>
      fileReply(XML_NAME, 'application/xml', '<FatturaElettronica/>'),
    'GET /api/invoice/inv-1/pdf': () =>
      fileReply('Fattura LP-2026-000001.pdf', 'application/pdf', '%PDF-1.7'),
    'GET /api/invoice/export': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      state.exports.push(query);
      return fileReply(`fatture-${query.get('month')}.zip`, 'application/zip', 'PK zip');
    },
    'POST /api/payment/pay-1/refund':
      options.refund ??
      (() => {
        const invoice = state.invoices.find((item) => item.paymentId === 'pay-1');
        if (!invoice) return apiError(404, 'Pagamento non trovato.');
        const creditNote = { id: 'inv-3', number: 'LP-2026/000003', date: `${THIS_MONTH}-21` };
        invoice.creditNote = creditNote;
        state.invoices.push(
          buildInvoice({
            ...creditNote,
            tipo: 'TD04',
            corrects: { id: invoice.id, number: invoice.number, date: invoice.date },
          }),
        );
        const result: TRefundResult = {
          paymentId: 'pay-1',
          refundedAt: new Date().toISOString(),
          creditNote,
        };
        return { body: { data: result } };
      }),
  };
  api = await startTestApi(routes);
  pointPageAt(api.origin);
  return state;
}

/** The file names the app saves through a download link, instead of navigating. */
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

function rowOf(number: string): HTMLElement {
  const cell = screen.getByRole('cell', { name: number });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${number}`);
  return row;
}

function numberColumn(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');
}

describe('the admin’s invoices', () => {
  it('lists every invoice with date, type, buyer, total and SDI status', async () => {
    await startInvoicesApi();
    signInAs('admin');
    renderApp('/admin/fatture');

    const table = await screen.findByRole('table', { name: 'Fatture e note di credito emesse' });
    expect(screen.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Numero', 'Data', 'Tipo', 'Cliente', 'Totale', 'Stato', 'Azioni']);
    const [day, month, year] = ['20', LAST_MONTH.slice(5, 7), LAST_MONTH.slice(0, 4)];
    const cells = (number: string) =>
      within(rowOf(number))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('LP-2026/000001').slice(0, 6)).toEqual([
      'LP-2026/000001',
      `05/${THIS_MONTH.slice(5, 7)}/${THIS_MONTH.slice(0, 4)}`,
      'Fattura',
      'Studio Legale RossiP.IVA 01234567890',
      '60,88\u00a0€',
      'Pronta',
    ]);
    // No partita IVA (a private buyer): the codice fiscale; a refused file says why.
    expect(cells('LP-2026/000002').slice(1, 6)).toEqual([
      `${day}/${month}/${year}`,
      'Fattura',
      'Mario BianchiC.F. BNCMRA80A01H501U',
      '1.234,50\u00a0€',
      'ScartataContestatoMotivo: Codice destinatario inesistente',
    ]);
    expect(
      within(rowOf('LP-2026/000002')).getByRole('button', {
        name: 'Rimborsa la fattura LP-2026/000002',
      }),
    ).toBeVisible();
  });

  it('says «Nessuna fattura» when none was issued', async () => {
    await startInvoicesApi({ invoices: [] });
    signInAs('admin');
    renderApp('/admin/fatture');

    expect(await screen.findByText('Nessuna fattura')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the list could not be loaded when the server fails', async () => {
    api = await startTestApi({
      ...appConfigRoute,
      'GET /api/invoice': () => apiError(403, 'Operazione non consentita.'),
    });
    pointPageAt(api.origin);
    signInAs('admin');
    renderApp('/admin/fatture');

    expect(await screen.findByText('Non è stato possibile caricare le fatture.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Riprova' })).toBeVisible();
  });

  it('asks the server for the searched number or buyer and the chosen month', async () => {
    const state = await startInvoicesApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');
    await screen.findByRole('cell', { name: 'LP-2026/000001' });
    expect(numberColumn()).toEqual(['LP-2026/000002', 'LP-2026/000001']);

    const box = screen.getByRole('searchbox', { name: 'Cerca per numero o cliente' });
    await user.type(box, 'bianchi{Enter}');
    await waitFor(() => expect(numberColumn()).toEqual(['LP-2026/000002']));
    expect(state.queries.at(-1)?.get('q')).toBe('bianchi');
    expect(state.queries.at(-1)?.has('month')).toBe(false);

    await user.clear(box);
    await waitFor(() => expect(numberColumn()).toHaveLength(2));

    const month = screen.getByRole('combobox', { name: 'Mese' });
    expect(within(month).getAllByRole('option')[1]).toHaveTextContent(THIS_MONTH_NAME);
    await user.selectOptions(month, THIS_MONTH);
    await waitFor(() => expect(numberColumn()).toEqual(['LP-2026/000001']));
    expect(state.queries.at(-1)?.get('month')).toBe(THIS_MONTH);
    expect(state.queries.at(-1)?.has('q')).toBe(false);

    await user.type(box, 'zzz{Enter}');
    expect(await screen.findByText('Nessun risultato per questa ricerca.')).toBeVisible();
    expect(state.queries.at(-1)?.get('q')).toBe('zzz');
    expect(state.queries.at(-1)?.get('month')).toBe(THIS_MONTH);
  });

  it('pages through the invoices like the other lists', async () => {
    const many = Array.from({ length: 3 }, (_, index) =>
      buildInvoice({ id: `inv-p${index}`, number: `LP-2026/00001${index}` }),
    );
    const state = await startInvoicesApi({ invoices: many, pageSize: 2 });
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');
    await screen.findByRole('cell', { name: 'LP-2026/000012' });

    const pager = screen.getByRole('navigation', { name: 'Paginazione' });
    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(numberColumn()).toEqual(['LP-2026/000010']));
    expect(state.queries.at(-1)?.get('page')).toBe('2');
    expect(within(pager).getByText('Pagina 2 di 2')).toBeInTheDocument();
  });

  it('exports the chosen month’s XML files as one zip, only once a month is chosen', async () => {
    const state = await startInvoicesApi();
    const saved = captureDownloads();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');
    await screen.findByRole('cell', { name: 'LP-2026/000001' });

    const exportButton = screen.getByRole('button', { name: 'Esporta il mese (ZIP)' });
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAccessibleDescription('Scegli un mese per esportarne le fatture.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Mese' }), LAST_MONTH);
    expect(exportButton).toBeEnabled();
    await user.click(exportButton);

    await waitFor(() => expect(saved).toEqual([`fatture-${LAST_MONTH}.zip`]));
    expect(state.exports.map((query) => query.get('month'))).toEqual([LAST_MONTH]);
    expect(await screen.findByText(`File scaricato: fatture-${LAST_MONTH}.zip`)).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('downloads a row’s XML and courtesy PDF under the server’s names', async () => {
    await startInvoicesApi();
    const saved = captureDownloads();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');

    await user.click(await screen.findByRole('button', { name: 'XML di LP-2026/000001' }));
    await waitFor(() => expect(saved).toEqual([XML_NAME]));
    await user.click(
      screen.getByRole('button', { name: 'PDF, copia di cortesia di LP-2026/000001' }),
    );
    await waitFor(() => expect(saved).toEqual([XML_NAME, 'Fattura LP-2026-000001.pdf']));
    expect(api?.hits('GET /api/invoice/inv-1/xml')).toBe(1);
    expect(api?.hits('GET /api/invoice/inv-1/pdf')).toBe(1);
  });

  it('refunds after a confirmation that says what happens, then lists the credit note', async () => {
    await startInvoicesApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');

    const refundButton = await screen.findByRole('button', {
      name: 'Rimborsa la fattura LP-2026/000001',
    });
    await user.click(refundButton);
    const dialog = await screen.findByRole('alertdialog', { name: 'Rimborsare il pagamento?' });
    expect(dialog).toHaveTextContent(
      'Il pagamento di 60,88 € sarà rimborsato, verrà emessa una nota di credito e il cliente non potrà più scaricare il documento.',
    );
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(api?.hits('POST /api/payment/pay-1/refund')).toBe(0);

    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));

    expect(
      await screen.findByText('Pagamento rimborsato: emessa la nota di credito n. LP-2026/000003.'),
    ).toBeVisible();
    expect(api?.hits('POST /api/payment/pay-1/refund')).toBe(1);
    await screen.findByRole('cell', { name: 'LP-2026/000003' });
    expect(rowOf('LP-2026/000001')).toHaveTextContent(
      'Stornata dalla nota di credito n. LP-2026/000003',
    );
    expect(
      within(rowOf('LP-2026/000001')).queryByRole('button', { name: /Rimborsa/ }),
    ).not.toBeInTheDocument();
    const creditNote = rowOf('LP-2026/000003');
    expect(creditNote).toHaveTextContent('Nota di creditoStorno della fattura n. LP-2026/000001');
    expect(within(creditNote).queryByRole('button', { name: /Rimborsa/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('changes nothing when the refund is cancelled', async () => {
    await startInvoicesApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');

    await user.click(
      await screen.findByRole('button', { name: 'Rimborsa la fattura LP-2026/000001' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api?.hits('POST /api/payment/pay-1/refund')).toBe(0);
    expect(
      screen.getByRole('button', { name: 'Rimborsa la fattura LP-2026/000001' }),
    ).toBeVisible();
  });

  it('shows the server’s Italian message when the refund is refused', async () => {
    await startInvoicesApi({
      refund: () => apiError(409, 'Il pagamento è già stato rimborsato.'),
    });
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/fatture');

    await user.click(
      await screen.findByRole('button', { name: 'Rimborsa la fattura LP-2026/000001' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Rimborsa' }));

    expect(await screen.findByText('Il pagamento è già stato rimborsato.')).toBeVisible();
    expect(screen.getByText('Si è verificato un problema')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(rowOf('LP-2026/000001')).not.toHaveTextContent('Stornata');
  });

  it('shows a card per invoice on a 390 px phone, with its buttons labelled', async () => {
    setViewportWidth(390);
    await startInvoicesApi();
    signInAs('admin');
    renderApp('/admin/fatture');

    const cards = await screen.findByRole('list', { name: 'Fatture e note di credito emesse' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const items = within(cards).getAllByRole('listitem');
    expect(items.map((card) => card.firstElementChild?.textContent)).toEqual([
      'LP-2026/000002',
      'LP-2026/000001',
    ]);
    const first = items[1] as HTMLElement;
    expect(within(first).getByRole('button', { name: 'XML di LP-2026/000001' })).toBeVisible();
    expect(
      within(first).getByRole('button', { name: 'Rimborsa la fattura LP-2026/000001' }),
    ).toBeVisible();
    expect(first).toHaveTextContent('Totale60,88 €');
  });
});

describe('who sees the invoices', () => {
  it('sends an editor away from /admin/fatture, and gives no «Fatture» menu item', async () => {
    setViewportWidth(1280);
    await startInvoicesApi();
    signInAs('editor');
    const { router } = renderApp('/admin/fatture');

    expect(await screen.findByRole('heading', { level: 1, name: 'Master inseriti' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/master-inseriti');
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(within(nav).queryByRole('link', { name: 'Fatture' })).not.toBeInTheDocument();
    expect(api?.hits('GET /api/invoice')).toBe(0);
  });

  it('gives the admin a «Fatture» menu item leading to the list', async () => {
    setViewportWidth(1280);
    await startInvoicesApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');

    const nav = await screen.findByRole('navigation', { name: 'Menu principale' });
    await user.click(within(nav).getByRole('link', { name: 'Fatture' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
    expect(await screen.findByRole('cell', { name: 'LP-2026/000001' })).toBeVisible();
  });
});
