/**
 * Issue 11, "Done when": an Italian form written by someone else, with free-text `{{tags}}`,
 * authored with typed questions and bought through the real API fills every field in Italian.
 *
 * The form committed here is our own (no public one with `{{tags}}` and a licence allowing
 * redistribution was found): a dichiarazione sostitutiva dell'atto di notorietà (artt. 46 and
 * 47 D.P.R. 445/2000) of an operatore economico answering a request for quotation, in the shape
 * of those public administrations publish for direct awards (a CNR institute's "DSAN possesso
 * requisiti" and "richiesta di offerta" are such forms), with the `{{ tag }}` habits of their
 * authors: spaces inside the braces, upper-case and abbreviated keys, an amount in words as a tag
 * of its own.
 *
 * `LEXPATH_THIRD_PARTY_FORM=<path of a .docx>` adds a third-party form that cannot be committed:
 * the course certificate `public/templates/Attestato/Attestato_con_placeholder.docx` of
 * github.com/molesandres-hash/magic-form-bot (commit d2b46a2df98b6af7fcea3acfa810f784f27c776b,
 * no licence), whose tags are listed in `THIRD_PARTY_ATTESTATO`.
 */
import { readFileSync } from 'node:fs';
import { ROLES } from '@lexpath/shared';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, payments } from '../../db/schema.ts';
import { extractDocumentText } from '../../documents/render.ts';
import { RENDER_CHANGES } from '../../documents/render-changes.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { uploadMaster } from '../templates/test-templates.ts';
import { payContract, startContract } from './test-contracts.ts';

type Answer = string | Record<string, string>[];

/** A form as found, and what an editor does to it before uploading it to LexPath. */
type FormCase = {
  label: string;
  docx: Buffer;
  /** Each of the author's tags (`{{ CF }}`) and the tag the editor writes in its place. */
  tags: Record<string, string>;
  questions: Record<string, unknown>[];
  /** What the lawyer answers, canonical as the questionnaire sends it. */
  answers: Record<string, Answer>;
  /** Texts the bought document must hold, in their Italian form. */
  expected: string[];
};

const q = (variable: string, type: string, question: string, extra: object = {}) => ({
  variable,
  question,
  type,
  ...extra,
});

/** The dichiarazione sostitutiva as its author wrote it, `{{tags}}` and all. */
function buildDichiarazioneSostitutiva(): Buffer {
  return buildDocx(
    [
      'DICHIARAZIONE SOSTITUTIVA DELL’ATTO DI NOTORIETÀ',
      '(artt. 46 e 47 del D.P.R. 28 dicembre 2000, n. 445)',
      'Il/La sottoscritto/a {{ NOME_COGNOME }}, nato/a a {{luogo_nascita}} il {{ data_nascita }}, codice fiscale {{ CF }}, residente in {{ residenza }},',
      'in qualità di {{ qualita }} dell’operatore economico {{ ragione_sociale }}, con sede legale in {{ sede }}, partita IVA {{ P_IVA }}, PEC {{ pec }},',
      'consapevole delle sanzioni penali previste dall’art. 76 del D.P.R. 445/2000 per le ipotesi di falsità in atti e di dichiarazioni mendaci,',
      'DICHIARA',
      'di offrire, per {{ oggetto }}, l’importo di euro {{ importo }} (euro {{ importo_in_lettere }}), oltre IVA, pari a un ribasso del {{ ribasso }} sull’importo a base della richiesta;',
      'di non trovarsi in alcuna delle cause di esclusione previste dagli artt. 94 e seguenti del D.Lgs. 31 marzo 2023, n. 36;',
      'che il fatturato dell’ultimo esercizio chiuso è pari a euro {{ fatturato }}.',
      'Si allega copia del documento di identità del dichiarante.',
      '{{ luogo }}, {{ data }}',
      'Il dichiarante',
    ],
    { styled: true },
  );
}

const DICHIARAZIONE: FormCase = {
  label: 'dichiarazione sostitutiva di un operatore economico (scritta da noi)',
  docx: buildDichiarazioneSostitutiva(),
  tags: {
    NOME_COGNOME: '{nome_cognome}',
    luogo_nascita: '{luogo_nascita}',
    data_nascita: '{data_nascita}',
    CF: '{codice_fiscale}',
    residenza: '{residenza}',
    qualita: '{qualita}',
    ragione_sociale: '{ragione_sociale}',
    sede: '{sede_legale}',
    P_IVA: '{partita_iva}',
    pec: '{pec}',
    oggetto: '{oggetto}',
    importo: '{importo_offerta}',
    importo_in_lettere: '{importo_offerta | importo_lettere}',
    ribasso: '{ribasso | percentuale}',
    fatturato: '{fatturato}',
    luogo: '{luogo_firma}',
    data: '{data_dichiarazione | data_lunga}',
  },
  questions: [
    q('nome_cognome', 'testo', 'Nome e cognome del dichiarante'),
    q('luogo_nascita', 'testo', 'Luogo di nascita'),
    q('data_nascita', 'data', 'Data di nascita', { max: 'oggi' }),
    q('codice_fiscale', 'codice_fiscale', 'Codice fiscale del dichiarante'),
    q('residenza', 'testo', 'Residenza (via, numero civico, CAP e comune)'),
    {
      variable: 'qualita',
      question: 'In quale qualità dichiara?',
      options: ['titolare', 'legale rappresentante', 'procuratore'],
      required_answers: [],
      is_multiple_selection: false,
    },
    q('ragione_sociale', 'testo', 'Ragione sociale dell’operatore economico'),
    q('sede_legale', 'testo', 'Sede legale'),
    q('partita_iva', 'partita_iva', 'Partita IVA'),
    q('pec', 'email', 'PEC'),
    q('oggetto', 'testo_lungo', 'Oggetto della fornitura o del servizio'),
    q('importo_offerta', 'importo', 'Importo offerto, IVA esclusa', { min: 0.01 }),
    q('ribasso', 'numero', 'Ribasso percentuale', { min: 0, max: 100, decimals: 2 }),
    q('fatturato', 'importo', 'Fatturato dell’ultimo esercizio'),
    q('luogo_firma', 'testo', 'Luogo della dichiarazione'),
    q('data_dichiarazione', 'data', 'Data della dichiarazione'),
  ],
  answers: {
    nome_cognome: 'Mario Rossi',
    luogo_nascita: 'Roma',
    data_nascita: '1980-01-01',
    codice_fiscale: 'RSSMRA80A01H501U',
    residenza: 'via Appia Nuova 45, 00183 Roma',
    qualita: 'legale rappresentante',
    ragione_sociale: 'Rossi Forniture S.r.l.',
    sede_legale: 'via Tuscolana 100, 00181 Roma',
    partita_iva: '01234567897',
    pec: 'rossiforniture@pec.it',
    oggetto: 'la fornitura di dieci personal computer da tavolo con assistenza triennale',
    importo_offerta: '38750.50',
    ribasso: '12.5',
    fatturato: '1234567.00',
    luogo_firma: 'Roma',
    data_dichiarazione: '2026-11-23',
  },
  expected: [
    'Il/La sottoscritto/a Mario Rossi, nato/a a Roma il 01/01/1980, codice fiscale RSSMRA80A01H501U, residente in via Appia Nuova 45, 00183 Roma,',
    'in qualità di legale rappresentante dell’operatore economico Rossi Forniture S.r.l., con sede legale in via Tuscolana 100, 00181 Roma, partita IVA 01234567897, PEC rossiforniture@pec.it,',
    'di offrire, per la fornitura di dieci personal computer da tavolo con assistenza triennale, l’importo di euro 38.750,50 (euro trentottomilasettecentocinquanta/50), oltre IVA, pari a un ribasso del 12,5% sull’importo a base della richiesta;',
    'che il fatturato dell’ultimo esercizio chiuso è pari a euro 1.234.567,00.',
    'Roma, 23 novembre 2026',
  ],
};

/** The third-party course certificate (see the header), its tags and the editor's choices. */
const THIRD_PARTY_ATTESTATO: Omit<FormCase, 'docx'> = {
  label: 'attestato di partecipazione (molesandres-hash/magic-form-bot)',
  tags: {
    NOME_PARTECIPANTE: '{NOME_PARTECIPANTE}',
    LUOGO_NASCITA: '{LUOGO_NASCITA}',
    DATA_NASCITA: '{DATA_NASCITA}',
    CODICE_FISCALE_PARTECIPANTE: '{CODICE_FISCALE_PARTECIPANTE}',
    NOME_CORSO: '{NOME_CORSO}',
    ORE_TOTALI: '{ORE_TOTALI | numero_lettere} ({ORE_TOTALI})',
    ENTE_NOME: '{ENTE_NOME}',
    VERBALE_LUOGO: '{VERBALE_LUOGO}',
    DATA_FINE: '{DATA_FINE | data_lunga}',
  },
  questions: [
    q('NOME_PARTECIPANTE', 'testo', 'Nome e cognome del partecipante'),
    q('LUOGO_NASCITA', 'testo', 'Luogo di nascita'),
    q('DATA_NASCITA', 'data', 'Data di nascita', { max: 'oggi' }),
    q('CODICE_FISCALE_PARTECIPANTE', 'codice_fiscale', 'Codice fiscale'),
    q('NOME_CORSO', 'testo', 'Titolo del corso'),
    q('ORE_TOTALI', 'numero', 'Ore del corso', { min: 1, decimals: 0 }),
    q('ENTE_NOME', 'testo', 'Ente di formazione'),
    q('VERBALE_LUOGO', 'testo', 'Luogo del rilascio'),
    q('DATA_FINE', 'data', 'Data di fine corso'),
  ],
  answers: {
    NOME_PARTECIPANTE: 'Anna Bianchi',
    LUOGO_NASCITA: 'Milano',
    DATA_NASCITA: '1985-08-01',
    CODICE_FISCALE_PARTECIPANTE: 'BNCNNA85M41F205Q',
    NOME_CORSO: 'Diritto dei contratti pubblici',
    ORE_TOTALI: '40',
    ENTE_NOME: 'Formazione Legale S.r.l.',
    VERBALE_LUOGO: 'Milano',
    DATA_FINE: '2026-03-01',
  },
  expected: [
    'Anna Bianchi',
    'Milano il 01/08/1985, Codice fiscale BNCNNA85M41F205Q',
    'Diritto dei contratti pubblici',
    'quaranta (40)',
    'Formazione Legale S.r.l.',
    'Milano, 1° marzo 2026',
  ],
};

const thirdPartyPath = process.env.LEXPATH_THIRD_PARTY_FORM;
const FORMS: FormCase[] = [
  DICHIARAZIONE,
  ...(thirdPartyPath ? [{ ...THIRD_PARTY_ATTESTATO, docx: readFileSync(thirdPartyPath) }] : []),
];

const NEWEST_RENDERER = new Date(Math.max(...RENDER_CHANGES.map(({ since }) => since.getTime())));

/** The XML parts that can hold the form's text: the body, headers, footers, notes. */
const TEXT_PART = /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/;

/**
 * What the editor does in Word before the upload: each `{{ TAG }}` becomes the LexPath tag the
 * form needs (the key of its typed question, a filter where the form wants another Italian
 * form). Every author's tag must have the editor's replacement.
 */
function adjustTags(form: FormCase): Buffer {
  const zip = new PizZip(form.docx);
  for (const name of Object.keys(zip.files).filter((part) => TEXT_PART.test(part))) {
    const xml = zip.file(name)?.asText() ?? '';
    const adjusted = xml.replace(/\{\{\s*([\p{L}\p{N}_]+)\s*\}\}/gu, (tag, key: string) => {
      const replacement = form.tags[key];
      if (replacement === undefined) throw new Error(`${form.label}: no question for ${tag}`);
      return replacement
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
    });
    zip.file(name, adjusted);
  }
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The editor's preview: the adjusted form under an "ANTEPRIMA" heading (DESIGN §7). */
function previewOf(master: Buffer): Buffer {
  const zip = new PizZip(master);
  const xml = zip.file('word/document.xml')?.asText() ?? '';
  zip.file(
    'word/document.xml',
    xml.replace(/<w:body>/, '<w:body><w:p><w:r><w:t>ANTEPRIMA</w:t></w:r></w:p>'),
  );
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The visible text of every text part: what a reader of the downloaded form sees. */
function formText(docx: Buffer): string {
  const zip = new PizZip(docx);
  const parts = Object.keys(zip.files).filter((part) => TEXT_PART.test(part));
  const body = extractDocumentText(docx);
  const others = parts
    .filter((part) => part !== 'word/document.xml')
    .map((part) =>
      (zip.file(part)?.asText() ?? '')
        .replace(/<\/w:p>/g, '\n')
        .replace(/<[^>]+>/g, '')
        .replace(/&amp;/g, '&'),
    );
  return [body, ...others].join('\n');
}

let ctx: TestContext;
let editor: TestUser;
let lawyer: TestUser;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  [editor, lawyer] = await Promise.all([ctx.buildUser({ role: ROLES.editor }), ctx.buildUser()]);
  const [category] = await ctx.db
    .insert(categories)
    .values({ name: `Moduli ${Math.random().toString(36).slice(2)}` })
    .returning();
  categoryId = category?.id ?? '';
});

afterAll(async () => {
  await ctx.close();
});

describe('an Italian form written by others, authored with typed questions', () => {
  it.each(FORMS)(
    '$label: uploaded, asked by type, bought and filled in Italian with no tag left',
    async (form) => {
      // The editor adjusts the tags, uploads the form (lint accepts it) and publishes it.
      const master = adjustTags(form);
      const upload = await uploadMaster(ctx, editor, {
        questions: form.questions,
        master: { filename: `${form.label}.docx`, content: master },
        preview: { filename: `${form.label} - anteprima.docx`, content: previewOf(master) },
      });
      expect(upload.statusCode, upload.body).toBe(200);
      const created = await ctx.injectAs(editor)({
        method: 'POST',
        url: '/api/template',
        payload: {
          name: `Modulo: ${form.label}`.slice(0, 100),
          description: 'Un modulo scritto da altri, con domande tipizzate.',
          categoryId,
          price: '49,90',
          stripe_url: 'https://buy.stripe.com/test_modulo',
          json_questions: form.questions,
          file_name: upload.json().data.file_name,
          preview_name: upload.json().data.preview_name,
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const templateId: string = created.json().data.id;
      const published = await ctx.injectAs(editor)({
        method: 'PUT',
        url: `/api/template/${templateId}/status`,
        // The form keeps «Il/La sottoscritto/a» and «nato/a» as written: the editor confirms.
        payload: { status: 'PUBLISHED', confirmBlanks: true },
      });
      expect(published.statusCode, published.body).toBe(200);

      // The lawyer is asked each question with its type, and answers it.
      const answers: Record<string, Answer> = {};
      const asked: { variable: string; type?: string }[] = [];
      for (let step = 0; step <= form.questions.length; step += 1) {
        const next = await ctx.injectAs(lawyer)({
          method: 'POST',
          url: `/api/contract/questions?type=${templateId}`,
          payload: answers,
        });
        expect(next.statusCode, next.body).toBe(200);
        const question = next.json().data;
        if (question === null) break;
        asked.push({ variable: question.variable, type: question.type });
        const answer = form.answers[question.variable];
        if (answer === undefined) throw new Error(`no answer for ${question.variable}`);
        answers[question.variable] = answer;
      }
      expect(asked).toEqual(
        form.questions.map((question) => ({
          variable: question.variable,
          // A multiple-choice question keeps the SPEC's response, without `type`.
          type: question.type,
        })),
      );

      const id = await startContract(ctx, lawyer, templateId);
      const saved = await ctx.injectAs(lawyer)({
        method: 'PUT',
        url: `/api/contract/${id}`,
        payload: { answers, status: 'COMPLETED' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const { paymentId } = await payContract(ctx, lawyer, id);
      // Paid once every renderer change is live, whatever the day the test runs.
      await ctx.db
        .update(payments)
        .set({ paidAt: NEWEST_RENDERER })
        .where(eq(payments.id, paymentId));
      const download = await ctx.injectAs(lawyer)({
        method: 'GET',
        url: `/api/contract/download/${id}`,
      });
      expect(download.statusCode, download.body).toBe(200);

      const text = formText(download.rawPayload);
      for (const line of form.expected) expect(text).toContain(line);
      // No tag text remains, neither the author's nor ours, and no key leaks into the text.
      expect(text).not.toMatch(/[{}]/);
      // Every text run of word/document.xml (attributes may hold `{GUID}`s: not text).
      const xml = new PizZip(download.rawPayload).file('word/document.xml')?.asText() ?? '';
      const runs = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
      expect(runs.length).toBeGreaterThan(0);
      expect(runs.filter((run) => /[{}]/.test(run ?? ''))).toEqual([]);
      const keys = [...Object.keys(form.tags), ...Object.keys(form.answers)];
      // Keys that read as tag names (`P_IVA`, `data_nascita`), not words of the form (`luogo`).
      for (const key of keys.filter((name) => /_|^[A-Z]+$/.test(name))) {
        expect(text).not.toMatch(new RegExp(`(?<![\\p{L}_])${key}(?![\\p{L}_])`, 'u'));
      }
      // Codes upper case as the tax office writes them; canonical dates never printed raw.
      for (const value of Object.values(form.answers)) {
        if (typeof value !== 'string') continue;
        if (/^\d{4}-\d{2}-\d{2}$/.test(value)) expect(text).not.toContain(value);
        if (/^[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z]$/.test(value)) expect(text).toContain(value);
      }
    },
    60_000,
  );
});
