import multipart from '@fastify/multipart';
import { it } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { ZConvertBlanksResult } from '@lexpath/shared/schemas/blank-conversion';
import { ZInspectBlanksResult } from '@lexpath/shared/schemas/blank-proposals';
import { ZDeleteMaster, ZUploadMasterResult } from '@lexpath/shared/schemas/templates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCX_LIMITS } from '../../documents/docx-guard.ts';
import { AppError } from '../../lib/app-error.ts';
import { authenticate } from '../../plugins/auth.ts';
import { allow, mayEditTemplates } from '../../policy.ts';
import { type ConvertBlanksInput, convertMasterBlanks } from './convert-blanks.service.ts';
import { deleteUnusedFile } from './files.service.ts';
import { inspectMasterBlanks } from './inspect-blanks.service.ts';
import {
  aboutFile,
  type FileRole,
  type UploadedDocx,
  type UploadMasterInput,
  uploadMaster,
} from './upload-master.service.ts';

/**
 * The multipart limits of upload-master: two .docx of at most 10 MB each (DESIGN §6), and a few
 * small text fields (the question list is the largest: 1 MB, the JSON body limit).
 */
export const UPLOAD_LIMITS = {
  fileSize: DOCX_LIMITS.maxBytes,
  files: 3,
  fields: 9,
  fieldSize: 1024 * 1024,
  parts: 10,
  fieldNameSize: 100,
  headerPairs: 20,
};

function isFileRole(name: string): name is FileRole {
  return name === 'master' || name === 'preview';
}

/** The name the browser sent, without any folder part a client may have added. */
function cleanFileName(name: string | undefined): string {
  return (name ?? '').split(/[\\/]/).pop()?.trim().slice(-255) ?? '';
}

/** @fastify/multipart and busboy errors, as the Italian answers of DESIGN §3. */
function toUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const { code, part } = error as { code?: string; part?: { fieldname?: string } };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const field = part?.fieldname ?? '';
      return new AppError(
        'tooLarge',
        isFileRole(field)
          ? aboutFile(field, it.documents.upload.tooLarge)
          : it.documents.upload.tooLarge,
        { cause: error },
      );
    }
    case 'FST_FILES_LIMIT':
      return new AppError('tooLarge', it.templates.tooManyFiles, { cause: error });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError('tooLarge', it.errors.payloadTooLarge, { cause: error });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupportedMediaType', it.templates.multipartExpected, { cause: error });
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('invalid', it.templates.questionsNotJson, { cause: error });
    default:
      // Malformed multipart (busboy): the request, not the server, is at fault.
      return new AppError('invalid', it.errors.badRequest, { cause: error });
  }
}

/**
 * Reads a multipart request whole (it is small: files of at most 10 MB): each file of an
 * accepted field name as name and bytes, each text field as its value. Another file is refused;
 * an empty file input (no file chosen) counts as absent.
 */
async function readParts<F extends string>(
  request: FastifyRequest,
  isFileField: (name: string) => name is F,
): Promise<{ files: Partial<Record<F, UploadedDocx>>; fields: Map<string, unknown> }> {
  const files: Partial<Record<F, UploadedDocx>> = {};
  const fields = new Map<string, unknown>();
  try {
    for await (const part of request.parts({ limits: UPLOAD_LIMITS })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (!isFileField(part.fieldname)) {
          throw new AppError('invalid', it.templates.unexpectedField(part.fieldname));
        }
        const name = cleanFileName(part.filename);
        if (name === '' && bytes.length === 0) continue;
        files[part.fieldname] = { name, bytes };
        continue;
      }
      if (part.valueTruncated) throw new AppError('tooLarge', it.errors.payloadTooLarge);
      fields.set(part.fieldname, part.value);
    }
  } catch (error) {
    throw toUploadError(error);
  }
  return { files, fields };
}

function isUploadField(name: string): name is FileRole | 'document' {
  return isFileRole(name) || name === 'document';
}

/**
 * upload-master's fields: `questions`, `master`, `preview`, `file_name`, `preview_name`, and for
 * a document set `documents` and a companion's new file `document`.
 */
async function readUploadMaster(request: FastifyRequest): Promise<UploadMasterInput> {
  const { files, fields } = await readParts(request, isUploadField);
  const text = (name: string) => {
    const value = fields.get(name);
    return (typeof value === 'string' ? value.trim() : undefined) || undefined;
  };
  return {
    questions: fields.get('questions'),
    ...files,
    fileName: text('file_name'),
    previewName: text('preview_name'),
    documents: text('documents'),
  };
}

/** convert-blanks' fields: the `master` file and the `choices` JSON text. */
async function readConvertBlanks(request: FastifyRequest): Promise<ConvertBlanksInput> {
  const { files, fields } = await readParts(request, (name): name is 'master' => name === 'master');
  return { master: files.master, choices: fields.get('choices') };
}

/** The one file of inspect-blanks, `master`; text fields are ignored, another file refused. */
async function readInspectBlanks(request: FastifyRequest): Promise<UploadedDocx | undefined> {
  const { files } = await readParts(request, (name): name is 'master' => name === 'master');
  return files.master;
}

/**
 * /api/template/upload-master, inspect-blanks, convert-blanks and delete-master
 * (admins and editors).
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: only upload-master accepts multipart bodies.
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  // onRequest: who may call is settled before the body is read or validated, so a lawyer
  // gets 403 whatever the body holds, and a visitor's upload is never parsed.
  const staffOnly = [authenticate, allow(mayEditTemplates)];

  app.post(
    '/upload-master',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'Check, lint and store the master and preview .docx (admins and editors)',
        description:
          'multipart/form-data: `questions` (the JSON question list), `master` and `preview` (.docx, at most 10 MB each; either may be omitted when unchanged, then `file_name` / `preview_name` name the stored file to lint against). A document set adds `documents`, the JSON list of its companion documents in order (`[{ name, file_name }]`), linted with the master as one set; one entry may leave out `file_name` when its new file comes as `document` (its stored name is answered as `document_file_name`). Lint errors: 422 with the list of messages, nothing stored. Answers the stored names (`<sha256>.docx`) to put in the template, and the lint warnings.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          200: dataOf(ZUploadMasterResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          413: ZApiError,
          415: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await uploadMaster(app.db, app.documents, await readUploadMaster(request)),
    }),
  );

  app.post(
    '/inspect-blanks',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'The blanks of a form, each with a proposed question (admins and editors)',
        description:
          'multipart/form-data: `master` (.docx, at most 10 MB). Answers every blank the form leaves to fill by hand (underscores, dots, placeholders, Word form fields and content controls, boxes, gender endings) with its id, its paragraph and what it should become: a variable, an Italian question and a type (`proposal`, null when there is nothing to ask, as a signature line). Nothing is stored.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          200: dataOf(ZInspectBlanksResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          413: ZApiError,
          415: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await inspectMasterBlanks(app.documents, await readInspectBlanks(request)),
    }),
  );

  app.post(
    '/convert-blanks',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: "Write the accepted tags in a master's blanks (admins and editors)",
        description:
          'multipart/form-data: `master` (.docx, at most 10 MB) and `choices` (JSON: `[{ id, proposal } | { id, skip: true }]`, the ids of POST /template/inspect-blanks). Answers the new master as base64, one question per distinct variable in document order, and the ids left as they were. Nothing is stored.',
        consumes: ['multipart/form-data'],
        security: [{ bearerAuth: [] }],
        response: {
          200: dataOf(ZConvertBlanksResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          413: ZApiError,
          415: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await convertMasterBlanks(app.documents, await readConvertBlanks(request)),
    }),
  );

  app.post(
    '/delete-master',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'Delete an uploaded file that no template version uses (admins and editors)',
        security: [{ bearerAuth: [] }],
        body: ZDeleteMaster,
        response: {
          200: dataOf(z.object({ file_name: z.string() })),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => {
      await deleteUnusedFile(app.db, request.body.file_name);
      return { data: { file_name: request.body.file_name } };
    },
  );
};
