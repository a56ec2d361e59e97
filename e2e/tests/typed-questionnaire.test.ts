import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import { browserForFile, checkScreen, SMALL_SCREEN, signIn } from '../support/browser.ts';

/**
 * Issue 11: the demo NDA asks typed questions (names, codes, amounts). On a 390 px phone, with
 * the keyboard alone once the questionnaire is open: each step takes its answer in Italian, a
 * wrong codice fiscale is refused inline, and no page is wider than the screen.
 */
const browser = browserForFile();
let lawyer: Lawyer;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('tipizzato');
});

async function fitsTheScreen(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page width at ${page.url()}`).toBeLessThanOrEqual(SMALL_SCREEN.width);
}

/** The step of `question` is shown; Tab (only if needed) brings the focus into its field. */
async function atStep(page: Page, question: string): Promise<void> {
  const step = page.getByRole('group', { name: question }).or(page.getByLabel(question));
  await expect.poll(() => step.first().isVisible(), { timeout: 15_000 }).toBe(true);
  const focusInStep = () =>
    page.evaluate(
      (text) => document.activeElement?.closest('form')?.textContent?.includes(text) ?? false,
      question,
    );
  for (let i = 0; i < 10 && !(await focusInStep()); i++) await page.keyboard.press('Tab');
  expect(await focusInStep(), `focus never reached «${question}»`).toBe(true);
  // The step fades in: axe would measure the contrast of half-transparent text.
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().every((a) => a.playState !== 'running')),
    )
    .toBe(true);
  await fitsTheScreen(page);
}

async function choose(page: Page, question: string): Promise<void> {
  await atStep(page, question);
  await page.keyboard.press('Space');
  await page.keyboard.press('Enter');
}

async function type(page: Page, question: string, text: string): Promise<void> {
  await atStep(page, question);
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

describe('typed questions on a phone', () => {
  it('are answered with the keyboard alone, in Italian, with a wrong codice fiscale refused inline', async () => {
    const context = await browser.context(SMALL_SCREEN);
    const page = await context.newPage();
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    await page.getByRole('button', { name: 'Accordo di riservatezza (NDA)' }).click();

    await choose(page, 'L’accordo è unilaterale o reciproco?');
    await choose(page, 'La prima parte è una società o una persona fisica?');
    await type(page, 'Denominazione o nome e cognome della prima parte', 'Alfa S.r.l.');
    await type(page, 'Sede legale o residenza della prima parte', 'via Roma 1, 00100 Roma');

    const codeQuestion = 'Codice fiscale della prima parte';
    await type(page, codeQuestion, 'rssmra85t10a562x');
    const field = page.getByLabel(codeQuestion);
    await expect.poll(() => field.inputValue()).toBe('RSSMRA85T10A562X');
    await expect
      .poll(() =>
        page
          .getByText(/codice fiscale .*non è valido/i)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await checkScreen(page, 'typed-questionnaire-phone-wrong-code');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('00743110157');
    await page.keyboard.press('Enter');

    await type(page, 'Partita IVA della prima parte', '00743110157');
    await type(page, 'Capitale sociale interamente versato della prima parte', '10.000,00');
    await atStep(page, 'Presso quale Registro delle Imprese è iscritta la prima parte?');
    await checkScreen(page, 'typed-questionnaire-phone');
    await context.close();
  });
});
