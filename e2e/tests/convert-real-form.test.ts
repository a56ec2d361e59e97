import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { createApprovedLawyer } from '../support/accounts.ts';
import { giveBillingDataOnCart } from '../support/billing.ts';
import { browserForFile, checkScreen, DEMO, signIn } from '../support/browser.ts';
import { startCompletedContractInBrowser } from '../support/contracts.ts';

/**
 * Issue 22, "Done when": an editor turns a real form written by others (a Comune's request for
 * patronage, with dotted blanks and «..l.. sottoscritt..») into a template in «Converti gli
 * spazi vuoti» with the keyboard alone, makes one answer optional and publishes it; a lawyer buys
 * it for two signers, a woman and a man, skipping the optional answer, and the bought .docx and
 * its PDF/A read «I sottoscritti» with every blank filled but the signature line.
 */

const here = dirname(fileURLToPath(import.meta.url));
const FORM = join(here, '../../apps/server/src/documents/corpus/real/domanda-patrocinio');
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const browser = browserForFile();

async function openPage(): Promise<Page> {
  const page = await (await browser.context()).newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  onTestFailed(async () => {
    if (page.isClosed()) return;
    console.error(
      `[convert-real-form] stopped on ${page.url()}:\n${await page.locator('body').innerText()}`,
    );
  });
  return page;
}

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 20_000 })
    .toBe(true);
}

async function tabUntil(page: Page, target: Locator, max = 200): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

/** The text of a .docx's body, paragraph by paragraph. */
function docxText(bytes: Buffer): string {
  const xml = new PizZip(bytes).file('word/document.xml')?.asText() ?? '';
  return xml
    .split('</w:p>')
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
    )
    .join('\n');
}

describe('a real form converted and sold', () => {
  it('is converted with the keyboard, published, and bought for a woman and a man', async () => {
    const templateName = `Domanda di patrocinio ${Date.now().toString(36)}`;
    const editor = await openPage();
    await signIn(editor, DEMO.editor);
    await editor.waitForURL('**/admin/master-inseriti');
    await editor.getByRole('button', { name: 'Nuovo master' }).click();
    await expectHeading(editor, 'Inserimento nuovo master');
    await editor.getByLabel('Titolo').fill(templateName);
    await editor.getByLabel('Descrizione').fill('Richiesta di patrocinio al Comune.');
    await expect
      .poll(() => editor.getByLabel('Categoria').locator('option').count())
      .toBeGreaterThan(1);
    await editor.getByLabel('Categoria').selectOption({ index: 1 });
    await editor.getByLabel('Prezzo (€)').fill('12,00');
    await editor.getByLabel('Master (.docx)').setInputFiles({
      name: 'modello domanda patrocinio.docx',
      mimeType: DOCX,
      buffer: readFileSync(join(FORM, 'document.docx')),
    });

    // The form is read as soon as it is picked: its blanks are counted and the conversion offered.
    await expect
      .poll(() => editor.getByText('Il master contiene 12 spazi vuoti da compilare.').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    const offer = editor.getByRole('button', { name: 'Converti gli spazi vuoti' });
    await tabUntil(editor, offer);
    await editor.keyboard.press('Enter');

    await expectHeading(editor, 'Converti gli spazi vuoti');
    await expect
      .poll(() => editor.getByText('12 spazi vuoti, 11 da convertire').isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await checkScreen(editor, 'convert-blanks');
    const convert = editor.getByRole('button', { name: 'Converti', exact: true });
    await tabUntil(editor, convert);
    await editor.keyboard.press('Enter');

    await expectHeading(editor, 'Inserimento nuovo master');
    await expect
      .poll(() =>
        editor.getByText('11 spazi vuoti sono diventati tag.', { exact: false }).isVisible(),
      )
      .toBe(true);
    await checkScreen(editor, 'convert-blanks-done');

    // The second telephone is optional: its question is opened and «Obbligatoria» switched off.
    const editTelephone = editor.getByRole('button', { name: 'Modifica telefono_2' });
    await tabUntil(editor, editTelephone);
    await editor.keyboard.press('Enter');
    await expectHeading(editor, 'Caricamento domande');
    const required = editor.getByLabel('Obbligatoria');
    await tabUntil(editor, required);
    await editor.keyboard.press('Space');
    await expect.poll(() => required.isChecked()).toBe(false);
    const saveQuestion = editor.getByRole('button', { name: 'Salva domanda' });
    await tabUntil(editor, saveQuestion);
    await editor.keyboard.press('Enter');
    await expectHeading(editor, 'Inserimento nuovo master');

    await editor.getByRole('button', { name: 'Salva e concludi' }).click();
    await editor.waitForURL('**/admin/master-inseriti', { timeout: 30_000 });
    const row = editor
      .getByRole('row')
      .filter({ has: editor.getByRole('cell', { name: templateName, exact: true }) });
    await expect.poll(() => row.count()).toBe(1);
    // The signature line stays a line to sign by hand: publishing names it and goes on.
    await row.getByRole('button', { name: 'Pubblica' }).click();
    const withBlanks = editor.getByRole('alertdialog', { name: 'Spazi da compilare nel master' });
    await expect.poll(() => withBlanks.isVisible()).toBe(true);
    await withBlanks.getByRole('button', { name: 'Pubblica comunque' }).click();
    await expect.poll(() => row.getByRole('button', { name: 'Sospendi' }).isVisible()).toBe(true);
    await editor.context().close();

    // The lawyer's answers (the questionnaire itself is other tests' subject): two signers, and
    // the optional second telephone skipped.
    const lawyer = await createApprovedLawyer('patrocinio');
    const page = await openPage();
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    await startCompletedContractInBrowser(page, templateName, {
      sottoscritto: [
        { nome: 'Anna Neri', genere: 'femminile' },
        { nome: 'Luca Bruni', genere: 'maschile' },
      ],
      nome_cognome: 'Anna Neri e Luca Bruni',
      comune_residenza: 'Abbiategrasso',
      indirizzo: 'Roma 3',
      telefono: '+390294690001',
      legale_rappresentante: 'Associazione Musica Insieme',
      indirizzo_2: 'piazza Marconi 1',
      telefono_2: null,
      comune_abbiategrasso: 'il concerto di primavera del 21 marzo 2027',
      data: '2027-01-15',
    });
    await page.goto('/user/nuovo-contratto/carrello');
    await giveBillingDataOnCart(page, 'convert-real-form-cart');
    const buy = page.getByRole('button', { name: 'Acquista' });
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await buy.click();
    await page.waitForURL('**/pagamento-di-prova**');
    await page.getByRole('button', { name: 'Paga' }).click();
    await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 30_000 });

    const dir = mkdtempSync(join(tmpdir(), 'patrocinio-'));
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
    const docx = readFileSync(await (await downloading).path());
    const text = docxText(docx);
    expect(text).toContain('I sottoscritti');
    expect(text).toContain('Anna Neri e Luca Bruni');
    expect(text).toContain('residente in Abbiategrasso');
    expect(text).toContain('15/01/2027');
    expect(text).not.toMatch(/\.\.l\.\.|sottoscritt\.\./);
    // Every dotted blank is filled but the one left for the signature.
    expect(text.match(/\.{4,}/g) ?? []).toHaveLength(1);

    const pdfDownloading = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: /^Scarica PDF\/A/ }).click();
    const pdfPath = join(dir, 'documento.pdf');
    writeFileSync(pdfPath, readFileSync(await (await pdfDownloading).path()));
    const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
    expect(pdfText).toContain('I sottoscritti');
    expect(pdfText).toContain('Abbiategrasso');
    await page.context().close();
  }, 300_000);
});
