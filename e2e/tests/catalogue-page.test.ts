import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  browserForFile,
  checkScreen,
  DEMO,
  pathOf,
  SMALL_SCREEN,
  signIn,
} from '../support/browser.ts';

/*
 * A page load of the lawyer's catalogue is a page of its own (issue 13): plain elements, no
 * Chakra and no router, its frame in its HTML. Everything else is the app; both draw the same
 * screen.
 */

const browser = browserForFile();

/** Which entry drew the document: the stand-alone catalogue's script or the app's. */
function entryScript(page: Page): Promise<string | null> {
  return page.evaluate(
    () => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null,
  );
}

const NDA = 'Accordo di riservatezza (NDA)';

describe('the stand-alone catalogue page', () => {
  it('is where a lawyer lands, works with the keyboard alone and leads to the app', async () => {
    const page = await browser.page();
    await signIn(page, DEMO.user);
    await page.waitForURL('**/user/contratti');
    const card = page.getByRole('button', { name: NDA });
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await entryScript(page)).toMatch(/^\/assets\/catalogue-/);
    // No Chakra: emotion would have injected its style elements.
    expect(await page.locator('style[data-emotion]').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Menu principale' }).textContent())
      .toContain('F.A.Q. e Supporto');
    await checkScreen(page, 'catalogue-page-desktop');

    // Keyboard alone: the skip link first, then into the page, to the card, Enter.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Vai al contenuto principale');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('contenuto-principale');
    for (let step = 0; step < 30; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      if (focused === NDA) break;
    }
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(NDA);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/user/nuovo-contratto/questionario');
    await expect
      .poll(() => page.getByRole('button', { name: 'Avanti' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await entryScript(page)).toMatch(/^\/assets\/index-/);

    // Inside the app the same screen is a route: the menu entry moves without a page load.
    await page.goto('/user/archivio');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Archivio' }).isVisible())
      .toBe(true);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Nuovo documento' })
      .click();
    await expect.poll(() => card.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    await page.context().close();
  });

  it('opens its menu on a phone and takes a lawyer to the other screens', async () => {
    const page = await browser.page(SMALL_SCREEN);
    await signIn(page, DEMO.user);
    await page.waitForURL('**/user/contratti');
    await expect
      .poll(() => page.getByRole('button', { name: NDA }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await checkScreen(page, 'catalogue-page-phone');
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect.poll(() => menu.isVisible()).toBe(true);
    await checkScreen(page, 'catalogue-page-phone-menu');
    await menu.getByRole('link', { name: 'Archivio' }).click();
    await page.waitForURL('**/user/archivio');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Archivio' }).isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('sends staff to their own landing page and an ended session to login', async () => {
    const admin = await browser.page();
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin.goto('/user/contratti');
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin.context().close();

    const lawyer = await browser.page();
    await signIn(lawyer, DEMO.user);
    await lawyer.waitForURL('**/user/contratti');
    // Both tokens no longer valid (an expired session): the list's 401, a refused refresh.
    await lawyer.evaluate(() => {
      localStorage.setItem('userToken', 'scaduto');
      localStorage.setItem('userRefreshToken', 'scaduto');
    });
    await lawyer.goto('/user/contratti');
    await lawyer.waitForURL('**/login');
    expect(pathOf(lawyer)).toBe('/login');
    await lawyer.context().close();
  });
});
