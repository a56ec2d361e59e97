/**
 * Issue 24 in Chromium: a mail the outbox stopped after its attempts shows in the admin's
 * «Stato del servizio»; the admin sends it again with the keyboard alone, on a phone-sized
 * screen, and the mail reaches the mailbox. axe on the screen before and after.
 */
import { join } from 'node:path';
import { it as text } from '@lexpath/shared/messages/it';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { capturedMails, uniquePec } from '../support/accounts.ts';
import { browserForFile, checkScreen, DEMO, SMALL_SCREEN, signIn } from '../support/browser.ts';

const ui = text.serviceStatusUi;
const browser = browserForFile();
const recipient = uniquePec('stato-servizio');
const subject = 'Conferma di registrazione (prova dello stato del servizio)';
let database: pg.Client;

beforeAll(async () => {
  database = new pg.Client({ connectionString: inject('databaseURL') });
  await database.connect();
  // As the worker leaves a mail after its twelfth failed attempt.
  await database.query(
    `insert into outbox (to_address, subject, html, text, status, attempts, last_error)
     values ($1, $2, '<p>Benvenuto in LexPath.</p>', 'Benvenuto in LexPath.', 'failed', 12,
             '421 servizio non disponibile')`,
    [recipient, subject],
  );
});
afterAll(async () => {
  await database?.end();
});

async function openPage(): Promise<Page> {
  const page = await browser.page(SMALL_SCREEN);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  onTestFailed(async () => {
    if (page.isClosed()) return;
    await page.screenshot({
      path: join(import.meta.dirname, '../screenshots/service-status-failure.png'),
    });
    console.error(`[service-status] stopped on ${page.url()}:\n${await page.innerText('body')}`);
  });
  return page;
}

describe('«Stato del servizio»', () => {
  it('shows a stopped mail; the admin sends it again with the keyboard and it arrives', async () => {
    const page = await openPage();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/admin/contratti-utenti');

    // On a phone the menu is behind its button.
    await page.getByRole('button', { name: 'Apri il menu' }).click();
    await page.getByRole('link', { name: ui.title }).click();
    await page.waitForURL('**/admin/stato-del-servizio');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: ui.title }).isVisible())
      .toBe(true);
    const mails = page.getByRole('region', { name: ui.mails.title });
    const item = mails.getByRole('listitem').filter({ hasText: recipient });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.innerText()).toContain(ui.mails.lastError('421 servizio non disponibile'));
    await expect
      .poll(() => page.getByRole('region', { name: ui.invoices.title }).isVisible())
      .toBe(true);
    await checkScreen(page, 'service-status-390');

    // Tab from the top of the page to the mail's button, as a keyboard user would.
    const retryName = ui.mails.retryOf(recipient, subject);
    let focused = '';
    for (let step = 0; step < 80 && focused !== retryName; step += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toBe(retryName);
    await page.keyboard.press('Enter');

    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: ui.mails.retried(recipient) })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => item.count()).toBe(0);
    // The outbox worker sends it at its next poll.
    await expect
      .poll(async () => (await capturedMails()).some((mail) => mail.to.includes(recipient)), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(true);
    const [row] = (
      await database.query<{ status: string }>('select status from outbox where to_address = $1', [
        recipient,
      ])
    ).rows;
    expect(row?.status).toBe('sent');
    await checkScreen(page, 'service-status-after-retry-390');
  }, 120_000);
});
