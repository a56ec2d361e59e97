import type { TContractCard, TContractDetail } from '@lexpath/shared/schemas/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  pointPageAt,
  setViewportWidth,
  startTestApi,
  type TestApi,
} from '../../test/test-api-server.ts';

let api: TestApi | undefined;

afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

const CATEGORIES = [
  { id: 'cat-casa', name: 'Immobiliare' },
  { id: 'cat-lavoro', name: 'Lavoro' },
];

function buildContract(
  overrides: Partial<TContractCard> & { categoryId?: string } = {},
): TContractCard & { categoryId: string } {
  return {
    id: 'c-1',
    name: 'Contratto di locazione',
    title: 'Contratto di locazione',
    description: 'Locazione abitativa',
    type: 'tpl-1',
    status: 'COMPLETED',
    answers: {},
    answers_count: 2,
    price: '59.78',
    paymentId: null,
    userId: { name: 'Giulia', surname: 'Bianchi' },
    createdAt: '2026-03-05T09:07:00',
    updatedAt: '2026-03-05T09:07:00',
    categoryId: 'cat-casa',
    ...overrides,
  };
}

const PAID = buildContract({
  id: 'c-new',
  title: 'Contratto di lavoro',
  categoryId: 'cat-lavoro',
  userId: { name: 'Luca', surname: 'Neri' },
  createdAt: '2026-03-10T16:45:00',
  paymentId: { id: 'p-1', updatedAt: '2026-03-11T10:05:00', price: '59.78' },
});

const CONTRACTS = [
  buildContract({ id: 'c-old', title: 'Comodato d’uso', createdAt: '2026-01-02T08:00:00' }),
  PAID,
  buildContract({ id: 'c-mid', title: 'Contratto di locazione', createdAt: '2026-02-14T12:30:00' }),
];

const SORT_VALUES: Record<string, (contract: TContractCard) => string | null> = {
  name: (contract) => contract.userId.name.toLowerCase(),
  surname: (contract) => contract.userId.surname.toLowerCase(),
  type_contract: (contract) => contract.title.toLowerCase(),
  created_at_date: (contract) => contract.createdAt,
  payment_date: (contract) => contract.paymentId?.updatedAt ?? null,
};

/** As GET /api/contract does: the whole list sorted (unpaid last, id breaks ties), then paged. */
function sortAndPage<T extends TContractCard>(list: T[], query: URLSearchParams, pageSize: number) {
  const sortValue =
    SORT_VALUES[query.get('sort') ?? 'created_at_date'] ?? SORT_VALUES.created_at_date;
  const sign = query.get('order') === 'asc' ? 1 : -1;
  const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...list].sort((a, b) => {
    const [left, right] = [sortValue?.(a) ?? null, sortValue?.(b) ?? null];
    if (left === null || right === null) {
      if (left !== right) return left === null ? 1 : -1;
      return sign * compare(a.id, b.id);
    }
    return sign * (compare(left, right) || compare(a.id, b.id));
  });
  const page = Number(query.get('page') ?? '1');
  return {
    results: sorted.slice((page - 1) * pageSize, page * pageSize),
    page,
    totalPages: Math.max(1, Math.ceil(sorted.length / pageSize)),
  };
}

async function startContractsApi(contracts = CONTRACTS, pageSize = 12) {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/category': () => ({
      body: { data: { results: CATEGORIES, page: 1, totalPages: 1 } },
    }),
    'GET /api/contract': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      if (query.get('userActive') !== 'true')
        return { body: { data: { results: [], page: 1, totalPages: 1 } } };
      const name = (query.get('name') ?? '').toLowerCase();
      const category = query.get('categoryId') ?? '';
      // As the server: an admin's list holds the COMPLETED documents unless asked otherwise.
      const status = query.get('status') || 'COMPLETED';
      const results = contracts.filter(
        (contract) =>
          contract.status === status &&
          contract.title.toLowerCase().includes(name) &&
          (category === '' || contract.categoryId === category),
      );
      return { body: { data: sortAndPage(results, query, pageSize) } };
    },
    'GET /api/contract/download/c-new': () => ({
      text: 'PK docx',
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        'content-disposition':
          'attachment; filename="contratto.docx"; filename*=UTF-8\'\'Contratto%20di%20lavoro%20-%202026-03-11.docx',
      },
    }),
    'GET /api/contract/c-new': () => ({
      body: {
        data: {
          ...PAID,
          detailed_answers: [
            {
              variable: 'durata',
              question: 'Quale durata ha il contratto?',
              given_answer: '12 mesi',
            },
            {
              variable: 'benefit',
              question: 'Quali benefit sono previsti?',
              given_answer: ['Auto aziendale', 'Buoni pasto'],
            },
          ],
          templateId: {
            id: 'tpl-1',
            price: 49,
            price_cents: 4900,
            total: '59.78',
            max_questions: 2,
            stripe_url: null,
          },
          maxQuestions: 2,
        } satisfies TContractDetail,
      },
    }),
  });
  pointPageAt(api.origin);
}

function documentColumn(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]?.textContent ?? '');
}

function surnameColumn(): string[] {
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent ?? '');
}

describe("users' contracts", () => {
  it('says when nobody has generated a document', async () => {
    await startContractsApi([]);
    signInAs('admin');
    renderApp('/admin/contratti-utenti');
    expect(await screen.findByText('Non ci sono dei documenti generati')).toBeInTheDocument();
  });

  it('says a search found nothing, not that no document exists', async () => {
    await startContractsApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');
    await screen.findByRole('cell', { name: 'Contratto di lavoro' });

    await user.type(screen.getByRole('searchbox', { name: 'Cerca per titolo' }), 'zzz{Enter}');

    expect(await screen.findByText('Nessun risultato per questa ricerca.')).toBeVisible();
    expect(screen.queryByText('Non ci sono dei documenti generati')).not.toBeInTheDocument();
  });

  it('shows a card per document on a 390 px phone, with Apri and a sort selector', async () => {
    setViewportWidth(390);
    try {
      await startContractsApi();
      signInAs('admin');
      const user = userEvent.setup();
      renderApp('/admin/contratti-utenti');

      const cards = await screen.findByRole('list', { name: 'Documenti generati dagli utenti' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const titles = () =>
        within(cards)
          .getAllByRole('listitem')
          .map((card) => card.firstElementChild?.textContent);
      expect(titles()).toEqual(['Contratto di lavoro', 'Contratto di locazione', 'Comodato d’uso']);
      expect(
        within(cards).getByRole('button', { name: 'Apri «Contratto di lavoro» di Luca Neri' }),
      ).toBeVisible();

      await user.selectOptions(
        screen.getByRole('combobox', { name: 'Ordina per' }),
        'created_at_date:asc',
      );
      await waitFor(() =>
        expect(titles()).toEqual([
          'Comodato d’uso',
          'Contratto di locazione',
          'Contratto di lavoro',
        ]),
      );
    } finally {
      setViewportWidth(1024);
    }
  });

  it('lists everyone’s documents newest first, with list dates', async () => {
    await startContractsApi();
    signInAs('admin');
    renderApp('/admin/contratti-utenti');

    await screen.findByRole('cell', { name: 'Contratto di lavoro' });
    expect(screen.getByRole('heading', { level: 1, name: 'Documenti generati' })).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nome↕',
      'Cognome↕',
      'Documento↕',
      'Data di generazione▼',
      'Data di pagamento↕',
      'Azioni',
    ]);
    expect(screen.getByRole('columnheader', { name: /Data di generazione/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(documentColumn()).toEqual([
      'Contratto di lavoro',
      'Contratto di locazione',
      'Comodato d’uso',
    ]);
    const newest = screen.getAllByRole('row')[1] as HTMLElement;
    expect(
      within(newest)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Luca',
      'Neri',
      'Contratto di lavoro',
      '10/03/2026 - 16:45',
      '11/03/2026 - 10:05',
      'Apri',
    ]);
  });

  it('toggles the generation date order from its header', async () => {
    await startContractsApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');
    await screen.findByRole('cell', { name: 'Contratto di lavoro' });

    const header = screen.getByRole('columnheader', { name: /Data di generazione/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() =>
      expect(documentColumn()).toEqual([
        'Comodato d’uso',
        'Contratto di locazione',
        'Contratto di lavoro',
      ]),
    );

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(documentColumn()[0]).toBe('Contratto di lavoro'));
  });

  it('asks the server for the order, so page 2 continues it across the whole list', async () => {
    // Newest first: Rossi, Bianchi | Verdi, Conti | Esposito.
    const bySurname = ['Rossi', 'Bianchi', 'Verdi', 'Conti', 'Esposito'].map((surname, index) =>
      buildContract({
        id: `c-${surname.toLowerCase()}`,
        userId: { name: 'Anna', surname },
        createdAt: `2026-03-0${9 - index}T10:00:00`,
      }),
    );
    await startContractsApi(bySurname, 2);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');
    await screen.findByRole('cell', { name: 'Rossi' });
    const pager = screen.getByRole('navigation', { name: 'Paginazione' });
    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(surnameColumn()).toEqual(['Verdi', 'Conti']));

    const header = screen.getByRole('columnheader', { name: /Cognome/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Data di generazione/ })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    // A new order starts again from page 1, sorted over every document, not over one page.
    await waitFor(() => expect(surnameColumn()).toEqual(['Bianchi', 'Conti']));
    expect(within(pager).getByText('Pagina 1 di 3')).toBeInTheDocument();

    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(surnameColumn()).toEqual(['Esposito', 'Rossi']));
    expect(within(pager).getByText('Pagina 2 di 3')).toBeInTheDocument();
    await user.click(within(pager).getByRole('button', { name: 'Successiva' }));
    await waitFor(() => expect(surnameColumn()).toEqual(['Verdi']));
  });

  it('filters by category chip and by search, and clearing the box resets it', async () => {
    await startContractsApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');
    await screen.findByRole('cell', { name: 'Contratto di lavoro' });

    const chips = screen.getByRole('group', { name: 'Filtra per categoria' });
    await user.click(await within(chips).findByRole('button', { name: 'Lavoro' }));
    await waitFor(() => expect(documentColumn()).toEqual(['Contratto di lavoro']));
    expect(within(chips).getByRole('button', { name: 'Lavoro' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(chips).getByRole('button', { name: 'Tutti' }));
    await screen.findByRole('cell', { name: 'Comodato d’uso' });

    const box = screen.getByRole('searchbox', { name: 'Cerca per titolo' });
    await user.type(box, 'comodato{Enter}');
    await waitFor(() => expect(documentColumn()).toEqual(['Comodato d’uso']));

    await user.clear(box);
    await waitFor(() => expect(documentColumn()).toHaveLength(3));
  });

  it('opens a document with its user, dates, price and answers', async () => {
    await startContractsApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');

    await user.click(
      await screen.findByRole('button', { name: 'Apri «Contratto di lavoro» di Luca Neri' }),
    );
    expect(await screen.findByRole('heading', { name: 'Contratto di lavoro' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const details = screen.getAllByRole('definition').map((detail) => detail.textContent);
    expect(terms).toEqual([
      'Utente',
      'Data di generazione',
      'Data di pagamento',
      'Prezzo pagato',
      'Numero di domande',
    ]);
    expect(details.slice(0, 3)).toEqual(['Luca Neri', '10/03/2026 - 16:45', '11/03/2026 - 10:05']);
    expect(details[3]).toMatch(/59,78/);
    expect(details[4]).toBe('2');
    const answers = screen.getByRole('list', { name: 'Risposte date' });
    expect(
      within(answers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Quale durata ha il contratto?Risposta: 12 mesi',
      'Quali benefit sono previsti?Risposta: Auto aziendale, Buoni pasto',
    ]);

    await user.click(screen.getByRole('button', { name: 'Scarica il documento (.docx)' }));
    expect(
      await screen.findByText('Documento scaricato: Contratto di lavoro - 2026-03-11.docx'),
    ).toBeVisible();
    expect(api?.hits('GET /api/contract/download/c-new')).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Torna ai documenti generati' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Documenti generati' }),
    ).toBeVisible();
    // The list is back before the test API closes.
    expect(await screen.findByRole('cell', { name: 'Contratto di lavoro' })).toBeVisible();
  });
});

describe('drafts (issue 12)', () => {
  const DRAFT = buildContract({
    id: 'c-draft',
    title: 'Accordo di riservatezza',
    status: 'TO_COMPLETE',
    userId: { name: 'Sara', surname: 'Conti' },
    createdAt: '2026-03-12T11:00:00',
  });

  it('lists the generated documents by default and the drafts apart, on request', async () => {
    await startContractsApi([...CONTRACTS, DRAFT]);
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');

    const table = await screen.findByRole('table', { name: 'Documenti generati dagli utenti' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(within(table).queryByText('Accordo di riservatezza')).not.toBeInTheDocument();
    const shown = screen.getByRole('group', { name: 'Mostra' });
    expect(within(shown).getByRole('button', { name: 'Documenti generati' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(
      within(shown).getByRole('button', { name: 'Bozze (questionari non conclusi)' }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Documenti generati dagli utenti' })).getAllByRole(
          'row',
        ),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('cell', { name: 'Accordo di riservatezza' })).toBeVisible();
    expect(screen.queryByText('Contratto di lavoro')).not.toBeInTheDocument();
  });

  it('says so when there is no draft', async () => {
    await startContractsApi();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti');

    await user.click(
      await screen.findByRole('button', { name: 'Bozze (questionari non conclusi)' }),
    );
    expect(await screen.findByText('Non ci sono bozze')).toBeVisible();
  });
});
