import { isChoice } from '@lexpath/shared/answer-types';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers, TListItem, TQuestion } from '@lexpath/shared/schemas/questions';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { locazioneAbitativa } from '../../apps/server/demo-templates/locazione-abitativa/source.ts';
import { createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import {
  browserForFile,
  checkScreen,
  LARGE_SCREEN,
  SMALL_SCREEN,
  signIn,
} from '../support/browser.ts';
import { NDA, startCompletedContractInBrowser } from '../support/contracts.ts';

/**
 * The lawyer's screens as a tester walked them: nothing wider than a 390 px phone, a field the
 * focus goes to is never under the sticky header, and the keyboard has shortcuts past the
 * catalogue's filters and the summary's answers.
 */
const browser = browserForFile();
let lawyer: Lawyer;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('screens');
});

const LOCAZIONE = locazioneAbitativa.name;

/** The locazione's demo facts (the first option of a choice they do not hold), up to `stop`. */
function locazioneAnswers(stop?: string): TAnswers {
  const questions = locazioneAbitativa.questions as readonly TQuestion[];
  const given: TAnswers = {};
  for (let next = findNextQuestion(questions, given); next; ) {
    if (next.variable === stop) break;
    const fact = (locazioneAbitativa.facts as TAnswers)[next.variable];
    if (fact !== undefined) given[next.variable] = fact;
    else if (isChoice(next)) {
      const first = next.options?.[0] ?? '';
      given[next.variable] =
        'is_multiple_selection' in next && next.is_multiple_selection ? [first] : first;
    } else throw new Error(`no fact for ${next.variable}`);
    next = findNextQuestion(questions, given);
  }
  return given;
}

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const page = await browser.page(viewport);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, lawyer.pec, lawyer.password);
  await page.waitForURL('**/user/contratti');
  return page;
}

/** How far the page reaches past the window's width (0: no horizontal scroll). */
function overflowOf(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const holdsFocus = (target: Locator) =>
  target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/** Tab presses until `target` has the focus (at most `limit`, then fails). */
async function tabsTo(page: Page, target: Locator, limit = 60): Promise<number> {
  await expect.poll(() => target.count()).toBeGreaterThan(0);
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await holdsFocus(target)) return presses;
    await page.keyboard.press('Tab');
  }
  const on = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`the focus never reached the target within ${limit} Tabs; it is on ${on}`);
}

describe('at 390 px', () => {
  it('keeps «Vuoi aggiungere un altro …?» and the summary within the screen', async () => {
    const page = await signedIn(SMALL_SCREEN);
    await startCompletedContractInBrowser(page, LOCAZIONE, locazioneAnswers(), {
      complete: false,
    });
    // The summary of every answer: long PECs, codici fiscali and the «Modifica» buttons.
    await page.goto('/user/nuovo-contratto/riepilogo');
    const toPreview = page.getByRole('button', { name: "Vai all'anteprima" });
    await expect.poll(() => toPreview.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: /^Modifica la risposta/ }).count())
      .toBeGreaterThan(10);
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await checkScreen(page, 'screens-summary-390');

    // A list's first item given, the question whether there is another.
    const fresh = await signedIn(SMALL_SCREEN);
    await startCompletedContractInBrowser(fresh, LOCAZIONE, locazioneAnswers('locatori'), {
      complete: false,
    });
    await page.context().close();
    const [first] = (locazioneAbitativa.facts as TAnswers).locatori as TListItem[];
    await fresh.goto('/user/nuovo-contratto/questionario');
    const name = fresh.getByLabel('Nome e cognome o denominazione', { exact: true });
    await expect.poll(() => name.isVisible(), { timeout: 15_000 }).toBe(true);
    await name.fill(String(first?.nome ?? ''));
    await fresh.getByLabel('Codice fiscale', { exact: true }).fill(String(first?.codice_fiscale));
    await fresh.getByLabel(/^Residenza o sede legale/).fill(String(first?.indirizzo ?? ''));
    await fresh.getByRole('button', { name: 'Avanti' }).click();
    await expect
      .poll(() => fresh.getByText('Vuoi aggiungere un altro locatore?').isVisible())
      .toBe(true);
    expect(await overflowOf(fresh)).toBeLessThanOrEqual(0);
    await checkScreen(fresh, 'screens-add-another-390');
    await fresh.context().close();
  }, 120_000);
});

describe('after an invalid registration', () => {
  for (const [size, viewport] of [
    ['390 px', SMALL_SCREEN],
    ['desktop', LARGE_SCREEN],
  ] as const) {
    it(`shows the focused «Nome» field below the sticky header (${size})`, async () => {
      const page = await browser.page(viewport);
      await page.goto('/registrazione');
      const submit = page.getByRole('button', { name: 'Registrati' });
      await expect.poll(() => submit.isVisible()).toBe(true);
      // Sent from the bottom of the form, where the button is.
      await submit.scrollIntoViewIfNeeded();
      await submit.click();
      const nome = page.getByLabel('Nome', { exact: true });
      await expect.poll(() => holdsFocus(nome)).toBe(true);
      // The scroll that brings the field into view may be smooth: wait for it to settle.
      await expect
        .poll(async () => {
          const [header, field, label] = await Promise.all([
            page.locator('.lp-shell-header').boundingBox(),
            nome.boundingBox(),
            page.getByText('Nome', { exact: true }).first().boundingBox(),
          ]);
          if (!header || !field || !label) return 'not on screen';
          const below = header.y + header.height;
          return field.y >= below && label.y >= below ? 'visible' : `under (${field.y} < ${below})`;
        })
        .toBe('visible');
      await checkScreen(page, `screens-registration-invalid-${size.replace(' ', '')}`);
      await page.context().close();
    }, 60_000);
  }
});

describe('with the keyboard alone', () => {
  it('reaches the NDA card and «Vai all’anteprima» in a few Tabs', async () => {
    const page = await signedIn(LARGE_SCREEN);
    const card = page.getByRole('button', { name: NDA });
    await expect.poll(() => card.isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => card.isVisible()).toBe(true);

    // Past the header and menu, then past the search and the category chips.
    let tabs = await tabsTo(page, page.getByRole('link', { name: 'Vai al contenuto principale' }));
    await page.keyboard.press('Enter');
    const toResults = page.getByRole('link', { name: 'Vai ai risultati' });
    tabs += await tabsTo(page, toResults);
    expect(await toResults.isVisible()).toBe(true);
    await checkScreen(page, 'screens-catalogue-skip');
    await page.keyboard.press('Enter');
    tabs += await tabsTo(page, card);
    // Each card before the NDA's (the engagement pack, a fourth demo, and whatever the other e2e
    // files published meanwhile) is one Tab of its own: the shortcut's saving is the rest.
    const cardsBefore = await page
      .locator('#catalogue-results section button')
      .evaluateAll(
        (buttons, name) => buttons.findIndex((button) => button.textContent?.includes(name)),
        NDA,
      );
    expect(cardsBefore).toBeGreaterThanOrEqual(0);
    expect(tabs - cardsBefore).toBeLessThanOrEqual(8);

    // The summary of a long document: from its title to the way on.
    await startCompletedContractInBrowser(page, LOCAZIONE, locazioneAnswers(), {
      complete: false,
    });
    await page.goto('/user/nuovo-contratto/riepilogo');
    const toPreview = page.getByRole('button', { name: "Vai all'anteprima" });
    await expect.poll(() => toPreview.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => holdsFocus(page.getByRole('heading', { level: 1, name: 'Riepilogo' })))
      .toBe(true);
    const toActions = page.getByRole('link', { name: 'Vai alle azioni' });
    let summaryTabs = await tabsTo(page, toActions);
    expect(await toActions.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    summaryTabs += await tabsTo(page, toPreview);
    expect(summaryTabs).toBeLessThanOrEqual(8);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/nuovo-contratto/anteprima', { timeout: 15_000 });
    await page.context().close();
  }, 120_000);
});
