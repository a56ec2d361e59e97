/**
 * Test helpers for templates: multipart bodies as a browser sends them, the sample contract's
 * files, and a template created through the API (upload-master, then POST /template).
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildDocx, SAMPLE_QUESTIONS } from '../../documents/test-docx.ts';
import type { TestContext } from '../../test/context.ts';
import type { TestUser } from '../../test/factories.ts';

type Caller = Pick<TestUser, 'id' | 'role'>;

export type MultipartPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body and its content type, for `app.inject`. */
export function buildMultipart(parts: MultipartPart[]): {
  payload: Buffer;
  headers: { 'content-type': string };
} {
  const boundary = `----lexpath${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The questions of the sample contract: a lease or a sale, a deposit for leases, services. */
export const TEST_QUESTIONS = SAMPLE_QUESTIONS;

/** A master using every question; `marker` makes its bytes (and so its stored file) unique. */
export function buildTestMaster(marker = 'A'): Buffer {
  return buildDocx([
    `CONTRATTO ${marker}`,
    'Tra {nome_cliente} e la controparte.',
    '{#tipo == "Locazione"}',
    'Deposito cauzionale: {deposito}.',
    '{/}',
    'Servizi inclusi: {servizi}.',
  ]);
}

export function buildTestPreview(marker = 'A'): Buffer {
  return buildDocx([`ANTEPRIMA ${marker}`, 'Tra {nome_cliente} e la controparte.']);
}

export type UploadInput = {
  questions?: unknown;
  master?: { filename: string; content: Buffer } | null;
  preview?: { filename: string; content: Buffer } | null;
  fields?: Record<string, string>;
};

/** POST /api/template/upload-master as the master screen sends it. */
export function uploadMaster(
  ctx: TestContext,
  as: Caller,
  input: UploadInput = {},
): Promise<LightMyRequestResponse> {
  const parts: MultipartPart[] = [
    { name: 'questions', value: JSON.stringify(input.questions ?? TEST_QUESTIONS) },
  ];
  const master =
    input.master === undefined
      ? { filename: 'Contratto.docx', content: buildTestMaster() }
      : input.master;
  const preview =
    input.preview === undefined
      ? { filename: 'Contratto - anteprima.docx', content: buildTestPreview() }
      : input.preview;
  if (master) parts.push({ name: 'master', ...master });
  if (preview) parts.push({ name: 'preview', ...preview });
  for (const [name, value] of Object.entries(input.fields ?? {})) parts.push({ name, value });
  return ctx.injectAs(as)({
    method: 'POST',
    url: '/api/template/upload-master',
    ...buildMultipart(parts),
  });
}

export type CreatedTemplate = {
  id: string;
  file_name: string;
  preview_name: string;
  master: Buffer;
  preview: Buffer;
};

/**
 * A template made the way the master screen makes it: upload the files (unique to `marker`),
 * then create. Returns the created template's id and its stored file names.
 */
export async function createTemplateViaApi(
  ctx: TestContext,
  as: Caller,
  options: {
    categoryId: string;
    marker?: string;
    body?: Record<string, unknown>;
    questions?: unknown;
    /** A master of the test's own; `buildTestMaster(marker)` when omitted. */
    master?: Buffer;
    /** A preview of the test's own; `buildTestPreview(marker)` when omitted. */
    preview?: Buffer;
  },
): Promise<CreatedTemplate> {
  const marker = options.marker ?? Math.random().toString(36).slice(2);
  const master = options.master ?? buildTestMaster(marker);
  const preview = options.preview ?? buildTestPreview(marker);
  const upload = await uploadMaster(ctx, as, {
    questions: options.questions,
    master: { filename: `Master ${marker}.docx`, content: master },
    preview: { filename: `Anteprima ${marker}.docx`, content: preview },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  const { file_name, preview_name } = upload.json().data;
  const response = await ctx.injectAs(as)({
    method: 'POST',
    url: '/api/template',
    payload: {
      name: `Contratto ${marker}`,
      description: 'Un contratto di prova.',
      categoryId: options.categoryId,
      price: '49,90',
      stripe_url: 'https://buy.stripe.com/test_123',
      json_questions: options.questions ?? TEST_QUESTIONS,
      file_name,
      preview_name,
      ...options.body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().data.id, file_name, preview_name, master, preview };
}
