import { ROLES, it as text } from '@lexpath/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx } from '../../documents/test-docx.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { buildMultipart } from '../templates/test-templates.ts';

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

function inspect(as: TestUser, filename: string, content: Buffer): Promise<LightMyRequestResponse> {
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/template/inspect-blanks',
    ...buildMultipart([{ name: 'master', filename, content }]),
  });
}

/** A small form as an office writes one: a person's details, a yes/no box pair, place and date. */
const FORM = buildDocx([
  'Il sottoscritto ______________ nato a ______________ il ___/___/______',
  'C.F. ________________ residente in ______________ (Prov. ____) CAP ______',
  'Elegge domicilio presso lo studio ☐ sì ☐ no',
  'Milano, lì ____________ Firma ________________',
]);

describe('POST /api/template/inspect-blanks', () => {
  it('answers each blank of the form with its proposed question, type and variable', async () => {
    const response = await inspect(editor, 'Modulo.docx', FORM);

    expect(response.statusCode, response.body).toBe(200);
    const blanks = response.json().data.blanks as {
      id: string;
      kind: string;
      text: string;
      proposal: { variable: string; question: string; type: string; option?: string } | null;
    }[];
    expect(
      blanks.map((blank) => [
        blank.id,
        blank.kind,
        blank.proposal && [blank.proposal.variable, blank.proposal.question, blank.proposal.type],
      ]),
    ).toEqual([
      ['word/document.xml#0.0', 'underscores', ['nome_cognome', 'Nome e cognome', 'testo']],
      ['word/document.xml#0.1', 'underscores', ['luogo_nascita', 'Luogo di nascita', 'testo']],
      ['word/document.xml#0.2', 'underscores', ['data_nascita', 'Data di nascita', 'data']],
      [
        'word/document.xml#1.0',
        'underscores',
        ['codice_fiscale', 'Codice fiscale', 'codice_fiscale'],
      ],
      [
        'word/document.xml#1.1',
        'underscores',
        ['comune_residenza', 'Comune di residenza', 'testo'],
      ],
      ['word/document.xml#1.2', 'underscores', ['provincia', 'Provincia', 'provincia']],
      ['word/document.xml#1.3', 'underscores', ['cap', 'CAP', 'cap']],
      [
        'word/document.xml#2.0',
        'checkbox',
        ['elegge_domicilio_presso_studio', 'Elegge domicilio presso lo studio', 'scelta'],
      ],
      [
        'word/document.xml#2.1',
        'checkbox',
        ['elegge_domicilio_presso_studio', 'Elegge domicilio presso lo studio', 'scelta'],
      ],
      ['word/document.xml#3.0', 'underscores', ['data', 'Data', 'data']],
      ['word/document.xml#3.1', 'underscores', null],
    ]);
    expect(blanks[7]?.proposal).toMatchObject({
      options: ['sì', 'no'],
      multiple: false,
      option: 'sì',
    });
    expect(blanks[8]?.proposal).toMatchObject({ option: 'no' });
    expect(blanks[0]).toMatchObject({
      part: 'corpo',
      text: '______________',
      whole: 'Il sottoscritto ______________ nato a ______________ il ___/___/______',
      at: 16,
    });
  });

  it('is open to admins too', async () => {
    const response = await inspect(admin, 'Modulo.docx', FORM);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.blanks).toHaveLength(11);
  });

  it('refuses a lawyer with 403, whatever the body', async () => {
    const response = await inspect(lawyer, 'Modulo.docx', FORM);
    expect(response.statusCode).toBe(403);
  });

  it('refuses a file that is not a .docx with 400 and the upload’s Italian message', async () => {
    const response = await inspect(editor, 'nota.txt', Buffer.from('Il sottoscritto ______'));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Master: è necessario inserire un file .docx');
    expect(response.json().message).toBe(
      `${text.documents.fileNames.master}: ${text.templates.docxRequired.charAt(0).toLowerCase()}${text.templates.docxRequired.slice(1)}`,
    );
  });

  it('refuses a PDF renamed .docx as the upload does, with the guard’s Italian message', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n');
    const response = await inspect(editor, 'Modulo.docx', pdf);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Master: il file non è un documento Word (.docx).');
  });

  it('answers 400 when no master is sent', async () => {
    const response = await ctx.injectAs(editor)({
      method: 'POST',
      url: '/api/template/inspect-blanks',
      ...buildMultipart([{ name: 'note', value: 'niente' }]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Master: è necessario inserire un file .docx');
  });
});
