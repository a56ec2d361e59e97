/**
 * Issue 10: in the default setup (no STRIPE_SECRET_KEY) a template an editor authors without a
 * payment link can be sold, through the local checkout; a seeded demo template (no link) can be
 * re-saved; a condition accepting several answers is authored and kept.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildDocx } from '../../apps/server/src/documents/test-docx.ts';
import { giveBillingDataOnCart } from '../support/billing.ts';
import { browserForFile, checkScreen, DEMO, signIn } from '../support/browser.ts';
import { waitForPreviewPages } from '../support/contracts.ts';

const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '../screenshots');

const browser = browserForFile();
let folder: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'lexpath-sell-'));
});
afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const page = await browser.page();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  onTestFailed(async () => {
    if (page.isClosed()) return;
    await page.screenshot({
      path: join(screenshotDir, 'sell-authored-failure.png'),
      fullPage: true,
    });
    console.error(
      `[sell-authored] stopped on ${page.url()}:\n${await page.locator('body').innerText()}`,
    );
  });
  return page;
}

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 20_000 })
    .toBe(true);
}

async function expectText(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
}

function writeDocx(name: string, paragraphs: string[]): string {
  const path = join(folder, name);
  writeFileSync(path, buildDocx(paragraphs));
  return path;
}

const PENALTY = 'È prevista una penale per il ritardo.';

async function writeQuestion(
  page: Page,
  question: { text: string; key: string; options: string[] },
  condition?: { question: string; answers: string[] },
): Promise<void> {
  await expectHeading(page, 'Caricamento domande');
  await page.getByLabel('Testo della domanda').fill(question.text);
  await page.getByLabel('Chiave').fill(question.key);
  for (const [index, option] of question.options.entries()) {
    if (index >= 2) await page.getByRole('button', { name: 'Aggiungi risposta' }).click();
    await page.getByLabel(`Risposta ${index + 1}`, { exact: true }).fill(option);
  }
  if (condition) {
    await page.getByRole('button', { name: 'Aggiungi condizione (oppure)' }).click();
    const group = page.getByRole('group', { name: 'Condizione 1' });
    await group.getByLabel('Domanda precedente').selectOption({ label: condition.question });
    const answers = group.getByRole('group', { name: 'Risposta', exact: true });
    // Ticked with the keyboard: each answer is a checkbox reached with Tab, toggled with Space.
    for (const answer of condition.answers) {
      await answers.getByRole('checkbox', { name: answer, exact: true }).focus();
      await page.keyboard.press('Space');
    }
    await checkScreen(page, 'sell-question-editor-condition');
  }
  await page.getByRole('button', { name: 'Salva domanda' }).click();
  await expectHeading(page, 'Inserimento nuovo master');
  await expectText(page, question.text);
}

async function answer(page: Page, question: string, option: string): Promise<void> {
  const group = page.getByRole('group', { name: question });
  await expect.poll(() => group.isVisible(), { timeout: 15_000 }).toBe(true);
  await group.getByText(option, { exact: true }).click();
  await page.getByRole('button', { name: 'Avanti' }).click();
}

describe('selling a template authored in the default setup (local payments)', () => {
  it('editor re-saves a demo template and publishes one without stripe_url; a lawyer buys it with the local checkout', async () => {
    const suffix = Date.now().toString(36);
    const templateName = `Incarico di consulenza ${suffix}`;

    const editor = await openPage();
    await signIn(editor, DEMO.editor);
    await editor.waitForURL('**/admin/master-inseriti');
    await expect.poll(() => editor.getByRole('table').isVisible()).toBe(true);

    // A seeded demo template has no payment link: opening and saving it unchanged works, and
    // its condition accepting two answers stays as it was.
    const demoRow = editor.getByRole('row').filter({
      has: editor.getByRole('cell', { name: 'Accordo di riservatezza (NDA)', exact: true }),
    });
    await demoRow.getByRole('button', { name: 'Modifica' }).click();
    await expectHeading(editor, 'Modifica master');
    await expect
      .poll(() => editor.getByLabel('Titolo').inputValue())
      .toBe('Accordo di riservatezza (NDA)');
    const exclusivity =
      'Mostrata se: finalita = valutare una possibile acquisizione o fusione / valutare un investimento nel capitale sociale e prima_parte_tipo = Società';
    await expectText(editor, exclusivity);
    await editor.getByRole('button', { name: 'Modifica esclusiva' }).click();
    await expectHeading(editor, 'Caricamento domande');
    const ticked = editor
      .getByRole('group', { name: 'Condizione 1' })
      .getByRole('group', { name: 'Risposta', exact: true })
      .first()
      .getByRole('checkbox', { checked: true });
    await expect.poll(() => ticked.count()).toBe(2);
    await checkScreen(editor, 'sell-demo-question-editor');
    await editor.getByRole('button', { name: 'Salva domanda' }).click();
    await expectHeading(editor, 'Modifica master');
    await expectText(editor, exclusivity);
    await editor.getByRole('button', { name: 'Salva e concludi' }).click();
    await editor.waitForURL('**/admin/master-inseriti', { timeout: 30_000 });
    await expectText(editor, 'Master salvato con successo');

    // A new master with a price and no payment link.
    await editor.getByRole('button', { name: 'Nuovo master' }).click();
    await expectHeading(editor, 'Inserimento nuovo master');
    await editor.getByLabel('Titolo').fill(templateName);
    await editor.getByLabel('Descrizione').fill('Incarico di consulenza con penale facoltativa.');
    const category = editor.getByLabel('Categoria');
    await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
    await category.selectOption({ index: 1 });
    await editor.getByLabel('Prezzo (€)').fill('20');
    await editor
      .getByLabel('Master (.docx)')
      .setInputFiles(
        writeDocx('consulenza-master.docx', [
          'CONTRATTO DI CONSULENZA',
          'Committente: {committente}.',
          `{#penale == "Sì"}${PENALTY}{/}`,
        ]),
      );
    await editor
      .getByLabel('Anteprima (.docx)')
      .setInputFiles(
        writeDocx('consulenza-anteprima.docx', ['ANTEPRIMA', 'Committente: {committente}.']),
      );
    await checkScreen(editor, 'sell-master-new');
    await editor.getByRole('button', { name: 'Salva e vai alle domande' }).click();
    await writeQuestion(editor, {
      text: 'Chi è il committente?',
      key: 'committente',
      options: ['Società', 'Persona fisica', 'Ente pubblico'],
    });
    await editor.getByRole('button', { name: 'Aggiungi domanda' }).click();
    await writeQuestion(
      editor,
      { text: 'È prevista una penale?', key: 'penale', options: ['Sì', 'No'] },
      { question: 'Chi è il committente?', answers: ['Ente pubblico', 'Società'] },
    );
    await expectText(editor, 'Mostrata se: committente = Società / Ente pubblico');
    await editor.getByRole('button', { name: 'Salva e concludi' }).click();
    await editor.waitForURL('**/admin/master-inseriti', { timeout: 30_000 });
    const row = editor
      .getByRole('row')
      .filter({ has: editor.getByRole('cell', { name: templateName, exact: true }) });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Pubblica' }).click();
    await expect.poll(() => row.getByRole('button', { name: 'Sospendi' }).isVisible()).toBe(true);
    await checkScreen(editor, 'sell-templates-published');
    await editor.context().close();

    // The lawyer buys it: the second of the two accepted answers still asks the penalty.
    const lawyer = await openPage();
    await signIn(lawyer, DEMO.user);
    await lawyer.waitForURL('**/user/contratti');
    await expectHeading(lawyer, 'Nuovo documento');
    const search = lawyer.getByRole('searchbox').first();
    await search.fill(templateName);
    await search.press('Enter');
    const card = lawyer.getByRole('button', { name: templateName });
    await expect.poll(() => card.isVisible()).toBe(true);
    await checkScreen(lawyer, 'sell-catalogue');
    await card.click();
    await lawyer.waitForURL('**/user/nuovo-contratto/**');
    await answer(lawyer, 'Chi è il committente?', 'Ente pubblico');
    await answer(lawyer, 'È prevista una penale?', 'Sì');
    await lawyer.waitForURL('**/riepilogo', { timeout: 15_000 });
    await expectHeading(lawyer, 'Riepilogo');
    await expect
      .poll(() => lawyer.getByRole('button', { name: "Vai all'anteprima" }).isEnabled())
      .toBe(true);
    await checkScreen(lawyer, 'sell-summary');
    await lawyer.getByRole('button', { name: "Vai all'anteprima" }).click();
    await expectHeading(lawyer, 'Anteprima');
    await waitForPreviewPages(lawyer, 60_000);
    await lawyer.getByRole('button', { name: 'Vai al carrello' }).click();
    await expectHeading(lawyer, 'Carrello');
    await expect.poll(() => lawyer.locator('dl').textContent()).toContain('Totale24,40\u00a0€');
    // The first purchase asks for the billing data the invoice names (issue 14).
    await giveBillingDataOnCart(lawyer, 'sell-cart-billing');
    await checkScreen(lawyer, 'sell-cart');

    // 'Acquista' goes where the server's provider says: the local test page, not Stripe.
    await lawyer.getByRole('button', { name: 'Acquista' }).click();
    await lawyer.waitForURL('**/pagamento-di-prova**');
    await expect.poll(() => lawyer.getByRole('button', { name: 'Paga' }).isVisible()).toBe(true);
    await checkScreen(lawyer, 'sell-test-payment');
    await lawyer.getByRole('button', { name: 'Paga' }).click();
    await lawyer.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 15_000 });
    await expectText(lawyer, 'Pagamento effettuato con successo');
    await expectHeading(lawyer, templateName);
    await checkScreen(lawyer, 'sell-document-detail');

    const downloading = lawyer.waitForEvent('download');
    await lawyer.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const xml = new PizZip(readFileSync(await download.path())).file('word/document.xml')?.asText();
    expect(xml).toContain('Committente: Ente pubblico.');
    expect(xml).toContain(PENALTY);
    await lawyer.context().close();
  }, 180_000);
});
