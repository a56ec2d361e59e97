import type { TClient } from '@lexpath/shared/schemas/clients';
import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFlowTiming, setFlowTiming } from '../../lib/flow-timing.ts';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

/** «Nuovo documento per questo cliente» on a client's page. */

let api: TestApi | undefined;

configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  setFlowTiming({ summaryDelayMs: 0, wordDelayMs: 0, loaderMs: () => 0 });
});

afterEach(async () => {
  cleanup();
  resetFlowTiming();
  useNewContractStore.getState().reset();
  await api?.close();
  api = undefined;
});

const ROSSI: TClient = {
  id: 'cl-1',
  tipo: 'persona_fisica',
  nome_visualizzato: 'Rossi Mario',
  dati: { nome: 'Mario', cognome: 'Rossi', codice_fiscale: 'RSSMRA85T10A562S' },
  legale_rappresentante: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

const template = (id: string, name: string) => ({
  id,
  name,
  description: 'Un modello.',
  price: 39,
  price_cents: 3900,
  categoryId: null,
  status: 'PUBLISHED',
  min_time: 5,
  max_time: 10,
  min_questions: 3,
  max_questions: 3,
});

const ASKED: TNextQuestion = {
  description: null,
  options: [],
  is_multiple_selection: false,
  variable: 'oggetto',
  question: 'Qual è l’oggetto dell’incarico?',
  type: 'testo',
};

function detail(id: string, type: string): TContractDetail {
  return {
    id,
    name: 'Nuovo',
    title: 'Nuovo documento',
    description: 'Un documento.',
    type,
    status: 'TO_COMPLETE',
    answers: { cliente_nome: 'Mario Rossi' },
    answers_count: 1,
    price: '47.58',
    paymentId: null,
    userId: { name: 'Giulia', surname: 'Bianchi' },
    invoice: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
    detailed_answers: [],
    templateId: {
      id: type,
      price: 39,
      price_cents: 3900,
      total: '47.58',
      max_questions: 3,
      stripe_url: null,
      version_id: 'v-1',
      newer_version: false,
    },
    maxQuestions: 3,
    prefilled: ['cliente_nome'],
    refundedAt: null,
  };
}

/** A client's page, the catalogue (an engagement with one party, a lease with two) and the start. */
async function startApi() {
  const started: unknown[] = [];
  const partiesAsked: string[] = [];
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/client/cl-1': () => ({ body: { data: ROSSI } }),
    'GET /api/template': () => ({
      body: {
        data: {
          results: [
            template('tpl-incarico', 'Conferimento di incarico'),
            template('tpl-locazione', 'Contratto di locazione'),
            template('tpl-vuoto', 'Modello senza parti'),
          ],
          page: 1,
          totalPages: 1,
        },
      },
    }),
    'GET /api/contract/parties': (request) => {
      const type = new URL(request.url ?? '', 'http://api').searchParams.get('type') ?? '';
      partiesAsked.push(type);
      const parties: Record<string, unknown[]> = {
        'tpl-incarico': [{ ruolo: 'cliente', variable: 'cliente_tipo' }],
        'tpl-locazione': [
          { ruolo: 'locatore', variable: 'locatori' },
          { ruolo: 'conduttore', variable: 'conduttori' },
        ],
        'tpl-vuoto': [],
      };
      return { body: { data: parties[type] ?? [] } };
    },
    'PUT /api/contract/': (_request, body) => {
      started.push(body);
      const type = (body as { type: string }).type;
      return { body: { data: { id: `c-${type}` } } };
    },
    'GET /api/contract/c-tpl-incarico': () => ({
      body: { data: detail('c-tpl-incarico', 'tpl-incarico') },
    }),
    'GET /api/contract/c-tpl-locazione': () => ({
      body: { data: detail('c-tpl-locazione', 'tpl-locazione') },
    }),
    'POST /api/contract/questions': () => ({ body: { data: ASKED } }),
  });
  pointPageAt(api.origin);
  signInAs('user');
  return { started, partiesAsked };
}

async function openDialog() {
  const user = userEvent.setup();
  renderApp('/user/clienti/cl-1');
  const open = await screen.findByRole('button', { name: 'Nuovo documento per questo cliente' });
  open.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Nuovo documento per questo cliente' });
  return { user, dialog };
}

describe('«Nuovo documento per questo cliente»', () => {
  it('starts a template with one party at once, the client in it, with the keyboard', async () => {
    const { started } = await startApi();
    const { user, dialog } = await openDialog();
    const choose = await within(dialog).findByRole('button', {
      name: 'Scegli «Conferimento di incarico»',
    });
    const result = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(
      result.violations
        .filter((each) => each.impact === 'serious' || each.impact === 'critical')
        .map((each) => each.id),
    ).toEqual([]);
    choose.focus();
    await user.keyboard('{Enter}');

    expect(
      await screen.findByRole('textbox', { name: 'Qual è l’oggetto dell’incarico?' }),
    ).toBeVisible();
    expect(started).toEqual([{ type: 'tpl-incarico', clients: { cliente_tipo: 'cl-1' } }]);
    expect(useNewContractStore.getState().value).toMatchObject({
      id: 'c-tpl-incarico',
      answers: { cliente_nome: 'Mario Rossi' },
    });
  });

  it('asks «Per quale parte?» when the template has several, and starts with the one chosen', async () => {
    const { started } = await startApi();
    const { user, dialog } = await openDialog();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Scegli «Contratto di locazione»' }),
    );
    const list = await within(dialog).findByRole('list', { name: 'Per quale parte?' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((each) => each.textContent),
    ).toEqual(['Come locatore', 'Come conduttore']);
    expect(started).toEqual([]);
    await user.click(within(list).getByRole('button', { name: 'Come conduttore' }));
    expect(
      await screen.findByRole('textbox', { name: 'Qual è l’oggetto dell’incarico?' }),
    ).toBeVisible();
    expect(started).toEqual([{ type: 'tpl-locazione', clients: { conduttori: 'cl-1' } }]);
  });

  it('says so when the template has no party, and starts nothing', async () => {
    const { started, partiesAsked } = await startApi();
    const { user, dialog } = await openDialog();
    await user.click(
      await within(dialog).findByRole('button', { name: 'Scegli «Modello senza parti»' }),
    );
    expect(
      await within(dialog).findByText(/Questo modello non ha parti da compilare/),
    ).toBeVisible();
    await waitFor(() => expect(partiesAsked).toEqual(['tpl-vuoto']));
    expect(started).toEqual([]);
  });
});
