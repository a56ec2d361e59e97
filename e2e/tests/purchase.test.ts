import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import PizZip from 'pizzip';
import type { Browser, Download, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { EXPECTED_CLAUSES_V1 } from '../../apps/server/src/documents/fixtures/demo-v1-expected-clauses.ts';
import { checkScreen, DEMO, launchBrowser, newContext, signIn } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A signed-in lawyer on the catalogue; reduced motion drops the questionnaire's staged waits. */
async function lawyerOnCatalogue(): Promise<Page> {
  const context = await newContext(browser);
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

/** The legend of the question on screen, once it is there. */
async function waitForQuestion(page: Page, question: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('group', { name: question }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

/** Euro as the app writes it (it-IT): 1.234,50 € with a no-break space. */
function euro(cents: number): string {
  const [whole, decimals] = (cents / 100).toFixed(2).split('.');
  return `${(whole ?? '0').replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${decimals}\u00a0€`;
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The paragraphs of a .docx body, runs joined. */
async function docxText(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'lexpath-e2e-')), download.suggestedFilename());
  await download.saveAs(path);
  const xml = new PizZip(readFileSync(path)).file('word/document.xml')?.asText() ?? '';
  return xml
    .split('</w:p>')
    .map((paragraph) =>
      decodeXml(
        [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
      ),
    )
    .join('\n');
}

/**
 * Every clause the demo template's expectations select (or exclude) for these answers. The two
 * demos bought here are still published as before typed questions (issue 11): their v1 clauses.
 */
function checkClauses(slug: string, answers: TAnswers, text: string): void {
  const expectations = EXPECTED_CLAUSES_V1[slug] ?? [];
  expect(expectations.length).toBeGreaterThan(0);
  for (const expectation of expectations) {
    if ('occurrences' in expectation) {
      expect(text.split(expectation.occurrences).length - 1, expectation.clause).toBe(
        expectation.count(answers),
      );
    } else {
      const passage =
        typeof expectation.text === 'string' ? expectation.text : expectation.text(answers);
      expect(text.includes(passage), `${expectation.clause}: «${passage}»`).toBe(
        expectation.when(answers),
      );
    }
  }
}

// Locazione ad uso abitativo (39,00 € + IVA): canone libero, locatore persona fisica con
// cedolare secca (so no ISTAT question), no pertinenze, no deposit. The last answer is changed
// from the summary.
const LOCAZIONE_ANSWERS: [string, string, string | string[]][] = [
  ['regime_canone', 'Quale tipo di locazione si intende stipulare?', 'Canone libero (4+4)'],
  ['locatore_tipo', 'Il locatore è una persona fisica o una società?', 'Persona fisica'],
  ['cedolare_secca', 'Il locatore opta per la cedolare secca?', 'Sì'],
  ['arredamento', 'L’immobile è locato arredato?', 'Non arredato'],
  ['pertinenze_presenti', 'La locazione comprende pertinenze?', 'No'],
  [
    'oneri_accessori',
    'Quali oneri accessori sono a carico del conduttore?',
    ['pulizia delle parti comuni', 'ascensore'],
  ],
  ['modalita_oneri', 'Come sono corrisposti gli oneri accessori?', 'Importo forfettario'],
  ['deposito_cauzionale', 'È previsto un deposito cauzionale?', 'No'],
  ['garanzia', 'È prevista un’ulteriore garanzia?', 'Nessuna'],
  ['animali', 'Il conduttore può tenere animali domestici nell’immobile?', 'No'],
  [
    'sublocazione',
    'Il conduttore può sublocare parzialmente l’immobile?',
    'No, mai senza consenso scritto',
  ],
  ['recesso_conduttore', 'Quando può recedere il conduttore?', 'Solo per gravi motivi'],
];

async function answerWithMouse(page: Page, question: string, answer: string | string[]) {
  await waitForQuestion(page, question);
  const group = page.getByRole('group', { name: question });
  if (Array.isArray(answer)) {
    for (const option of answer) await group.getByText(option, { exact: true }).click();
  } else {
    await group.getByText(answer, { exact: true }).click();
  }
  await page.getByRole('button', { name: 'Avanti' }).click();
}

describe('the lawyer buys a demo contract', () => {
  it('from the catalogue through questionnaire, summary, preview, cart and test payment to the .docx', async () => {
    const page = await lawyerOnCatalogue();
    onTestFailed(async () => {
      console.log('FAILED AT', page.url());
      await page.screenshot({ path: 'e2e/screenshots/purchase-failed.png', fullPage: true });
    });
    await checkScreen(page, 'purchase-catalogue');

    await page.getByRole('button', { name: 'Contratto di locazione ad uso abitativo' }).click();
    await page.waitForURL('**/user/nuovo-contratto/**');
    const [first, second, ...rest] = LOCAZIONE_ANSWERS;
    if (!first || !second) throw new Error('no answers');
    await waitForQuestion(page, first[1]);
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
    await answerWithMouse(page, first[1], first[2]);
    await answerWithMouse(page, second[1], 'Società o ente');
    await waitForQuestion(page, 'Il canone è aggiornato ogni anno secondo l’indice ISTAT?');
    await page.getByRole('button', { name: 'Indietro' }).click();
    await waitForQuestion(page, second[1]);
    await checkScreen(page, 'purchase-questionnaire-back');
    await answerWithMouse(page, second[1], second[2]);
    for (const [, question, answer] of rest) await answerWithMouse(page, question, answer);

    // The summary follows by itself; change the last answer (after a confirmation).
    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await waitForHeading(page, 'Riepilogo');
    await expect
      .poll(() => page.getByRole('list', { name: 'Risposte date' }).getByRole('listitem').count())
      .toBe(LOCAZIONE_ANSWERS.length);
    await summarySettled(page);
    await checkScreen(page, 'purchase-summary');
    const last = LOCAZIONE_ANSWERS.at(-1);
    if (!last) throw new Error('no answers');
    await page.getByRole('button', { name: `Modifica la risposta a «${last[1]}»` }).click();
    const confirmEdit = page.getByRole('alertdialog', { name: 'Modificare la risposta?' });
    await expect.poll(() => confirmEdit.isVisible()).toBe(true);
    await checkScreen(page, 'purchase-summary-edit-dialog');
    await confirmEdit.getByRole('button', { name: 'Conferma' }).click();
    await answerWithMouse(page, last[1], 'In qualsiasi momento');
    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Risposte date' })
          .getByText('In qualsiasi momento')
          .isVisible(),
      )
      .toBe(true);

    // The PDF preview, rendered by LibreOffice.
    const previewResponse = page.waitForResponse(
      (r) => r.url().includes('/api/contract/preview/'),
      {
        timeout: 60_000,
      },
    );
    await page.getByRole('button', { name: "Vai all'anteprima" }).click();
    const response = await previewResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    await waitForHeading(page, 'Anteprima');
    await expect
      .poll(() => page.locator('iframe[title="Anteprima del documento generato"]').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await checkScreen(page, 'purchase-preview', { embedsPdf: true });

    // The cart: 39,00 € + IVA 22 % = 47,58 €.
    // Scrolled first: the PDF viewer may scroll the page while the pointer moves.
    const toCart = page.getByRole('button', { name: 'Vai al carrello' });
    await toCart.scrollIntoViewIfNeeded();
    await toCart.click();
    await waitForHeading(page, 'Carrello');
    const totals = page.locator('dl');
    await expect.poll(() => totals.textContent()).toContain(`Subtotale${euro(3900)}`);
    expect(await totals.textContent()).toContain(`IVA 22 %${euro(858)}`);
    expect(await totals.textContent()).toContain(`Totale${euro(4758)}`);
    expect(await totals.textContent()).toContain('12 risposte');
    await checkScreen(page, 'purchase-cart');

    // The local checkout, then back on the document with the success notice.
    await page.getByRole('button', { name: 'Acquista' }).click();
    await page.waitForURL('**/pagamento-di-prova**');
    await expect.poll(() => page.getByRole('button', { name: 'Paga' }).isVisible()).toBe(true);
    expect(await page.getByText(`Totale: ${euro(4758)}`).isVisible()).toBe(true);
    await checkScreen(page, 'purchase-test-payment');
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 15_000 });
    await expect
      .poll(() => page.getByText('Pagamento effettuato con successo').isVisible())
      .toBe(true);
    await waitForHeading(page, 'Contratto di locazione ad uso abitativo');
    await checkScreen(page, 'purchase-document-detail');

    // The .docx holds the clauses the answers chose, not those of the other branches.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const answers: TAnswers = Object.fromEntries(
      LOCAZIONE_ANSWERS.map(([variable, , answer]) => [variable, answer]),
    );
    answers.recesso_conduttore = 'In qualsiasi momento';
    const text = await docxText(download);
    checkClauses('locazione-abitativa', answers, text);
    expect(text).toContain('La locazione ha la durata di quattro anni');
    expect(text).not.toContain('La locazione ha la durata di tre anni');

    // The archive lists the purchase.
    await page.getByRole('button', { name: "Torna all'archivio" }).click();
    await waitForHeading(page, 'Archivio');
    await expect
      .poll(() =>
        page
          .getByRole('button', {
            name: 'Apri il dettaglio di «Contratto di locazione ad uso abitativo»',
          })
          .count(),
      )
      .toBeGreaterThan(0);
    expect(await page.getByText(euro(4758)).first().isVisible()).toBe(true);
    await checkScreen(page, 'purchase-archive');
    await page.context().close();

    // The admin finds the purchase among the users' documents and downloads the same document.
    const admin = await (await newContext(browser)).newPage();
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin
      .getByRole('button', {
        name: 'Apri «Contratto di locazione ad uso abitativo» di Marco Esposito',
      })
      .first()
      .click();
    await waitForHeading(admin, 'Contratto di locazione ad uso abitativo');
    await checkScreen(admin, 'admin-users-contract-detail');
    const adminDownloading = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
    const adminText = await docxText(await adminDownloading);
    checkClauses('locazione-abitativa', answers, adminText);
    await admin.context().close();
  });

  it('with the keyboard alone, from the catalogue to the .docx and the archive', async () => {
    const page = await lawyerOnCatalogue();
    onTestFailed(async () => {
      console.log('FAILED AT', page.url(), await focusedDescription(page));
      await page.screenshot({ path: 'e2e/screenshots/purchase-keyboard-failed.png' });
    });
    await checkScreen(page, 'purchase-keyboard-catalogue');

    await tabTo(
      page,
      page.getByRole('button', { name: 'Contratto di prestazione d’opera professionale' }),
    );
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/nuovo-contratto/questionario');
    const [first, second, ...rest] = OPERA_ANSWERS;
    if (!first || !second) throw new Error('no answers');
    await waitForQuestion(page, first[1]);
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

    await answerWithKeyboard(page, first[1], first[2]);
    await answerWithKeyboard(page, second[1], second[2]);
    await waitForQuestion(page, 'Quali attività comprende l’incarico?');
    await tabTo(page, page.getByRole('button', { name: 'Indietro' }));
    await page.keyboard.press('Enter');
    await waitForQuestion(page, second[1]);
    await answerWithKeyboard(page, second[1], second[2]);
    for (const [, question, answer] of rest) await answerWithKeyboard(page, question, answer);

    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await waitForHeading(page, 'Riepilogo');
    await expectTitleFocused(page, 'Riepilogo');
    await summarySettled(page);
    await checkScreen(page, 'purchase-keyboard-summary');
    const last = OPERA_ANSWERS.at(-1);
    if (!last) throw new Error('no answers');
    await tabTo(page, page.getByRole('button', { name: `Modifica la risposta a «${last[1]}»` }));
    await page.keyboard.press('Enter');
    const confirmEdit = page.getByRole('alertdialog', { name: 'Modificare la risposta?' });
    await expect.poll(() => confirmEdit.isVisible()).toBe(true);
    await expectFocusTrapped(page, confirmEdit);
    await tabTo(page, confirmEdit.getByRole('button', { name: 'Conferma' }));
    await page.keyboard.press('Enter');
    await answerWithKeyboard(page, last[1], 'Foro del Committente');
    await page.waitForURL('**/riepilogo', { timeout: 15_000 });
    await expect
      .poll(() =>
        page
          .getByRole('list', { name: 'Risposte date' })
          .getByText('Foro del Committente')
          .isVisible(),
      )
      .toBe(true);

    const previewResponse = page.waitForResponse(
      (r) => r.url().includes('/api/contract/preview/'),
      {
        timeout: 60_000,
      },
    );
    await tabTo(page, page.getByRole('button', { name: "Vai all'anteprima" }));
    await page.keyboard.press('Enter');
    expect((await previewResponse).status()).toBe(200);
    await waitForHeading(page, 'Anteprima');
    await expect
      .poll(() => page.locator('iframe[title="Anteprima del documento generato"]').count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expectTitleFocused(page, 'Anteprima');
    await checkScreen(page, 'purchase-keyboard-preview', { embedsPdf: true });
    await tabTo(page, page.getByRole('button', { name: 'Vai al carrello' }));
    await page.keyboard.press('Enter');

    // 35,00 € + IVA 22 % = 42,70 €.
    await waitForHeading(page, 'Carrello');
    await expectTitleFocused(page, 'Carrello');
    await expect.poll(() => page.locator('dl').textContent()).toContain(`Totale${euro(4270)}`);
    expect(await page.locator('dl').textContent()).toContain(`IVA 22 %${euro(770)}`);
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
    await waitForHeading(page, 'Contratto di prestazione d’opera professionale');
    await checkScreen(page, 'purchase-keyboard-document-detail');
    await tabTo(page, page.getByRole('button', { name: 'Scarica il documento (.docx)' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const answers: TAnswers = Object.fromEntries(
      OPERA_ANSWERS.map(([variable, , answer]) => [variable, answer]),
    );
    answers.foro = 'Foro del Committente';
    checkClauses('prestazione-opera-professionale', answers, await docxText(await downloading));

    await tabTo(page, page.getByRole('button', { name: "Torna all'archivio" }), 'Shift+Tab');
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Archivio');
    const open = page.getByRole('button', {
      name: 'Apri il dettaglio di «Contratto di prestazione d’opera professionale»',
    });
    await expect.poll(() => open.count()).toBe(1);
    await checkScreen(page, 'purchase-keyboard-archive');
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    await waitForHeading(page, 'Contratto di prestazione d’opera professionale');
    await page.context().close();
  });
});

// Prestazione d'opera (35,00 € + IVA) for a business client of a commercialista, paid by the
// hour (no advance), one year without renewal (no penalty question). The forum is changed.
const OPERA_ANSWERS: [string, string, string | string[]][] = [
  ['professione', 'Quale professione esercita il Professionista?', 'dottore commercialista'],
  ['committente_tipo', 'Chi è il Committente?', 'Impresa o professionista'],
  [
    'attivita',
    'Quali attività comprende l’incarico?',
    ['redazione di pareri scritti', 'partecipazione a riunioni'],
  ],
  ['compenso_tipo', 'Come è determinato il compenso?', 'A tempo, con tariffa oraria'],
  ['spese', 'Come sono rimborsate le spese?', 'A piè di lista'],
  ['termine_pagamento', 'Entro quale termine vanno pagate le fatture?', 'trenta giorni'],
  ['durata_incarico', 'Quale durata ha l’incarico?', 'Un anno, senza rinnovo'],
  [
    'collaboratori',
    'Il Professionista può avvalersi di sostituti e ausiliari?',
    'No, esecuzione esclusivamente personale',
  ],
  ['recesso_preavviso', 'Con quale preavviso può recedere il Committente?', 'Trenta giorni'],
  [
    'dati_personali',
    'In quale veste il Professionista tratta i dati di terzi forniti dal Committente?',
    'Titolare autonomo',
  ],
  ['foro', 'Quale foro è competente per le controversie?', 'Foro del Professionista'],
];

const MAX_TABS = 40;

/** A new step puts the focus on its title, so Tab starts from the step's content. */
async function expectTitleFocused(page: Page, name: string): Promise<void> {
  await expect.poll(() => holdsFocus(page.getByRole('heading', { level: 1, name }))).toBe(true);
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

async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)}`
      : 'none';
  });
}

async function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) =>
    els.some((el) => el === document.activeElement || el.contains(document.activeElement)),
  );
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on `target`, which must be visible and show
 * the keyboard focus (:focus-visible); fails after MAX_TABS presses.
 */
async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<number> {
  await expect.poll(() => target.count()).toBeGreaterThan(0);
  for (let presses = 0; presses <= MAX_TABS; presses++) {
    if (await holdsFocus(target)) {
      const focused = page.locator(':focus');
      expect(await focused.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
      const visible = await focused.evaluate((el) => {
        // A radio or checkbox is a visually hidden input: its label is what shows.
        const shown = el.matches('input[type=radio], input[type=checkbox]') ? el.parentElement : el;
        const box = shown?.getBoundingClientRect();
        return !!box && box.width > 0 && box.height > 0;
      });
      expect(visible).toBe(true);
      return presses;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`focus never reached the target; it is on ${await focusedDescription(page)}`);
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

/** Tab into the question, choose with Space and the arrow keys, then Tab to 'Avanti'. */
async function answerWithKeyboard(page: Page, question: string, answer: string | string[]) {
  await waitForQuestion(page, question);
  const group = page.getByRole('group', { name: question });
  if (Array.isArray(answer)) {
    for (const option of answer) {
      const box = group.getByRole('checkbox', { name: option, exact: true });
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
  } else {
    await tabTo(page, group.getByRole('radio'));
    await page.keyboard.press('Space');
    const target = group.getByRole('radio', { name: answer, exact: true });
    const options = await group.getByRole('radio').count();
    for (let i = 0; i < options && !(await target.isChecked()); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect.poll(() => target.isChecked()).toBe(true);
  }
  await tabTo(page, page.getByRole('button', { name: 'Avanti' }));
  await page.keyboard.press('Enter');
}
