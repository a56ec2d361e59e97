import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TAnswers, TQuestion } from '@lexpath/shared/schemas/questions';
import PizZip from 'pizzip';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { createApprovedLawyer } from '../support/accounts.ts';
import { giveBillingDataOnCart } from '../support/billing.ts';
import { browserForFile, checkScreen, DEMO, signIn } from '../support/browser.ts';
import { startCompletedContractInBrowser } from '../support/contracts.ts';

/**
 * An editor turns real forms written by others into templates in «Converti gli spazi vuoti» with
 * the keyboard alone, makes one answer optional and publishes; a lawyer buys each for two
 * signers, a woman and a man, skipping the optional answer. A Comune's request for patronage
 * (dotted blanks, «..l.. sottoscritt..») and an OCC application (lines, «Il/La sottoscritto/a»,
 * a «☐ SI ☐ NO» pair, a creditors' table and an incomes' table with its «Totale»): the bought
 * .docx and PDF/A agree with the two signers, tick the chosen box, list the incomes and add them
 * up, with every blank filled but the signature lines.
 */

const here = dirname(fileURLToPath(import.meta.url));
const CORPUS = join(here, '../../apps/server/src/documents/corpus/real');
const FORM = join(CORPUS, 'domanda-patrocinio');
/** An OCC application with two parties' forms, a SI/NO box pair, tables to fill and a total. */
const OCC = join(CORPUS, 'occ-sovraindebitato-incapiente');
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

/** What the editor does with a form: its blanks, the optional question, the publishing. */
type Conversion = {
  form: string;
  fileName: string;
  templateName: string;
  description: string;
  /** Blanks found, then those with a proposal (the rest are signature lines). */
  blanks: number;
  converted: number;
  /** The question whose «Obbligatoria» the editor switches off. */
  optional: string;
  /** Checks on the conversion screen before «Converti». */
  review?(editor: Page): Promise<void>;
};

/**
 * The editor uploads the form, converts its blanks in «Converti gli spazi vuoti» with the
 * keyboard alone, makes one question optional, saves and publishes (the signature lines left are
 * named and confirmed). Answers the published template's questions.
 */
async function convertAndPublish(conversion: Conversion): Promise<TQuestion[]> {
  const { templateName, blanks, converted } = conversion;
  const editor = await openPage();
  await signIn(editor, DEMO.editor);
  await editor.waitForURL('**/admin/master-inseriti');
  await editor.getByRole('button', { name: 'Nuovo master' }).click();
  await expectHeading(editor, 'Inserimento nuovo master');
  await editor.getByLabel('Titolo').fill(templateName);
  await editor.getByLabel('Descrizione').fill(conversion.description);
  await expect
    .poll(() => editor.getByLabel('Categoria').locator('option').count())
    .toBeGreaterThan(1);
  await editor.getByLabel('Categoria').selectOption({ index: 1 });
  await editor.getByLabel('Prezzo (€)').fill('12,00');
  await editor.getByLabel('Master (.docx)').setInputFiles({
    name: conversion.fileName,
    mimeType: DOCX,
    buffer: readFileSync(join(conversion.form, 'document.docx')),
  });

  // The form is read as soon as it is picked: its blanks are counted and the conversion offered.
  await expect
    .poll(
      () => editor.getByText(`Il master contiene ${blanks} spazi vuoti da compilare.`).isVisible(),
      { timeout: 30_000 },
    )
    .toBe(true);
  const offer = editor.getByRole('button', { name: 'Converti gli spazi vuoti' });
  await tabUntil(editor, offer);
  await editor.keyboard.press('Enter');

  await expectHeading(editor, 'Converti gli spazi vuoti');
  await expect
    .poll(() => editor.getByText(`${blanks} spazi vuoti, ${converted} da convertire`).isVisible(), {
      timeout: 30_000,
    })
    .toBe(true);
  await checkScreen(editor, 'convert-blanks');
  await conversion.review?.(editor);
  const convert = editor.getByRole('button', { name: 'Converti', exact: true });
  await tabUntil(editor, convert, 400);
  await editor.keyboard.press('Enter');

  await expectHeading(editor, 'Inserimento nuovo master');
  await expect
    .poll(() =>
      editor
        .getByText(`${converted} spazi vuoti sono diventati tag.`, { exact: false })
        .isVisible(),
    )
    .toBe(true);
  await checkScreen(editor, 'convert-blanks-done');

  // The optional question is opened and «Obbligatoria» switched off.
  const editOptional = editor.getByRole('button', { name: `Modifica ${conversion.optional}` });
  await tabUntil(editor, editOptional, 400);
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
  // The signature lines stay lines to sign by hand: publishing names them and goes on.
  await row.getByRole('button', { name: 'Pubblica' }).click();
  const withBlanks = editor.getByRole('alertdialog', { name: 'Spazi da compilare nel master' });
  await expect.poll(() => withBlanks.isVisible()).toBe(true);
  await withBlanks.getByRole('button', { name: 'Pubblica comunque' }).click();
  await expect.poll(() => row.getByRole('button', { name: 'Sospendi' }).isVisible()).toBe(true);
  const questions = await editor.evaluate(async (name) => {
    const headers = { authorization: `Bearer ${localStorage.getItem('userToken')}` };
    const list = await fetch(`/api/template?name=${encodeURIComponent(name)}`, { headers }).then(
      (r) => r.json(),
    );
    const detail = await fetch(`/api/template/${list.data.results[0].id}`, { headers }).then((r) =>
      r.json(),
    );
    return detail.data.json_questions;
  }, templateName);
  await editor.context().close();
  return questions as TQuestion[];
}

/** The lawyer pays for the completed contract in the cart and downloads its .docx and PDF/A. */
async function buyAndDownload(page: Page, billing: string) {
  await page.goto('/user/nuovo-contratto/carrello');
  await giveBillingDataOnCart(page, billing);
  const buy = page.getByRole('button', { name: 'Acquista' });
  await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
  await buy.click();
  await page.waitForURL('**/pagamento-di-prova**');
  await page.getByRole('button', { name: 'Paga' }).click();
  await page.waitForURL('**/user/archivio/dettaglio-documento**', { timeout: 30_000 });

  const downloading = page.waitForEvent('download', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Scarica il documento (.docx)' }).click();
  const docx = readFileSync(await (await downloading).path());
  const pdfDownloading = page.waitForEvent('download', { timeout: 120_000 });
  await page.getByRole('button', { name: /^Scarica PDF\/A/ }).click();
  const pdfPath = join(mkdtempSync(join(tmpdir(), 'convert-real-form-')), 'documento.pdf');
  writeFileSync(pdfPath, readFileSync(await (await pdfDownloading).path()));
  const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-']).toString();
  return { docx, pdfText };
}

/** A plausible answer of each type, for the questions a test does not answer itself. */
const SAMPLE: Record<string, unknown> = {
  testo: 'Milano',
  testo_lungo: 'Nessuna osservazione.',
  data: '1980-01-15',
  codice_fiscale: 'RSSMRA80A01F205X',
  provincia: 'MI',
  cap: '20081',
  email: 'studio@example.it',
  telefono: '+390294690001',
  numero: '3',
  importo: '100.00',
};

/**
 * Every question answered: `given` first, then a sample of the question's type (an elenco one
 * item of samples, a choice its first option); optional questions are skipped.
 */
function answersFor(questions: TQuestion[], given: TAnswers): TAnswers {
  const answers: TAnswers = {};
  const sample = (question: { type?: string; options?: string[] }) =>
    question.type === 'scelta' || question.type === undefined
      ? question.options?.[0]
      : SAMPLE[question.type];
  for (const question of questions) {
    if (question.variable in given) {
      answers[question.variable] = given[question.variable] as TAnswers[string];
    } else if ('obbligatoria' in question && question.obbligatoria === false) {
      // «Salta»: an optional question skipped is answered with nothing.
      answers[question.variable] = null;
    } else if (question.type === 'elenco') {
      answers[question.variable] = [
        Object.fromEntries(question.fields.map((field) => [field.variable, sample(field)])),
      ] as TAnswers[string];
    } else {
      answers[question.variable] = sample(question) as TAnswers[string];
    }
  }
  return answers;
}

describe('a real form converted and sold', () => {
  it('is converted with the keyboard, published, and bought for a woman and a man', async () => {
    const templateName = `Domanda di patrocinio ${Date.now().toString(36)}`;
    await convertAndPublish({
      form: FORM,
      fileName: 'modello domanda patrocinio.docx',
      templateName,
      description: 'Richiesta di patrocinio al Comune.',
      blanks: 12,
      converted: 11,
      // The second telephone.
      optional: 'telefono_2',
    });

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
    const { docx, pdfText } = await buyAndDownload(page, 'convert-real-form-cart');
    const text = docxText(docx);
    expect(text).toContain('I sottoscritti');
    expect(text).toContain('Anna Neri e Luca Bruni');
    expect(text).toContain('residente in Abbiategrasso');
    expect(text).toContain('15/01/2027');
    expect(text).not.toMatch(/\.\.l\.\.|sottoscritt\.\./);
    // Every dotted blank is filled but the one left for the signature.
    expect(text.match(/\.{4,}/g) ?? []).toHaveLength(1);
    expect(pdfText).toContain('I sottoscritti');
    expect(pdfText).toContain('Abbiategrasso');
    await page.context().close();
  }, 300_000);

  it('converts an OCC application with its checkboxes, tables and total, bought for two debtors', async () => {
    const templateName = `Istanza OCC incapiente ${Date.now().toString(36)}`;
    const questions = await convertAndPublish({
      form: OCC,
      fileName: 'istanza occ incapiente.docx',
      templateName,
      description: "Istanza all'OCC del debitore incapiente.",
      blanks: 49,
      converted: 45,
      optional: 'fax',
      async review(editor) {
        // The creditors' table is one list; the incomes' «Totale» adds their amounts up.
        await expect.poll(() => editor.getByText('13 righe vuote').isVisible()).toBe(true);
        const total = editor
          .getByRole('listitem')
          .filter({ hasText: 'Questo totale somma il campo' });
        await expect.poll(() => total.count()).toBe(1);
        await expect.poll(() => total.getByText('Importo', { exact: true }).isVisible()).toBe(true);
      },
    });

    // Two debtors, a woman and a man; the fax skipped (optional); two incomes adding up.
    const answers = answersFor(questions, {
      sottoscritto: [
        { nome: 'Anna Neri', genere: 'femminile' },
        { nome: 'Luca Bruni', genere: 'maschile' },
      ],
      nome_cognome: 'Anna Neri e Luca Bruni',
      presso_quale_elegge_domicilio: 'SI',
      stipendi_pensioni: [
        {
          membro_nucleo_familiare: 'Anna Neri',
          stipendio_pensione_salario_altre_entrate: 'Stipendio',
          importo: '1200.10',
        },
        {
          membro_nucleo_familiare: 'Luca Bruni',
          stipendio_pensione_salario_altre_entrate: 'Pensione',
          importo: '800.20',
        },
      ],
    });
    expect(answers.fax).toBeNull();
    const lawyer = await createApprovedLawyer('occ');
    const page = await openPage();
    await signIn(page, lawyer.pec, lawyer.password);
    await page.waitForURL('**/user/contratti');
    await startCompletedContractInBrowser(page, templateName, answers);
    const { docx, pdfText } = await buyAndDownload(page, 'convert-real-occ-cart');

    const text = docxText(docx);
    expect(text).toContain('I sottoscritti Anna Neri e Luca Bruni');
    expect(text).toMatch(/Nati il 15\/01\/1980/);
    expect(text).toMatch(/Presso il quale elegge domicilio\s+☒\s+SI\s+☐\s+NO/);
    // The incomes' rows, one per income, and their total in cents.
    expect(text).toMatch(/Anna Neri\nStipendio\n1\.200,10\s€/);
    expect(text).toMatch(/Luca Bruni\nPensione\n800,20\s€/);
    expect(text).toMatch(/Totale\n2\.000,30\s€/);
    expect(text).not.toMatch(/\b(?:il\/la|nato\/a|sottoscritto\/a)\b/i);
    // Every line is filled but the four left for a signature; no dotted blank is left.
    expect(text.match(/_{4,}/g) ?? []).toHaveLength(4);
    expect(text).not.toMatch(/[.…]{4,}/);
    expect(pdfText).toContain('I sottoscritti');
    expect(pdfText).toMatch(/2\.000,30\s€/);
    await page.context().close();
  }, 400_000);
});
