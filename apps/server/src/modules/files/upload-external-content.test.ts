import { ROLES, it as text } from '@lexpath/shared';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdfPool, type PdfPool } from '../../documents/pdf-pool.ts';
import { startLinkTarget } from '../../documents/test-external-docx.ts';
import { countPdfImages } from '../../documents/test-pdf.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';
import { requireTool } from '../../test/tools.ts';
import { buildTestMaster, uploadMaster } from '../templates/test-templates.ts';
import { readFileBytes, sha256OfStoredName } from './files.service.ts';

const soffice = requireTool('soffice');

let ctx: TestContext;
let editor: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  editor = await ctx.buildUser({ role: ROLES.editor });
});

afterAll(async () => {
  await ctx.close();
});

describe.skipIf(!soffice)('POST /api/template/upload-master with linked content', () => {
  let pool: PdfPool;

  beforeAll(async () => {
    pool = createPdfPool({ size: 1 });
    await pool.warmUp();
  }, 60_000);

  afterAll(async () => {
    await pool?.close();
  });

  it('stores the preview without what it linked, warns the editor, and its PDF fetches nothing', async () => {
    const target = await startLinkTarget();
    try {
      for (const [index, [name, linked]] of target.documents.entries()) {
        const response = await uploadMaster(ctx, editor, {
          master: {
            filename: `Master link ${index}.docx`,
            content: buildTestMaster(`link${index}`),
          },
          preview: { filename: `Anteprima link ${index}.docx`, content: linked },
        });
        expect(response.statusCode, response.body).toBe(200);
        const { preview_name, warnings } = response.json().data;
        const removal = (warnings as string[]).filter((warning) =>
          warning.startsWith(`${text.documents.fileNames.preview}: rimossi i contenuti collegati`),
        );
        // An attached template changes nothing the lawyer reads: removed without a warning.
        expect(removal, name).toHaveLength(name === 'attached template' ? 0 : 1);

        const stored = await readFileBytes(ctx.db, sha256OfStoredName(preview_name) as string);
        const xml = Object.values(new PizZip(stored).files)
          .map((file) => file.asText())
          .join('');
        expect(xml, name).not.toMatch(/127\.0\.0\.1|riservato\.png|INCLUDEPICTURE/);
        const pdf = await pool.convertDocxToPdf(stored);
        expect(countPdfImages(pdf), name).toBe(0);
      }
      expect(target.requests).toEqual([]);
    } finally {
      await target.close();
    }
  }, 60_000);
});
