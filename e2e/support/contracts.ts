import { isChoice } from '@lexpath/shared/answer-types';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { accordoRiservatezza } from '../../apps/server/demo-templates/accordo-riservatezza/source.ts';
import { prestazioneOperaProfessionale } from '../../apps/server/demo-templates/prestazione-opera-professionale/source.ts';
import { type FileBrowser, signIn } from './browser.ts';

export const NDA = accordoRiservatezza.name;
export const PRESTAZIONE = prestazioneOperaProfessionale.name;

/** The NDA's demo facts, and the first option of any choice they do not hold. */
export function ndaAnswers(): TAnswers {
  return demoAnswers(accordoRiservatezza);
}

/** The same for the prestazione d'opera professionale, a preview of several pages. */
export function prestazioneAnswers(): TAnswers {
  return demoAnswers(prestazioneOperaProfessionale);
}

export function demoAnswers(template: { questions: unknown; facts: unknown }): TAnswers {
  const questions = template.questions as readonly TQuestion[];
  const given: TAnswers = {};
  for (let next = findNextQuestion(questions, given); next; ) {
    const fact = (template.facts as TAnswers)[next.variable];
    if (fact !== undefined) given[next.variable] = fact;
    else if (isChoice(next)) {
      const first = next.options?.[0] ?? '';
      given[next.variable] =
        'is_multiple_selection' in next && next.is_multiple_selection ? [first] : first;
    } else throw new Error(`no fact for ${next.variable}`);
    next = findNextQuestion(questions, given);
  }
  return given;
}

/**
 * A completed contract of the published template `templateName`, answered over the API from the
 * signed-in page (the questionnaire is other tests' subject) and stored as the web app's current
 * purchase, so that the cart shows it. Answers its id. With `complete: false`, a draft holding
 * `answers`, the current document of the questionnaire and the summary.
 */
export async function startCompletedContractInBrowser(
  page: Page,
  templateName: string,
  answers: TAnswers,
  { complete = true }: { complete?: boolean } = {},
): Promise<string> {
  const started = await page.evaluate(
    async ({ name, given, complete }) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('userToken')}`,
        'content-type': 'application/json',
      };
      const list = await fetch(`/api/template?status=PUBLISHED&name=${encodeURIComponent(name)}`, {
        headers,
      }).then((r) => r.json());
      const template = list.data.results[0];
      const created = await fetch('/api/contract/', {
        method: 'PUT',
        headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ type: template.id }),
      }).then((r) => r.json());
      const id = created.data.id as string;
      for (const body of complete
        ? [{ answers: given }, { status: 'COMPLETED' }]
        : [{ answers: given }]) {
        const saved = await fetch(`/api/contract/${id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify(body),
        });
        if (!saved.ok) throw new Error(await saved.text());
      }
      sessionStorage.setItem(
        'newContract',
        JSON.stringify({
          state: {
            value: {
              id,
              type: template.id,
              title: template.name,
              answers: given,
              paymentId: '',
              maxQuestions: template.max_questions ?? 0,
              status: complete ? 'COMPLETED' : 'TO_COMPLETE',
            },
          },
          version: 0,
        }),
      );
      return id;
    },
    { name: templateName, given: answers, complete },
  );
  expect(started).not.toBe('');
  return started;
}

/**
 * A page of `browser` signed in as the lawyer, on the catalogue with the NDA's card shown;
 * reduced motion drops the questionnaire's staged waits.
 */
export async function lawyerOnCatalogue(
  browser: FileBrowser,
  lawyer: { pec: string; password: string },
): Promise<Page> {
  const page = await browser.page();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, lawyer.pec, lawyer.password);
  await page.waitForURL('**/user/contratti');
  await expect.poll(() => page.getByRole('button', { name: NDA }).isVisible()).toBe(true);
  return page;
}

/**
 * The protected preview's pages, pictures in the page (the browser's PDF viewer, a frame of its
 * own, took the first click meant for «Vai al carrello»): waits for them and answers how many.
 */
export async function waitForPreviewPages(page: Page, timeout = 30_000): Promise<number> {
  const pages = page
    .getByRole('region', { name: 'Anteprima del documento generato' })
    .getByRole('img', { name: /^Pagina \d+ di \d+ dell’anteprima$/ });
  await expect.poll(() => pages.count(), { timeout }).toBeGreaterThan(0);
  // Every picture drawn, none of them broken.
  await expect
    .poll(() =>
      pages.evaluateAll((images) =>
        images.every(
          (image) =>
            (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
  expect(await page.locator('iframe').count()).toBe(0);
  return pages.count();
}

/** The signed-in lawyer's own call to the API, from the page. */
export function apiFrom<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
) {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(`/api${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${localStorage.getItem('userToken')}`,
          'content-type': 'application/json',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      if (!response.ok) throw new Error(await response.text());
      return (await response.json()).data;
    },
    { path, init },
  ) as Promise<T>;
}
