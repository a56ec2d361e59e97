import { isChoice } from '@lexpath/shared/answer-types';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { conferimentoIncarico } from '../../apps/server/demo-templates/conferimento-incarico/source.ts';
import { locazioneAbitativa } from '../../apps/server/demo-templates/locazione-abitativa/source.ts';
import { createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import { browserForFile, checkScreen, SMALL_SCREEN, signIn } from '../support/browser.ts';
import { apiFrom, startCompletedContractInBrowser } from '../support/contracts.ts';

/**
 * The client register in the flow, in Chromium with the keyboard alone once signed in: a new
 * lawyer adds a client, starts the engagement pack «per questo cliente» from the client's page
 * (the client's questions come answered, «Precompilata» in the summary), and in a lease picks
 * the conduttore with «Scegli dall'anagrafica», also on a 390 px phone.
 */
const browser = browserForFile();
let lawyer: Lawyer;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('cliente-flusso');
});

async function tabUntil(page: Page, target: Locator, max = 150): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabUntil(page, field);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  await expect.poll(() => locator.first().isVisible(), { timeout }).toBe(true);
}

const textbox = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('textbox', { name });

/** The demo's facts (or a choice's first option) for every question still to ask after `given`. */
function completed(
  template: { questions: unknown; facts: unknown },
  given: TAnswers,
  stopAt?: string,
) {
  const questions = template.questions as readonly TQuestion[];
  const answers: TAnswers = { ...given };
  for (let next = findNextQuestion(questions, answers); next; ) {
    if (next.variable === stopAt) break;
    const fact = (template.facts as TAnswers)[next.variable];
    if (fact !== undefined) answers[next.variable] = fact;
    else if (isChoice(next)) {
      const first = next.options?.[0] ?? '';
      answers[next.variable] =
        'is_multiple_selection' in next && next.is_multiple_selection ? [first] : first;
    } else throw new Error(`no fact for ${next.variable}`);
    next = findNextQuestion(questions, answers);
  }
  return answers;
}

describe('a client of the register in the flow', () => {
  it('starts the engagement pack for the client and picks the conduttore from the register', async () => {
    const page = await browser.page();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');

    // A client added in «Clienti».
    await tabUntil(page, page.getByRole('link', { name: 'Clienti', exact: true }).first());
    await page.keyboard.press('Enter');
    await tabUntil(page, page.getByRole('link', { name: 'Aggiungi cliente' }));
    await page.keyboard.press('Enter');
    await typeInto(page, textbox(page, /^Nome/), 'Mario');
    await typeInto(page, textbox(page, /^Cognome/), 'Rossi');
    await tabUntil(page, page.getByRole('combobox', { name: 'Genere' }));
    await page.keyboard.type('Maschile');
    await typeInto(page, textbox(page, 'Codice fiscale'), 'RSSMRA85T10A562S');
    await typeInto(page, textbox(page, 'Luogo di nascita'), 'Roma');
    await typeInto(page, textbox(page, 'Data di nascita'), '10/12/1985');
    await typeInto(page, textbox(page, 'Indirizzo'), 'Via Appia Nuova 12');
    await typeInto(page, textbox(page, 'CAP'), '00184');
    await typeInto(page, textbox(page, 'Comune'), 'Roma');
    await typeInto(page, textbox(page, 'Provincia'), 'RM');
    await typeInto(page, textbox(page, 'PEC'), 'mario.rossi@pec.it');
    await typeInto(page, textbox(page, "Documento d'identità"), "Carta d'identità CA12345AB");
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Cliente aggiunto.'));

    // «Nuovo documento per questo cliente» from the client's page: the engagement pack.
    await tabUntil(page, page.getByRole('link', { name: 'Rossi Mario' }));
    await page.keyboard.press('Enter');
    const forClient = page.getByRole('button', { name: 'Nuovo documento per questo cliente' });
    await tabUntil(page, forClient);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Nuovo documento per questo cliente' });
    await expectVisible(dialog);
    await typeInto(page, dialog.getByRole('searchbox', { name: 'Cerca un modello' }), 'incarico');
    const choose = dialog.getByRole('button', {
      name: `Scegli «${conferimentoIncarico.name}»`,
    });
    await expectVisible(choose);
    await checkScreen(page, 'client-new-document');
    await tabUntil(page, choose);
    await page.keyboard.press('Enter');

    // The questionnaire opens at what neither the lawyer's account nor the register holds.
    await page.waitForURL('**/user/nuovo-contratto/questionario');
    await expectVisible(page.getByRole('button', { name: 'Avanti' }));
    expect(await textbox(page, 'Nome e cognome dell’avvocato').count()).toBe(0);
    expect(await textbox(page, 'Nome del Cliente').count()).toBe(0);
    const id = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('newContract') ?? '{}').state.value.id as string,
    );
    const started = await apiFrom<{ answers: TAnswers; prefilled: string[] }>(
      page,
      `/contract/${id}`,
    );
    expect(started.answers).toMatchObject({
      avvocato_nome: `${lawyer.name} ${lawyer.surname}`,
      avvocato_pec: lawyer.pec,
      cliente_tipo: expect.stringMatching(/fisica/i),
      cliente_nome: 'Mario',
      cliente_cognome: 'Rossi',
      cliente_codice_fiscale: 'RSSMRA85T10A562S',
      cliente_pec: 'mario.rossi@pec.it',
    });
    expect(started.prefilled).toEqual(expect.arrayContaining(['cliente_nome', 'cliente_cognome']));

    // The rest answered over the API (the questionnaire is other tests' subject): the summary
    // marks the client's answers «Precompilata».
    const rest = completed(conferimentoIncarico, started.answers);
    await apiFrom(page, `/contract/${id}`, { method: 'PUT', body: { answers: rest } });
    await page.evaluate((answers) => {
      const stored = JSON.parse(sessionStorage.getItem('newContract') ?? '{}');
      stored.state.value.answers = answers;
      sessionStorage.setItem('newContract', JSON.stringify(stored));
    }, rest);
    await page.reload();
    await page.waitForURL('**/user/nuovo-contratto/riepilogo', { timeout: 20_000 });
    const clientName = page
      .getByRole('heading', { level: 3, name: 'Nome del Cliente', exact: true })
      .locator('xpath=ancestor::li[1]');
    await expectVisible(clientName);
    expect(await clientName.textContent()).toContain('Precompilata');
    await checkScreen(page, 'client-summary-prefilled');

    // A lease up to its conduttori: «Scegli dall'anagrafica» fills them, with the keyboard.
    const beforeTenants = completed(locazioneAbitativa, {}, 'conduttori');
    await startCompletedContractInBrowser(page, locazioneAbitativa.name, beforeTenants, {
      complete: false,
    });
    await page.goto('/user/nuovo-contratto/questionario');
    const pick = page.getByRole('button', { name: "Scegli dall'anagrafica" });
    await expectVisible(pick);
    await tabUntil(page, pick);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: "Scegli dall'anagrafica" });
    await expectVisible(picker);
    await typeInto(page, picker.getByRole('searchbox', { name: /Cerca per nome/ }), 'RSSMRA');
    const rossi = picker.getByRole('checkbox', { name: /Rossi Mario/ });
    await expectVisible(rossi);
    await checkScreen(page, 'party-picker');
    await tabUntil(page, rossi);
    await page.keyboard.press('Space');
    await tabUntil(page, picker.getByRole('button', { name: 'Compila con i clienti scelti' }));
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Dati di Rossi Mario inseriti in 2 risposte:'));
    await expect.poll(() => picker.isVisible()).toBe(false);
    expect(await page.getByText('Conduttore 1').count()).toBe(0);
    await checkScreen(page, 'party-picked');
    const leaseId = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('newContract') ?? '{}').state.value.id as string,
    );
    await expect
      .poll(
        async () => (await apiFrom<{ answers: TAnswers }>(page, `/contract/${leaseId}`)).answers,
      )
      .toMatchObject({
        conduttori: [
          {
            nome: 'Mario Rossi',
            codice_fiscale: 'RSSMRA85T10A562S',
            indirizzo: 'Via Appia Nuova 12, 00184 Roma (RM)',
            documento: "Carta d'identità CA12345AB",
          },
        ],
        conduttore_pec: 'mario.rossi@pec.it',
      });
    await page.context().close();
  });

  it('offers the register on a phone of 390 px', async () => {
    const page = await browser.page(SMALL_SCREEN);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    const beforeTenants = completed(locazioneAbitativa, {}, 'conduttori');
    await startCompletedContractInBrowser(page, locazioneAbitativa.name, beforeTenants, {
      complete: false,
    });
    await page.goto('/user/nuovo-contratto/questionario');
    const pick = page.getByRole('button', { name: "Scegli dall'anagrafica" });
    await tabUntil(page, pick);
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: "Scegli dall'anagrafica" });
    await expectVisible(picker.getByRole('checkbox', { name: /Rossi Mario/ }));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(SMALL_SCREEN.width);
    await checkScreen(page, 'party-picker-phone');
    await page.context().close();
  });
});
