import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PizZip from 'pizzip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { buildDocx } from '../../apps/server/src/documents/test-docx.ts';
import { browserForFile, checkScreen, DEMO, signIn } from '../support/browser.ts';

const screenshotDir = join(dirname(fileURLToPath(import.meta.url)), '../screenshots');

const browser = browserForFile();
let folder: string;
beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'lexpath-authoring-'));
});
afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

async function openPage(): Promise<Page> {
  const context = await browser.context();
  const page = await context.newPage();
  // A failed journey leaves the screen it stopped on for the CI artifacts.
  onTestFailed(async () => {
    if (page.isClosed()) return;
    await page.screenshot({ path: join(screenshotDir, 'authoring-failure.png'), fullPage: true });
    console.error(
      `[authoring] stopped on ${page.url()}:\n${await page.locator('body').innerText()}`,
    );
  });
  return page;
}

async function expectHeading(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.getByRole('heading', { level: 1, name }).isVisible()).toBe(true);
}

async function expectText(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);
}

const CLAUSE = 'Il contratto dura dodici mesi.';

/** The master's body; `durata` is the option its conditional clause compares with. */
function masterParagraphs(durata: string): string[] {
  return [
    'CONTRATTO DI LOCAZIONE DI PROVA',
    'Tra {nome_cliente} e la controparte.',
    `{#durata == "${durata}"}${CLAUSE}{/}`,
    '{#rinnovo == "Sì"}Il contratto si rinnova tacitamente.{/}',
    '{#deposito == "Sì"}È previsto un deposito cauzionale.{/}',
    'Servizi inclusi: {servizi}.',
    // A blank of the firm's form left in the master: publishing asks to confirm.
    'Luogo e data ______________________',
  ];
}

function writeDocx(name: string, paragraphs: string[]): string {
  const path = join(folder, name);
  writeFileSync(path, buildDocx(paragraphs));
  return path;
}

type Question = {
  question: string;
  variable: string;
  options: string[];
  multiple?: boolean;
  /** One condition (a single pair) on an earlier question: its text and the answer. */
  condition?: { question: string; answer: string };
};

const QUESTIONS: Question[] = [
  {
    question: 'Chi è il conduttore?',
    variable: 'nome_cliente',
    options: ['Mario Rossi', 'Anna Bianchi'],
  },
  {
    question: 'Quanto dura il contratto?',
    variable: 'durata',
    options: ['Dodici mesi', 'Ventiquattro mesi'],
  },
  {
    question: 'Il contratto si rinnova?',
    variable: 'rinnovo',
    options: ['Sì', 'No'],
    condition: { question: 'Quanto dura il contratto?', answer: 'Dodici mesi' },
  },
  { question: 'È previsto un deposito?', variable: 'deposito', options: ['Sì', 'No'] },
  {
    question: 'Quali servizi sono inclusi?',
    variable: 'servizi',
    options: ['Pulizie', 'Portineria', 'Giardino'],
    multiple: true,
    condition: { question: 'È previsto un deposito?', answer: 'Sì' },
  },
];

async function writeQuestion(page: Page, question: Question, position: number): Promise<void> {
  await expectHeading(page, 'Caricamento domande');
  await page.getByLabel('Testo della domanda').fill(question.question);
  await page.getByLabel('Chiave').fill(question.variable);
  for (const [index, option] of question.options.entries()) {
    if (index >= 2) await page.getByRole('button', { name: 'Aggiungi risposta' }).click();
    await page.getByLabel(`Risposta ${index + 1}`, { exact: true }).fill(option);
  }
  if (question.multiple) {
    await page.getByRole('checkbox', { name: 'Più risposte' }).check({ force: true });
  }
  if (question.condition) {
    await page.getByRole('button', { name: 'Aggiungi condizione (oppure)' }).click();
    const condition = page.getByRole('group', { name: 'Condizione 1' });
    await condition
      .getByLabel('Domanda precedente')
      .selectOption({ label: question.condition.question });
    await condition
      .getByRole('group', { name: 'Risposta', exact: true })
      .getByRole('checkbox', { name: question.condition.answer, exact: true })
      .check({ force: true });
  }
  await checkScreen(page, `question-editor-${position}`);
  await page.getByRole('button', { name: 'Salva domanda' }).click();
  await expectHeading(page, 'Inserimento nuovo master');
  await expectText(page, `${position}. ${question.question}`);
}

/** Answers the try-out question on screen with `answers` (one radio, or the boxes ticked). */
async function answer(page: Page, question: string, answers: string[]): Promise<void> {
  await expectText(page, question);
  for (const option of answers) {
    const role = answers.length > 1 || question.startsWith('Quali') ? 'checkbox' : 'radio';
    await page.getByRole(role, { name: option, exact: true }).check({ force: true });
  }
  await page.getByRole('button', { name: 'Avanti' }).click();
}

describe('template authoring journey', () => {
  it('admin adds a category, editor authors, lints, tries and publishes a master, the lawyer sees it', async () => {
    const suffix = Date.now().toString(36);
    const categoryName = `Locazioni brevi ${suffix}`;
    const templateName = `Locazione breve ${suffix}`;

    // The admin creates the category (SPEC §6: editors may not).
    const admin = await openPage();
    await signIn(admin, DEMO.admin);
    await admin.waitForURL('**/admin/contratti-utenti');
    await admin
      .getByRole('navigation', { name: 'Menu principale' })
      .getByRole('link', { name: 'Crea categoria' })
      .click();
    await expectHeading(admin, 'Nuova categoria');
    await admin.getByLabel('Nome').fill(categoryName);
    await checkScreen(admin, 'category-new');
    await admin.getByRole('button', { name: 'Salva' }).click();
    await admin.waitForURL('**/admin/categorie');
    await expectText(admin, 'Nuova categoria creata con successo');
    await expectText(admin, categoryName);
    await checkScreen(admin, 'categories');
    await admin.context().close();

    // The editor writes the master: general data, files, then the questions.
    const editor = await openPage();
    await signIn(editor, DEMO.editor);
    await editor.waitForURL('**/admin/master-inseriti');
    await expect.poll(() => editor.getByRole('table').isVisible()).toBe(true);
    await checkScreen(editor, 'templates');
    await editor.getByRole('button', { name: 'Nuovo master' }).click();
    await expectHeading(editor, 'Inserimento nuovo master');
    await editor.getByLabel('Titolo').fill(templateName);
    await editor.getByLabel('Descrizione').fill('Locazione di un immobile per un breve periodo.');
    const categorySelect = editor.getByLabel('Categoria');
    await expect
      .poll(() => categorySelect.locator('option', { hasText: categoryName }).count())
      .toBe(1);
    await categorySelect.selectOption({ label: categoryName });
    await editor.getByLabel('Prezzo (€)').fill('30');
    // A misspelled option in the conditional clause: lint must point at its paragraph.
    await editor
      .getByLabel('Master (.docx)')
      .setInputFiles(writeDocx('locazione-master.docx', masterParagraphs('Dodici mesy')));
    await editor
      .getByLabel('Anteprima (.docx)')
      .setInputFiles(
        writeDocx('locazione-anteprima.docx', [
          'ANTEPRIMA',
          'Conduttore: {nome_cliente}.',
          `{#durata == "Dodici mesi"}${CLAUSE}{/}`,
        ]),
      );
    await checkScreen(editor, 'master-new');
    await editor.getByRole('button', { name: 'Salva e vai alle domande' }).click();

    for (const [index, question] of QUESTIONS.entries()) {
      if (index > 0) await editor.getByRole('button', { name: 'Aggiungi domanda' }).click();
      await writeQuestion(editor, question, index + 1);
    }
    await expectText(editor, 'Mostrata se: durata = Dodici mesi');
    await checkScreen(editor, 'master-with-questions');

    await editor.getByRole('button', { name: 'Salva e concludi' }).click();
    const lint = editor.getByRole('alert').filter({ hasText: '«Dodici mesy»' });
    await expect.poll(() => lint.isVisible()).toBe(true);
    const lintText = await lint.textContent();
    expect(lintText).toContain('non è tra le risposte della domanda «durata»');
    expect(lintText).toContain(CLAUSE);
    await checkScreen(editor, 'master-lint-error');

    // The corrected master replaces the misspelled one.
    await editor
      .getByLabel('Master (.docx)')
      .setInputFiles(writeDocx('locazione-master-corretto.docx', masterParagraphs('Dodici mesi')));
    await editor.getByRole('button', { name: 'Salva e concludi' }).click();
    await editor.waitForURL('**/admin/master-inseriti');
    const row = editor
      .getByRole('row')
      .filter({ has: editor.getByRole('cell', { name: templateName, exact: true }) });
    await expect.poll(() => row.isVisible()).toBe(true);
    await checkScreen(editor, 'templates-saved');

    // Prova: the questionnaire with its conditions, the summary, the test download.
    await row.getByRole('button', { name: 'Prova' }).click();
    await editor.waitForURL('**/admin/master-inseriti/questionario**');
    await expectHeading(editor, templateName);
    await expectText(editor, 'Chi è il conduttore?');
    await checkScreen(editor, 'try-out-questionnaire');
    await answer(editor, 'Chi è il conduttore?', ['Mario Rossi']);
    await answer(editor, 'Quanto dura il contratto?', ['Dodici mesi']);
    await answer(editor, 'Il contratto si rinnova?', ['Sì']);
    await answer(editor, 'È previsto un deposito?', ['Sì']);
    await answer(editor, 'Quali servizi sono inclusi?', ['Pulizie', 'Giardino']);
    await editor.waitForURL('**/admin/master-inseriti/riepilogo**');
    await expectHeading(editor, 'Riepilogo');
    await expectText(editor, 'Dodici mesi');
    await checkScreen(editor, 'try-out-summary');
    await editor.getByRole('button', { name: "Vai all'anteprima" }).click();
    await editor.waitForURL('**/admin/master-inseriti/anteprima**');
    await expectHeading(editor, 'Anteprima');
    await checkScreen(editor, 'try-out-preview');
    await editor.getByRole('button', { name: 'Scarica documento di prova' }).click();
    const notice = editor.getByRole('alertdialog', { name: 'Download in arrivo' });
    const [download] = await Promise.all([
      editor.waitForEvent('download'),
      notice.getByRole('button', { name: 'Scarica', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const documentXml = new PizZip(readFileSync(await download.path()))
      .file('word/document.xml')
      ?.asText();
    expect(documentXml).toContain(CLAUSE);
    expect(documentXml).toContain('Mario Rossi');
    expect(documentXml).toContain('Il contratto si rinnova tacitamente.');
    expect(documentXml).not.toContain('{#durata');

    // Pubblica: the lawyers now see it.
    await editor.goto('/admin/master-inseriti');
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Pubblica' }).click();
    const blanks = editor.getByRole('alertdialog', { name: 'Spazi da compilare nel master' });
    await expect.poll(() => blanks.isVisible()).toBe(true);
    expect(await blanks.textContent()).toContain(
      'Il master contiene ancora uno spazio da compilare',
    );
    await checkScreen(editor, 'templates-publish-with-blanks');
    // With the keyboard: to «Pubblica comunque», then Enter.
    const publishAnyway = blanks.getByRole('button', { name: 'Pubblica comunque' });
    for (
      let tab = 0;
      tab < 5 && !(await publishAnyway.evaluate((b) => b === document.activeElement));
      tab += 1
    ) {
      await editor.keyboard.press('Tab');
    }
    await editor.keyboard.press('Enter');
    await expectText(editor, 'Stato del template aggiornato');
    // The refused first attempt leaves no «Caricamento» toast behind.
    await expect.poll(() => editor.getByText('Aggiorno lo stato del template').count()).toBe(0);
    const suspend = row.getByRole('button', { name: 'Sospendi' });
    await expect.poll(() => suspend.isVisible()).toBe(true);
    // The button turns from the filled «Pubblica» to the outlined «Sospendi» with a colour
    // transition: axe reads the colours once they have settled, as a reader sees them.
    const colours = () => suspend.evaluate((b) => getComputedStyle(b).backgroundColor);
    let previous = '';
    await expect
      .poll(
        async () => {
          const [before, now] = [previous, await colours()];
          previous = now;
          return before === now;
        },
        { interval: 250 },
      )
      .toBe(true);
    await checkScreen(editor, 'templates-published');
    await editor.context().close();

    const lawyer = await openPage();
    await signIn(lawyer, DEMO.user);
    await lawyer.waitForURL('**/user/contratti');
    await expectHeading(lawyer, 'Nuovo documento');
    await expectText(lawyer, templateName);
    await checkScreen(lawyer, 'contracts-with-new-template');
    await lawyer.context().close();
  }, 120_000);
});
