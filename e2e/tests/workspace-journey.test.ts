import { readFileSync } from 'node:fs';
import { it as texts } from '@lexpath/shared/messages/it';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers, TAnswerValue, TQuestion } from '@lexpath/shared/schemas/questions';
import PizZip from 'pizzip';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { conferimentoIncarico } from '../../apps/server/demo-templates/conferimento-incarico/source.ts';
import { locazioneAbitativa } from '../../apps/server/demo-templates/locazione-abitativa/source.ts';
import { createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import { BILLING_DATA } from '../support/billing.ts';
import { browserForFile, checkScreen, pathOf, signIn } from '../support/browser.ts';
import {
  apiFrom,
  demoAnswers,
  startCompletedContractInBrowser,
  waitForPreviewPages,
} from '../support/contracts.ts';
import { docxBody, docxContent, saved } from '../support/documents.ts';
import {
  answerWithKeys,
  expectTitleFocused,
  focusedDescription,
  tabTo,
  waitForStep,
} from '../support/keyboard.ts';

/**
 * Issue 23's «Done when», as one lawyer's day in Chromium with the keyboard alone once signed
 * in: a lease started, left and resumed from «Documenti in corso», its tenant picked from the
 * client register, bought; then the engagement pack for the same client, which asks only what
 * is missing (the count printed and held to the 20 % budget), bought and downloaded as a .zip;
 * the browser's Back in the flow asks first; axe on every screen the issue added.
 */
const browser = browserForFile();
// A new lawyer for each attempt (CI retries once): the day starts with no draft and no document.
let lawyer: Lawyer;

const LOCAZIONE = locazioneAbitativa.name;
const PACK = conferimentoIncarico.name;
const ui = texts.web.purchase;

/** The client of the register the day is about: a consumer, so no ritenuta d'acconto. */
const CLIENT = {
  nome: 'Luca',
  cognome: 'Verdi',
  genere: 'maschile',
  codice_fiscale: 'VRDLCU82C15H501A',
  luogo_nascita: 'Roma',
  data_nascita: '1982-03-15',
  indirizzo: 'Via Nomentana 40',
  cap: '00161',
  comune: 'Roma',
  provincia: 'RM',
  email: 'luca.verdi@example.it',
  pec: 'luca.verdi@pec.it',
  documento_identita: "Carta d'identità CA98765ZX",
  sostituto_imposta: 'No',
};
const CLIENT_NAME = `${CLIENT.cognome} ${CLIENT.nome}`;

/** The total with VAT of a price in cents, as the cart shows it and POST /payment checks it. */
function withVat(cents: number): string {
  return (Math.round((cents * 122) / 100) / 100).toFixed(2);
}

async function signedIn(name: string): Promise<Page> {
  const page = await browser.page();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, lawyer.pec, lawyer.password);
  await page.waitForURL('**/user/contratti');
  onTestFailed(async () => {
    if (page.isClosed()) return;
    console.log('FAILED AT', page.url(), await focusedDescription(page));
    await page.screenshot({ path: `e2e/screenshots/journey-failed-${name}.png`, fullPage: true });
  });
  return page;
}

function currentContractId(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(sessionStorage.getItem('newContract') ?? '{}').state?.value?.id as string,
  );
}

/**
 * Answers with the keys each question the questionnaire shows, in its order, from `given` on,
 * until `stopAt` is the next one (or the end): the questions shown, in order. `before` runs when
 * a step is on screen, before it is answered.
 */
async function answerShown(
  page: Page,
  questions: readonly TQuestion[],
  answers: TAnswers,
  given: TAnswers,
  { stopAt, before }: { stopAt?: string; before?: (shown: number) => Promise<void> } = {},
): Promise<string[]> {
  const shown: string[] = [];
  for (let next = findNextQuestion(questions, given); next; ) {
    if (next.variable === stopAt) break;
    const value = answers[next.variable];
    if (value === undefined) throw new Error(`no answer for ${next.variable}`);
    await waitForStep(page, next).catch((error: Error) => {
      throw new Error(`the questionnaire did not show «${next?.variable}»: ${error.message}`);
    });
    shown.push(next.variable);
    await before?.(shown.length);
    await answerWithKeys(page, next, value as TAnswerValue);
    given[next.variable] = value;
    next = findNextQuestion(questions, given);
  }
  return shown;
}

/** From the summary, past its answers, to the preview, the cart, the test payment and the bought document. */
async function buyFromSummary(page: Page, title: string): Promise<void> {
  await page.waitForURL('**/user/nuovo-contratto/riepilogo', { timeout: 20_000 });
  const toPreview = page.getByRole('button', { name: ui.toPreview });
  await expect.poll(() => toPreview.isEnabled(), { timeout: 15_000 }).toBe(true);
  await tabTo(page, page.getByRole('link', { name: 'Vai alle azioni' }));
  await page.keyboard.press('Enter');
  await tabTo(page, toPreview);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/nuovo-contratto/anteprima', { timeout: 15_000 });
  await waitForPreviewPages(page, 60_000);
  await tabTo(page, page.getByRole('button', { name: ui.toCart }));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/nuovo-contratto/carrello', { timeout: 15_000 });
  await expectTitleFocused(page, 'Carrello');
  // The billing profile is known (the earlier pack was bought with it): «Acquista» is ready.
  const buy = page.getByRole('button', { name: ui.buy });
  await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
  await tabTo(page, buy);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/pagamento-di-prova**', { timeout: 15_000 });
  const pay = page.getByRole('button', { name: ui.pay });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 20_000 });
  await expect
    .poll(() => page.getByText(ui.paymentSucceeded).isVisible(), { timeout: 15_000 })
    .toBe(true);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible())
    .toBe(true);
}

describe('a lawyer’s day with a client of the register', () => {
  it('resumes a lease, picks its tenant from the register, then asks only what is missing for the client’s engagement pack', async () => {
    lawyer = await createApprovedLawyer('giornata');
    const setup = await signedIn('setup');
    // What a practising lawyer already has: a billing profile, the client in the register, and
    // an engagement pack bought earlier for another client. Set up over the API (the register
    // and the purchase have journeys of their own): the pack is the «latest contract» the
    // studio's own facts (Ordine, policy, IBAN, DPO, AI systems) are filled from.
    await apiFrom(setup, `/user/${lawyer.id}/billing`, {
      method: 'PUT',
      body: {
        tipo: 'persona_fisica',
        nome: lawyer.name,
        cognome: lawyer.surname,
        codice_fiscale: BILLING_DATA.codiceFiscale,
        partita_iva: BILLING_DATA.partitaIva,
        indirizzo: BILLING_DATA.indirizzo,
        cap: BILLING_DATA.cap,
        comune: BILLING_DATA.comune,
        provincia: BILLING_DATA.provincia,
        nazione: 'IT',
      },
    });
    await apiFrom(setup, '/client', {
      method: 'POST',
      body: { tipo: 'persona_fisica', dati: CLIENT },
    });
    const earlierPack = await startCompletedContractInBrowser(
      setup,
      PACK,
      demoAnswers(conferimentoIncarico),
    );
    const checkout = await apiFrom<{ session_id: string }>(setup, '/payment/local-checkout', {
      method: 'POST',
      body: { contractId: earlierPack },
    });
    await apiFrom(setup, '/payment', {
      method: 'POST',
      body: {
        transactionId: checkout.session_id,
        price: withVat(conferimentoIncarico.priceCents),
        contractId: earlierPack,
      },
    });
    await setup.evaluate(() => sessionStorage.removeItem('newContract'));

    // 1. The lease from the catalogue, a few answers, then the lawyer leaves.
    const lease = locazioneAbitativa.questions as readonly TQuestion[];
    const leaseAnswers = demoAnswers(locazioneAbitativa);
    await tabTo(setup, setup.getByRole('button', { name: LOCAZIONE }));
    await setup.keyboard.press('Enter');
    await setup.waitForURL('**/user/nuovo-contratto/questionario');
    const given: TAnswers = {};
    const leaseShown = await answerShown(setup, lease, leaseAnswers, given, {
      stopAt: 'locatori',
    });
    expect(leaseShown.length).toBeGreaterThanOrEqual(3);
    const leaseId = await currentContractId(setup);
    // The step after the last answer is on screen: the answers are saved.
    await waitForStep(
      setup,
      lease.find((question) => question.variable === 'locatori') as TQuestion,
    );
    await setup.context().close();

    // Signed in again: «Documenti in corso» in the archive, «Riprendi».
    const page = await signedIn('day');
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', {
        name: 'Archivio',
      }),
    );
    await page.keyboard.press('Enter');
    const drafts = page.getByRole('region', { name: ui.drafts.title });
    const resume = drafts.getByRole('button', { name: ui.drafts.resumeOf(LOCAZIONE) });
    await expect.poll(() => resume.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(
      await drafts.getByText(ui.drafts.answered(leaseShown.length), { exact: true }).isVisible(),
    ).toBe(true);
    await checkScreen(page, 'journey-drafts');
    await tabTo(page, resume, 'Tab', 60);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/nuovo-contratto/questionario');
    expect(await currentContractId(page)).toBe(leaseId);
    // At the next unanswered question, every earlier answer kept.
    await waitForStep(
      page,
      lease.find((question) => question.variable === 'locatori') as TQuestion,
    );
    const resumed = await apiFrom<{ answers: TAnswers }>(page, `/contract/${leaseId}`);
    expect(resumed.answers).toMatchObject(given);

    // 2. The landlord typed, the tenant picked from the register with «Scegli dall'anagrafica».
    leaseShown.push(
      ...(await answerShown(page, lease, leaseAnswers, given, { stopAt: 'conduttori' })),
    );
    await waitForStep(
      page,
      lease.find((question) => question.variable === 'conduttori') as TQuestion,
    );
    leaseShown.push('conduttori');
    await tabTo(page, page.getByRole('button', { name: texts.partyPicker.pick }));
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: texts.partyPicker.title });
    await expect.poll(() => picker.isVisible()).toBe(true);
    await tabTo(page, picker.getByRole('searchbox', { name: /Cerca per nome/ }));
    await page.keyboard.type(CLIENT.cognome);
    const verdi = picker.getByRole('checkbox', { name: new RegExp(CLIENT_NAME) });
    await expect.poll(() => verdi.isVisible(), { timeout: 15_000 }).toBe(true);
    await checkScreen(page, 'journey-party-picker');
    await tabTo(page, verdi);
    await page.keyboard.press('Space');
    await tabTo(page, picker.getByRole('button', { name: texts.partyPicker.fill }));
    await page.keyboard.press('Enter');
    await expect.poll(() => picker.isVisible()).toBe(false);
    await expect
      .poll(
        async () => (await apiFrom<{ answers: TAnswers }>(page, `/contract/${leaseId}`)).answers,
      )
      .toMatchObject({
        conduttori: [
          {
            nome: 'Luca Verdi',
            codice_fiscale: CLIENT.codice_fiscale,
            indirizzo: 'Via Nomentana 40, 00161 Roma (RM)',
            documento: CLIENT.documento_identita,
          },
        ],
        conduttore_pec: CLIENT.pec,
      });
    const picked = await apiFrom<{ answers: TAnswers }>(page, `/contract/${leaseId}`);
    Object.assign(given, {
      conduttori: picked.answers.conduttori,
      conduttore_pec: picked.answers.conduttore_pec,
    });
    leaseShown.push(...(await answerShown(page, lease, leaseAnswers, given)));
    await buyFromSummary(page, LOCAZIONE);
    await tabTo(page, page.getByRole('button', { name: 'Scarica il documento (.docx)' }));
    const leaseDownload = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const leaseBody = await docxBody(await leaseDownload);
    expect(leaseBody.text).toContain('Luca Verdi');
    expect(leaseBody.text).toContain(CLIENT.codice_fiscale);
    expect(leaseBody.xml).not.toMatch(/_{4,}/);

    // 3. The engagement pack «per questo cliente», from the client's page.
    await tabTo(
      page,
      page.getByRole('navigation', { name: 'Menu principale' }).getByRole('link', {
        name: 'Clienti',
        exact: true,
      }),
      'Shift+Tab',
      80,
    );
    await page.keyboard.press('Enter');
    const clientLink = page.getByRole('link', { name: CLIENT_NAME });
    await expect.poll(() => clientLink.isVisible(), { timeout: 15_000 }).toBe(true);
    await tabTo(page, clientLink);
    await page.keyboard.press('Enter');
    const forClient = page.getByRole('button', { name: texts.partyPicker.newForClient });
    await expect.poll(() => forClient.isVisible(), { timeout: 15_000 }).toBe(true);
    await checkScreen(page, 'journey-client-page');
    await tabTo(page, forClient, 'Tab', 80);
    await page.keyboard.press('Enter');
    const choice = page.getByRole('dialog', { name: texts.partyPicker.newForClient });
    await expect.poll(() => choice.isVisible()).toBe(true);
    await tabTo(page, choice.getByRole('searchbox', { name: texts.prefillUi.search }));
    await page.keyboard.type('incarico');
    const choosePack = choice.getByRole('button', { name: texts.prefillUi.chooseOf(PACK) });
    await expect.poll(() => choosePack.isVisible(), { timeout: 15_000 }).toBe(true);
    await checkScreen(page, 'journey-template-choice');
    await tabTo(page, choosePack);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/nuovo-contratto/questionario');

    // Asked only what is missing: counted as shown, until the summary.
    const packId = await currentContractId(page);
    const packStart = await apiFrom<{ answers: TAnswers; prefilled: string[] }>(
      page,
      `/contract/${packId}`,
    );
    expect(packStart.answers).toMatchObject({
      cliente_nome: CLIENT.nome,
      cliente_codice_fiscale: CLIENT.codice_fiscale,
      sostituto_imposta: 'No',
      avvocato_ordine: demoAnswers(conferimentoIncarico).avvocato_ordine,
      dpo_email: demoAnswers(conferimentoIncarico).dpo_email,
    });
    const pack = conferimentoIncarico.questions as readonly TQuestion[];
    const packAnswers = { ...demoAnswers(conferimentoIncarico), ...packStart.answers };
    const packGiven: TAnswers = { ...packStart.answers };
    const packShown = await answerShown(page, pack, packAnswers, packGiven, {
      // 5. The browser's Back inside the flow asks first; staying keeps every answer.
      before: async (shown) => {
        if (shown !== 3) return;
        const onScreen = findNextQuestion(pack, packGiven) as TQuestion;
        const before = (await apiFrom<{ answers: TAnswers }>(page, `/contract/${packId}`)).answers;
        await page.goBack();
        const leave = page.getByRole('alertdialog', { name: ui.leaveTitle });
        await expect.poll(() => leave.isVisible(), { timeout: 10_000 }).toBe(true);
        expect(await leave.getByText(ui.leaveText).isVisible()).toBe(true);
        await checkScreen(page, 'journey-back-confirmation');
        await tabTo(page, leave.getByRole('button', { name: 'Annulla' }));
        await page.keyboard.press('Enter');
        await expect.poll(() => leave.isVisible()).toBe(false);
        expect(pathOf(page)).toBe('/user/nuovo-contratto/questionario');
        await waitForStep(page, onScreen);
        expect((await apiFrom<{ answers: TAnswers }>(page, `/contract/${packId}`)).answers).toEqual(
          before,
        );
      },
    });
    const percent = (packShown.length / leaseShown.length) * 100;
    console.log(
      `workspace journey: asked ${packShown.length} of the locazione's ${leaseShown.length} (${percent.toFixed(0)} %): ${packShown.join(', ')}`,
    );
    expect(packShown.length / leaseShown.length).toBeLessThanOrEqual(0.2);
    // Only the engagement's own facts: nothing of the client, the lawyer or the studio.
    expect(packShown).toEqual([
      'oggetto',
      'tipo_incarico',
      'autorita',
      'controparte',
      'fasi',
      'acconto',
      'pagamento',
    ]);

    // The summary marks what the register and the studio's facts filled.
    await page.waitForURL('**/user/nuovo-contratto/riepilogo', { timeout: 20_000 });
    const answerOf = (question: string) =>
      page
        .getByRole('heading', { level: 3, name: question, exact: true })
        .locator('xpath=ancestor::li[1]');
    for (const question of [
      'Nome del Cliente',
      'Il Cliente è un sostituto d’imposta?',
      'Indirizzo del responsabile della protezione dei dati',
    ]) {
      await expect.poll(() => answerOf(question).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await answerOf(question).textContent(), question).toContain(texts.parties.prefilled);
    }
    await checkScreen(page, 'journey-pack-summary');

    // 4. Bought, and the set downloaded as one .zip of four .docx that open.
    await buyFromSummary(page, PACK);
    await checkScreen(page, 'journey-set-downloads');
    await tabTo(
      page,
      page.getByRole('button', { name: texts.documentSetsUi.downloadAll }),
      'Tab',
      60,
    );
    const zipDownload = page.waitForEvent('download', { timeout: 60_000 });
    await page.keyboard.press('Enter');
    const zipPath = await saved(await zipDownload);
    expect(zipPath).toMatch(/\.zip$/);
    const zip = new PizZip(readFileSync(zipPath));
    const names = [
      conferimentoIncarico.documentName,
      ...(conferimentoIncarico.companions ?? []).map((companion) => companion.name),
    ];
    expect(Object.keys(zip.files).sort()).toEqual(names.map((name) => `${name}.docx`).sort());
    for (const name of names) {
      const document = docxContent(zip.file(`${name}.docx`)?.asNodeBuffer());
      expect(document.text, name).toContain('Luca Verdi');
      expect(document.xml, name).not.toMatch(/_{4,}/);
    }
    // The register's «not a sostituto d'imposta»: no ritenuta in the fees.
    const preventivo = docxContent(zip.file('Preventivo scritto.docx')?.asNodeBuffer());
    expect(preventivo.text).toContain('non è sostituto d’imposta e non opera la ritenuta');
    await page.context().close();
  }, 240_000);
});
