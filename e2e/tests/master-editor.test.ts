import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserForFile, checkScreen, DEMO, SMALL_SCREEN, signIn } from '../support/browser.ts';

/**
 * Issue 12, master editor on a 390 px phone: no page wider than the screen (it was ~438 px),
 * invalid fields with a red border, Italian file pickers, a price with cents, the question text
 * in a text area, and axe on each screen (no serious or critical violation).
 */
const browser = browserForFile();

beforeAll(async () => {});

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
}

async function fitsTheScreen(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page width at ${page.url()}`).toBeLessThanOrEqual(SMALL_SCREEN.width);
}

/** The border colour Chromium paints, as [r, g, b]. */
async function borderOf(locator: Locator): Promise<number[]> {
  const color = await locator.evaluate((element) => getComputedStyle(element).borderTopColor);
  return (color.match(/\d+/g) ?? []).slice(0, 3).map(Number);
}

function isRed([r = 0, g = 0, b = 0]: number[]): boolean {
  return r > 180 && g < 110 && b < 110;
}

const docx = (name: string) => ({
  name,
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  buffer: Buffer.alloc(3 * 1024, 1),
});

describe('master editor on a phone', () => {
  it('fits 390 px, marks invalid fields red, takes Italian files and a price with cents', async () => {
    const context = await browser.context(SMALL_SCREEN);
    const page = await context.newPage();
    await signIn(page, DEMO.editor);
    await page.waitForURL('**/admin/master-inseriti');

    await page.goto('/admin/nuovo-documento');
    await expectHeading(page, 'Inserimento nuovo master');
    await expect
      .poll(() => page.getByLabel('Categoria').locator('option').count())
      .toBeGreaterThan(1);
    await fitsTheScreen(page);
    // Italian file pickers: the browser's "Choose File / No file chosen" never shows.
    expect(await page.getByText('Nessun file selezionato').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Scegli il file del master' }).isVisible()).toBe(
      true,
    );
    await checkScreen(page, 'master-editor-phone-new');

    // Nothing filled in: 'Salva e vai alle domande' stays, marks every field, focuses the first.
    await page.getByRole('button', { name: 'Salva e vai alle domande' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    await expectHeading(page, 'Inserimento nuovo master');
    for (const field of [
      page.getByLabel('Titolo'),
      page.getByLabel('Descrizione'),
      page.getByLabel('Categoria'),
      page.getByLabel('Prezzo (€)'),
      page.getByRole('button', { name: 'Scegli il file del master' }),
    ]) {
      expect(isRed(await borderOf(field)), `${field} border ${await borderOf(field)}`).toBe(true);
    }
    await fitsTheScreen(page);
    await checkScreen(page, 'master-editor-phone-invalid');

    await page.getByLabel('Titolo').fill('Prova su telefono');
    await page.getByLabel('Descrizione').fill('Un master scritto da un telefono.');
    await page.getByLabel('Categoria').selectOption({ index: 1 });
    await page.getByLabel('Prezzo (€)').fill('1.234,50');
    await page.getByLabel('Master (.docx)').setInputFiles(docx('un-master-dal-nome-lungo.docx'));
    await page.getByLabel('Anteprima (.docx)').setInputFiles(docx('anteprima.docx'));
    await expect
      .poll(() => page.getByText('un-master-dal-nome-lungo.docx (3.00 KB)').isVisible())
      .toBe(true);
    expect(isRed(await borderOf(page.getByLabel('Prezzo (€)')))).toBe(false);
    await fitsTheScreen(page);
    await checkScreen(page, 'master-editor-phone-filled');

    // Valid now: on to the questions, whose text is a text area.
    await page.getByRole('button', { name: 'Salva e vai alle domande' }).click();
    await expectHeading(page, 'Caricamento domande');
    const questionText = page.getByLabel('Testo della domanda');
    expect(await questionText.evaluate((element) => element.tagName)).toBe('TEXTAREA');
    await fitsTheScreen(page);
    await checkScreen(page, 'master-editor-phone-question');
    // An elenco shows its settings in pairs and each field's buttons: one column on a phone.
    await page.getByLabel('Tipo di domanda').selectOption('elenco');
    await page.getByRole('button', { name: 'Aggiungi campo' }).click();
    await page.getByLabel('Campo 1: Tipo di domanda').selectOption('importo');
    await fitsTheScreen(page);
    await checkScreen(page, 'master-editor-phone-question-elenco');
    // «Guida ai tag»: opened and closed with the keyboard, the whole screen on a phone.
    await page.getByRole('button', { name: 'Guida ai tag' }).focus();
    await page.keyboard.press('Enter');
    const guide = page.getByRole('dialog', { name: 'Guida ai tag' });
    await expect.poll(() => guide.isVisible()).toBe(true);
    expect(await guide.getByText('{data_scadenza | giorni_tra:data_inizio}').isVisible()).toBe(
      true,
    );
    await fitsTheScreen(page);
    await checkScreen(page, 'master-editor-phone-guide');
    await page.keyboard.press('Escape');
    await expect.poll(() => guide.count()).toBe(0);
    await page.getByRole('link', { name: 'Torna alla schermata precedente' }).click();
    await expectHeading(page, 'Inserimento nuovo master');
    expect(await page.getByLabel('Prezzo (€)').inputValue()).toBe('1.234,50');
    await context.close();
  });

  it('says «Modifica master» and fits 390 px on a saved master with its questions', async () => {
    const context = await browser.context(SMALL_SCREEN);
    const page = await context.newPage();
    await signIn(page, DEMO.editor);
    await page.waitForURL('**/admin/master-inseriti');
    // On a phone the list is a card per master: its title, its data, its buttons.
    const row = page.getByRole('listitem').filter({
      has: page.getByText('Accordo di riservatezza (NDA)', { exact: true }),
    });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Modifica' }).click();
    await expectHeading(page, 'Modifica master');
    await expect
      .poll(() => page.getByLabel('Titolo').inputValue())
      .toBe('Accordo di riservatezza (NDA)');
    expect(await page.getByLabel('Prezzo (€)').inputValue()).toMatch(
      /^\d{1,3}(\.\d{3})*(,\d{2})?$/,
    );
    await expect.poll(() => page.getByText(/^File caricato: /).count()).toBe(2);
    await fitsTheScreen(page);
    await checkScreen(page, 'master-editor-phone-edit');
    // A condition picks among earlier questions whose texts run long: the page keeps 390 px.
    for (const key of ['ruolo_dati', 'importo_penale']) {
      await page.getByRole('button', { name: `Modifica ${key}` }).click();
      await expectHeading(page, 'Caricamento domande');
      await expect
        .poll(() => page.getByRole('group', { name: 'Condizione 1' }).isVisible())
        .toBe(true);
      await fitsTheScreen(page);
      await checkScreen(page, `master-editor-phone-question-${key}`);
      await page.getByRole('link', { name: 'Torna alla schermata precedente' }).click();
      await expectHeading(page, 'Modifica master');
    }
    await context.close();
  });
});
