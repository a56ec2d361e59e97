import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isChoice } from '@lexpath/shared/answer-types';
import { it as texts } from '@lexpath/shared/messages/it';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers, TAnswerValue, TQuestion } from '@lexpath/shared/schemas/questions';
import type { Locator, Page, Response } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { EXPECTED_CLAUSES } from '../../apps/server/demo-templates/expected-clauses.ts';
import { locazioneAbitativa } from '../../apps/server/demo-templates/locazione-abitativa/source.ts';
import { prestazioneOperaProfessionale } from '../../apps/server/demo-templates/prestazione-opera-professionale/source.ts';
import {
  BILLING_DATA,
  BILLING_FIELDS,
  billingFace,
  billingSection,
  billingTexts,
  giveBillingDataOnCart,
} from '../support/billing.ts';
import {
  browserForFile,
  checkScreen,
  DEMO,
  LARGE_SCREEN,
  SMALL_SCREEN,
  signIn,
} from '../support/browser.ts';
import { waitForPreviewPages } from '../support/contracts.ts';
import { docxBody, saved } from '../support/documents.ts';
import {
  answerTheRest,
  answerWithKeys,
  expectTitleFocused,
  focusedDescription,
  holdsFocus,
  italianInput,
  stepOf,
  tabTo,
  waitForStep,
} from '../support/keyboard.ts';

const browser = browserForFile();

/** A signed-in lawyer on the catalogue; reduced motion drops the questionnaire's staged waits. */
async function lawyerOnCatalogue(): Promise<Page> {
  const context = await browser.context();
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, DEMO.user);
  await page.waitForURL('**/user/contratti');
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: 'Nuovo documento' }).isVisible())
    .toBe(true);
  return page;
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function waitForHeading(page: Page, name: string | RegExp): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), {
      timeout: 20_000,
    })
    .toBe(true);
}

/** Euro as the app writes it (it-IT): 1.234,50 € with a no-break space. */
function euro(cents: number): string {
  const [whole, decimals] = (cents / 100).toFixed(2).split('.');
  return `${(whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}\u00a0€`;
}

/** The text of a PDF as poppler reads it (what copy and paste would give). */
function pdfText(path: string): string {
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
}

/**
 * The date the demo expectations were written for, as the contract writes it («lì 23 novembre
 * 2026»): a bought contract is dated on the payment day, so the journeys read today instead.
 */
const EXPECTATIONS_DAY = '23 novembre 2026';

function todayInItalianWords(): string {
  const today = new Intl.DateTimeFormat('it-IT', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Rome',
  }).format(new Date());
  return today.replace(/^1 /, '1° ');
}

/**
 * Every clause and typed fact the demo template's expectations select for these answers, with
 * the expectations' day (and any fact the journey changed: `[before, after]`) replaced.
 */
function checkClauses(
  slug: string,
  answers: TAnswers,
  text: string,
  changed: [string, string][] = [],
): void {
  const expectations = EXPECTED_CLAUSES[slug] ?? [];
  expect(expectations.length).toBeGreaterThan(0);
  const replacements: [string, string][] = [[EXPECTATIONS_DAY, todayInItalianWords()], ...changed];
  const adapt = (passage: string) =>
    replacements.reduce((result, [before, after]) => result.replaceAll(before, after), passage);
  for (const expectation of expectations) {
    if ('occurrences' in expectation) {
      expect(text.split(adapt(expectation.occurrences)).length - 1, expectation.clause).toBe(
        expectation.count(answers),
      );
    } else {
      const passage = adapt(
        typeof expectation.text === 'string' ? expectation.text : expectation.text(answers),
      );
      expect(text.includes(passage), `${expectation.clause}: «${passage}»`).toBe(
        expectation.when(answers),
      );
    }
  }
}

/** The demo's facts for the questions these choices show, and the choices themselves. */
function answersFor(questions: readonly TQuestion[], facts: TAnswers, choices: TAnswers): TAnswers {
  const all = { ...facts, ...choices };
  const given: TAnswers = {};
  for (let next = findNextQuestion(questions, given); next; ) {
    const value = all[next.variable];
    if (value === undefined) throw new Error(`no answer for ${next.variable}`);
    given[next.variable] = value;
    next = findNextQuestion(questions, given);
  }
  return given;
}

/** A protected preview: an image PDF with pages but no text to copy. */
async function checkProtectedPreview(page: Page, response: Response): Promise<void> {
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('application/pdf');
  // The frame's copy is the viewer's; the same request again gives the bytes to inspect.
  const { authorization } = await response.request().allHeaders();
  const again = await page.context().request.get(response.url(), {
    headers: authorization ? { authorization } : {},
  });
  expect(again.status()).toBe(200);
  const path = join(mkdtempSync(join(tmpdir(), 'lexpath-e2e-')), 'anteprima.pdf');
  writeFileSync(path, await again.body());
  expect(pdfText(path).trim()).toBe('');
  const pages = Number(
    /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1],
  );
  expect(pages).toBeGreaterThan(1);
  const images = execFileSync('pdfimages', ['-list', path], { encoding: 'utf8' });
  expect(images.trim().split('\n').length - 2).toBeGreaterThanOrEqual(pages);
}

/** Click the option(s) of a choice, or click the field and type the Italian form; then 'Avanti'. */
async function answerWithPointer(page: Page, question: TQuestion, value: TAnswerValue) {
  await waitForStep(page, question);
  if (isChoice(question)) {
    const group = stepOf(page, question);
    for (const option of Array.isArray(value) ? value : [value]) {
      await group.getByText(String(option), { exact: true }).click();
    }
  } else {
    const field = stepOf(page, question);
    await field.click();
    await field.fill(italianInput(question, value));
  }
  await page.getByRole('button', { name: 'Avanti' }).click();
}

// Prestazione d'opera (35,00 € + IVA) for a business client of a commercialista, paid by the
// hour (no advance), one year without renewal (no penalty question); every fact typed.
const OPERA_CHOICES: TAnswers = {
  professione: 'dottore commercialista',
  committente_tipo: 'Impresa o professionista',
  attivita: ['redazione di pareri scritti', 'partecipazione a riunioni'],
  compenso_tipo: 'A tempo, con tariffa oraria',
  spese: 'A piè di lista',
  termine_pagamento: 'trenta giorni',
  durata_incarico: 'Un anno, senza rinnovo',
  collaboratori: 'No, esecuzione esclusivamente personale',
  recesso_preavviso: 'Trenta giorni',
  dati_personali: 'Titolare autonomo',
  foro: 'Foro del Professionista',
};

// Locazione ad uso abitativo (39,00 € + IVA): canone libero, one landlord (a person, with the
// flat-rate tax, so no ISTAT question) and two tenants, no pertinenze, a three-month deposit.
const LOCAZIONE_CHOICES: TAnswers = {
  regime_canone: 'Canone libero (4+4)',
  locatore_tipo: 'Persona fisica',
  cedolare_secca: 'Sì',
  arredamento: 'Non arredato',
  pertinenze_presenti: 'No',
  oneri_accessori: ['pulizia delle parti comuni', 'ascensore'],
  modalita_oneri: 'Importo forfettario',
  deposito_cauzionale: 'Sì',
  garanzia: 'Nessuna',
  animali: 'No',
  sublocazione: 'No, mai senza consenso scritto',
  recesso_conduttore: 'Solo per gravi motivi',
};

function countUnderscoreRuns(xml: string): number {
  return (xml.match(/_{4,}/g) ?? []).length;
}

// Forty typed and chosen steps each, a LibreOffice preview and a PDF/A: longer than the default.
describe('the lawyer buys a demo contract', { timeout: 240_000 }, () => {
  it('from the catalogue through questionnaire, summary, preview, cart and test payment to the .docx', async () => {
    const { questions, facts, name } = prestazioneOperaProfessionale;
    const answers = answersFor(questions, facts, OPERA_CHOICES);
    const page = await lawyerOnCatalogue();
    onTestFailed(async () => {
      console.log('FAILED AT', page.url());
      await page.screenshot({ path: 'e2e/screenshots/purchase-failed.png', fullPage: true });
    });
    await checkScreen(page, 'purchase-catalogue');

    await page.getByRole('button', { name }).click();
    await page.waitForURL('**/user/nuovo-contratto/**');
    const [first, second] = questions;
    if (!first || !second) throw new Error('no questions');
    await waitForStep(page, first);
    await checkScreen(page, 'purchase-questionnaire');

    // Leaving mid-flow through the menu asks first; 'Annulla' stays on the question.
    await page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Archivio' })
      .click();
    const leave = page.getByRole('alertdialog', {
      name: 'Abbandonare la generazione del documento?',
    });
    await expect.poll(() => leave.isVisible()).toBe(true);
    await expect
      .poll(() => leave.getByText('Tutti i progressi andranno persi.').isVisible())
      .toBe(true);
    await checkScreen(page, 'purchase-leave-dialog');
    await leave.getByRole('button', { name: 'Annulla' }).click();
    await expect.poll(() => leave.isVisible()).toBe(false);
    expect(pathOf(page)).toContain('/user/nuovo-contratto');

    // Two answers, back once (the second question comes back), then on to the end.
    await answerWithPointer(page, first, answers[first.variable] as TAnswerValue);
    await answerWithPointer(page, second, 'Consumatore');
    await expect
      .poll(() => page.getByRole('group', { name: 'Dove è concluso il contratto?' }).isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Indietro' }).click();
    await waitForStep(page, second);
    await checkScreen(page, 'purchase-questionnaire-back');
    const given: TAnswers = { [first.variable]: answers[first.variable] as TAnswerValue };
    let typedSeen = false;
    await answerTheRest(questions, answers, given, async (question, value) => {
      if (!isChoice(question) && !typedSeen) {
        typedSeen = true;
        await waitForStep(page, question);
        await checkScreen(page, 'purchase-questionnaire-typed');
      }
      await answerWithPointer(page, question, value);
    });

    // The summary follows by itself, in Italian formats.
    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await waitForHeading(page, 'Riepilogo');
    await summarySettled(page);
    const summary = page.getByRole('list', { name: 'Risposte date' });
    for (const shown of ['120,00\u00a0€', '01/08/1985', 'BNCNNA85M41F205Q', 'Anna Bianchi']) {
      expect(await summary.getByText(shown).first().isVisible(), shown).toBe(true);
    }
    await checkScreen(page, 'purchase-summary');

    // A typed answer nothing depends on is changed alone: no warning, every other answer kept.
    const pec = questions.find((question) => question.variable === 'committente_pec');
    if (!pec) throw new Error('no PEC question');
    const answered = await summary.getByRole('listitem').count();
    await page.getByRole('button', { name: `Modifica la risposta a «${pec.question}»` }).click();
    await waitForStep(page, pec);
    expect(await stepOf(page, pec).inputValue()).toBe(facts.committente_pec);
    expect(
      await page
        .getByText('Modifichi solo questa risposta: le altre restano invariate.')
        .isVisible(),
    ).toBe(true);
    await checkScreen(page, 'purchase-summary-edit-typed');
    const newPec = 'amministrazione@betacostruzioni.it';
    await answerWithPointer(page, pec, newPec);
    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await summarySettled(page);
    await expect.poll(() => summary.getByText(newPec).isVisible()).toBe(true);
    expect(await summary.getByRole('listitem').count()).toBe(answered);
    answers.committente_pec = newPec;
    const changed: [string, string][] = [[String(facts.committente_pec), newPec]];

    // The protected preview: page pictures rendered by LibreOffice, no text to take away.
    const previewResponse = page.waitForResponse(
      (r) => r.url().includes('/api/contract/preview/'),
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: "Vai all'anteprima" }).click();
    await checkProtectedPreview(page, await previewResponse);
    await waitForHeading(page, 'Anteprima');
    expect(await waitForPreviewPages(page)).toBeGreaterThan(1);
    await checkScreen(page, 'purchase-preview');

    // The cart: 35,00 € + IVA 22 % = 42,70 €.
    await page.getByRole('button', { name: 'Vai al carrello' }).click();
    await waitForHeading(page, 'Carrello');
    const totals = page.locator('dl');
    await expect.poll(() => totals.textContent()).toContain(`Subtotale${euro(3500)}`);
    expect(await totals.textContent()).toContain(`IVA 22 %${euro(770)}`);
    expect(await totals.textContent()).toContain(`Totale${euro(4270)}`);
    // The first purchase asks for the billing data the invoice names (issue 14).
    await giveBillingDataOnCart(page, 'purchase-cart-billing');
    await checkScreen(page, 'purchase-cart');

    // The local checkout, then back on the document with the success notice.
    await page.getByRole('button', { name: 'Acquista' }).click();
    await page.waitForURL('**/pagamento-di-prova**');
    await expect.poll(() => page.getByRole('button', { name: 'Paga' }).isVisible()).toBe(true);
    expect(await page.getByText(`Totale: ${euro(4270)}`).isVisible()).toBe(true);
    await checkScreen(page, 'purchase-test-payment');
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 15_000 });
    await expect
      .poll(() => page.getByText('Pagamento effettuato con successo').isVisible())
      .toBe(true);
    await waitForHeading(page, name);
    await checkScreen(page, 'purchase-document-detail');

    // The .docx holds the clauses the answers chose and every fact typed, with no blank left.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const body = await docxBody(download);
    checkClauses('prestazione-opera-professionale', answers, body.text, changed);
    expect(body.text).toContain('Beta Costruzioni S.p.A.');
    expect(countUnderscoreRuns(body.xml)).toBe(0);

    // The archive lists the purchase.
    await page.getByRole('button', { name: "Torna all'archivio" }).click();
    await waitForHeading(page, 'Archivio');
    await expect
      .poll(() => page.getByRole('button', { name: `Apri il dettaglio di «${name}»` }).count())
      .toBeGreaterThan(0);
    expect(await page.getByText(euro(4270)).first().isVisible()).toBe(true);
    await checkScreen(page, 'purchase-archive');
    await page.context().close();

    // The admin finds the purchase among the users' documents and downloads the same document.
    const admin = await browser.page();
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin
      .getByRole('button', { name: `Apri «${name}» di Marco Esposito` })
      .first()
      .click();
    await waitForHeading(admin, name);
    await checkScreen(admin, 'admin-users-contract-detail');
    const adminDownloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
    checkClauses(
      'prestazione-opera-professionale',
      answers,
      (await docxBody(await adminDownloading)).text,
      changed,
    );
    await admin.context().close();
  });

  it('with the keyboard alone: a lease with two tenants, typed in Italian, to the .docx and the PDF/A', async () => {
    const { questions, facts, name } = locazioneAbitativa;
    const answers = answersFor(questions, facts, LOCAZIONE_CHOICES);
    const page = await lawyerOnCatalogue();
    onTestFailed(async () => {
      console.log('FAILED AT', page.url(), await focusedDescription(page));
      await page.screenshot({ path: 'e2e/screenshots/purchase-keyboard-failed.png' });
    });
    await checkScreen(page, 'purchase-keyboard-catalogue');

    await tabTo(page, page.getByRole('button', { name }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/nuovo-contratto/questionario');
    const first = findNextQuestion(questions, {});
    if (!first) throw new Error('no questions');
    const second = findNextQuestion(questions, { [first.variable]: answers[first.variable] ?? '' });
    if (!second) throw new Error('one question only');
    await waitForStep(page, first);
    await checkScreen(page, 'purchase-keyboard-questionnaire');

    // The menu is reachable backwards; leaving asks, the dialog holds the focus, Esc stays.
    await tabTo(
      page,
      page
        .getByRole('navigation', { name: 'Menu principale' })
        .getByRole('link', { name: 'Archivio' }),
      'Shift+Tab',
    );
    await page.keyboard.press('Enter');
    const leave = page.getByRole('alertdialog', {
      name: 'Abbandonare la generazione del documento?',
    });
    await expect.poll(() => leave.isVisible()).toBe(true);
    await expectFocusTrapped(page, leave);
    await checkScreen(page, 'purchase-keyboard-leave-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => leave.isVisible()).toBe(false);
    expect(pathOf(page)).toBe('/user/nuovo-contratto/questionario');

    // Back once from the second step, then every step with the keys; the second tenant's
    // codice fiscale is first typed wrong (lower case, wrong check character).
    const given: TAnswers = {};
    await answerWithKeys(page, first, answers[first.variable] as TAnswerValue);
    given[first.variable] = answers[first.variable] as TAnswerValue;
    await waitForStep(page, second);
    await tabTo(page, page.getByRole('button', { name: 'Indietro' }));
    await page.keyboard.press('Enter');
    await waitForStep(page, first);
    delete given[first.variable];
    await answerTheRest(questions, answers, given, (question, value) =>
      answerWithKeys(
        page,
        question,
        value,
        question.variable === 'conduttori' ? { item: 2, code: 'VRDLCU82C15H501X' } : undefined,
        'purchase-keyboard',
      ),
    );

    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await waitForHeading(page, 'Riepilogo');
    await expectTitleFocused(page, 'Riepilogo');
    await summarySettled(page);
    const summary = page.getByRole('list', { name: 'Risposte date' });
    for (const shown of [
      '850,00\u00a0€',
      '01/12/2026',
      'Conduttore 2',
      'Luca Verdi',
      'VRDLCU82C15H501A',
    ]) {
      expect(await summary.getByText(shown).first().isVisible(), shown).toBe(true);
    }
    await checkScreen(page, 'purchase-keyboard-summary');

    // A choice keeps the SPEC rule: after a confirmation, the later answers are asked again.
    const recesso = questions.find((question) => question.variable === 'recesso_conduttore');
    if (!recesso) throw new Error('no recesso question');
    await tabTo(
      page,
      page.getByRole('button', { name: `Modifica la risposta a «${recesso.question}»` }),
    );
    await page.keyboard.press('Enter');
    const confirmEdit = page.getByRole('alertdialog', { name: 'Modificare la risposta?' });
    await expect.poll(() => confirmEdit.isVisible()).toBe(true);
    await expectFocusTrapped(page, confirmEdit);
    await checkScreen(page, 'purchase-keyboard-summary-edit-dialog');
    await tabTo(page, confirmEdit.getByRole('button', { name: 'Conferma' }));
    await page.keyboard.press('Enter');
    answers.recesso_conduttore = 'In qualsiasi momento';
    const kept: TAnswers = {};
    for (const question of questions) {
      if (question.variable === recesso.variable) break;
      const value = answers[question.variable];
      if (value !== undefined) kept[question.variable] = value;
    }
    await answerTheRest(questions, answers, kept, (question, value) =>
      answerWithKeys(page, question, value),
    );
    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await summarySettled(page);
    await expect.poll(() => summary.getByText('In qualsiasi momento').isVisible()).toBe(true);

    const previewResponse = page.waitForResponse(
      (r) => r.url().includes('/api/contract/preview/'),
      { timeout: 60_000 },
    );
    // Past every answer and party of a long summary, as a keyboard user goes: its skip link.
    await tabTo(page, page.getByRole('link', { name: 'Vai alle azioni' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: "Vai all'anteprima" }));
    await page.keyboard.press('Enter');
    await checkProtectedPreview(page, await previewResponse);
    await waitForHeading(page, 'Anteprima');
    expect(await waitForPreviewPages(page)).toBeGreaterThan(1);
    await expectTitleFocused(page, 'Anteprima');
    await checkScreen(page, 'purchase-keyboard-preview');
    await tabTo(page, page.getByRole('button', { name: 'Vai al carrello' }));
    await page.keyboard.press('Enter');

    // 39,00 € + IVA 22 % = 47,58 €.
    await waitForHeading(page, 'Carrello');
    await expectTitleFocused(page, 'Carrello');
    await expect.poll(() => page.locator('dl').textContent()).toContain(`Totale${euro(4758)}`);
    expect(await page.locator('dl').textContent()).toContain(`IVA 22 %${euro(858)}`);
    await billingDataWithKeys(page);
    await checkScreen(page, 'purchase-keyboard-cart');
    await tabTo(page, page.getByRole('button', { name: 'Acquista' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pagamento-di-prova**');
    await expect.poll(() => page.getByRole('button', { name: 'Paga' }).isVisible()).toBe(true);
    await checkScreen(page, 'purchase-keyboard-test-payment');
    await tabTo(page, page.getByRole('button', { name: 'Paga' }));
    await page.keyboard.press('Enter');

    await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 15_000 });
    await expect
      .poll(() => page.getByText('Pagamento effettuato con successo').isVisible())
      .toBe(true);
    await waitForHeading(page, name);
    await checkScreen(page, 'purchase-keyboard-document-detail');

    // The .docx: the clauses chosen, both tenants, the deposit in words, no blank left.
    await tabTo(page, page.getByRole('button', { name: 'Scarica il documento (.docx)' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const body = await docxBody(await downloading);
    checkClauses('locazione-abitativa', answers, body.text);
    expect(body.text).toContain('La locazione ha la durata di quattro anni');
    expect(countUnderscoreRuns(body.xml)).toBe(0);

    // The PDF/A-2b: the same facts as text to sign, and the PDF/A-2 claim in its metadata.
    await tabTo(page, page.getByRole('button', { name: 'Scarica PDF/A' }));
    const downloadingPdf = page.waitForEvent('download', { timeout: 60_000 });
    await page.keyboard.press('Enter');
    const pdf = await saved(await downloadingPdf);
    expect(pdf).toMatch(/\.pdf$/);
    const pdfWords = pdfText(pdf);
    for (const fact of ['Anna Bianchi', 'Luca Verdi', 'VRDLCU82C15H501A', 'Mario Rossi']) {
      expect(pdfWords, fact).toContain(fact);
    }
    expect(pdfWords).not.toMatch(/_{4,}/);
    expect(readFileSync(pdf).toString('latin1')).toMatch(/pdfaid:part[^0-9]{0,8}2/);

    await tabTo(page, page.getByRole('button', { name: "Torna all'archivio" }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Archivio');
    const open = page.getByRole('button', { name: `Apri il dettaglio di «${name}»` });
    await expect.poll(() => open.count()).toBeGreaterThan(0);
    await checkScreen(page, 'purchase-keyboard-archive');
    await tabTo(page, open.first());
    await page.keyboard.press('Enter');
    await waitForHeading(page, name);
    await page.context().close();
  });
});

/**
 * The cart's billing data with the keyboard alone (issue 14): the form of a first purchase, or
 * the saved data opened with «Modifica». A wrong codice fiscale first: refused inline (message,
 * aria-invalid, focus on the field, nothing saved), then corrected; Enter saves.
 */
async function billingDataWithKeys(page: Page): Promise<void> {
  const section = billingSection(page);
  // A first purchase shows the form after the order (Tab from the title reaches it); «Modifica»
  // puts the focus on the first name, after the type.
  const saved = (await billingFace(page)) === 'summary';
  if (saved) {
    await tabTo(page, section.getByRole('button', { name: billingTexts.editBilling }));
    await page.keyboard.press('Enter');
  }
  const person = section.getByRole('radio', { name: billingTexts.tipoNames.persona_fisica });
  await tabTo(
    page,
    section.getByRole('radio', { checked: true }).first(),
    saved ? 'Shift+Tab' : 'Tab',
  );
  if (!(await person.isChecked())) {
    // Arrows move the choice within the group; the first option is the professional.
    for (let i = 0; i < 3 && !(await person.isChecked()); i++) {
      await page.keyboard.press('ArrowUp');
    }
  }
  await expect.poll(() => person.isChecked()).toBe(true);
  for (const [label, value] of BILLING_FIELDS) {
    const typed = label === billingTexts.codiceFiscale ? 'rssmra85t10a562x' : value;
    await tabTo(page, section.getByRole('textbox', { name: label, exact: true }));
    await page.keyboard.press('Control+A');
    await page.keyboard.type(typed);
  }
  await page.keyboard.press('Enter');

  const code = section.getByRole('textbox', { name: billingTexts.codiceFiscale, exact: true });
  // Upper-cased as typed, refused inline with the shared message, the focus on it.
  await expect.poll(() => code.getAttribute('aria-invalid')).toBe('true');
  expect(await code.inputValue()).toBe('RSSMRA85T10A562X');
  expect(await section.getByText(texts.billing.codiceFiscalePersona).isVisible()).toBe(true);
  await expect.poll(() => holdsFocus(code)).toBe(true);
  expect(await section.getByRole('button', { name: billingTexts.save }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Acquista' }).isDisabled()).toBe(true);
  await checkScreen(page, 'purchase-keyboard-billing-wrong-code');

  // 390 px wide: the fields stack, one per row.
  await page.setViewportSize(SMALL_SCREEN);
  const boxOf = async (label: string) => {
    const box = await section.getByRole('textbox', { name: label, exact: true }).boundingBox();
    if (!box) throw new Error(`${label} is not shown`);
    return box;
  };
  // Both boxes read on every poll: the layout changes after setViewportSize returns, and an
  // expected position read once, before that, would be the other layout's.
  const nameFields = async () => {
    const nome = await boxOf(billingTexts.nome);
    const cognome = await boxOf(billingTexts.cognome);
    if (cognome.x === nome.x) return 'stacked';
    return cognome.y === nome.y && cognome.x > nome.x ? 'side by side' : 'other';
  };
  await expect.poll(nameFields).toBe('stacked');
  const nome = await boxOf(billingTexts.nome);
  expect((await boxOf(billingTexts.cognome)).y).toBeGreaterThan(nome.y + nome.height);
  expect(nome.x + nome.width).toBeLessThanOrEqual(SMALL_SCREEN.width);
  await checkScreen(page, 'purchase-keyboard-billing-390');
  // Back to the wide layout. The resize lays the form out again after setViewportSize returns:
  // wait for the two columns, so no key reaches a form still being laid out; the focus never
  // left the refused code (nothing but the keyboard moves it), Shift+Tab finds it wherever.
  await page.setViewportSize(LARGE_SCREEN);
  await expect.poll(nameFields).toBe('side by side');
  await tabTo(page, code, 'Shift+Tab');

  // Each step on what the field shows, not on time: the whole wrong code selected, the right
  // one typed over it (the form checks again on every change after a refused save: the message
  // and aria-invalid go), and only then Enter, from the field.
  await page.keyboard.press('Control+A');
  await expect
    .poll(() =>
      code.evaluate((input: HTMLInputElement) => [
        input === document.activeElement,
        input.selectionStart,
        input.selectionEnd,
      ]),
    )
    .toEqual([true, 0, 'RSSMRA85T10A562X'.length]);
  await page.keyboard.type(BILLING_DATA.codiceFiscale);
  await expect.poll(() => code.inputValue()).toBe(BILLING_DATA.codiceFiscale);
  await expect.poll(() => code.getAttribute('aria-invalid')).toBeNull();
  expect(await section.getByText(texts.billing.codiceFiscalePersona).isVisible()).toBe(false);
  expect(await holdsFocus(code)).toBe(true);
  await page.keyboard.press('Enter');
  const edit = section.getByRole('button', { name: billingTexts.editBilling });
  await expect.poll(() => edit.isVisible()).toBe(true);
  expect(await section.textContent()).toContain(`C.F. ${BILLING_DATA.codiceFiscale}`);
  await expect.poll(() => page.getByRole('button', { name: 'Acquista' }).isEnabled()).toBe(true);
}

/** The answers are loaded and 'Vai all'anteprima' is enabled (no transition under axe). */
async function summarySettled(page: Page): Promise<void> {
  await expect
    .poll(() => page.getByRole('button', { name: "Vai all'anteprima" }).isEnabled())
    .toBe(true);
  await expect
    .poll(() => page.getByRole('list', { name: 'Risposte date' }).getByRole('listitem').count())
    .toBeGreaterThan(0);
}

/** Tab cycles inside the dialog: the focus starts there and never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => holdsFocus(dialog)).toBe(true);
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press('Tab');
    expect(
      await holdsFocus(dialog),
      `focus left the dialog: ${await focusedDescription(page)}`,
    ).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await holdsFocus(dialog)).toBe(true);
}
