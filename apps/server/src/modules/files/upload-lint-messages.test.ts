import { ROLES, it as text } from '@lexpath/shared';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { buildDocx, mergeFieldParagraph } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { TEST_QUESTIONS, uploadMaster } from '../templates/test-templates.ts';

/**
 * What an editor reads after uploading a master written with Word habits (issue 12, items 2, 3
 * and 6): each message names the file and the part of the document, and quotes the tag.
 */

let ctx: TestContext;
let editor: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  editor = await ctx.buildUser({ role: ROLES.editor });
});

afterAll(async () => {
  await ctx.close();
});

const lint = text.documents.lint;
const { fileNames, lintPlace, lintParts, lintProblem } = text.documents;
const USES_ALL = 'Tra {nome_cliente} e la controparte: {tipo}, {deposito == "Sì"}, {servizi}.';

async function countFiles(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

describe('POST /api/template/upload-master: lint messages an editor can act on', () => {
  it('refuses bare sections, member access and double braces, naming file, part and tag (422)', async () => {
    const before = await countFiles();
    const footer = '{#deposito}Deposito versato.{/}';
    const master = buildDocx([USES_ALL, 'Il cliente {{ nome_cliente }} firma.'], {
      header: ['Pratica {nome_cliente.cognome}'],
      footer: [footer],
    });
    const preview = buildDocx(['ANTEPRIMA', USES_ALL, 'Il cliente {{ nome_cliente }} firma.']);

    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'Habits.docx', content: master },
      preview: { filename: 'Habits anteprima.docx', content: preview },
    });

    expect(response.statusCode).toBe(422);
    // In reading order: the header, the body, the footer.
    expect(response.json().message).toEqual([
      lintProblem(
        lintPlace([fileNames.master], lintParts.header),
        '{nome_cliente.cognome}',
        lint.memberAccess('nome_cliente.cognome', 'nome_cliente'),
        'Pratica {nome_cliente.cognome}',
      ),
      lintProblem(
        lintPlace([fileNames.master, fileNames.preview], lintParts.body),
        '{{ nome_cliente }}',
        lint.doubleBraces('nome_cliente'),
        'Il cliente {{ nome_cliente }} firma.',
      ),
      lintProblem(
        lintPlace([fileNames.master], lintParts.footer),
        '{#deposito}',
        lint.bareSection('deposito', 'Sì', ['Sì', 'No']),
        footer,
      ),
    ]);
    expect(response.json().message[2]).toContain('Usa {#deposito == "Sì"}');
    expect(await countFiles()).toBe(before);
  });

  it('names a footnote and the document properties as the place of a tag', async () => {
    const master = buildDocx([USES_ALL], {
      footnote: ['Vedi {nota_ignota}.'],
      title: 'Contratto {titolo_ignoto}',
    });
    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'Note.docx', content: master },
      preview: { filename: 'Note anteprima.docx', content: buildDocx(['ANTEPRIMA', USES_ALL]) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(
      expect.arrayContaining([
        lintProblem(
          lintPlace([fileNames.master], lintParts.note),
          '{nota_ignota}',
          lint.unknownVariable('nota_ignota'),
          'Vedi {nota_ignota}.',
        ),
        `Master, proprietà del documento, tag «{titolo_ignoto}»: ${lint.unknownVariable('titolo_ignoto')}.`,
      ]),
    );
  });

  it('stores a master with mail-merge fields and a loop without {.}, answering the warnings', async () => {
    const loop = '{#servizi}Servizio compreso.{/servizi}';
    const master = buildDocx([USES_ALL, loop, 'Firma di «NOME_CLIENTE»'], {
      bodyXml: mergeFieldParagraph('Data: ', 'DATA_FIRMA'),
    });

    const response = await uploadMaster(ctx, editor, {
      master: { filename: 'Stampa unione.docx', content: master },
      preview: {
        filename: 'Stampa unione anteprima.docx',
        content: buildDocx(['ANTEPRIMA', USES_ALL]),
      },
      questions: TEST_QUESTIONS,
    });

    expect(response.statusCode, response.body).toBe(200);
    const MASTER = lintPlace([fileNames.master], lintParts.body);
    expect(response.json().data.warnings).toEqual([
      lintProblem(MASTER, '{#servizi}', lint.loopWithoutItem('servizi', 'Pulizie'), loop),
      lintProblem(
        MASTER,
        'NOME_CLIENTE',
        lint.mailMerge('nome_cliente'),
        'Firma di «NOME_CLIENTE»',
      ),
      lintProblem(MASTER, 'DATA_FIRMA', lint.mailMerge('data_firma'), 'Data: «DATA_FIRMA»'),
    ]);
  });
});
