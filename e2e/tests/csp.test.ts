import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserForFile, DEMO, signIn } from '../support/browser.ts';

/**
 * The page policy forbids eval and inline scripts (DESIGN §10). A library that merely probes
 * for eval (zod did, on every page) makes the browser report a violation in the console: an
 * operator watching for real attacks would learn to ignore them.
 */
const browser = browserForFile();

/** Every CSP report of the page, from the console and from the DOM event. */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return seen;
}

describe('the content security policy', () => {
  it('is never violated on the login page, the catalogue, a questionnaire and the admin lists', async () => {
    const page = await browser.page();
    const violations = await watchViolations(page);
    await page.goto('/login');
    await expect.poll(() => page.getByRole('button', { name: 'Accedi' }).isVisible()).toBe(true);
    await signIn(page, DEMO.user);
    await page.waitForURL('**/user/contratti');
    await page.getByRole('button', { name: 'Accordo di riservatezza (NDA)' }).click();
    await page.waitForURL('**/user/nuovo-contratto/**');
    await expect
      .poll(() => page.getByRole('button', { name: 'Avanti' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await page.context().close();

    const admin = await browser.page();
    const adminViolations = await watchViolations(admin);
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin.waitForLoadState('networkidle');
    await admin.context().close();
    expect([...violations, ...adminViolations]).toEqual([]);
  });
});
