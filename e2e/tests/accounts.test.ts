import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createApprovedLawyer,
  LAWYER_PASSWORD,
  type Lawyer,
  uniquePec,
  waitForMailLink,
} from '../support/accounts.ts';
import { browserForFile, checkScreen, DEMO, signIn } from '../support/browser.ts';

const browser = browserForFile();

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
}

async function expectText(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
}

/** The admin's users table row of `pec`. */
function userRow(page: Page, pec: string) {
  return page.getByRole('row').filter({ has: page.getByRole('cell', { name: pec, exact: true }) });
}

async function openUsersAsAdmin(page: Page): Promise<void> {
  await signIn(page, DEMO.admin);
  await page.waitForURL('**/admin/contratti-utenti');
  await page
    .getByRole('navigation', { name: 'Menu principale' })
    .getByRole('link', { name: 'Utenti' })
    .click();
  await page.waitForURL('**/admin/utenti');
  await expect.poll(() => page.getByRole('table').isVisible()).toBe(true);
}

describe('account journeys', () => {
  // Approved lawyers for the journeys that do not start at registration, made side by side:
  // each waits for its verify mail, and the outbox sends every 2 s.
  let recovering: Lawyer;
  let editing: Lawyer;
  let suspended: Lawyer;
  beforeAll(async () => {
    [recovering, editing, suspended] = await Promise.all([
      createApprovedLawyer('recupero'),
      createApprovedLawyer('profilo'),
      createApprovedLawyer('sospensione'),
    ]);
  });

  it('a lawyer registers, confirms the PEC, is approved by the admin and signs in', async () => {
    const pec = uniquePec('registrazione');
    const lawyer = await browser.page();
    await lawyer.goto('/registrazione');
    await expectHeading(lawyer, 'Registrazione');
    await lawyer.getByLabel('Nome', { exact: true }).fill('Mario');
    await lawyer.getByLabel('Cognome', { exact: true }).fill('Registrato');
    await lawyer.getByLabel('PEC', { exact: true }).fill(pec);
    await lawyer.getByLabel('Password', { exact: true }).fill(LAWYER_PASSWORD);
    // The native input is visually hidden under its label: force the click a user makes on
    // the drawn box (check() still verifies the box ends up ticked).
    for (const consent of [/^Ho letto e accetto i Termini/, /artt\. 1341 e 1342/, /privacy/]) {
      await lawyer.getByRole('checkbox', { name: consent }).check({ force: true });
    }
    await checkScreen(lawyer, 'registration');
    await lawyer.getByRole('button', { name: 'Registrati' }).click();

    await expectHeading(lawyer, 'Conferma la tua identità');
    await checkScreen(lawyer, 'registration-confirm-identity');

    const verifyLink = await waitForMailLink(pec, /\/verify-email\?token=/);
    await lawyer.goto(verifyLink);
    await expectHeading(lawyer, 'Grazie per aver confermato la tua identità!');
    await checkScreen(lawyer, 'verify-email-success');
    // The link is single use: opening it again explains why it no longer works.
    await lawyer.reload();
    await expectHeading(lawyer, "Verifica dell'E-mail fallita");
    await checkScreen(lawyer, 'verify-email-failure');

    const admin = await browser.page();
    await openUsersAsAdmin(admin);
    const row = userRow(admin, pec);
    await expect.poll(() => row.getByRole('cell', { name: 'in attesa' }).isVisible()).toBe(true);
    await checkScreen(admin, 'users');
    await row.getByRole('button', { name: 'Accetta' }).click();
    await expect.poll(() => row.getByRole('cell', { name: 'confermato' }).isVisible()).toBe(true);
    expect(await row.getByRole('button').allTextContents()).toEqual(['Sospendi']);
    await admin.context().close();

    const accessLink = await waitForMailLink(pec, /\/login$/);
    await lawyer.goto(accessLink);
    await signIn(lawyer, pec, LAWYER_PASSWORD);
    await lawyer.waitForURL('**/user/contratti');
    await expectHeading(lawyer, 'Nuovo documento');
    await lawyer.context().close();
  });

  it('a lawyer recovers the password from the mailed link and signs in with the new one', async () => {
    const { pec } = recovering;
    const page = await browser.page();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    await expectHeading(page, 'Recupero password');
    await page.getByLabel('PEC', { exact: true }).fill(pec);
    await checkScreen(page, 'forgot-password');
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expectHeading(page, 'Controlla la tua PEC');
    await checkScreen(page, 'forgot-password-sent');

    await page.goto(await waitForMailLink(pec, /\/reset-password\?token=/));
    await expectHeading(page, 'Reset password');
    await page.getByLabel('Nuova password', { exact: true }).fill('Cambiata2026!');
    await page.getByLabel('Conferma la nuova password', { exact: true }).fill('Cambiata2026!');
    await checkScreen(page, 'reset-password');
    await page.getByRole('button', { name: 'Conferma' }).click();
    await expectText(page, 'Hai impostato una nuova password.');
    await checkScreen(page, 'reset-password-success');

    await page.getByRole('button', { name: 'Vai al login' }).click();
    await page.waitForURL('**/login');
    await signIn(page, pec, 'Cambiata2026!');
    await page.waitForURL('**/user/contratti');
    await page.context().close();
  });

  it('a lawyer edits the name in the profile', async () => {
    const lawyer = editing;
    const page = await browser.page();
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    await page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Profilo' })
      .click();
    await expectHeading(page, 'Profilo');
    const name = page.getByLabel('Nome', { exact: true });
    await expect.poll(() => name.inputValue()).toBe('Giulia');
    expect(await name.isDisabled()).toBe(true);
    await checkScreen(page, 'profile');

    await page.getByRole('button', { name: 'Modifica' }).click();
    await name.fill('Giuliana');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expectText(page, 'Modifica avvenuta con successo.');
    expect(await name.isDisabled()).toBe(true);
    await checkScreen(page, 'profile-saved');
    // The header takes the new name 2 seconds later, and the server kept it.
    await expect
      .poll(() => page.getByRole('banner').getByText(`Giuliana ${lawyer.surname}`).isVisible())
      .toBe(true);
    await page.reload();
    await expect.poll(() => name.inputValue()).toBe('Giuliana');
    await page.context().close();
  });

  it('a suspended lawyer is sent back to login at the next request and cannot sign in', async () => {
    const lawyer = suspended;
    const page = await browser.page();
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');

    const admin = await browser.page();
    await openUsersAsAdmin(admin);
    const row = userRow(admin, lawyer.pec);
    await row.getByRole('button', { name: 'Sospendi' }).click();
    // Suspending locks the lawyer out: the admin confirms it in a dialog naming them.
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Sospendi' }).click();
    await expect.poll(() => row.getByRole('cell', { name: 'sospeso' }).isVisible()).toBe(true);
    await admin.context().close();

    // The profile loads the account: refused, the refresh is refused too, the session ends.
    await page
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Profilo' })
      .click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('userRefreshToken'))).toBeNull();

    await signIn(page, lawyer.pec, lawyer.password);
    await expectHeading(page, 'Account sospeso');
    await checkScreen(page, 'account-suspended');
    await page.context().close();
  });

  it('the admin creates an editor, who can then sign in', async () => {
    const pec = uniquePec('editor');
    const admin = await browser.page();
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin.goto('/admin/crea-editor');
    await expectHeading(admin, 'Crea utente editor');
    await admin.getByLabel('Nome', { exact: true }).fill('Paolo');
    await admin.getByLabel('Cognome', { exact: true }).fill('Editor');
    await admin.getByLabel('PEC', { exact: true }).fill(pec);
    await admin.getByLabel('Password', { exact: true }).fill('Editor2026!');
    await admin.getByRole('button', { name: 'Aggiungi' }).click();
    await expectText(admin, 'Nuovo utente editor creato con successo');
    await expect.poll(() => admin.getByLabel('PEC', { exact: true }).inputValue()).toBe('');
    await checkScreen(admin, 'create-editor');
    await admin.context().close();

    const editor = await browser.page();
    await signIn(editor, pec, 'Editor2026!');
    await editor.waitForURL('**/admin/master-inseriti');
    await editor.context().close();
  });
});
