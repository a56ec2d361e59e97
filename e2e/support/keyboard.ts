/**
 * The questionnaire with the keyboard alone: Tab to a control (never past MAX_TABS, always with
 * its focus shown), each step answered as a lawyer would with the keys, from the questions'
 * own definitions. Shared by the journeys that walk a questionnaire without the mouse.
 */
import { formatItalian, isChoice, itemLabel } from '@lexpath/shared/answer-types';
import { it as texts } from '@lexpath/shared/messages/it';
import { findNextQuestion } from '@lexpath/shared/questionnaire';
import type {
  TAnswers,
  TAnswerValue,
  TListItem,
  TQuestion,
} from '@lexpath/shared/schemas/questions';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkScreen } from './browser.ts';

/**
 * The step of a question: its group (a choice), its heading (a list) or its field; an optional
 * question's field is labelled with «(Facoltativa)» after the question.
 */
export function stepOf(page: Page, question: TQuestion): Locator {
  if (isChoice(question)) return page.getByRole('group', { name: question.question });
  if (question.type === 'elenco') return page.getByText(question.question, { exact: true });
  if (question.obbligatoria === false) {
    const escaped = question.question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const note = `\\(${texts.optionalAnswers.optional}\\)`;
    return page.getByLabel(new RegExp(`^${escaped}\\s*${note}$`));
  }
  return page.getByLabel(question.question, { exact: true });
}

export async function waitForStep(page: Page, question: TQuestion): Promise<void> {
  await expect.poll(() => stepOf(page, question).isVisible(), { timeout: 15_000 }).toBe(true);
}

/** What the lawyer types for a canonical answer: its Italian form, amounts without the «€». */
export function italianInput(
  question: Parameters<typeof formatItalian>[0],
  value: unknown,
): string {
  return formatItalian(question, value as Parameters<typeof formatItalian>[1]).replace(
    /[\s\u00a0]*€$/,
    '',
  );
}

/** A step's answer with the keyboard: Space and arrows for a choice, typing for a typed field. */
export async function answerWithKeys(
  page: Page,
  question: TQuestion,
  value: TAnswerValue,
  wrongCode?: { item: number; code: string },
  screens?: string,
) {
  await waitForStep(page, question);
  if (isChoice(question)) {
    await answerWithKeyboard(page, question.question, value as string | string[]);
  } else if (question.type === 'elenco') {
    await answerListWithKeys(page, question, value as TListItem[], wrongCode, screens);
  } else {
    await tabTo(page, stepOf(page, question));
    // A step asked again (after a change in the summary) comes back filled: replace it.
    await page.keyboard.press('Control+A');
    await page.keyboard.type(italianInput(question, value));
    await submitWithKeys(page, question);
  }
}

/** Enter sends the step, except from a text area (a new line) or a date (the calendar). */
export async function submitWithKeys(page: Page, question: { type?: string }): Promise<void> {
  if (question.type === 'testo_lungo' || question.type === 'data') {
    await tabTo(page, page.getByRole('button', { name: 'Avanti' }));
  }
  await page.keyboard.press('Enter');
}

/**
 * An `elenco`: each item's fields typed in its fieldset ("Conduttore 2"), then «Vuoi aggiungere
 * un altro …?» answered «Sì, aggiungi» or «No, continua». `wrongCode` types a wrong codice fiscale
 * in that item first: the step refuses it inline, the lawyer corrects it. With `screens`, axe
 * checks the refusal and the second «Vuoi aggiungere un altro …?», named after it.
 */
export async function answerListWithKeys(
  page: Page,
  question: Extract<TQuestion, { type: 'elenco' }>,
  items: TListItem[],
  wrongCode?: { item: number; code: string },
  screens?: string,
) {
  for (const [index, item] of items.entries()) {
    const fieldset = page.getByRole('group', { name: itemLabel(question, index + 1) });
    await expect.poll(() => fieldset.isVisible(), { timeout: 15_000 }).toBe(true);
    const wrong = wrongCode?.item === index + 1 ? wrongCode.code : undefined;
    for (const field of question.fields) {
      await tabTo(page, fieldset.getByLabel(field.question, { exact: true }));
      const typed =
        wrong && field.type === 'codice_fiscale'
          ? wrong.toLowerCase()
          : italianInput(field, item[field.variable]);
      await page.keyboard.type(typed);
    }
    await page.keyboard.press('Enter');
    if (wrong) {
      const code = fieldset.getByLabel('Codice fiscale', { exact: true });
      // Upper-cased as typed, refused inline, nothing sent.
      expect(await code.inputValue()).toBe(wrong);
      await expect
        .poll(() => fieldset.getByText(/codice fiscale .*non è valido/i).isVisible())
        .toBe(true);
      if (screens) await checkScreen(page, `${screens}-wrong-code`);
      await tabTo(page, code, 'Shift+Tab');
      await page.keyboard.press('Control+A');
      await page.keyboard.type(String(item.codice_fiscale));
      await page.keyboard.press('Enter');
    }
    const more = page.getByText(/^Vuoi aggiungere un altro /);
    await expect.poll(() => more.isVisible(), { timeout: 15_000 }).toBe(true);
    if (index === 1 && screens) await checkScreen(page, `${screens}-add-another`);
    const last = index === items.length - 1;
    await tabTo(page, page.getByRole('button', { name: last ? 'No, continua' : 'Sì, aggiungi' }));
    await page.keyboard.press('Enter');
  }
}

/** Asks the questions in the order the questionnaire shows them, from `given` on. */
export async function answerTheRest(
  questions: readonly TQuestion[],
  answers: TAnswers,
  given: TAnswers,
  answer: (question: TQuestion, value: TAnswerValue) => Promise<void>,
): Promise<void> {
  for (let next = findNextQuestion(questions, given); next; ) {
    const value = answers[next.variable];
    if (value === undefined) throw new Error(`no answer for ${next.variable}`);
    await answer(next, value);
    given[next.variable] = value;
    next = findNextQuestion(questions, given);
  }
}

export const MAX_TABS = 40;

/** A new step puts the focus on its title, so Tab starts from the step's content. */
export async function expectTitleFocused(page: Page, name: string): Promise<void> {
  await expect.poll(() => holdsFocus(page.getByRole('heading', { level: 1, name }))).toBe(true);
}

export async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)}`
      : 'none';
  });
}

export async function holdsFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) =>
    els.some((el) => el === document.activeElement || el.contains(document.activeElement)),
  );
}

/**
 * Presses Tab (or Shift+Tab) until the focus is on `target`, which must be visible and show
 * the keyboard focus (:focus-visible); fails after `limit` presses (MAX_TABS unless given).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  limit = MAX_TABS,
): Promise<number> {
  await expect.poll(() => target.count()).toBeGreaterThan(0);
  for (let presses = 0; presses <= limit; presses++) {
    if (await holdsFocus(target)) {
      const focused = page.locator(':focus');
      expect(await focused.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
      const visible = await focused.evaluate((el) => {
        // A radio or checkbox is a visually hidden input: its label is what shows.
        const shown = el.matches('input[type=radio], input[type=checkbox]') ? el.parentElement : el;
        const box = shown?.getBoundingClientRect();
        return !!box && box.width > 0 && box.height > 0;
      });
      expect(visible).toBe(true);
      return presses;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`focus never reached the target; it is on ${await focusedDescription(page)}`);
}

/** Tab into the question, choose with Space and the arrow keys, then Tab to 'Avanti'. */
export async function answerWithKeyboard(page: Page, question: string, answer: string | string[]) {
  const group = page.getByRole('group', { name: question });
  if (Array.isArray(answer)) {
    for (const option of answer) {
      const box = group.getByRole('checkbox', { name: option, exact: true });
      await tabTo(page, box);
      await page.keyboard.press('Space');
      await expect.poll(() => box.isChecked()).toBe(true);
    }
  } else {
    await tabTo(page, group.getByRole('radio'));
    await page.keyboard.press('Space');
    const target = group.getByRole('radio', { name: answer, exact: true });
    const options = await group.getByRole('radio').count();
    for (let i = 0; i < options && !(await target.isChecked()); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect.poll(() => target.isChecked()).toBe(true);
  }
  await tabTo(page, page.getByRole('button', { name: 'Avanti' }));
  await page.keyboard.press('Enter');
}
