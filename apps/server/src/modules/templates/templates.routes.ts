import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import { paginatedOf } from '@lexpath/shared/schemas/pagination';
import {
  ZDownloadTest,
  ZTemplateCard,
  ZTemplateCreate,
  ZTemplateDetail,
  ZTemplateStatusChange,
  ZTemplateStatusChanged,
  ZTemplatesQuery,
  ZTemplateUpdate,
} from '@lexpath/shared/schemas/templates';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PdfPool } from '../../documents/pdf-pool.ts';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayEditTemplates } from '../../policy.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import { DOCX_CONTENT_TYPE } from '../files/files.service.ts';
import {
  type DocxDownload,
  downloadTemplateMaster,
  renderTestDocument,
  renderTestPreview,
} from './questionnaire.service.ts';
import {
  changeTemplateStatus,
  createTemplate,
  deleteTemplate,
  getTemplateDetail,
  listTemplates,
  updateTemplate,
} from './templates.service.ts';

// Any string: a malformed id answers 404 like an unknown one.
const ZTemplateIdParams = z.object({ id: z.string() });

const DOCX_DESCRIPTION =
  'Answers the .docx itself (application/vnd.openxmlformats-officedocument.wordprocessingml.document), named by Content-Disposition (UTF-8, RFC 5987).';

function sendDocx(reply: FastifyReply, file: DocxDownload) {
  return reply
    .header('content-type', DOCX_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .send(file.bytes);
}

function sendPdf(reply: FastifyReply, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

/** /api/template: customers read the published list; admins and editors manage (SPEC §6). */
/** The conversion queue the try-out's preview shares with the lawyers' previews. */
export type TemplateRoutesOptions = { pdfPool: PdfPool };

export const templateRoutes: FastifyPluginAsyncZod<TemplateRoutesOptions> = async (
  app,
  { pdfPool },
) => {
  // onRequest: who may call is settled before the body is read or validated, so a lawyer
  // gets 403 whatever the body holds, and a visitor's upload is never parsed.
  const staffOnly = [authenticate, allow(mayEditTemplates)];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['templates'],
        summary: 'Templates, newest first: published ones for customers, all for the staff',
        security,
        querystring: ZTemplatesQuery,
        response: { 200: dataOf(paginatedOf(ZTemplateCard)), 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => ({
      data: await listTemplates(app.db, currentUser(request), request.query),
    }),
  );

  app.post(
    '/',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'Create a template (SUSPENDED) with its first version (admins and editors)',
        description:
          '`price` in euros as typed ("49", "49,90"); `file_name` and `preview_name` as upload-master answered them (`preview_name` may be left out: the master then serves as the preview); omitted min/max questions are computed from the conditions, omitted times at one minute per question. Lint errors: 422 with the list of messages.',
        security,
        body: ZTemplateCreate,
        response: {
          201: dataOf(ZTemplateDetail),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await createTemplate(app.db, app.documents, currentUser(request), request.body),
      }),
  );

  app.get(
    '/download/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: "The current version's master .docx (admins and editors)",
        description: DOCX_DESCRIPTION,
        security,
        params: ZTemplateIdParams,
        produces: [DOCX_CONTENT_TYPE],
        response: { 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) =>
      sendDocx(
        reply,
        await downloadTemplateMaster(app.db, currentUser(request), request.params.id),
      ),
  );

  app.get(
    '/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'A template with its questions and files (admins and editors)',
        security,
        params: ZTemplateIdParams,
        response: { 200: dataOf(ZTemplateDetail), 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getTemplateDetail(app.db, currentUser(request), request.params.id),
    }),
  );

  app.put(
    '/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'Edit a template (admins and editors)',
        description:
          'The fields of POST, each optional. A change of master, preview or questions appends a new immutable version; the others only update the template. `preview_name: null` drops the own preview (the master serves for it); omitted, a template whose master served keeps following its master.',
        security,
        params: ZTemplateIdParams,
        body: ZTemplateUpdate,
        response: {
          200: dataOf(ZTemplateDetail),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => {
      const updated = await updateTemplate(
        app.db,
        app.documents,
        currentUser(request),
        request.params.id,
        request.body,
      );
      // A new current version: this instance's questionnaire uses it from the next step.
      app.caches.templates.forget(request.params.id);
      return { data: updated };
    },
  );

  app.put(
    '/:id/status',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'Publish or suspend a template (admins and editors)',
        security,
        params: ZTemplateIdParams,
        body: ZTemplateStatusChange,
        response: {
          200: dataOf(ZTemplateStatusChanged),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request) => {
      const changed = await changeTemplateStatus(
        app.db,
        app.documents,
        currentUser(request),
        request.params.id,
        request.body,
      );
      app.caches.templates.forget(request.params.id);
      return { data: changed };
    },
  );

  app.put(
    '/:id/download-test',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'The current master rendered with test answers (admins and editors)',
        description: `Answers are checked as in the questionnaire (422 otherwise). ${DOCX_DESCRIPTION}`,
        security,
        params: ZTemplateIdParams,
        body: ZDownloadTest,
        produces: [DOCX_CONTENT_TYPE],
        response: {
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request, reply) =>
      sendDocx(
        reply,
        await renderTestDocument(
          app.db,
          app.documents,
          currentUser(request),
          request.params.id,
          request.body.answers,
        ),
      ),
  );

  app.put(
    '/:id/preview-test',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary:
          'The current preview rendered with test answers, as the lawyer sees it: a PDF of page pictures (admins and editors); 503 with Retry-After when busy or absent',
        description: 'Answers are checked as in the questionnaire (422 otherwise).',
        security,
        params: ZTemplateIdParams,
        body: ZDownloadTest,
        produces: ['application/pdf'],
        response: {
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          422: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const pdf = await renderTestPreview(
        app.db,
        app.documents,
        pdfPool,
        currentUser(request),
        request.params.id,
        request.body.answers,
      );
      return sendPdf(reply, pdf);
    },
  );

  app.delete(
    '/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags: ['templates'],
        summary: 'Delete a template: hidden everywhere, its versions kept (admins and editors)',
        security,
        params: ZTemplateIdParams,
        response: {
          200: dataOf(z.object({ id: z.string() })),
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      await deleteTemplate(app.db, currentUser(request), request.params.id);
      app.caches.templates.forget(request.params.id);
      return { data: { id: request.params.id } };
    },
  );
};
