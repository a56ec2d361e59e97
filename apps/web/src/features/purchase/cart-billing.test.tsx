import { it as msg } from '@lexpath/shared/messages/it';
import {
  type TBillingProfile,
  type TBillingProfileView,
  ZBillingProfile,
} from '@lexpath/shared/schemas/billing';
import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useNewContractStore } from '../../lib/storage.ts';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { buildPublicUser, signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import {
  apiError,
  pointPageAt,
  startTestApi,
  type TestApi,
  type TestHandler,
} from '../../test/test-api-server.ts';

const texts = msg.web.billingForm;

let api: TestApi | undefined;

afterEach(async () => {
  cleanup();
  await api?.close();
  api = undefined;
});

const SAVED: TBillingProfileView = {
  tipo: 'persona_fisica',
  nome: 'Giulia',
  cognome: 'Bianchi',
  denominazione: null,
  codice_fiscale: 'RSSMRA85T10A562S',
  partita_iva: '12345678903',
  indirizzo: 'Via Roma 1',
  cap: '00100',
  comune: 'Roma',
  provincia: 'RM',
  nazione: 'IT',
  codice_destinatario: null,
  pec_destinatario: 'giulia.bianchi@pec.it',
};

const CONTRACT: TContractDetail = {
  id: 'c-1',
  name: 'Contratto di locazione',
  title: 'Contratto di locazione',
  description: 'Locazione ad uso abitativo.',
  type: 'tpl-locazione',
  status: 'COMPLETED',
  answers: { foro: 'Milano' },
  answers_count: 1,
  price: '60.88',
  paymentId: null,
  userId: { name: 'Giulia', surname: 'Bianchi' },
  createdAt: '2026-03-04T09:00:00.000Z',
  updatedAt: '2026-03-04T09:00:00.000Z',
  detailed_answers: [
    { variable: 'foro', question: 'Quale foro è competente?', given_answer: 'Milano' },
  ],
  templateId: {
    id: 'tpl-locazione',
    price: 49.9,
    price_cents: 4990,
    total: '60.88',
    max_questions: 3,
    stripe_url: null,
  },
  maxQuestions: 3,
};

/**
 * The cart's API: the completed contract, the account, and a billing profile store that checks
 * PUT bodies with the shared schema, as the server does, and keeps what it received.
 */
async function startCartApi(
  options: {
    billing?: TBillingProfileView | null;
    /** PUT /user/{id}/billing's refusal, instead of the schema's answer. */
    refusal?: string[];
    checkout?: TestHandler;
  } = {},
) {
  const state = { billing: options.billing ?? null, puts: [] as unknown[] };
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/contract/c-1': () => ({ body: { data: CONTRACT } }),
    'GET /api/user/user-1': () => ({
      body: { data: buildPublicUser({ id: 'user-1', pec: 'giulia.bianchi@pec.it' }) },
    }),
    'GET /api/user/user-1/billing': () => ({ body: { data: state.billing } }),
    'PUT /api/user/user-1/billing': (_request, body) => {
      state.puts.push(body);
      if (options.refusal) return apiError(400, options.refusal);
      const parsed = ZBillingProfile.safeParse(body);
      if (!parsed.success)
        return apiError(
          400,
          parsed.error.issues.map((i) => i.message),
        );
      const profile: TBillingProfile = parsed.data;
      state.billing = {
        ...SAVED,
        ...profile,
        nome: profile.nome ?? null,
        cognome: profile.cognome ?? null,
        denominazione: profile.denominazione || null,
        codice_destinatario: profile.codice_destinatario || null,
        pec_destinatario: profile.pec_destinatario || null,
      };
      return { body: { data: state.billing }, delayMs: 20 };
    },
    'POST /api/payment/checkout':
      options.checkout ?? (() => ({ body: { data: { url: '/pagamento-di-prova?contract=c-1' } } })),
  });
  pointPageAt(api.origin);
  return state;
}

function openCart() {
  signInAs('user');
  useNewContractStore.getState().set({
    id: 'c-1',
    type: 'tpl-locazione',
    title: 'Contratto di locazione',
    answers: { foro: 'Milano' },
    maxQuestions: 3,
  });
  const user = userEvent.setup();
  renderApp('/user/nuovo-contratto/carrello');
  return user;
}

const billingSection = () => screen.getByRole('region', { name: texts.title });
const field = (label: string) => within(billingSection()).getByRole('textbox', { name: label });

/** Fills the form of a professional with valid data, but for the codice fiscale given. */
async function fillProfessional(user: ReturnType<typeof userEvent.setup>, codiceFiscale: string) {
  await user.type(field(texts.nome), 'Giulia');
  await user.type(field(texts.cognome), 'Bianchi');
  await user.type(field(texts.codiceFiscale), codiceFiscale);
  await user.type(field(texts.partitaIva), '12345678903');
  await user.type(field(texts.indirizzo), 'Via Roma 1');
  await user.type(field(texts.cap), '00100');
  await user.type(field(texts.comune), 'Roma');
  await user.type(field(texts.provincia), 'rm');
}

describe('cart billing data', () => {
  it('asks for the billing data first when the buyer has none, and keeps Acquista disabled', async () => {
    await startCartApi();
    openCart();

    expect(await screen.findByRole('heading', { level: 2, name: texts.title })).toBeVisible();
    expect(await within(billingSection()).findByText(texts.intro)).toBeVisible();
    const tipo = within(billingSection()).getByRole('group', { name: texts.tipo });
    expect(within(tipo).getByRole('radio', { name: texts.tipoNames.persona_fisica })).toBeChecked();
    expect(within(tipo).getByRole('radio', { name: texts.tipoNames.studio })).toBeVisible();
    expect(within(tipo).getByRole('radio', { name: texts.tipoNames.societa })).toBeVisible();
    expect(field(texts.nazione)).toHaveValue('IT');
    // Delivery to the account's PEC unless told otherwise.
    expect(field(texts.pecDestinatario)).toHaveValue('giulia.bianchi@pec.it');
    expect(field(texts.codiceFiscale)).toBeRequired();

    const buy = screen.getByRole('button', { name: 'Acquista' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(texts.buyNeedsBilling);
  });

  it('refuses an invalid codice fiscale under the field, with the focus on it, and sends nothing', async () => {
    const state = await startCartApi();
    const user = openCart();
    await screen.findByRole('button', { name: texts.save });

    await fillProfessional(user, 'rssmra85t10a562x');
    // Upper-cased as typed.
    expect(field(texts.codiceFiscale)).toHaveValue('RSSMRA85T10A562X');
    await user.click(screen.getByRole('button', { name: texts.save }));

    const codiceFiscale = field(texts.codiceFiscale);
    await waitFor(() => expect(codiceFiscale).toHaveAttribute('aria-invalid', 'true'));
    // Ark links the error text (aria-errormessage) once it is in the page.
    await waitFor(() =>
      expect(codiceFiscale).toHaveAccessibleErrorMessage(msg.billing.codiceFiscalePersona),
    );
    expect(codiceFiscale).toHaveFocus();
    expect(field(texts.nome)).not.toHaveAttribute('aria-invalid');
    expect(state.puts).toEqual([]);
    expect(api?.hits('PUT /api/user/user-1/billing')).toBe(0);
    expect(screen.getByRole('button', { name: 'Acquista' })).toBeDisabled();
  }, 30_000);

  it('saves valid data, then shows their summary with Modifica and an enabled Acquista', async () => {
    const state = await startCartApi();
    const user = openCart();
    await screen.findByRole('button', { name: texts.save });

    await fillProfessional(user, 'RSSMRA85T10A562S');
    await user.click(screen.getByRole('button', { name: texts.save }));

    const edit = await screen.findByRole('button', { name: texts.editBilling });
    expect(edit).toHaveTextContent('Modifica');
    expect(state.puts).toEqual([
      {
        tipo: 'persona_fisica',
        nome: 'Giulia',
        cognome: 'Bianchi',
        denominazione: '',
        codice_fiscale: 'RSSMRA85T10A562S',
        partita_iva: '12345678903',
        indirizzo: 'Via Roma 1',
        cap: '00100',
        comune: 'Roma',
        provincia: 'RM',
        nazione: 'IT',
        codice_destinatario: '',
        pec_destinatario: 'giulia.bianchi@pec.it',
      },
    ]);
    const section = billingSection();
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
    expect(section).toHaveTextContent('Giulia Bianchi (Persona fisica — professionista)');
    expect(section).toHaveTextContent('C.F. RSSMRA85T10A562S — P.IVA 12345678903');
    expect(section).toHaveTextContent('Via Roma 1, 00100 Roma (RM), IT');
    expect(section).toHaveTextContent('Fattura alla PEC giulia.bianchi@pec.it');
    expect(screen.getByRole('heading', { level: 2, name: texts.title })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Acquista' })).toBeEnabled();
    expect(screen.queryByText(texts.buyNeedsBilling)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Acquista' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento di prova' }),
    ).toBeVisible();
  }, 30_000);

  it('sends a studio with its denominazione and a codice destinatario, not the PEC', async () => {
    const state = await startCartApi();
    const user = openCart();
    await screen.findByRole('button', { name: texts.save });

    await user.click(screen.getByRole('radio', { name: texts.tipoNames.studio }));
    await user.type(field(texts.denominazione), 'Studio Legale Bianchi');
    await user.type(field(texts.codiceFiscale), '12345678903');
    await user.type(field(texts.partitaIva), '12345678903');
    await user.type(field(texts.indirizzo), 'Corso Magenta 10');
    await user.type(field(texts.cap), '20123');
    await user.type(field(texts.comune), 'Milano');
    await user.type(field(texts.provincia), 'MI');
    await user.click(screen.getByRole('radio', { name: texts.deliveryNames.codice }));
    await user.type(field(texts.codiceDestinatario), 'm5uxcr1');
    await user.click(screen.getByRole('button', { name: texts.save }));

    await screen.findByRole('button', { name: texts.editBilling });
    expect(state.puts).toEqual([
      expect.objectContaining({
        tipo: 'studio',
        nome: '',
        denominazione: 'Studio Legale Bianchi',
        codice_destinatario: 'M5UXCR1',
        pec_destinatario: '',
      }),
    ]);
    expect(billingSection()).toHaveTextContent('Codice destinatario M5UXCR1');
  }, 30_000);

  it('shows a refusal of the server under its field', async () => {
    // The server refuses what the form accepted: its field message goes on the field.
    await startCartApi({ refusal: [msg.billing.partitaIva, 'Dati non accettati.'] });
    const user = openCart();
    await screen.findByRole('button', { name: texts.save });

    await fillProfessional(user, 'RSSMRA85T10A562S');
    await user.click(screen.getByRole('button', { name: texts.save }));

    const banner = await within(billingSection()).findByRole('alert');
    expect(banner).toHaveTextContent(texts.saveFailed);
    expect(banner).toHaveTextContent('Dati non accettati.');
    const partitaIva = field(texts.partitaIva);
    expect(partitaIva).toHaveAttribute('aria-invalid', 'true');
    // Ark links the error text (aria-errormessage) once it is in the page.
    await waitFor(() => expect(partitaIva).toHaveAccessibleErrorMessage(msg.billing.partitaIva));
    expect(partitaIva).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Acquista' })).toBeDisabled();
  }, 30_000);

  it('shows the saved data, not the form, when the buyer already has a profile', async () => {
    await startCartApi({ billing: SAVED });
    const user = openCart();

    const buy = await screen.findByRole('button', { name: 'Acquista' });
    await waitFor(() => expect(buy).toBeEnabled());
    expect(billingSection()).toHaveTextContent('Giulia Bianchi (Persona fisica — professionista)');
    expect(screen.queryByRole('button', { name: texts.save })).not.toBeInTheDocument();
    expect(within(billingSection()).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api?.hits('GET /api/user/user-1')).toBe(0);

    // Modifica opens the form on the saved data; Annulla goes back to the summary.
    await user.click(screen.getByRole('button', { name: texts.editBilling }));
    expect(
      await within(billingSection()).findByRole('textbox', { name: texts.nome }),
    ).toHaveFocus();
    expect(field(texts.codiceFiscale)).toHaveValue('RSSMRA85T10A562S');
    expect(screen.getByRole('button', { name: 'Acquista' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: texts.cancel }));
    expect(await screen.findByRole('button', { name: texts.editBilling })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Acquista' })).toBeEnabled();
  });

  it('shows the checkout refusal about the billing data and stays on the cart', async () => {
    const refusal = 'Inserisci i dati di fatturazione prima di acquistare.';
    await startCartApi({ billing: SAVED, checkout: () => apiError(422, refusal) });
    const user = openCart();

    const buy = await screen.findByRole('button', { name: 'Acquista' });
    await waitFor(() => expect(buy).toBeEnabled());
    await user.click(buy);
    expect(await screen.findByText(refusal)).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Carrello' })).toBeVisible();
    // The profile is read again, in case it changed elsewhere.
    await waitFor(() => expect(api?.hits('GET /api/user/user-1/billing')).toBe(2));
  });
});
