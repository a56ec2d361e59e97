import { it } from '@lexpath/shared/messages/it';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkScreen } from './browser.ts';

export const billingTexts = it.web.billingForm;

/** A professional's billing data, valid for the shared checks (codice fiscale, partita IVA). */
export const BILLING_DATA = {
  nome: 'Giulia',
  cognome: 'Bianchi',
  codiceFiscale: 'RSSMRA85T10A562S',
  partitaIva: '12345678903',
  indirizzo: 'Via Roma 1',
  cap: '00100',
  comune: 'Roma',
  provincia: 'RM',
} as const;

/** The billing fields of a professional, by label, with the value BILLING_DATA gives them. */
export const BILLING_FIELDS: ReadonlyArray<readonly [string, string]> = [
  [billingTexts.nome, BILLING_DATA.nome],
  [billingTexts.cognome, BILLING_DATA.cognome],
  [billingTexts.codiceFiscale, BILLING_DATA.codiceFiscale],
  [billingTexts.partitaIva, BILLING_DATA.partitaIva],
  [billingTexts.indirizzo, BILLING_DATA.indirizzo],
  [billingTexts.cap, BILLING_DATA.cap],
  [billingTexts.comune, BILLING_DATA.comune],
  [billingTexts.provincia, BILLING_DATA.provincia],
];

export function billingSection(page: Page) {
  return page.getByRole('region', { name: billingTexts.title });
}

/** Which of its two faces the cart's billing section shows, once loaded. */
export async function billingFace(page: Page): Promise<'form' | 'summary'> {
  const section = billingSection(page);
  const save = section.getByRole('button', { name: billingTexts.save });
  const edit = section.getByRole('button', { name: billingTexts.editBilling });
  await expect
    .poll(async () => (await save.isVisible()) || (await edit.isVisible()), { timeout: 15_000 })
    .toBe(true);
  return (await save.isVisible()) ? 'form' : 'summary';
}

/**
 * On the cart (issue 14): the first purchase of an account asks for the billing data, a later one
 * shows them. Fills and saves the form when it is there (axe on it first, as `screen`), and
 * returns once 'Acquista' is enabled.
 */
export async function giveBillingDataOnCart(page: Page, screen: string): Promise<void> {
  const section = billingSection(page);
  if ((await billingFace(page)) === 'form') {
    await checkScreen(page, screen);
    for (const [label, value] of BILLING_FIELDS) {
      await section.getByRole('textbox', { name: label, exact: true }).fill(value);
    }
    await section.getByRole('button', { name: billingTexts.save }).click();
    await expect
      .poll(() => section.getByRole('button', { name: billingTexts.editBilling }).isVisible())
      .toBe(true);
  }
  await expect
    .poll(() => page.getByRole('button', { name: 'Acquista' }).isEnabled(), { timeout: 15_000 })
    .toBe(true);
}
