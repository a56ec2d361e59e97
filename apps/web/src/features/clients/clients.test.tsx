import { it as msg } from '@lexpath/shared/messages/it';
import type { TClient } from '@lexpath/shared/schemas/clients';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';

const texts = msg.clientRegister;

let api: TestApi | undefined;

afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

function buildClient(id: string, overrides: Partial<TClient> = {}): TClient {
  return {
    id,
    tipo: 'persona_fisica',
    nome_visualizzato: 'Rossi Mario',
    dati: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
    legale_rappresentante: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const ROSSI = buildClient('c-1', {
  dati: {
    nome: 'Mario',
    cognome: 'Rossi',
    codice_fiscale: 'RSSMRA85T10A562S',
    data_nascita: '1985-12-10',
    cap: '00184',
    provincia: 'RM',
  },
});
const ALFA = buildClient('c-2', {
  tipo: 'persona_giuridica',
  nome_visualizzato: 'Alfa S.r.l.',
  dati: { denominazione: 'Alfa S.r.l.', partita_iva: '12345678903' },
  legale_rappresentante: { nome: 'Ugo', cognome: 'Zanetti' },
});

/**
 * The register's API over an in-memory list: search by any word of the name or codice
 * fiscale, pages of `pageSize`; every request's query is kept in `asked`.
 */
async function startClientsApi(
  table: TClient[],
  options: { pageSize?: number; extra?: Record<string, TestHandler> } = {},
) {
  const asked: string[] = [];
  const sent: unknown[] = [];
  const pageSize = options.pageSize ?? 12;
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/client': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      asked.push(query.toString());
      const q = (query.get('q') ?? '').toLowerCase();
      const found = table.filter((client) =>
        `${client.nome_visualizzato} ${client.dati.codice_fiscale ?? ''}`.toLowerCase().includes(q),
      );
      const page = Number(query.get('page') ?? '1');
      return {
        body: {
          data: {
            results: found.slice((page - 1) * pageSize, page * pageSize),
            page,
            totalPages: Math.max(1, Math.ceil(found.length / pageSize)),
          },
        },
      };
    },
    'POST /api/client': (_request, body) => {
      sent.push(body);
      const created = buildClient(`c-${table.length + 1}`);
      table.push(created);
      return { status: 201, body: { data: created }, delayMs: 50 };
    },
    ...Object.fromEntries(
      table.map((client) => [`GET /api/client/${client.id}`, () => ({ body: { data: client } })]),
    ),
    ...options.extra,
  });
  pointPageAt(api.origin);
  return { asked, sent };
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('the clients list', () => {
  it('says the register is empty and offers to add the first client', async () => {
    await startClientsApi([]);
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti');

    expect(await screen.findByText(texts.empty)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Clienti' })).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: texts.add }));
    expect(await screen.findByRole('heading', { level: 1, name: texts.newTitle })).toBeVisible();
  });

  it('lists the clients by name, searches them and pages through them', async () => {
    const table = [
      ALFA,
      ...Array.from({ length: 13 }, (_, n) =>
        buildClient(`b-${n + 1}`, {
          nome_visualizzato: `Bianchi Cliente ${String(n + 1).padStart(2, '0')}`,
          dati: { nome: `Cliente ${n + 1}`, cognome: 'Bianchi' },
        }),
      ),
      ROSSI,
    ];
    const { asked } = await startClientsApi(table);
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti');

    await screen.findByRole('table', { name: texts.caption });
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Nome',
      'Tipo',
      'Codice fiscale / P. IVA',
    ]);
    expect(rowNames().slice(0, 2)).toEqual(['Alfa S.r.l.', 'Bianchi Cliente 01']);
    expect(screen.getByRole('link', { name: 'Alfa S.r.l.' })).toHaveAttribute(
      'href',
      '/user/clienti/c-2',
    );
    expect(screen.getByRole('cell', { name: '12345678903' })).toBeVisible();

    const pager = screen.getByRole('navigation', { name: 'Paginazione' });
    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));
    await waitFor(() =>
      expect(rowNames()).toEqual(['Bianchi Cliente 12', 'Bianchi Cliente 13', 'Rossi Mario']),
    );

    const search = within(screen.getByRole('search')).getByRole('searchbox', {
      name: texts.search,
    });
    await user.type(search, 'rssmra{Enter}');
    await waitFor(() => expect(rowNames()).toEqual(['Rossi Mario']));
    expect(asked.at(-1)).toBe('page=1&q=rssmra');
    expect(screen.queryByRole('navigation', { name: 'Paginazione' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nessuno');
    await user.click(screen.getByRole('button', { name: texts.searchButton }));
    expect(await screen.findByText(msg.web.lists.noMatch)).toBeVisible();
    // A search that finds nothing is not an empty register.
    expect(screen.queryByText(texts.empty)).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again with Riprova', async () => {
    let fail = true;
    await startClientsApi([ROSSI], {
      extra: {
        'GET /api/client': () =>
          fail
            ? apiError(500, msg.errors.internal)
            : { body: { data: { results: [ROSSI], page: 1, totalPages: 1 } } },
      },
    });
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti');

    expect(await screen.findByText(texts.loadFailed, {}, { timeout: 15_000 })).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: msg.web.purchase.retry }));
    expect(await screen.findByRole('link', { name: 'Rossi Mario' })).toBeVisible();
  }, 30_000);
});

describe('the client form', () => {
  it('shows each wrong field’s Italian message under it and moves the focus to the first', async () => {
    const { sent } = await startClientsApi([]);
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti/nuovo');

    await screen.findByRole('heading', { level: 1, name: texts.newTitle });
    expect(screen.getByRole('radio', { name: 'Persona fisica' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'CAP' }), '123');
    await user.click(screen.getByRole('button', { name: texts.save }));

    const nome = screen.getByRole('textbox', { name: /^Nome/ });
    await waitFor(() => expect(nome).toHaveFocus());
    await waitFor(() => expect(nome).toHaveAccessibleErrorMessage('Indica nome.'));
    expect(screen.getByRole('textbox', { name: /^Cognome/ })).toHaveAccessibleErrorMessage(
      'Indica cognome.',
    );
    expect(screen.getByRole('textbox', { name: 'CAP' })).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('asks a company its denominazione, and a legal representative begun its name and surname', async () => {
    const { sent } = await startClientsApi([]);
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti/nuovo');

    await user.click(await screen.findByRole('radio', { name: 'Persona giuridica' }));
    const representative = screen.getByRole('group', { name: texts.representative });
    expect(screen.queryByRole('textbox', { name: /^Nome/ })).toBe(
      within(representative).getByRole('textbox', { name: /^Nome/ }),
    );
    await user.type(within(representative).getByRole('textbox', { name: /^Nome/ }), 'Ugo');
    await user.click(screen.getByRole('button', { name: texts.save }));

    const denominazione = screen.getByRole('textbox', { name: /^Denominazione/ });
    await waitFor(() => expect(denominazione).toHaveFocus());
    expect(denominazione).toHaveAccessibleErrorMessage('Indica denominazione.');
    expect(
      within(representative).getByRole('textbox', { name: /^Cognome/ }),
    ).toHaveAccessibleErrorMessage('Indica cognome.');

    await user.type(denominazione, 'Alfa S.r.l.');
    await user.type(within(representative).getByRole('textbox', { name: /^Cognome/ }), 'Zanetti');
    const company = screen.getByRole('group', { name: texts.companyData });
    await user.type(within(company).getByRole('textbox', { name: 'Provincia' }), 'na');
    await user.click(screen.getByRole('button', { name: texts.save }));

    expect(await screen.findByText(texts.created)).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clienti' })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      tipo: 'persona_giuridica',
      dati: { denominazione: 'Alfa S.r.l.', provincia: 'na' },
      legale_rappresentante: { nome: 'Ugo', cognome: 'Zanetti' },
    });
    expect(Object.keys((sent[0] as { dati: object }).dati)).not.toContain('nome');
  });

  it('asks whether the client is a sostituto d’imposta, saying what it means, and sends the answer', async () => {
    const { sent } = await startClientsApi([]);
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti/nuovo');

    await screen.findByRole('heading', { level: 1, name: texts.newTitle });
    await user.type(screen.getByRole('textbox', { name: /^Nome/ }), 'Luca');
    await user.type(screen.getByRole('textbox', { name: /^Cognome/ }), 'Verdi');
    const withholding = screen.getByRole('combobox', { name: "Sostituto d'imposta" });
    expect(withholding).toHaveAccessibleDescription(msg.clients.withholdingHelp);
    await user.selectOptions(withholding, 'No');
    await user.click(screen.getByRole('button', { name: texts.save }));

    expect(await screen.findByText(texts.created)).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      tipo: 'persona_fisica',
      dati: { nome: 'Luca', cognome: 'Verdi', sostituto_imposta: 'No' },
    });
  });

  it('puts the server’s refusal under its field and focuses it', async () => {
    await startClientsApi([], {
      extra: {
        'POST /api/client': () => ({
          status: 422,
          body: {
            statusCode: 422,
            error: 'Unprocessable Entity',
            message: 'Il codice fiscale non è valido.',
            fields: { 'dati.codice_fiscale': 'Il codice fiscale non è valido.' },
          },
        }),
      },
    });
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti/nuovo');

    await user.type(await screen.findByRole('textbox', { name: /^Nome/ }), 'Anna');
    await user.type(screen.getByRole('textbox', { name: /^Cognome/ }), 'Neri');
    await user.click(screen.getByRole('button', { name: texts.save }));

    const code = screen.getByRole('textbox', { name: 'Codice fiscale' });
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAccessibleErrorMessage('Il codice fiscale non è valido.');
    expect(screen.getByRole('heading', { level: 1, name: texts.newTitle })).toBeVisible();
  });
});

describe('a client’s page', () => {
  it('shows the stored data as typed, and deletes only after the confirmation', async () => {
    let deleted = 0;
    await startClientsApi([ROSSI], {
      extra: {
        'DELETE /api/client/c-1': () => {
          deleted += 1;
          return { body: { data: { id: 'c-1' } } };
        },
      },
    });
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/clienti/c-1');

    await screen.findByRole('heading', { level: 1, name: texts.editTitle });
    expect(await screen.findByRole('textbox', { name: /^Nome/ })).toHaveValue('Mario');
    expect(screen.getByRole('textbox', { name: 'Data di nascita' })).toHaveValue('10/12/1985');
    expect(screen.getByRole('textbox', { name: 'Provincia' })).toHaveValue('RM');
    expect(screen.getByRole('button', { name: texts.export })).toBeVisible();

    const remove = screen.getByRole('button', { name: texts.delete });
    await user.click(remove);
    let dialog = await screen.findByRole('alertdialog', { name: texts.deleteTitle });
    expect(dialog).toHaveTextContent(texts.deleteText('Rossi Mario'));
    await user.click(within(dialog).getByRole('button', { name: msg.web.confirm.cancel }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleted).toBe(0);

    await user.click(remove);
    dialog = await screen.findByRole('alertdialog', { name: texts.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: texts.deleteConfirm }));
    expect(await screen.findByText(texts.deleted)).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Clienti' })).toBeVisible();
    expect(deleted).toBe(1);
  });

  it('says when the client does not exist (or is another lawyer’s)', async () => {
    await startClientsApi([], {
      extra: { 'GET /api/client/zzz': () => apiError(404, msg.clients.notFound) },
    });
    signInAs('user');
    renderApp('/user/clienti/zzz');

    expect(await screen.findByText(texts.loadOneFailed)).toBeVisible();
    expect(screen.getByText(msg.clients.notFound)).toBeVisible();
    expect(screen.queryByRole('button', { name: texts.delete })).not.toBeInTheDocument();
  });
});
