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

const browser = browserForFile();

async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Menu principale' });
  return (await nav.getByRole('link').allTextContents()).map((t) => t.trim());
}

const journeys = [
  {
    role: 'admin',
    pec: DEMO.admin,
    fullName: 'Francesca Moretti',
    landing: '/admin/contratti-utenti',
    heading: 'Documenti generati',
    menu: [
      'Documenti generati',
      'Fatture',
      'Stato del servizio',
      'Utenti',
      'Master inseriti',
      'Categorie inserite',
      'Editor',
      'Crea utente editor',
      'Crea categoria',
    ],
  },
  {
    role: 'editor',
    pec: DEMO.editor,
    fullName: 'Luca Bianchi',
    landing: '/admin/master-inseriti',
    heading: 'Master inseriti',
    menu: ['Master inseriti', 'Editor', 'F.A.Q. e Supporto'],
  },
  {
    role: 'user',
    pec: DEMO.user,
    fullName: 'Marco Esposito',
    landing: '/user/contratti',
    heading: 'Nuovo documento',
    menu: ['Nuovo documento', 'Archivio', 'Clienti', 'Profilo', 'F.A.Q. e Supporto'],
  },
] as const;

describe('signing in with the seeded accounts', () => {
  for (const journey of journeys) {
    it(`the ${journey.role} signs in, lands on ${journey.landing}, sees the menu and logs out`, async () => {
      const page = await browser.page();
      await page.goto('/login');
      await checkScreen(page, 'login');

      await signIn(page, journey.pec);
      await page.waitForURL(`**${journey.landing}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1, name: journey.heading }).isVisible())
        .toBe(true);
      // The support entry links to the configured FAQ page, so it joins once the app's
      // settings are read (the app starts afresh after the stand-alone login page).
      await expect.poll(() => menuEntries(page)).toEqual([...journey.menu]);
      await expect
        .poll(() => page.getByRole('banner').getByText(journey.fullName).isVisible())
        .toBe(true);
      await checkScreen(page, `landing-${journey.role}`);

      await page.getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL('**/login');
      expect(await page.evaluate(() => localStorage.getItem('userRefreshToken'))).toBeNull();
      // After logout the stored session is gone: a user page sends back to login.
      await page.goto(journey.landing);
      await page.waitForURL('**/login');
      await page.context().close();
    });
  }

  it('shows the wrong-credentials message under the form', async () => {
    const page = await browser.page();
    await signIn(page, DEMO.user, 'Sbagliata1!');
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: 'Credenziali Email o Password non valide' })
          .isVisible(),
      )
      .toBe(true);
    expect(pathOf(page)).toBe('/login');
    await checkScreen(page, 'login-wrong-credentials');
    await page.context().close();
  });

  it('validates the PEC on blur', async () => {
    const page = await browser.page();
    await page.goto('/login');
    await page.getByLabel('PEC').fill('non-una-pec');
    await page.getByLabel('Password', { exact: true }).focus();
    await expect.poll(() => page.getByText('Indirizzo PEC non valido.').isVisible()).toBe(true);
    await checkScreen(page, 'login-invalid-pec');
    await page.context().close();
  });
});

describe('route guards in the browser', () => {
  it('sends a visitor opening a user page to login', async () => {
    const page = await browser.page();
    await page.goto('/user/archivio');
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    await page.context().close();
  });

  it('sends a lawyer opening an admin page to contracts', async () => {
    const page = await browser.page();
    await signIn(page, DEMO.user);
    await page.waitForURL('**/user/contratti');
    await page.goto('/admin/utenti');
    await page.waitForURL('**/user/contratti');
    expect(pathOf(page)).toBe('/user/contratti');
    await page.context().close();
  });

  it('sends a signed-in editor opening login back to templates created', async () => {
    const page = await browser.page();
    await signIn(page, DEMO.editor);
    await page.waitForURL('**/admin/master-inseriti');
    await page.goto('/login');
    await page.waitForURL('**/admin/master-inseriti');
    await page.goto('/admin/utenti');
    await page.waitForURL('**/admin/master-inseriti');
    expect(pathOf(page)).toBe('/admin/master-inseriti');
    await page.context().close();
  });

  it('shows the application error page on an unknown address', async () => {
    const page = await browser.page();
    await page.goto('/indirizzo-inesistente');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Unexpected Application Error' }).isVisible())
      .toBe(true);
    await checkScreen(page, 'not-found');
    await page.context().close();
  });
});

describe('small screens', () => {
  it('opens the full-screen drawer with the role menu, navigates and closes it', async () => {
    const page = await browser.page(SMALL_SCREEN);
    await signIn(page, DEMO.user);
    await page.waitForURL('**/user/contratti');
    // The sidebar is hidden on small screens: the menu lives behind the hamburger.
    expect(await page.getByRole('navigation', { name: 'Menu principale' }).isVisible()).toBe(false);
    await checkScreen(page, 'small-landing-user');

    await page.getByRole('button', { name: 'Apri il menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.isVisible()).toBe(true);
    for (const entry of ['Nuovo documento', 'Archivio', 'Clienti', 'Profilo', 'Logout']) {
      expect(await drawer.getByRole('link', { name: entry }).isVisible()).toBe(true);
    }
    await checkScreen(page, 'small-drawer-user');
    // A modal dialog: the page behind is inert; Escape closes it and focus goes back.
    expect(await drawer.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    const hamburger = page.getByRole('button', { name: 'Apri il menu' });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await hamburger.evaluate((button) => button === document.activeElement)).toBe(true);

    await hamburger.click();
    await expect.poll(() => drawer.isVisible()).toBe(true);
    await drawer.getByRole('link', { name: 'Archivio' }).click();
    await page.waitForURL('**/user/archivio');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Archivio' }).isVisible())
      .toBe(true);
    await checkScreen(page, 'small-archive-user');
    await page.context().close();
  });
});
