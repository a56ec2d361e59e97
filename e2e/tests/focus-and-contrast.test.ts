import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import { giveBillingDataOnCart } from '../support/billing.ts';
import { browserForFile, checkScreen } from '../support/browser.ts';
import {
  lawyerOnCatalogue,
  NDA,
  ndaAnswers,
  startCompletedContractInBrowser,
} from '../support/contracts.ts';

/**
 * Issue 12, accessibility: the selected category chip under the pointer and the questionnaire's
 * radio outlines have enough contrast, keyboard focus shows a ring of at least 2px, and the focus
 * lands on the title (never on <body>) after «Avanti» on a choice step, at the test payment page,
 * at the document detail and after a download.
 */
const browser = browserForFile();
let lawyer: Lawyer;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('focus');
});

/** WCAG contrast of two computed CSS colours (opaque rgb/rgba). */
function contrastOf(first: string, second: string): number {
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((channel) => {
      const c = Number(channel) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

/** The title (h1) holds the focus. */
async function titleHasFocus(page: Page, name: string | RegExp): Promise<boolean> {
  return page
    .getByRole('heading', { level: 1, name })
    .evaluate((heading) => heading === document.activeElement)
    .catch(() => false);
}

async function expectTitleFocused(page: Page, name: string | RegExp): Promise<void> {
  await expect.poll(() => titleHasFocus(page, name), { timeout: 15_000 }).toBe(true);
}

/** The width of the focus indicator of the focused element: its outline, or a box-shadow ring. */
async function focusRingWidth(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
    // A shadow ring "0 0 0 2px color": its spread is the last length.
    const spreads = [...style.boxShadow.matchAll(/(-?[\d.]+)px(?=[^,]*?(?:,|$))/g)].map((m) =>
      Number(m[1]),
    );
    return Math.max(outline, ...spreads, 0);
  });
}

async function tabUntil(page: Page, target: Locator, max = 30): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

describe('contrast and focus ring (issue 12)', () => {
  it('keeps the selected chip legible under the pointer, radios outlined at 3:1, every ring 2px', async () => {
    const page = await lawyerOnCatalogue(browser, lawyer);
    const chips = page.getByRole('group', { name: 'Filtra per categoria' });
    const selected = chips.getByRole('button', { name: 'Tutti' });
    expect(await selected.getAttribute('aria-pressed')).toBe('true');
    await selected.hover();
    const chipColours = await selected.evaluate((el) => {
      const style = getComputedStyle(el);
      return { color: style.color, background: style.backgroundColor };
    });
    const chipContrast = contrastOf(chipColours.color, chipColours.background);
    console.log(`selected chip under the pointer: ${chipContrast.toFixed(2)}:1`, chipColours);
    expect.soft(chipContrast).toBeGreaterThanOrEqual(4.5);
    const chipAxe = await new AxeBuilder({ page })
      .include('[aria-label="Filtra per categoria"]')
      .withRules(['color-contrast'])
      .analyze();
    expect.soft(chipAxe.violations.map((v) => v.id)).toEqual([]);
    await checkScreen(page, 'focus-catalogue-chip-hover');

    // The search box (Chakra's "inside" ring) and a template's title button (no ring of its own).
    await page.mouse.move(0, 0);
    const search = page.getByRole('searchbox', { name: 'Cerca per titolo' });
    await tabUntil(page, search);
    // Polled: the ring comes with the focus style's (reduced) transition, a frame after the Tab.
    await expect.poll(() => focusRingWidth(search)).toBeGreaterThanOrEqual(2);
    const card = page.getByRole('button', { name: NDA });
    await tabUntil(page, card);
    expect(await card.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
    await expect.poll(() => focusRingWidth(card)).toBeGreaterThanOrEqual(2);

    await page.keyboard.press('Enter');
    const first = page.getByRole('group', { name: 'L’accordo è unilaterale o reciproco?' });
    await expect.poll(() => first.isVisible(), { timeout: 15_000 }).toBe(true);
    const control = first.locator('[data-part=item-control]').first();
    const outline = await control.evaluate((el) => ({
      border: getComputedStyle(el).borderTopColor,
      card: getComputedStyle(el.closest('form')?.parentElement ?? document.body).backgroundColor,
    }));
    const radioContrast = contrastOf(outline.border, outline.card);
    console.log(`radio outline: ${radioContrast.toFixed(2)}:1`, outline);
    expect.soft(radioContrast).toBeGreaterThanOrEqual(3);
    await checkScreen(page, 'focus-questionnaire-radios');

    // Tab to the first radio: its control shows the ring.
    await tabUntil(page, first.getByRole('radio').first());
    await expect.poll(() => focusRingWidth(control)).toBeGreaterThanOrEqual(2);
    await page.context().close();
  });
});

describe('focus after a change of step or page (issue 12)', () => {
  it('lands on the title after «Avanti» on a choice step, and Tab reaches its first option', async () => {
    const page = await lawyerOnCatalogue(browser, lawyer);
    await page.getByRole('button', { name: NDA }).click();
    const first = page.getByRole('group', { name: 'L’accordo è unilaterale o reciproco?' });
    await expect.poll(() => first.isVisible(), { timeout: 15_000 }).toBe(true);
    // The pointer clicks the option's text (the input itself is visually hidden).
    const option = (await first.getByRole('radio').first().getAttribute('value')) ?? '';
    await first.getByText(option, { exact: true }).click();
    await page.getByRole('button', { name: 'Avanti' }).click();

    const second = page.getByRole('group', {
      name: 'La prima parte è una società o una persona fisica?',
    });
    await expect.poll(() => second.isVisible(), { timeout: 15_000 }).toBe(true);
    await expectTitleFocused(page, NDA);
    await page.keyboard.press('Tab');
    expect(
      await second
        .getByRole('radio')
        .first()
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);

    // A typed step keeps the focus in its field, so the lawyer types at once.
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    const name = page.getByLabel('Denominazione o nome e cognome della prima parte');
    await expect
      .poll(() => name.evaluate((el) => el === document.activeElement).catch(() => false), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.context().close();
  });

  it('lands on the title of the test payment page, of the paid document and after a download', async () => {
    const page = await lawyerOnCatalogue(browser, lawyer);
    // The questionnaire is another test's subject: the document is answered over the API.
    await startCompletedContractInBrowser(page, NDA, ndaAnswers());

    await page.goto('/user/nuovo-contratto/carrello');
    // A new lawyer's first purchase asks for the billing data (issue 14).
    await giveBillingDataOnCart(page, 'focus-cart-billing');
    const buy = page.getByRole('button', { name: 'Acquista' });
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await buy.click();
    await page.waitForURL('**/pagamento-di-prova**');
    await expectTitleFocused(page, 'Pagamento di prova');

    const pay = page.getByRole('button', { name: 'Paga' });
    await expect.poll(() => pay.isVisible()).toBe(true);
    await pay.click();
    await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 15_000 });
    await expectTitleFocused(page, NDA);

    const docx = page.getByRole('button', { name: 'Scarica il documento (.docx)' });
    // Tabs pressed before the document's card has loaded would walk past it.
    await expect.poll(() => docx.isEnabled(), { timeout: 15_000 }).toBe(true);
    await tabUntil(page, docx);
    const downloading = page.waitForEvent('download', { timeout: 30_000 });
    await page.keyboard.press('Enter');
    await downloading;
    await expectTitleFocused(page, NDA);
    await page.context().close();
  }, 120_000);
});
