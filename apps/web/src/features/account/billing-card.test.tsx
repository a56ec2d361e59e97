import { it as msg } from '@lexpath/shared/messages/it';
import { type TBillingProfileView, ZBillingProfile } from '@lexpath/shared/schemas/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appConfigRoute } from '../../test/app-config-api.ts';
import { buildPublicUser, signInAs } from '../../test/factories.ts';
import { renderApp } from '../../test/render-app.tsx';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../../test/test-api-server.ts';

const texts = msg.web.billingForm;

const SAVED: TBillingProfileView = {
  tipo: 'societa',
  nome: null,
  cognome: null,
  denominazione: 'Bianchi S.r.l.',
  codice_fiscale: '12345678903',
  partita_iva: '12345678903',
  indirizzo: 'Corso Magenta 10',
  cap: '20123',
  comune: 'Milano',
  provincia: 'MI',
  nazione: 'IT',
  codice_destinatario: 'M5UXCR1',
  pec_destinatario: null,
};

/** The stored profile, what PUT received, and whether the next PUT fails. */
let billing: TBillingProfileView | null;
let puts: unknown[];
let failSave: boolean;
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({
    ...appConfigRoute,
    'GET /api/user/user-1': () => ({
      body: { data: buildPublicUser({ id: 'user-1', pec: 'giulia.bianchi@pec.it' }) },
    }),
    'GET /api/user/user-1/billing': () => ({ body: { data: billing } }),
    'PUT /api/user/user-1/billing': (_request, body) => {
      puts.push(body);
      if (failSave) return apiError(503, msg.errors.databaseUnavailable);
      const parsed = ZBillingProfile.safeParse(body);
      if (!parsed.success)
        return apiError(
          400,
          parsed.error.issues.map((i) => i.message),
        );
      const profile = parsed.data;
      billing = {
        ...profile,
        nome: profile.nome || null,
        cognome: profile.cognome || null,
        denominazione: profile.denominazione || null,
        codice_destinatario: profile.codice_destinatario || null,
        pec_destinatario: profile.pec_destinatario || null,
      };
      return { body: { data: billing }, delayMs: 20 };
    },
  });
  pointPageAt(api.origin);
});

beforeEach(() => {
  billing = null;
  puts = [];
  failSave = false;
});

afterAll(async () => {
  await api.close();
});

async function openProfile() {
  signInAs('user');
  const user = userEvent.setup();
  renderApp('/user/area-personale');
  await screen.findByRole('heading', { level: 1, name: 'Profilo' });
  const card = await screen.findByRole('region', { name: texts.title });
  return { user, card };
}

const textbox = (card: HTMLElement, name: string) => within(card).getByRole('textbox', { name });

describe('billing data card', () => {
  it('says when there are no billing data yet, and adds them', async () => {
    const { user, card } = await openProfile();

    expect(await within(card).findByText(texts.empty)).toBeVisible();
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: texts.add }));

    const nome = textbox(card, texts.nome);
    expect(nome).toBeEnabled();
    expect(nome).toHaveFocus();
    expect(textbox(card, texts.pecDestinatario)).toHaveValue('giulia.bianchi@pec.it');
    await user.type(nome, 'Giulia');
    await user.type(textbox(card, texts.cognome), 'Bianchi');
    await user.type(textbox(card, texts.codiceFiscale), 'rssmra85t10a562s');
    await user.type(textbox(card, texts.partitaIva), '12345678903');
    await user.type(textbox(card, texts.indirizzo), 'Via Roma 1');
    await user.type(textbox(card, texts.cap), '00100');
    await user.type(textbox(card, texts.comune), 'Roma');
    await user.type(textbox(card, texts.provincia), 'RM');
    await user.click(within(card).getByRole('button', { name: texts.save }));

    expect(await within(card).findByText(texts.saved)).toBeVisible();
    expect(puts).toEqual([
      expect.objectContaining({
        tipo: 'persona_fisica',
        nome: 'Giulia',
        codice_fiscale: 'RSSMRA85T10A562S',
        pec_destinatario: 'giulia.bianchi@pec.it',
      }),
    ]);
    expect(textbox(card, texts.codiceFiscale)).toHaveValue('RSSMRA85T10A562S');
    expect(textbox(card, texts.codiceFiscale)).toBeDisabled();
    expect(within(card).getByRole('button', { name: texts.editBilling })).toHaveFocus();
  }, 30_000);

  it('shows the saved data locked until Modifica, then saves the change', async () => {
    billing = SAVED;
    const { user, card } = await openProfile();

    const denominazione = await within(card).findByRole('textbox', { name: texts.denominazione });
    expect(denominazione).toHaveValue('Bianchi S.r.l.');
    expect(denominazione).toBeDisabled();
    expect(within(card).getByRole('radio', { name: texts.tipoNames.societa })).toBeChecked();
    expect(textbox(card, texts.codiceDestinatario)).toHaveValue('M5UXCR1');
    expect(within(card).queryByRole('button', { name: texts.save })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: texts.editBilling }));
    expect(textbox(card, texts.denominazione)).toBeEnabled();
    expect(textbox(card, texts.denominazione)).toHaveFocus();
    const comune = textbox(card, texts.comune);
    await user.clear(comune);
    await user.type(comune, 'Monza');
    await user.clear(textbox(card, texts.provincia));
    await user.type(textbox(card, texts.provincia), 'MB');
    await user.click(within(card).getByRole('button', { name: texts.save }));

    expect(await within(card).findByText(texts.saved)).toBeVisible();
    expect(puts).toEqual([
      expect.objectContaining({
        tipo: 'societa',
        denominazione: 'Bianchi S.r.l.',
        comune: 'Monza',
        provincia: 'MB',
        codice_destinatario: 'M5UXCR1',
        pec_destinatario: '',
      }),
    ]);
    expect(textbox(card, texts.comune)).toHaveValue('Monza');
    expect(textbox(card, texts.comune)).toBeDisabled();
  }, 30_000);

  it('refuses an unknown provincia inline and sends nothing', async () => {
    billing = SAVED;
    const { user, card } = await openProfile();

    await user.click(await within(card).findByRole('button', { name: texts.editBilling }));
    const provincia = textbox(card, texts.provincia);
    await user.clear(provincia);
    await user.type(provincia, 'XX');
    await user.click(within(card).getByRole('button', { name: texts.save }));

    await waitFor(() => expect(provincia).toHaveAccessibleErrorMessage(msg.billing.provincia));
    expect(provincia).toHaveFocus();
    expect(puts).toEqual([]);
  });

  it('saves a name as the e-invoice prints it, in Latin letters, and shows it so', async () => {
    billing = SAVED;
    const { user, card } = await openProfile();

    await user.click(await within(card).findByRole('button', { name: texts.editBilling }));
    const denominazione = textbox(card, texts.denominazione);
    await user.clear(denominazione);
    await user.type(denominazione, 'Łódź Œuvre S.r.l.');
    await user.click(within(card).getByRole('button', { name: texts.save }));

    expect(await within(card).findByText(texts.saved)).toBeVisible();
    // What the server stored and answered (the same shared schema) is what the card shows.
    expect(billing?.denominazione).toBe('Lódz OEuvre S.r.l.');
    expect(textbox(card, texts.denominazione)).toHaveValue('Lódz OEuvre S.r.l.');
  }, 30_000);

  it('asks for a denominazione in Latin letters, and one with too many characters, inline; sends nothing', async () => {
    billing = SAVED;
    const { user, card } = await openProfile();

    await user.click(await within(card).findByRole('button', { name: texts.editBilling }));
    const denominazione = textbox(card, texts.denominazione);
    await user.clear(denominazione);
    await user.type(denominazione, '王小明律师事务所');
    await user.click(within(card).getByRole('button', { name: texts.save }));
    await waitFor(() => expect(denominazione).toHaveAccessibleErrorMessage(msg.billing.notLatin));

    await user.clear(denominazione);
    await user.type(denominazione, 'Studio '.repeat(12));
    await user.click(within(card).getByRole('button', { name: texts.save }));
    await waitFor(() =>
      expect(denominazione).toHaveAccessibleErrorMessage(msg.billing.denominazioneTooLong),
    );
    expect(puts).toEqual([]);
  });

  it('says when saving fails and keeps the form open', async () => {
    billing = SAVED;
    failSave = true;
    const { user, card } = await openProfile();

    await user.click(await within(card).findByRole('button', { name: texts.editBilling }));
    await user.click(within(card).getByRole('button', { name: texts.save }));

    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent(texts.saveFailed);
    expect(alert).toHaveTextContent(msg.errors.databaseUnavailable);
    expect(textbox(card, texts.denominazione)).toBeEnabled();
    expect(within(card).queryByText(texts.saved)).not.toBeInTheDocument();

    // Annulla puts the saved data back, locked.
    await user.click(within(card).getByRole('button', { name: texts.cancel }));
    expect(textbox(card, texts.denominazione)).toBeDisabled();
    expect(within(card).getByRole('button', { name: texts.editBilling })).toHaveFocus();
  });
});
