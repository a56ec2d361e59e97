import { it } from '@lexpath/shared/messages/it';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  ZAnswerChangeBody,
  ZAnswerChangeResult,
  ZContractCard,
  ZContractDetail,
  ZContractSave,
  ZContractStarted,
  ZContractsQuery,
  ZPartyFill,
  ZPartyFilled,
  ZTemplateParty,
} from '@lexpath/shared/schemas/contracts';
import { paginatedOf } from '@lexpath/shared/schemas/pagination';
import { ZNextQuestionQuery } from '@lexpath/shared/schemas/templates';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PdfPool } from '../../documents/pdf-pool.ts';
import { AppError } from '../../lib/app-error.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { allow, mayReadContracts, mayUseUserArea } from '../../policy.ts';
import { attachmentDisposition } from '../files/content-disposition.ts';
import { DOCX_CONTENT_TYPE } from '../files/files.service.ts';
import { loadAskedQuestions } from '../templates/questionnaire.service.ts';
import {
  changeContractAnswer,
  removeContractListItem,
  type SaveHooks,
  saveContract,
  startContract,
} from './contract-answers.service.ts';
import {
  downloadContract,
  preparePreview,
  renderContractPreview,
} from './contract-documents.service.ts';
import { getContractDetail, listContractsJson } from './contract-reads.service.ts';
import { deleteDraft } from './drafts.service.ts';
import { type ClientLookup, fillParty, noClientRegister, partiesOf } from './prefill.ts';

// Any string: a malformed id answers 404 like an unknown one (or another user's).
const ZContractIdParams = z.object({ id: z.string() });
const ZDocumentNumber = z.coerce
  .number({ error: it.validation.invalid })
  .int(it.validation.invalid)
  .min(1, it.validation.invalid)
  .optional()
  .describe("The set's document, from 1; without it the first, the template's master");
const ZDocumentQuery = z.object({ document: ZDocumentNumber });
const ZDownloadQuery = z.object({
  format: z
    .enum(['docx', 'pdf', 'zip'])
    .default('docx')
    .describe(
      'pdf: PDF/A-2b (issue 11); zip: every document of the set, each a .docx named after its document',
    ),
  document: ZDocumentNumber,
});
const ZSaved = dataOf(z.object({ id: z.string() }));
const ZStarted = dataOf(ZContractStarted);
const ZAnswerParams = z.object({ id: z.string(), variable: z.string() });
const ZItemParams = ZAnswerParams.extend({
  index: z.coerce
    .number({ error: it.validation.invalid })
    .int(it.validation.invalid)
    .min(0, it.validation.invalid),
});

const ZIP_CONTENT_TYPE = 'application/zip';

/** Binary answers bypass the JSON response schemas (those describe the errors only). */
function sendFile(reply: FastifyReply, contentType: string, bytes: Buffer, fileName?: string) {
  reply.header('content-type', contentType).header('cache-control', 'private, no-store');
  if (fileName) reply.header('content-disposition', attachmentDisposition(fileName));
  return reply.send(bytes);
}

/**
 * A body the service wrote as JSON to its schema's type, sent without validating it again: a
 * page of cards holds hundreds of answers, and checking each against the schema cost the list
 * a sixth of its time. The schema still documents the route.
 */
function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}

export type ContractRoutesOptions = {
  pdfPool: PdfPool;
  /** The lawyer's client register, for `clients` on a new contract (none: every client is 404). */
  findClient?: ClientLookup;
  /** Convert a finished contract's preview before it is asked for (issue 13). */
  previewAheadOfTime: boolean;
};

/**
 * /api/contract: the lawyer's documents (SPEC §7). Every route answers 404 for another user's
 * contract; the questionnaire step (POST /questions) lives in the templates module. Editors and
 * admins are kept out of the user area (SPEC §6: 403; they try templates through the test flow);
 * an admin reads and downloads users' documents from the users' contracts screen.
 */
export const contractRoutes: FastifyPluginAsyncZod<ContractRoutesOptions> = async (
  app,
  { pdfPool, previewAheadOfTime, findClient = noClientRegister },
) => {
  const security = [{ bearerAuth: [] }];
  const userArea = [authenticate, allow(mayUseUserArea)];
  const readers = [authenticate, allow(mayReadContracts)];
  /**
   * A save that finishes the questionnaire sends the lawyer to the summary: the preview is
   * converted meanwhile (issue 13), after the reply, so the next step reads a finished PDF.
   */
  const prepareSummary: SaveHooks = {
    onFinished: (contractId) => {
      if (!previewAheadOfTime) return;
      void preparePreview(app.db, app.documents, pdfPool, contractId).catch((error: unknown) => {
        app.log.warn({ err: error }, 'Preview ahead of time failed: converted when asked');
      });
    },
  };

  app.put(
    '/',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: 'Start a contract on a template (type = template id), pinning its current version',
        description:
          "The web sends it with the first answer (`answers`), checked like any save (422). `from` (an own contract, any status; another's: 404) starts with every answer the new template's questions take, and the parties of the same role; `clients` (party question key → client id, or ids for an `elenco`) fills a party from the register (404 for a client not found). The questions of the reserved party `avvocato` are filled from the caller's account, billing profile and latest contract on every start. The answer gives the contract's answers and the keys prefilled (also in the detail's `prefilled`). Send an `Idempotency-Key` header (e.g. a UUID per attempt): a retry with the same key and body answers the first contract (header `Idempotent-Replayed`), with another body 422.",
        security,
        body: ZContractSave,
        response: {
          200: ZStarted,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request, reply) =>
      idempotent(app.db, request, reply, async (tx) => ({
        data: await startContract(tx, currentUser(request), request.body, findClient),
      })),
  );

  app.get(
    '/parties',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: "A template's parties, for «Nuovo documento per questo cliente»",
        description:
          "`type` is the template id (published). Each role of the template's current version once, in the order it is first asked, with its first party question: the key to send in PUT /contract/'s `clients`. An empty list when the template marks no party.",
        security,
        querystring: ZNextQuestionQuery.pick({ type: true }),
        response: {
          200: dataOf(z.array(ZTemplateParty)),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => {
      const questions = await loadAskedQuestions(
        app.db,
        currentUser(request),
        request.query.type,
        undefined,
        app.caches.templates,
      );
      return { data: partiesOf(questions) };
    },
  );

  app.post(
    '/party',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: "«Scegli dall'anagrafica»: a party filled from clients of the register",
        description:
          "`type`/`version` as for POST /contract/questions. The body: the answers so far (checked as a step's, 422), `question` the party question asked (422 if it is not a party) and the clients picked (404 for one not in the caller's register). Answers with every question of that role filled from the clients (they replace the role's earlier answers; an `elenco` takes one item each, up to `max_items`); `drafts`: what a question cannot take whole yet, to show filled when it is asked. Nothing is saved: the web saves the answers as a step's.",
        security,
        querystring: ZNextQuestionQuery,
        body: ZPartyFill,
        response: {
          200: dataOf(ZPartyFilled),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const questions = await loadAskedQuestions(
        app.db,
        caller,
        request.query.type,
        request.query.version,
        app.caches.templates,
      );
      return { data: await fillParty(app.db, caller, questions, request.body, findClient) };
    },
  );

  app.put(
    '/:id',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: 'Save the answers and status of an own contract',
        description:
          'Answers are checked against the pinned version (422 when not allowed); COMPLETED needs a finished questionnaire (422); a paid contract, or one with a checkout session in progress, cannot change (409).',
        security,
        params: ZContractIdParams,
        body: ZContractSave,
        response: {
          200: ZSaved,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await saveContract(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        prepareSummary,
      ),
    }),
  );

  app.put(
    '/:id/answers/:variable',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: 'Change one answer from the summary (issue 11)',
        description:
          'When no condition depends on the question, only that answer changes: later answers and a finished status are kept. When one does (a choice named by a condition, or an elenco whose new number of items changes an `almeno` condition), the later answers are discarded (SPEC) and listed in `discarded`. 422 for an invalid answer; 409 once paid or during checkout.',
        security,
        params: ZAnswerParams,
        body: ZAnswerChangeBody,
        response: {
          200: dataOf(ZAnswerChangeResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await changeContractAnswer(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.variable,
        request.body.value,
        prepareSummary,
      ),
    }),
  );

  app.delete(
    '/:id/answers/:variable/items/:index',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: 'Remove one item (index from 0) of an elenco answer from the summary (issue 11)',
        description:
          'Never below `min_items` (422 naming the question, nothing changed). When an `almeno` condition no longer holds, the later answers are discarded (SPEC) and listed in `discarded`.',
        security,
        params: ZItemParams,
        response: {
          200: dataOf(ZAnswerChangeResult),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
          422: ZApiError,
        },
      },
    },
    async (request) => ({
      data: await removeContractListItem(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.variable,
        request.params.index,
        prepareSummary,
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary: "Delete one of the caller's documents in progress («Documenti in corso»)",
        description:
          'The owner only (anyone else: 404). 409 once paid or while its payment is under way; checkout sessions that ended unpaid are deleted with it. Audited without the answers.',
        security,
        params: ZContractIdParams,
        response: { 204: z.null(), 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteDraft(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/',
    {
      onRequest: readers,
      schema: {
        tags: ['contracts'],
        summary: "The caller's contracts, newest first (admins: everyone's with userActive=true)",
        description:
          'sort (name, surname, type_contract, created_at_date, payment_date) and order (asc, desc) order the whole list before paging; by default created_at_date desc, unpaid documents last. With userActive=true and no status an admin gets the COMPLETED documents; drafts (TO_COMPLETE) only with status=TO_COMPLETE.',
        security,
        querystring: ZContractsQuery,
        response: {
          200: dataOf(paginatedOf(ZContractCard)),
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const page = await listContractsJson(app.db, currentUser(request), request.query);
      sendJson(reply, `{"data":${page}}`);
    },
  );

  app.get(
    '/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['contracts'],
        summary: 'One contract with its answers in question order (owner or admin)',
        security,
        params: ZContractIdParams,
        response: { 200: dataOf(ZContractDetail), 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) => ({
      data: await getContractDetail(app.db, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/preview/:id',
    {
      onRequest: userArea,
      schema: {
        tags: ['contracts'],
        summary:
          "The preview as PDF (application/pdf), of the set's `document` (from 1; the first without it); 503 with Retry-After when busy or absent",
        security,
        params: ZContractIdParams,
        querystring: ZDocumentQuery,
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
      const pdf = await renderContractPreview(
        app.db,
        app.documents,
        pdfPool,
        currentUser(request),
        request.params.id,
        request.query.document,
      );
      return sendFile(reply, 'application/pdf', pdf);
    },
  );

  app.get(
    '/download/:id',
    {
      onRequest: readers,
      schema: {
        tags: ['contracts'],
        summary:
          'The bought document (.docx, or PDF/A-2b with format=pdf; `document` picks a document of a set, from 1; format=zip the whole set), named by Content-Disposition; 402 before payment, 403 for the owner once refunded. The owner, or an admin (audited)',
        security,
        params: ZContractIdParams,
        querystring: ZDownloadQuery,
        response: {
          400: ZApiError,
          401: ZApiError,
          402: ZApiError,
          403: ZApiError,
          404: ZApiError,
          503: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const { format, document } = request.query;
      if (format === 'zip' && document !== undefined) {
        throw new AppError('invalid', it.documentSets.zipWithDocument);
      }
      const file = await downloadContract(
        app.db,
        app.documents,
        pdfPool,
        currentUser(request),
        request.params.id,
        format,
        undefined,
        document,
      );
      const type =
        format === 'pdf'
          ? 'application/pdf'
          : format === 'zip'
            ? ZIP_CONTENT_TYPE
            : DOCX_CONTENT_TYPE;
      return sendFile(reply, type, file.bytes, file.fileName);
    },
  );
};
