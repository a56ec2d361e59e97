import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createApprovedLawyer, type Lawyer, LEXMIND_PEC } from '../support/accounts.ts';
import { browserForFile, checkScreen, signIn } from '../support/browser.ts';

/**
 * SPEC §1–§2: a lawyer listed in LEXMIND_USERS chooses the generation mode on a card click;
 * LexMind is presented as an upcoming feature with a video, LexPath is the questionnaire.
 */
const browser = browserForFile();
let lawyer: Lawyer;

beforeAll(async () => {
  lawyer = await createApprovedLawyer('lexmind', LEXMIND_PEC);
});

const CARD = 'Accordo di riservatezza (NDA)';

/** The lawyer's documents as the API lists them (signed in over HTTP, like a second tab). */
async function documentsOfLawyer(): Promise<number> {
  const base = inject('baseURL');
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pec: lawyer.pec, password: lawyer.password }),
  });
  const response = await fetch(`${base}/api/contract`, {
    headers: { authorization: login.headers.get('authorization') ?? '' },
  });
  const { data } = (await response.json()) as { data: { results: unknown[] } };
  return data.results.length;
}

describe('the LexMind user', () => {
  it('chooses LexMind (a preview with a video) or LexPath (the questionnaire)', async () => {
    const context = await browser.context();
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');

    await page.getByRole('button', { name: CARD }).click();
    const mode = page.getByRole('dialog', { name: 'Come vuoi generare il documento?' });
    await expect.poll(() => mode.isVisible()).toBe(true);
    await checkScreen(page, 'lexmind-mode');

    await mode.getByRole('button', { name: 'Scopri LexMind' }).click();
    const preview = page.getByRole('dialog', { name: 'LexMind: prossimamente' });
    await expect.poll(() => preview.isVisible()).toBe(true);
    const video = preview.getByLabel('Anteprima di LexMind');
    // The recorded preview really loads in Chromium: its length is known (about 8 s).
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.duration), {
        timeout: 15_000,
      })
      .toBeGreaterThan(5);
    await checkScreen(page, 'lexmind-preview');
    await preview.getByRole('button', { name: 'Torna ai documenti' }).click();
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/user/contratti');
    expect(await documentsOfLawyer()).toBe(0);

    await page.getByRole('button', { name: CARD }).click();
    await mode.getByRole('button', { name: 'Usa LexPath' }).click();
    await page.waitForURL('**/user/nuovo-contratto/questionario');
    await expect
      .poll(
        () => page.getByRole('group', { name: 'L’accordo è unilaterale o reciproco?' }).isVisible(),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    // The document exists from the first answer on, not from the choice (issue 12: no draft
    // for a questionnaire opened and left).
    expect(await documentsOfLawyer()).toBe(0);
    const first = page.getByRole('group', { name: 'L’accordo è unilaterale o reciproco?' });
    await first.locator('label').first().click();
    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect.poll(() => documentsOfLawyer(), { timeout: 15_000 }).toBe(1);
    await context.close();
  });
});
