import { isChoice } from '@lexpath/shared/answer-types';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { accordoRiservatezza } from '../../apps/server/demo-templates/accordo-riservatezza/source.ts';
import type { DemoTemplateSource } from '../../apps/server/demo-templates/demo-template.ts';
import { createApprovedLawyer } from '../support/accounts.ts';
import {
  checkScreen,
  DEMO,
  launchBrowser,
  newContext,
  SMALL_SCREEN,
  signIn,
} from '../support/browser.ts';

/** A call to the API as `token`'s owner; throws on a refusal so the setup fails loudly. */
async function api(path: string, init: { method?: string; body?: unknown; token?: string }) {
  const response = await fetch(`${inject('baseURL')}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response;
}

/**
 * A complete answer set of a demo template: its first option for each choice, the demo's own
 * fact for each typed question, in the order the questionnaire asks them.
 */
function demoAnswers(source: DemoTemplateSource): TAnswers {
  const answers: TAnswers = {};
  for (let next = findNextQuestion(source.questions, answers); next; ) {
    const fact = source.facts[next.variable];
    const first = 'options' in next ? next.options?.[0] : undefined;
    const value = isChoice(next)
      ? 'is_multiple_selection' in next && next.is_multiple_selection && first
        ? [first]
        : first
      : fact;
    if (value === undefined) throw new Error(`no answer for ${next.variable}`);
    answers[next.variable] = value;
    next = findNextQuestion(source.questions, answers);
  }
  return answers;
}

/**
 * A lawyer's completed document, so 'Documenti generati' (COMPLETED documents) has a row and
 * its Apri on the fresh e2e database: the calls the questionnaire makes.
 */
async function completeLawyerDocument(): Promise<string> {
  const lawyer = await createApprovedLawyer('telefono');
  const login = await api('/auth/login', {
    method: 'POST',
    body: { pec: lawyer.pec, password: lawyer.password },
  });
  const token = login.headers.get('authorization')?.replace(/^Bearer\s+/, '') ?? '';
  const templates = (await (await api('/template?limit=50', { token })).json()) as {
    data: { results: { id: string; name: string }[] };
  };
  const template = templates.data.results.find((row) => row.name === accordoRiservatezza.name);
  if (!template) throw new Error('the demo NDA is not published');
  const started = await api('/contract/', {
    method: 'PUT',
    token,
    body: { type: template.id, answers: {}, status: 'TO_COMPLETE' },
  });
  const { id } = ((await started.json()) as { data: { id: string } }).data;
  await api(`/contract/${id}`, {
    method: 'PUT',
    token,
    body: { type: template.id, answers: demoAnswers(accordoRiservatezza), status: 'COMPLETED' },
  });
  return id;
}

/** What every staff screen must hold on a phone: nothing wider than the screen, the key
 * action reachable without sideways scrolling, and no serious or critical axe violation. */
async function checkPhoneScreen(page: Page, name: string, keyAction: Locator): Promise<void> {
  await expect.poll(() => keyAction.isVisible()).toBe(true);
  await checkScreen(page, `staff-mobile-${name}`);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${name}: page width`).toBeLessThanOrEqual(SMALL_SCREEN.width);
  // Scroll the page down to it, never sideways: a table scroller must not be scrolled for
  // the action to show, the user would not know to.
  await keyAction.evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 120),
  );
  const box = await keyAction.boundingBox();
  expect(box, `${name}: key action box`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${name}: key action left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name}: key action right edge`).toBeLessThanOrEqual(
    SMALL_SCREEN.width,
  );
  expect(box.y, `${name}: key action top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name}: key action bottom`).toBeLessThanOrEqual(SMALL_SCREEN.height);
}

async function openAt(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible())
    .toBe(true);
}

let browser: Browser;
let contractId: string;

beforeAll(async () => {
  [browser, contractId] = await Promise.all([launchBrowser(), completeLawyerDocument()]);
});
afterAll(async () => {
  await browser?.close();
});

describe('staff screens on a 390 px phone', () => {
  it('the admin lists, forms and document detail fit the screen with their key action', async () => {
    const context = await newContext(browser, SMALL_SCREEN);
    const page = await context.newPage();
    await signIn(page, DEMO.admin);
    await page.waitForURL('**/admin/contratti-utenti');

    await openAt(page, '/admin/contratti-utenti', 'Documenti generati');
    await checkPhoneScreen(
      page,
      'users-contracts',
      page.getByRole('button', { name: /^Apri «/ }).first(),
    );

    await openAt(page, `/admin/contratti-utenti/dettaglio-documento?id=${contractId}`, /\S/);
    await checkPhoneScreen(
      page,
      'users-contract-detail',
      page.getByRole('button', { name: 'Torna ai documenti generati' }),
    );

    await openAt(page, '/admin/utenti', 'Utenti');
    await checkPhoneScreen(page, 'users', page.getByRole('button', { name: 'Sospendi' }).first());

    await openAt(page, '/admin/master-inseriti', 'Master inseriti');
    await checkPhoneScreen(page, 'templates', page.getByRole('button', { name: 'Prova' }).first());

    await openAt(page, '/admin/categorie', 'Categorie inserite');
    await checkPhoneScreen(
      page,
      'categories',
      page.getByRole('button', { name: /^Modifica / }).first(),
    );

    await openAt(page, '/admin/nuova-categoria', 'Nuova categoria');
    await checkPhoneScreen(page, 'new-category', page.getByRole('button', { name: 'Salva' }));

    await openAt(page, '/admin/crea-editor', 'Crea utente editor');
    await checkPhoneScreen(page, 'create-editor', page.getByRole('button', { name: 'Aggiungi' }));
    await context.close();
  });

  it('the editor lists fit the screen with their key action', async () => {
    const context = await newContext(browser, SMALL_SCREEN);
    const page = await context.newPage();
    await signIn(page, DEMO.editor);
    await page.waitForURL('**/admin/master-inseriti');

    await openAt(page, '/admin/master-inseriti', 'Master inseriti');
    await checkPhoneScreen(
      page,
      'editor-templates',
      page.getByRole('button', { name: 'Modifica' }).first(),
    );

    await openAt(page, '/admin/categorie', 'Categorie inserite');
    await checkPhoneScreen(
      page,
      'editor-categories',
      page.getByRole('list', { name: 'Categorie inserite' }),
    );
    await context.close();
  });
});
