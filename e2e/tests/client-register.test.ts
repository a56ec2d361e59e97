import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApprovedLawyer, type Lawyer } from '../support/accounts.ts';
import { browserForFile, checkScreen, pathOf, SMALL_SCREEN, signIn } from '../support/browser.ts';

/**
 * The client register in Chromium, with the keyboard alone once signed in: a new lawyer adds a
 * persona fisica and a persona giuridica (with its legale rappresentante), finds one by search,
 * edits it, exports it as JSON and erases it after the confirmation; the list and the form fit
 * a 390 px phone.
 */
const browser = browserForFile();
let lawyer: Lawyer;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('clienti');
});

/** Tab until `target` has the focus (the keyboard's way there). */
async function tabUntil(page: Page, target: Locator, max = 120): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('focus never reached the target');
}

/** Tab to a field and type into it, replacing what it held. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabUntil(page, field);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name }).isVisible(), { timeout: 15_000 })
    .toBe(true);
}

async function expectVisible(locator: Locator): Promise<void> {
  await expect.poll(() => locator.first().isVisible(), { timeout: 15_000 }).toBe(true);
}

/** The names the list shows, in order (the table's first column). */
async function listedNames(page: Page): Promise<string[]> {
  const table = page.getByRole('table', { name: 'I tuoi clienti' });
  return table.locator('tbody tr td:first-child').allTextContents();
}

const textbox = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('textbox', { name });

async function fitsTheScreen(page: Page): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `page width at ${page.url()}`).toBeLessThanOrEqual(SMALL_SCREEN.width);
}

describe('the client register', () => {
  it('is kept with the keyboard alone: add, search, edit, export, erase', async () => {
    const page = await browser.page();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');

    // The menu's «Clienti»: an empty register offers to add the first client.
    await tabUntil(page, page.getByRole('link', { name: 'Clienti', exact: true }).first());
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Clienti');
    await expectVisible(page.getByText('Nessun cliente nel tuo archivio.'));
    await checkScreen(page, 'clients-empty');
    await tabUntil(page, page.getByRole('link', { name: 'Aggiungi cliente' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Nuovo cliente');
    expect(pathOf(page)).toBe('/user/clienti/nuovo');

    // A persona fisica, with a wrong CAP first: refused under the field, which takes the focus.
    await typeInto(page, textbox(page, /^Nome/), 'Mario');
    await typeInto(page, textbox(page, /^Cognome/), 'Rossi');
    await tabUntil(page, page.getByRole('combobox', { name: 'Genere' }));
    await page.keyboard.type('Maschile');
    await typeInto(page, textbox(page, 'Codice fiscale'), 'rssmra85t10a562s');
    await typeInto(page, textbox(page, 'Luogo di nascita'), 'Roma');
    await typeInto(page, textbox(page, 'Data di nascita'), '10/12/1985');
    await typeInto(page, textbox(page, 'Indirizzo'), 'Via Appia Nuova 12');
    await typeInto(page, textbox(page, 'CAP'), '0018');
    await typeInto(page, textbox(page, 'Comune'), 'Roma');
    await typeInto(page, textbox(page, 'Provincia'), 'rm');
    await typeInto(page, textbox(page, 'PEC'), 'mario.rossi@pec.it');
    await page.keyboard.press('Enter');
    const cap = textbox(page, 'CAP');
    await expect.poll(() => cap.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await cap.getAttribute('aria-invalid')).toBe('true');
    await checkScreen(page, 'client-new-wrong-cap');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('00184');
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Clienti');
    await expectVisible(page.getByText('Cliente aggiunto.'));
    await expect.poll(() => listedNames(page)).toEqual(['Rossi Mario']);

    // A persona giuridica: the kind chosen with the arrows, its representative in its fieldset.
    await tabUntil(page, page.getByRole('link', { name: 'Aggiungi cliente' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Nuovo cliente');
    await tabUntil(page, page.getByRole('radio', { name: 'Persona fisica' }));
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => page.getByRole('radio', { name: 'Persona giuridica' }).isChecked())
      .toBe(true);
    const company = page.getByRole('group', { name: 'Dati della persona giuridica' });
    const representative = page.getByRole('group', { name: 'Legale rappresentante' });
    await typeInto(page, textbox(company, /^Denominazione/), 'Alfa Costruzioni S.r.l.');
    await typeInto(page, textbox(company, 'Forma giuridica'), 'S.r.l.');
    await typeInto(page, textbox(company, 'Partita IVA'), '12345678903');
    await typeInto(page, textbox(company, 'Codice fiscale'), '12345678903');
    await typeInto(page, textbox(company, 'Indirizzo'), 'Via Toledo 10');
    await typeInto(page, textbox(company, 'CAP'), '80134');
    await typeInto(page, textbox(company, 'Comune'), 'Napoli');
    await typeInto(page, textbox(company, 'Provincia'), 'NA');
    await typeInto(page, textbox(representative, /^Nome/), 'Ugo');
    await typeInto(page, textbox(representative, /^Cognome/), 'Zanetti');
    await typeInto(page, textbox(representative, 'Codice fiscale'), 'ZNTGUO70B12L219R');
    await checkScreen(page, 'client-new-company');
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Clienti');
    await expect.poll(() => listedNames(page)).toEqual(['Alfa Costruzioni S.r.l.', 'Rossi Mario']);
    await checkScreen(page, 'clients-list');

    // Found by the denominazione, then by the codice fiscale.
    const search = page.getByRole('searchbox', { name: /Cerca per nome/ });
    await typeInto(page, search, 'costruzioni');
    await page.keyboard.press('Enter');
    await expect.poll(() => listedNames(page)).toEqual(['Alfa Costruzioni S.r.l.']);
    await typeInto(page, search, 'RSSMRA85');
    await page.keyboard.press('Enter');
    await expect.poll(() => listedNames(page)).toEqual(['Rossi Mario']);
    await checkScreen(page, 'clients-search');

    // Edited: the stored data come back as typed; the new comune is saved.
    await tabUntil(page, page.getByRole('link', { name: 'Rossi Mario' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Modifica cliente');
    await expect.poll(() => textbox(page, 'Data di nascita').inputValue()).toBe('10/12/1985');
    expect(await textbox(page, 'Codice fiscale').inputValue()).toBe('RSSMRA85T10A562S');
    expect(await textbox(page, 'Provincia').inputValue()).toBe('RM');
    await checkScreen(page, 'client-edit');
    await typeInto(page, textbox(page, 'Comune'), 'Frascati');
    await typeInto(page, textbox(page, 'CAP'), '00044');
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Clienti');
    await expectVisible(page.getByText('Modifiche salvate.'));

    // Exported: the JSON download holds the client as saved.
    await tabUntil(page, page.getByRole('link', { name: 'Rossi Mario' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Modifica cliente');
    await tabUntil(page, page.getByRole('button', { name: 'Esporta' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('Cliente Rossi Mario.json');
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8'));
    expect(exported).toMatchObject({
      formato: 'lexpath-cliente/1',
      cliente: {
        tipo: 'persona_fisica',
        nome_visualizzato: 'Rossi Mario',
        dati: {
          nome: 'Mario',
          cognome: 'Rossi',
          genere: 'maschile',
          codice_fiscale: 'RSSMRA85T10A562S',
          data_nascita: '1985-12-10',
          cap: '00044',
          comune: 'Frascati',
          provincia: 'RM',
          pec: 'mario.rossi@pec.it',
        },
        legale_rappresentante: null,
      },
    });
    await expectVisible(page.getByText('File scaricato: Cliente Rossi Mario.json'));

    // Erased after the confirmation; Escape first leaves it as it was.
    const remove = page.getByRole('button', { name: 'Elimina', exact: true });
    await tabUntil(page, remove);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Eliminare il cliente?' });
    await expectVisible(dialog);
    await checkScreen(page, 'client-delete-confirm');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => remove.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expectVisible(dialog);
    await tabUntil(page, dialog.getByRole('button', { name: 'Elimina definitivamente' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Clienti');
    await expectVisible(page.getByText('Cliente eliminato.'));
    await expect.poll(() => listedNames(page)).toEqual(['Alfa Costruzioni S.r.l.']);
    await page.context().close();
  });

  it('fits a 390 px phone: the list as cards and the company’s form', async () => {
    const page = await browser.page(SMALL_SCREEN);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    await page.goto('/user/clienti');
    await expectHeading(page, 'Clienti');
    const cards = page.getByRole('list', { name: 'I tuoi clienti' });
    await expectVisible(cards.getByRole('link', { name: 'Alfa Costruzioni S.r.l.' }));
    await fitsTheScreen(page);
    await checkScreen(page, 'clients-phone');

    await tabUntil(page, cards.getByRole('link', { name: 'Alfa Costruzioni S.r.l.' }));
    await page.keyboard.press('Enter');
    await expectHeading(page, 'Modifica cliente');
    await expectVisible(page.getByRole('group', { name: 'Legale rappresentante' }));
    expect(
      await textbox(
        page.getByRole('group', { name: 'Legale rappresentante' }),
        /^Nome/,
      ).inputValue(),
    ).toBe('Ugo');
    await fitsTheScreen(page);
    await checkScreen(page, 'client-edit-phone');
    await page.context().close();
  });
});
