/**
 * Issue 14 in Chromium: a lawyer's first purchase in the default setup (local checkout created
 * by the server) asks for the billing data, is invoiced, and the invoice shows on the document
 * detail with its FatturaPA XML (valid against the official schema) and its courtesy PDF, which
 * the purchase mail carries too; the admin finds it in «Fatture», refunds it, a credit note is
 * issued and the lawyer can no longer download the document.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { it as text } from '@lexpath/shared/messages/it';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { capturedMails, createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import { BILLING_DATA, giveBillingDataOnCart } from '../support/billing.ts';
import { browserForFile, checkScreen, DEMO, signIn } from '../support/browser.ts';
import { NDA, ndaAnswers, startCompletedContractInBrowser } from '../support/contracts.ts';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
const screenshotDir = join(here, '../screenshots');
const SCHEMA = join(
  here,
  '../../apps/server/src/modules/invoices/schema/Schema_del_file_xml_FatturaPA_versione_1.2.1a.xsd',
);
const ui = text.invoicesUi;

const browser = browserForFile();
let lawyer: Lawyer;
let folder: string;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('fattura');
  folder = mkdtempSync(join(tmpdir(), 'lexpath-invoicing-'));
});
afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function openPage(name: string): Promise<Page> {
  const page = await browser.page();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  onTestFailed(async () => {
    if (page.isClosed()) return;
    await page.screenshot({ path: join(screenshotDir, `invoicing-${name}-failure.png`) });
    console.error(`[invoicing] ${name} stopped on ${page.url()}:\n${await page.innerText('body')}`);
  });
  return page;
}

/** Clicks `name` and answers the downloaded file's suggested name and path. */
async function download(page: Page, name: string): Promise<{ fileName: string; path: string }> {
  const downloading = page.waitForEvent('download', { timeout: 30_000 });
  await page.getByRole('button', { name, exact: true }).click();
  const file = await downloading;
  const path = join(folder, file.suggestedFilename());
  await file.saveAs(path);
  return { fileName: file.suggestedFilename(), path };
}

/** The names of the files attached to every mail delivered to `pec` so far. */
async function attachmentsMailedTo(pec: string): Promise<string[]> {
  return (await capturedMails())
    .filter((mail) => mail.to.includes(pec.toLowerCase()))
    .flatMap((mail) => mail.attachments);
}

async function pdfText(path: string): Promise<string> {
  return (await run('pdftotext', ['-layout', path, '-'])).stdout;
}

describe('invoicing (issue 14)', () => {
  it('invoices the purchase, shows the invoice on the detail and mails its copy; the admin refunds it with a credit note', async () => {
    const page = await openPage('lawyer');
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    await startCompletedContractInBrowser(page, NDA, ndaAnswers());

    await page.goto('/user/nuovo-contratto/carrello');
    await giveBillingDataOnCart(page, 'invoicing-cart-billing');
    await page.getByRole('button', { name: 'Acquista' }).click();
    await page.waitForURL('**/pagamento-di-prova**');
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 20_000 });

    // The invoice on the detail: number and date, its XML and its courtesy copy.
    const invoice = page.getByRole('region', { name: ui.section, exact: true });
    await expect.poll(() => invoice.isVisible(), { timeout: 15_000 }).toBe(true);
    const sectionText = await invoice.innerText();
    const number = /\b[A-Z]*-?\d{4}\/\d{6}\b/.exec(sectionText)?.[0] ?? '';
    expect(number, sectionText).not.toBe('');
    await checkScreen(page, 'invoicing-detail-invoice');

    const xml = await download(page, ui.downloadXml);
    expect(xml.fileName).toMatch(/^IT\d{11}_[0-9A-Z]{5}\.xml$/);
    const { stderr } = await run('xmllint', ['--noout', '--nonet', '--schema', SCHEMA, xml.path]);
    expect(stderr).toContain('validates');
    const body = readFileSync(xml.path, 'utf8');
    expect(body).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(body).toContain(`<Numero>${number}</Numero>`);
    expect(body).toContain('<ModalitaPagamento>MP08</ModalitaPagamento>');

    const pdf = await download(page, ui.downloadPdf);
    const courtesy = await pdfText(pdf.path);
    expect(courtesy).toContain(number);
    expect(courtesy).toContain('Copia di cortesia');

    // The purchase mail carries the courtesy copy (rendered when the worker sends it).
    await expect
      .poll(() => attachmentsMailedTo(lawyer.pec), { timeout: 30_000 })
      .toContain(`fattura-${number.replace('/', '-')}.pdf`);

    // The admin finds it and refunds it.
    const admin = await openPage('admin');
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/**');
    await admin.goto('/admin/fatture');
    await admin.getByRole('searchbox', { name: ui.search }).fill(number);
    await admin.getByRole('button', { name: ui.searchButton, exact: true }).click();
    const refund = admin.getByRole('button', { name: ui.refundOf(number) });
    await expect.poll(() => refund.isVisible(), { timeout: 15_000 }).toBe(true);
    await checkScreen(admin, 'invoicing-admin-list');
    await refund.click();
    const dialog = admin.getByRole('alertdialog', { name: ui.refundTitle });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await checkScreen(admin, 'invoicing-admin-refund-dialog');
    await dialog.getByRole('button', { name: ui.refund, exact: true }).click();
    await expect
      .poll(
        () =>
          admin
            .getByText(/^Stornata dalla nota di credito n\. /)
            .first()
            .isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await expect.poll(() => refund.count()).toBe(0);
    await checkScreen(admin, 'invoicing-admin-refunded');
    await admin.context().close();

    // The lawyer's detail: refunded, no document download, the credit note listed.
    await page.reload();
    await expect
      .poll(() => page.getByText(/^Acquisto rimborsato il /).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Scarica il documento (.docx)' }).count()).toBe(
      0,
    );
    await expect
      .poll(() => page.getByText(new RegExp(`^${ui.creditNote} n\\. `)).isVisible())
      .toBe(true);
    // The refund notice carries the credit note's courtesy copy.
    const noteLine = await page.getByText(new RegExp(`^${ui.creditNote} n\\. `)).innerText();
    const noteNumber = /\d{4}\/\d{6}/.exec(noteLine)?.[0] ?? '';
    expect(noteNumber, noteLine).not.toBe('');
    await expect
      .poll(() => attachmentsMailedTo(lawyer.pec), { timeout: 30_000 })
      .toContain(`nota-di-credito-${noteNumber.replace('/', '-')}.pdf`);
    const note = await download(page, ui.downloadCreditNoteXml);
    const { stderr: noteCheck } = await run('xmllint', [
      '--noout',
      '--nonet',
      '--schema',
      SCHEMA,
      note.path,
    ]);
    expect(noteCheck).toContain('validates');
    expect(readFileSync(note.path, 'utf8')).toContain('<TipoDocumento>TD04</TipoDocumento>');
    await checkScreen(page, 'invoicing-detail-refunded');

    // The billing data given on the cart are in the profile, editable there.
    await page.goto('/user/area-personale');
    const billingCard = page.getByRole('button', { name: text.web.billingForm.editBilling });
    await expect.poll(() => billingCard.isVisible(), { timeout: 15_000 }).toBe(true);
    // Shown in the card's fields, locked until «Modifica».
    const codiceFiscale = page.getByRole('textbox', {
      name: text.web.billingForm.codiceFiscale,
      exact: true,
    });
    await expect.poll(() => codiceFiscale.inputValue()).toBe(BILLING_DATA.codiceFiscale);
    expect(await codiceFiscale.isDisabled()).toBe(true);
    await checkScreen(page, 'invoicing-profile-billing');
    await page.context().close();
  }, 180_000);
});
