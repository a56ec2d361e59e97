import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findNextQuestion, it as messages, validateAnswers } from '@lexpath/shared';
import { findPartyField, isCompatible } from '@lexpath/shared/parties';
import {
  LEGAL_REPRESENTATIVE,
  type TClientInput,
  ZClientInput,
} from '@lexpath/shared/schemas/clients';
import type { TAnswers, TAnswerValue } from '@lexpath/shared/schemas/questions';
import PizZip from 'pizzip';
import { afterAll, describe, expect, it } from 'vitest';
import { findBlanks } from '../src/documents/blank-finder.ts';
import { lintTemplate } from '../src/documents/lint.ts';
import { createPdfPool } from '../src/documents/pdf-pool.ts';
import { extractDocumentText, renderDocx } from '../src/documents/render.ts';
import { pdfText } from '../src/documents/test-pdf.ts';
import { buildDemoTemplateFiles, DEMO_TEMPLATES } from './catalog.ts';
import {
  CLIENT_FIELD_OF,
  CLIENT_KIND_OPTION,
  conferimentoIncarico as source,
} from './conferimento-incarico/source.ts';
import { PREVIEW_NOTICE } from './docx-package.ts';

const FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), source.slug);
/** `{oggi}` is 23 November 2026 in every rendering here. */
const NOW = new Date('2026-11-23T10:00:00Z');

const read = (name: string) => readFileSync(path.join(FOLDER, name));
const manifest = JSON.parse(read('template.json').toString('utf8')) as {
  name: string;
  price_cents: number;
  document_name: string;
  documents: { name: string; file: string }[];
};
/** The set in order: the lettera is the master (with its watermarked preview), then the companions. */
const masters = [
  {
    name: manifest.document_name,
    order: 1,
    master: read('master.docx'),
    preview: read('preview.docx'),
  },
  ...manifest.documents.map((document, index) => ({
    name: document.name,
    order: index + 2,
    master: read(document.file),
    preview: undefined,
  })),
];

/** The lawyer's own facts, the same in both engagements. */
const LAWYER: TAnswers = {
  avvocato_nome: 'Luca Rossi',
  avvocato_ordine: 'Milano',
  avvocato_codice_fiscale: 'RSSMRA80A01H501U',
  avvocato_partita_iva: '01234567897',
  studio_indirizzo: 'via Manzoni 12',
  studio_cap: '20121',
  studio_comune: 'Milano',
  studio_provincia: 'MI',
  avvocato_pec: 'studio.rossi@pec.ordineavvocatimilano.it',
  polizza_compagnia: 'Delta Assicurazioni S.p.A.',
  polizza_numero: 'RCP-2026-118',
  polizza_massimale: '1500000.00',
  iban: 'IT60X0542811101000000123456',
};

/** (a) A woman, not a sostituto d'imposta, three phases, no AI; every optional fact skipped. */
const WOMAN: TAnswers = {
  ...LAWYER,
  avvocato_genere: 'maschile',
  avvocato_telefono: null,
  cliente_tipo: 'Persona fisica',
  cliente_nome: 'Anna',
  cliente_cognome: 'Bianchi',
  cliente_genere: 'femminile',
  cliente_luogo_nascita: 'Roma',
  cliente_data_nascita: '1985-04-03',
  cliente_codice_fiscale: 'BNCNNA85D43H501J',
  cliente_indirizzo: 'via Tasso 4',
  cliente_cap: '24121',
  cliente_comune: 'Bergamo',
  cliente_provincia: 'BG',
  cliente_email: 'anna.bianchi@example.it',
  cliente_pec: null,
  sostituto_imposta: 'No',
  oggetto: 'una causa di risarcimento del danno da sinistro stradale',
  tipo_incarico: 'Giudiziale',
  autorita: null,
  controparte: null,
  fasi: [
    { descrizione: 'Studio della controversia', compenso: '1000.00' },
    { descrizione: 'Fase introduttiva del giudizio', compenso: '500.00' },
    { descrizione: 'Fase decisionale', compenso: '250.50' },
  ],
  acconto: null,
  pagamento: 'Al termine di ciascuna fase',
  dpo_email: null,
  ia_uso: 'Nessuno',
};

/** (b) A company with a man as legale rappresentante, a sostituto d'imposta, one phase, two AI systems. */
const COMPANY: TAnswers = {
  ...LAWYER,
  avvocato_genere: 'femminile',
  avvocato_nome: 'Giulia Rossi',
  avvocato_telefono: '+390212345678',
  cliente_tipo: 'Persona giuridica',
  cliente_denominazione: 'Alfa Costruzioni S.r.l.',
  cliente_partita_iva: '12345678903',
  cliente_codice_fiscale: '12345678903',
  cliente_indirizzo: 'corso Buenos Aires 20',
  cliente_cap: '20124',
  cliente_comune: 'Milano',
  cliente_provincia: 'MI',
  cliente_email: 'amministrazione@alfacostruzioni.it',
  cliente_pec: 'alfacostruzioni@pec.it',
  rappresentante_nome: 'Marco',
  rappresentante_cognome: 'Neri',
  rappresentante_genere: 'maschile',
  rappresentante_qualifica: 'amministratore unico',
  sostituto_imposta: 'Sì',
  oggetto: 'una trattativa per il recupero di un credito verso un fornitore',
  tipo_incarico: 'Stragiudiziale',
  controparte: 'Beta Forniture S.p.A.',
  fasi: [{ descrizione: 'Assistenza stragiudiziale e trattativa', compenso: '3000.00' }],
  acconto: '500.00',
  pagamento: 'A incarico concluso',
  dpo_email: 'dpo@studiorossi.it',
  ia_uso: 'Uno o più sistemi',
  ia_sistemi: [
    { nome: 'Copilot', fornitore: 'Microsoft', finalita: 'sintesi di documenti lunghi' },
    { nome: 'Lexia', fornitore: 'Lexia S.r.l.', finalita: 'ricerca di giurisprudenza' },
  ],
  ia_dati: 'No, solo testi senza dati personali',
};

type Rendered = { name: string; docx: Buffer; text: string };

function renderSet(answers: TAnswers): Rendered[] {
  return masters.map(({ name, master }) => {
    const docx = renderDocx(master, answers, { questions: source.questions, now: NOW });
    return { name, docx, text: extractDocumentText(docx) };
  });
}

function documentNamed(set: Rendered[], name: string): string {
  const found = set.find((document) => document.name === name);
  if (!found) throw new Error(`no document «${name}»`);
  return found.text;
}

describe('Conferimento di incarico professionale: four documents from one interview', () => {
  it('has up-to-date generated files, in the set the seed publishes', () => {
    expect(DEMO_TEMPLATES).toContain(source);
    const rebuilt = buildDemoTemplateFiles(source);
    for (const [name, bytes] of Object.entries(rebuilt)) {
      expect(bytes.equals(read(name)), name).toBe(true);
    }
    expect(masters.map(({ name, order }) => [order, name])).toEqual([
      [1, 'Lettera di incarico'],
      [2, 'Preventivo scritto'],
      [3, 'Informativa privacy'],
      [4, 'Informativa sull’uso di sistemi di intelligenza artificiale'],
    ]);
    expect(manifest).toMatchObject({
      name: 'Conferimento di incarico professionale',
      price_cents: 3900,
    });
  });

  it('lints the four masters together: no error, no question unused by all of them', () => {
    const unusedIn = masters.map(({ master, preview }) => {
      const { errors, warnings } = lintTemplate({
        master,
        ...(preview ? { preview } : {}),
        questions: source.questions,
      });
      expect(errors).toEqual([]);
      return new Set(warnings);
    });
    const unusedBySet = source.questions
      .map((question) => messages.documents.lint.unusedQuestion(question.variable))
      .filter((warning) => unusedIn.every((warnings) => warnings.has(warning)));
    expect(unusedBySet).toEqual([]);
    // Any other warning (a word outside the agreement dictionary, a blank) would show here too.
    const unusedWarnings = new Set(
      source.questions.map((question) => messages.documents.lint.unusedQuestion(question.variable)),
    );
    const others = unusedIn.flatMap((warnings) =>
      [...warnings].filter((warning) => !unusedWarnings.has(warning)),
    );
    expect(others).toEqual([]);
  });

  it.each([
    ['a woman, no sostituto d’imposta, three phases', WOMAN],
    ['a company represented by a man, sostituto d’imposta, one phase', COMPANY],
  ])('asks every question and leaves no blank for %s', (_label, answers) => {
    expect(validateAnswers(source.questions, answers)).toEqual([]);
    expect(findNextQuestion(source.questions, answers)).toBeNull();
    for (const { name, docx, text } of renderSet(answers)) {
      expect(findBlanks(docx), name).toEqual([]);
      expect(text, name).not.toMatch(/\bundefined\b|\bnull\b|NaN|[{}]/);
      // Apostrophes are typographic throughout, also those the agreement writes.
      expect(text, name).not.toContain("'");
      expect(/( {2}| [,.;:)]|\( |,,|\.\.)/.exec(text)?.[0], name).toBeUndefined();
    }
  });

  it('leaves no blank, glitch or straight apostrophe whatever any choice, and with any optional fact given or skipped', () => {
    /** A value for every typed question: both engagements' facts, and the optional ones given. */
    const facts: TAnswers = {
      ...WOMAN,
      ...COMPANY,
      autorita: 'Tribunale di Milano',
      cliente_genere: 'maschile',
      rappresentante_genere: 'femminile',
    };
    const tries: { variable: string; value: TAnswerValue }[] = [];
    for (const question of source.questions) {
      if (question.type === undefined || question.type === 'scelta') {
        for (const option of question.options)
          tries.push({ variable: question.variable, value: option });
      } else if (question.obbligatoria === false) {
        tries.push({ variable: question.variable, value: null });
        tries.push({ variable: question.variable, value: facts[question.variable] ?? null });
      }
    }
    const problems: string[] = [];
    const reached = new Set<string>();
    // Every other choice takes its first option, then its last (a company, AI systems in use).
    for (const pick of [0, -1]) {
      for (const target of tries) {
        const answers: TAnswers = {};
        for (let next = findNextQuestion(source.questions, answers); next; ) {
          const { variable } = next;
          answers[variable] =
            variable === target.variable
              ? target.value
              : next.type === undefined || next.type === 'scelta'
                ? (next.options.at(pick) ?? null)
                : (facts[variable] ?? null);
          next = findNextQuestion(source.questions, answers);
        }
        const label = `${target.variable} = ${JSON.stringify(target.value)}`;
        if (!(target.variable in answers)) continue;
        reached.add(label);
        expect(validateAnswers(source.questions, answers), label).toEqual([]);
        for (const { name, docx, text } of renderSet(answers)) {
          if (findBlanks(docx).length > 0) problems.push(`${label}, ${name}: blank`);
          const glitch = /( {2}| [,.;:)]|\( |,,|\.\.|\bundefined\b|\bnull\b|[{}']|\n\s*\n)/.exec(
            text,
          );
          if (glitch) problems.push(`${label}, ${name}: «${glitch[0]}»`);
        }
      }
    }
    expect(
      tries.filter(({ variable, value }) => !reached.has(`${variable} = ${JSON.stringify(value)}`)),
    ).toEqual([]);
    expect(tries.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
    // About 300 renders: a loaded CI machine needs more than the default 20 s.
  }, 240_000);

  it('computes the preventivo of three phases without ritenuta, in figures and in words', () => {
    const text = documentNamed(renderSet(WOMAN), 'Preventivo scritto');
    for (const line of [
      '1. Studio della controversia: euro 1.000,00',
      '2. Fase introduttiva del giudizio: euro 500,00',
      '3. Fase decisionale: euro 250,50',
      'Compenso per le fasi: euro 1.750,50 (millesettecentocinquanta/50)',
      'Rimborso forfettario spese generali 15%: euro 262,58 (duecentosessantadue/58)',
      'Contributo previdenziale (CPA) 4% su euro 2.013,08: euro 80,52 (ottanta/52)',
      'IVA 22% su euro 2.093,60: euro 460,59 (quattrocentosessanta/59)',
      'Totale documento: euro 2.554,19 (duemilacinquecentocinquantaquattro/19)',
      'Netto a pagare: euro 2.554,19 (duemilacinquecentocinquantaquattro/19); la Cliente non è sostituto d’imposta',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('Ritenuta');
    expect(text).not.toContain('Acconto');
  });

  it('computes the preventivo of one phase with the ritenuta d’acconto of a sostituto d’imposta', () => {
    const text = documentNamed(renderSet(COMPANY), 'Preventivo scritto');
    for (const line of [
      '1. Assistenza stragiudiziale e trattativa: euro 3.000,00',
      'Compenso per le fasi: euro 3.000,00 (tremila/00)',
      'Rimborso forfettario spese generali 15%: euro 450,00 (quattrocentocinquanta/00)',
      'Contributo previdenziale (CPA) 4% su euro 3.450,00: euro 138,00 (centotrentotto/00)',
      'IVA 22% su euro 3.588,00: euro 789,36 (settecentottantanove/36)',
      'Totale documento: euro 4.377,36 (quattromilatrecentosettantasette/36)',
      'Ritenuta d’acconto 20% su euro 3.450,00: euro 690,00 (seicentonovanta/00), trattenuta dal Cliente',
      'Netto a pagare: euro 3.687,36 (tremilaseicentottantasette/36)',
      'Acconto richiesto alla firma: euro 500,00 (cinquecento/00), detratto dal compenso finale.',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('names the client in her or its own agreement in the lettera di incarico', () => {
    const woman = documentNamed(renderSet(WOMAN), 'Lettera di incarico');
    expect(woman).toContain(
      'La sottoscritta Anna Bianchi, nata a Roma il 3 aprile 1985, codice fiscale BNCNNA85D43H501J, residente in via Tasso 4, 24121 Bergamo (BG), indirizzo e-mail anna.bianchi@example.it (di seguito, la Cliente),',
    );
    expect(woman).toContain('conferisce all’Avv. Luca Rossi');
    expect(woman).toContain('iscritto all’Albo degli Avvocati di Milano');
    expect(woman).toContain('La Cliente può revocare l’incarico');
    expect(woman).toContain('L’attività è giudiziale; la procura alle liti');
    expect(woman).not.toContain('controparte');
    expect(woman).not.toContain('PEC null');
    expect(woman).toContain(
      'Quando la Cliente agisce come consumatore, resta ferma la competenza del giudice del luogo della sua residenza.',
    );

    const company = documentNamed(renderSet(COMPANY), 'Lettera di incarico');
    expect(company).toContain(
      'La società Alfa Costruzioni S.r.l., con sede in corso Buenos Aires 20, 20124 Milano (MI), codice fiscale 12345678903, partita IVA 12345678903, indirizzo e-mail amministrazione@alfacostruzioni.it, PEC alfacostruzioni@pec.it, in persona di Marco Neri, amministratore unico, munito dei necessari poteri (di seguito, il Cliente),',
    );
    expect(company).toContain('iscritta all’Albo degli Avvocati di Milano');
    expect(company).not.toContain('consumatore');
    expect(company).toContain('(di seguito, l’Avvocata)');
    expect(company).toContain(
      'La controparte è Beta Forniture S.p.A.; l’Avvocata dichiara di non trovarsi',
    );
    expect(company).toContain(
      'Il Cliente versa alla firma un acconto di euro 500,00 (cinquecento/00)',
    );
    expect(company).toContain('Il compenso complessivo per le fasi previste è di euro 3.000,00');
    expect(company).toContain('Per il Cliente: Alfa Costruzioni S.r.l., in persona di Marco Neri');
  });

  it('says «nessuno» or names each AI system and its use in the AI informativa', () => {
    const none = documentNamed(
      renderSet(WOMAN),
      'Informativa sull’uso di sistemi di intelligenza artificiale',
    );
    expect(none).toContain('l’Avvocato non utilizza alcun sistema di intelligenza artificiale');
    expect(none).not.toContain('fornito da');
    expect(none).not.toContain('Dati della Cliente');

    const named = documentNamed(
      renderSet(COMPANY),
      'Informativa sull’uso di sistemi di intelligenza artificiale',
    );
    expect(named).toContain('l’Avvocata utilizza i seguenti sistemi di intelligenza artificiale:');
    expect(named).toContain('Copilot, fornito da Microsoft: sintesi di documenti lunghi.');
    expect(named).toContain('Lexia, fornito da Lexia S.r.l.: ricerca di giurisprudenza.');
    expect(named).toContain('vi sono inseriti soltanto testi privi di tali dati');
    expect(named).not.toContain('non utilizza alcun sistema');
  });

  it('names the lawyer as titolare in the privacy informativa, with the DPO only when given', () => {
    const woman = documentNamed(renderSet(WOMAN), 'Informativa privacy');
    expect(woman).toContain('Titolare del trattamento è l’Avv. Luca Rossi');
    expect(woman).toContain(
      'anna.bianchi@example.it (di seguito, la Cliente) riceve le informazioni che seguono.',
    );
    expect(woman).toContain('La Cliente ha il diritto di proporre reclamo al Garante');
    expect(woman).not.toContain('responsabile della protezione dei dati');
    const company = documentNamed(renderSet(COMPANY), 'Informativa privacy');
    expect(company).toContain(
      'Il responsabile della protezione dei dati è raggiungibile all’indirizzo dpo@studiorossi.it.',
    );
  });

  it('maps each party question to a client-register field of the same type, so a client fills them validly', () => {
    for (const [variable, path] of Object.entries(CLIENT_FIELD_OF)) {
      const question = source.questions.find((each) => each.variable === variable);
      const field = findPartyField(path);
      expect(question, variable).toBeDefined();
      expect(field, path).toBeDefined();
      if (question && field) expect(isCompatible(question, field), variable).toBe(true);
      expect(question?.parte, variable).toEqual({ ruolo: 'cliente', campo: path });
    }

    /** The answers a client record gives, as the register stores it (checked and canonical). */
    const fromRegister = (input: TClientInput): TAnswers => {
      const client = ZClientInput.parse(input);
      const values: Record<string, string> = {
        ...client.dati,
        ...Object.fromEntries(
          Object.entries(
            ('legale_rappresentante' in client && client.legale_rappresentante) || {},
          ).map(([key, value]) => [`${LEGAL_REPRESENTATIVE}.${key}`, value]),
        ),
      };
      const answers: TAnswers = { cliente_tipo: CLIENT_KIND_OPTION[client.tipo] };
      for (const [variable, path] of Object.entries(CLIENT_FIELD_OF)) {
        if (values[path] !== undefined) answers[variable] = values[path];
      }
      return answers;
    };
    const person = fromRegister({
      tipo: 'persona_fisica',
      dati: {
        nome: 'Anna',
        cognome: 'Bianchi',
        genere: 'femminile',
        codice_fiscale: 'bncnna85d43h501j',
        luogo_nascita: 'Roma',
        data_nascita: '03/04/1985',
        indirizzo: 'via Tasso 4',
        cap: '24121',
        comune: 'Bergamo',
        provincia: 'bg',
        email: 'anna.bianchi@example.it',
      },
    });
    const company = fromRegister({
      tipo: 'persona_giuridica',
      dati: {
        denominazione: 'Alfa Costruzioni S.r.l.',
        partita_iva: '12345678903',
        codice_fiscale: '12345678903',
        indirizzo: 'corso Buenos Aires 20',
        cap: '20124',
        comune: 'Milano',
        provincia: 'MI',
        email: 'amministrazione@alfacostruzioni.it',
        pec: 'alfacostruzioni@pec.it',
      },
      legale_rappresentante: { nome: 'Marco', cognome: 'Neri', genere: 'maschile' },
    });
    for (const [base, fromClient] of [
      [WOMAN, person],
      [COMPANY, company],
    ] as const) {
      // Every fact the register holds is the one typed by hand, in the same canonical form.
      expect({ ...base, ...fromClient }).toEqual(base);
      expect(validateAnswers(source.questions, { ...base, ...fromClient })).toEqual([]);
    }
  });

  it('previews the lettera with the same text under an ANTEPRIMA watermark (the companions preview from their masters)', () => {
    const [lettera] = masters;
    if (!lettera?.preview) throw new Error('the lettera has no preview file');
    const options = { questions: source.questions, now: NOW };
    const renderedPreview = renderDocx(lettera.preview, COMPANY, options);
    expect(extractDocumentText(renderedPreview)).toBe(
      extractDocumentText(renderDocx(lettera.master, COMPANY, options)),
    );
    const header = new PizZip(renderedPreview).file('word/header1.xml')?.asText() ?? '';
    expect(header).toContain('string="ANTEPRIMA"');
    expect(header).toContain(PREVIEW_NOTICE);
    expect(new PizZip(lettera.master).file('word/header1.xml')?.asText()).not.toContain(
      'ANTEPRIMA',
    );
  });

  describe('through LibreOffice', () => {
    const pool = createPdfPool({ size: 1 });
    afterAll(() => pool.close());

    it('converts the rendered preventivo to a PDF that opens with its figures', async () => {
      const preventivo = renderSet(COMPANY).find(
        (document) => document.name === 'Preventivo scritto',
      );
      if (!preventivo) throw new Error('no preventivo');
      const pdf = await pool.convertDocxToPdf(preventivo.docx);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await pdfText(pdf);
      expect(text).toContain('Netto a pagare');
      expect(text).toContain('3.687,36');
    }, 120_000);
  });
});
