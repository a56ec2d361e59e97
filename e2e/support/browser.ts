import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '../screenshots');

export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO = {
  admin: 'admin@pec.demo.it',
  editor: 'editor@pec.demo.it',
  user: 'avvocato@pec.demo.it',
} as const;

export const SMALL_SCREEN = { width: 390, height: 844 };
export const LARGE_SCREEN = { width: 1366, height: 900 };

/** Debian's Chromium; the flags keep it off the network this machine does not have. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newContext(
  browser: Browser,
  viewport = LARGE_SCREEN,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: inject('baseURL'), viewport, locale: 'it-IT' });
}

/** A page in a fresh context (its own storage), at `viewport`. */
async function newPage(browser: Browser, viewport = LARGE_SCREEN): Promise<Page> {
  return (await newContext(browser, viewport)).newPage();
}

/** What a test file opens in its Chromium (`browserForFile`): each call, a fresh context. */
export interface FileBrowser {
  context(viewport?: { width: number; height: number }): Promise<BrowserContext>;
  page(viewport?: { width: number; height: number }): Promise<Page>;
}

/**
 * One Chromium for the calling test file: launched before its tests, closed after them. Call it
 * at the file's top level, next to the file's own hooks.
 */
export function browserForFile(): FileBrowser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  const launched = (): Browser => {
    if (!browser) throw new Error('Chromium is launched in beforeAll: open pages in the tests');
    return browser;
  };
  return {
    context: (viewport) => newContext(launched(), viewport),
    page: (viewport) => newPage(launched(), viewport),
  };
}

/** The path the page shows, without query or hash. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Every screen a test looks at goes through here: axe must find no serious or critical
 * violation, and a screenshot is saved for the CI artifacts.
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  // label-content-name-mismatch is experimental in axe, so off by default: a visible label that
  // does not start the accessible name («Scarica PDF/A» named «Scarica «…» in formato PDF/A»)
  // breaks speech control (WCAG 2.5.3), and a tester found two.
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
  expect(blocking, `axe on ${name} (${page.url()})`).toEqual([]);
}

export async function signIn(page: Page, pec: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('PEC').fill(pec);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}
