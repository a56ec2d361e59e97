import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ROLES, it as text } from '@lexpath/shared';
import type { TBlankChoice } from '@lexpath/shared/schemas/blank-conversion';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { findBlanks } from '../../documents/blank-finder.ts';
import { extractDocumentText } from '../../documents/render.ts';
import { buildDocx } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { buildMultipart, uploadMaster } from '../templates/test-templates.ts';

let ctx: TestContext;
let admin: TestUser;
let editor: TestUser;
let lawyer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  [admin, editor, lawyer] = await Promise.all([
    ctx.buildUser({ role: ROLES.admin }),
    ctx.buildUser({ role: ROLES.editor }),
    ctx.buildUser(),
  ]);
});

afterAll(async () => {
  await ctx.close();
});

async function countFiles(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

/** A real form of the corpus: a legal-aid application (form fields, lines, gender forms). */
const REAL_FORM = readFileSync(
  fileURLToPath(
    new URL('../../documents/corpus/real/domanda-patrocinio/document.docx', import.meta.url),
  ),
);

function convert(
  as: TestUser,
  master: { filename: string; content: Buffer } | null,
  choices: unknown,
) {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/template/convert-blanks',
    ...buildMultipart([
      ...(master ? [{ name: 'master', ...master }] : []),
      { name: 'choices', value: typeof choices === 'string' ? choices : JSON.stringify(choices) },
    ]),
  });
}

describe('POST /api/template/convert-blanks', () => {
  it('answers the converted master and its questions, which upload-master then accepts', async () => {
    const blanks = findBlanks(REAL_FORM);
    const choices: TBlankChoice[] = blanks.map((blank, index): TBlankChoice => {
      if (index === 0) return { id: blank.id, skip: true };
      if (blank.kind === 'gender') {
        return {
          id: blank.id,
          proposal: { variable: 'richiedente', question: 'Richiedente', type: 'elenco' },
        };
      }
      return {
        id: blank.id,
        proposal: { variable: `dato_${index}`, question: `Dato ${index}`, type: 'testo' },
      };
    });
    const before = await countFiles();
    const response = await convert(
      editor,
      { filename: 'Domanda patrocinio.docx', content: REAL_FORM },
      choices,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await countFiles()).toBe(before);
    const { master, fileName, questions, skipped } = response.json().data;
    expect(fileName).toBe('Domanda patrocinio.docx');
    expect(skipped).toEqual([blanks[0]?.id]);
    const converted = Buffer.from(master, 'base64');
    // Only the skipped blank is left.
    expect(findBlanks(converted).map((blank) => blank.text)).toEqual([blanks[0]?.text]);
    // The first text blank (after the gender endings, which a party's question takes).
    const first = blanks.findIndex((blank, index) => index > 0 && blank.kind !== 'gender');
    expect(extractDocumentText(converted)).toContain(`{dato_${first}}`);
    expect(
      questions.find((question: { variable: string }) => question.variable === `dato_${first}`),
    ).toEqual({
      variable: `dato_${first}`,
      question: `Dato ${first}`,
      type: 'testo',
      required_answers: [],
    });
    const upload = await uploadMaster(ctx, admin, {
      questions,
      master: { filename: fileName, content: converted },
      preview: null,
    });
    expect(upload.statusCode, upload.body).toBe(200);
  });

  it('refuses an id the master does not have, and a variable that is not snake_case (400)', async () => {
    const master = { filename: 'Modulo.docx', content: buildDocx(['Nome ________']) };
    const unknown = await convert(editor, master, [{ id: 'word/document.xml#7.0', skip: true }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(text.blankConversion.unknownBlank('word/document.xml#7.0'));
    const [blank] = findBlanks(master.content);
    const badName = await convert(editor, master, [
      { id: blank?.id, proposal: { variable: 'Nome cliente', question: 'Nome', type: 'testo' } },
    ]);
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe(text.blankConversion.variableInvalid('Nome cliente'));
    const notJson = await convert(editor, master, '[{');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toBe(text.blankConversion.choicesNotJson);
    const noMaster = await convert(editor, null, []);
    expect(noMaster.statusCode).toBe(400);
    expect(noMaster.json().message).toBe(text.blankConversion.masterRequired);
  });

  it('refuses a file that is not a .docx as upload-master does (422)', async () => {
    const response = await convert(
      editor,
      { filename: 'Modulo.pdf', content: Buffer.from('%PDF-1.4') },
      [],
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(
      `Master: ${text.templates.docxRequired.charAt(0).toLowerCase()}${text.templates.docxRequired.slice(1)}`,
    );
  });

  it('is for admins and editors only: a lawyer gets 403, a visitor 401', async () => {
    const master = { filename: 'Modulo.docx', content: buildDocx(['Nome ________']) };
    expect((await convert(lawyer, master, [])).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/template/convert-blanks',
      ...buildMultipart([{ name: 'choices', value: '[]' }]),
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
