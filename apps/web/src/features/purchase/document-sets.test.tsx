import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';

let api: TestApi | undefined;
let stopCapturing: (() => void) | undefined;

afterEach(async () => {
  cleanup();
  stopCapturing?.();
  stopCapturing = undefined;
  await api?.close();
  api = undefined;
});

const SET = [
  { position: 1, name: 'Lettera di incarico' },
  { position: 2, name: 'Preventivo scritto' },
  { position: 3, name: 'Informativa privacy' },
];

function buildDetail(overrides: Partial<TContractDetail> = {}): TContractDetail {
  return {
    id: 'c-1',
    name: 'Conferimento di incarico professionale',
    title: 'Conferimento di incarico professionale',
    description: "L'incarico e i suoi documenti.",
    type: 'tpl-1',
    status: 'COMPLETED',
    answers: { foro: 'Milano' },
    answers_count: 1,
    price: '60.88',
    paymentId: { id: 'pay-1', updatedAt: '2026-03-05T10:30:00.000Z', price: '60.88' },
    userId: { name: 'Giulia', surname: 'Bianchi' },
    createdAt: '2026-03-04T09:00:00.000Z',
    updatedAt: '2026-03-05T10:30:00.000Z',
    detailed_answers: [{ variable: 'foro', question: 'Quale foro?', given_answer: 'Milano' }],
    templateId: {
      id: 'tpl-1',
      price: 49.9,
      price_cents: 4990,
      total: '60.88',
      max_questions: 3,
      stripe_url: null,
    },
    maxQuestions: 3,
    invoice: null,
    refundedAt: null,
    documents: SET,
    ...overrides,
  };
}

/** What GET /contract/download/c-1 was asked, and the file it answered. */
const asked: string[] = [];

async function startSetApi(detail: TContractDetail, routes: Record<string, TestHandler> = {}) {
  asked.length = 0;
  api = await startTestApi({
    ...appConfigRoute,
    ...routes,
    'GET /api/contract/c-1': () => ({ body: { data: detail } }),
    'GET /api/invoice': () => ({ body: { data: { results: [], page: 1, totalPages: 1 } } }),
    'GET /api/contract/download/c-1': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      asked.push(query.toString());
      const zip = query.get('format') === 'zip';
      const position = Number(query.get('document') ?? '1');
      const name = zip
        ? 'Conferimento di incarico professionale - 2026-03-05.zip'
        : `${SET[position - 1]?.name} - 2026-03-05.docx`;
      return {
        text: 'PK',
        headers: {
          'content-type': zip ? 'application/zip' : 'application/octet-stream',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(name)}`,
        },
      };
    },
    'GET /api/contract/preview/c-1': (request) => {
      const query = new URL(request.url ?? '', 'http://api').searchParams;
      asked.push(`preview:${query.get('document') ?? '1'}`);
      return { text: '%PDF-1.4 anteprima', headers: { 'content-type': 'application/pdf' } };
    },
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

/** axe on the page: no serious or critical violation (colour contrast needs a real layout). */
async function expectNoSeriousAxeViolations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  const serious = result.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.html).join(' | ')}`,
    ),
  ).toEqual([]);
}

describe('a bought document set in the archive', () => {
  it('lists each document with its own «Scarica» and downloads the whole set as a .zip, with the keyboard', async () => {
    await startSetApi(buildDetail());
    const saved = captureDownloads();
    signInAs('user');
    const user = userEvent.setup();
    renderApp('/user/archivio/dettaglio-documento?id=c-1');

    const set = await screen.findByRole('region', { name: "Documenti dell'insieme" });
    expect(
      within(set).getByText("L'acquisto comprende 3 documenti, compilati con le stesse risposte."),
    ).toBeVisible();
    const items = within(set).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1. Lettera di incarico' + 'Scarica',
      '2. Preventivo scritto' + 'Scarica',
      '3. Informativa privacy' + 'Scarica',
    ]);
    const second = within(set).getByRole('button', {
      name: 'Scarica «Preventivo scritto» (.docx)',
    });
    second.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(saved).toEqual(['Preventivo scritto - 2026-03-05.docx']));
    expect(asked).toEqual(['document=2']);

    await user.click(within(set).getByRole('button', { name: 'Scarica tutto (.zip)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('Conferimento di incarico professionale - 2026-03-05.zip');
    expect(asked[1]).toBe('format=zip');
    // The card's own button still gives the first document, as it always did.
    const first = screen.getByRole('button', { name: 'Scarica il documento (.docx)' });
    await user.click(first);
    await waitFor(() => expect(saved).toHaveLength(3));
    expect(asked[2]).toBe('');
    await waitFor(() => expect(first).toBeEnabled());
    await expectNoSeriousAxeViolations();
  });

  it('gives a set’s card in the archive its count and one «Scarica tutto (.zip)», with the keyboard', async () => {
    const detail = buildDetail();
    const { detailed_answers, templateId, maxQuestions, refundedAt, documents, ...card } = detail;
    await startSetApi(detail, {
      'GET /api/contract': (request) => {
        const status = new URL(request.url ?? '', 'http://api').searchParams.get('status');
        const results = status === 'TO_COMPLETE' ? [] : [{ ...card, documents_count: 3 }];
        return { body: { data: { results, page: 1, totalPages: 1 } } };
      },
    });
    const saved = captureDownloads();
    signInAs('user');
    renderApp('/user/archivio');
    const title = await screen.findByRole('heading', {
      level: 2,
      name: 'Conferimento di incarico professionale',
    });
    const article = title.closest('article') as HTMLElement;
    expect(within(article).getByText('Documenti:', { selector: 'dt' })).toBeVisible();
    expect(within(article).getByText('3', { selector: 'dd' })).toBeVisible();
    // The set is downloaded whole: no .docx or PDF/A of the first document alone.
    expect(
      within(article).queryByRole('button', { name: /formato \.docx|^Scarica PDF\/A/ }),
    ).toBeNull();
    const all = within(article).getByRole('button', {
      name: 'Scarica tutto (.zip): i documenti di «Conferimento di incarico professionale»',
    });
    all.focus();
    await userEvent.setup().keyboard('{Enter}');
    await waitFor(() =>
      expect(saved).toEqual(['Conferimento di incarico professionale - 2026-03-05.zip']),
    );
    expect(asked).toEqual(['format=zip']);
    await expectNoSeriousAxeViolations();
  });

  it('shows no set for a template of one document, nor for a refunded set', async () => {
    await startSetApi(buildDetail({ documents: [{ position: 1, name: 'Contratto' }] }));
    signInAs('user');
    renderApp('/user/archivio/dettaglio-documento?id=c-1');
    expect(
      await screen.findByRole('button', { name: 'Scarica il documento (.docx)' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: "Documenti dell'insieme" })).toBeNull();

    cleanup();
    await api?.close();
    await startSetApi(buildDetail({ refundedAt: '2026-03-20T09:00:00.000Z' }));
    renderApp('/user/archivio/dettaglio-documento?id=c-1');
    await screen.findByText(/Acquisto rimborsato/);
    expect(screen.queryByRole('region', { name: "Documenti dell'insieme" })).toBeNull();
  });

  it("downloads a document of the set from the admin's users' contracts", async () => {
    await startSetApi(buildDetail());
    const saved = captureDownloads();
    signInAs('admin');
    const user = userEvent.setup();
    renderApp('/admin/contratti-utenti/dettaglio-documento?id=c-1');

    const set = await screen.findByRole('region', { name: "Documenti dell'insieme" });
    await user.click(
      within(set).getByRole('button', { name: 'Scarica «Informativa privacy» (.docx)' }),
    );
    await waitFor(() => expect(saved).toEqual(['Informativa privacy - 2026-03-05.docx']));
    expect(asked).toEqual(['document=3']);
  });
});

describe('the preview of a document set', () => {
  it('shows one document at a time, chosen by name with the keyboard', async () => {
    await startSetApi(buildDetail({ status: 'COMPLETED', paymentId: null }));
    signInAs('user');
    useNewContractStore.getState().set({
      id: 'c-1',
      type: 'tpl-1',
      title: 'Conferimento di incarico professionale',
      answers: { foro: 'Milano' },
      maxQuestions: 3,
    });
    const user = userEvent.setup();
    renderApp('/user/nuovo-contratto/anteprima');

    const chooser = await screen.findByRole('group', { name: 'Documento da visualizzare' });
    const buttons = within(chooser).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(SET.map((d) => d.name));
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'true');
    await screen.findByTitle('Anteprima del documento generato');
    expect(asked).toEqual(['preview:1']);

    buttons[2]?.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked).toEqual(['preview:1', 'preview:3']));
    expect(buttons[2]).toHaveAttribute('aria-pressed', 'true');
    expect(buttons[0]).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByTitle('Anteprima del documento generato')).toBeVisible();
    await expectNoSeriousAxeViolations();
  });
});
