import type { TServiceStatus } from '@lexpath/shared/schemas/service-status';
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
} from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  setViewportWidth(1024);
  await api?.close();
  api = undefined;
});

const MAIL_ID = '11111111-1111-4111-8111-111111111111';
const STUCK_ID = '22222222-2222-4222-8222-222222222222';
const REFUSED_ID = '33333333-3333-4333-8333-333333333333';

function buildStatus(): TServiceStatus {
  return {
    mails: [
      {
        id: MAIL_ID,
        to: 'rossi@pec.test.it',
        subject: 'Conferma di acquisto',
        attempts: 12,
        lastError: '550 casella inesistente',
        createdAt: '2026-11-20T09:30:00.000Z',
      },
    ],
    invoices: [
      {
        id: STUCK_ID,
        number: 'LP-2026/000007',
        issuedOn: '2026-11-20',
        problem: 'ferma',
        reason: null,
        createdAt: '2026-11-20T09:30:00.000Z',
      },
      {
        id: REFUSED_ID,
        number: 'LP-2026/000003',
        issuedOn: '2026-11-18',
        problem: 'scartata',
        reason: '00404 Fattura duplicata',
        createdAt: '2026-11-18T09:30:00.000Z',
      },
    ],
    previews: [
      {
        at: '2026-11-21T10:00:00.000Z',
        output: 'pdf',
        reason: 'timeout',
        templateId: '00000000-0000-4000-8000-0000000000a1',
        templateName: 'Mandato professionale',
        contractId: '00000000-0000-4000-8000-0000000000c1',
        document: 2,
      },
    ],
  };
}

/** The API over an in-memory state: a retried mail leaves the list, as on the server. */
async function startStatusApi(
  options: { status?: TServiceStatus; get?: TestHandler; retryInvoice?: TestHandler } = {},
) {
  const state = options.status ?? buildStatus();
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/service-status': options.get ?? (() => ({ body: { data: state } })),
    [`POST /api/service-status/mails/${MAIL_ID}/retry`]: () => {
      state.mails = state.mails.filter((mail) => mail.id !== MAIL_ID);
      return { body: { data: { id: MAIL_ID } } };
    },
    [`POST /api/service-status/invoices/${STUCK_ID}/retry`]:
      options.retryInvoice ?? (() => ({ status: 202, body: { data: { id: STUCK_ID } } })),
  });
  pointPageAt(api.origin);
  return state;
}

/** Tabs (the keyboard alone) until `name` has the focus. */
async function tabTo(user: ReturnType<typeof userEvent.setup>, name: string) {
  for (let step = 0; step < 60; step += 1) {
    await user.tab();
    if (document.activeElement?.getAttribute('aria-label') === name) return;
  }
  throw new Error(`«${name}» never took the focus`);
}

describe('«Stato del servizio»', () => {
  it('lists the stopped mail, the invoices to check and the failed preview, on a 390 px screen', async () => {
    setViewportWidth(390);
    await startStatusApi();
    signInAs('admin');
    renderApp('/admin/stato-del-servizio');

    const mails = await screen.findByRole('region', { name: 'Mail non inviate' });
    expect(screen.getByRole('heading', { level: 1, name: 'Stato del servizio' })).toBeVisible();
    const mail = within(mails).getByRole('listitem');
    expect(mail).toHaveTextContent('Conferma di acquisto');
    expect(mail).toHaveTextContent('A: rossi@pec.test.it');
    expect(mail).toHaveTextContent('Tentativi: 12');
    expect(mail).toHaveTextContent('Ultimo errore: 550 casella inesistente');

    const invoices = screen.getByRole('region', { name: 'Fatture da controllare' });
    const [stuck, refused] = within(invoices).getAllByRole('listitem');
    expect(stuck).toHaveTextContent('Fattura n. LP-2026/000007 del 20/11/2026');
    expect(stuck).toHaveTextContent('Non ancora trasmessa');
    expect(
      within(stuck as HTMLElement).getByRole('button', {
        name: 'Riprova la trasmissione della fattura n. LP-2026/000007',
      }),
    ).toBeVisible();
    // A refused invoice is never resent: it says what to do instead, and offers no retry.
    expect(refused).toHaveTextContent('Scartata dallo SDI');
    expect(refused).toHaveTextContent('Motivo: 00404 Fattura duplicata');
    expect(refused).toHaveTextContent('Una fattura scartata non si modifica né si reinvia');
    expect(within(refused as HTMLElement).queryByRole('button')).not.toBeInTheDocument();

    const previews = screen.getByRole('region', { name: 'Anteprime non riuscite' });
    expect(within(previews).getByRole('listitem')).toHaveTextContent(
      'Anteprima PDFMandato professionale, documento 2 della serieTempo scaduto',
    );
  });

  it('retries a stopped mail with the keyboard alone, says so, and the mail leaves the list', async () => {
    await startStatusApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/stato-del-servizio');
    await screen.findByRole('region', { name: 'Mail non inviate' });

    await tabTo(user, "Riprova l'invio a rossi@pec.test.it: Conferma di acquisto");
    await user.keyboard('{Enter}');

    expect(
      await screen.findByText('La mail a rossi@pec.test.it è di nuovo in coda di invio.'),
    ).toHaveAttribute('role', 'status');
    const mails = screen.getByRole('region', { name: 'Mail non inviate' });
    await waitFor(() =>
      expect(mails).toHaveTextContent(
        'Nessuna mail ferma: tutte le mail sono state inviate o sono in coda.',
      ),
    );
    expect(api?.hits(`POST /api/service-status/mails/${MAIL_ID}/retry`)).toBe(1);
  });

  it('retries a stuck invoice, and reads out the refusal when the server says no', async () => {
    await startStatusApi({
      retryInvoice: () =>
        apiError(409, 'Questa fattura è già stata trasmessa: non viene inviata di nuovo da qui.'),
    });
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/stato-del-servizio');

    await user.click(
      await screen.findByRole('button', {
        name: 'Riprova la trasmissione della fattura n. LP-2026/000007',
      }),
    );
    expect(
      await screen.findByText(
        'Questa fattura è già stata trasmessa: non viene inviata di nuovo da qui.',
      ),
    ).toHaveAttribute('role', 'status');
  });

  it('says when nothing stopped', async () => {
    await startStatusApi({ status: { mails: [], invoices: [], previews: [] } });
    signInAs('admin');
    renderApp('/admin/stato-del-servizio');

    expect(
      await screen.findByText(
        'Nessuna mail ferma: tutte le mail sono state inviate o sono in coda.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Nessuna fattura da controllare.')).toBeVisible();
    expect(screen.getByText('Nessuna anteprima non riuscita.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Riprova/ })).not.toBeInTheDocument();
  });

  it('shows the loading state, then an error with Riprova that loads again', async () => {
    let calls = 0;
    const state = buildStatus();
    await startStatusApi({
      get: () => {
        calls += 1;
        return calls === 1
          ? // A 4xx, which the app does not ask again (a 5xx is retried three times first).
            { ...apiError(404, 'Indirizzo API inesistente.'), delayMs: 200 }
          : { body: { data: state } };
      },
    });
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/stato-del-servizio');

    expect(await screen.findByText('Caricamento in corso...')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Non è stato possibile caricare lo stato del servizio.');
    await user.click(within(alert).getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('region', { name: 'Mail non inviate' })).toBeVisible();
  });
});

describe('who sees «Stato del servizio»', () => {
  it('gives the admin a menu item leading to it', async () => {
    setViewportWidth(1280);
    await startStatusApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');

    const nav = await screen.findByRole('navigation', { name: 'Menu principale' });
    await user.click(within(nav).getByRole('link', { name: 'Stato del servizio' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Stato del servizio' }),
    ).toBeVisible();
  });

  it('sends an editor away, with no menu item', async () => {
    setViewportWidth(1280);
    await startStatusApi();
    signInAs('editor');
    const { router } = renderApp('/admin/stato-del-servizio');

    expect(await screen.findByRole('heading', { level: 1, name: 'Master inseriti' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/master-inseriti');
    const nav = screen.getByRole('navigation', { name: 'Menu principale' });
    expect(within(nav).queryByRole('link', { name: 'Stato del servizio' })).not.toBeInTheDocument();
    expect(api?.hits('GET /api/service-status')).toBe(0);
  });
});
