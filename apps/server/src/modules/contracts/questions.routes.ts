import type { TQuestion } from '@lexpath/shared';
import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  ZAnswersPayload,
  ZNextQuestion,
  ZNextQuestionQuery,
} from '@lexpath/shared/schemas/templates';
import type { FastifyReply } from 'fastify';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema.js';
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import {
  findNextTemplateQuestion,
  findNextTemplateQuestionInMemory,
  findNextVersionQuestion,
  nextQuestionJson,
} from '../templates/questionnaire.service.ts';

/**
 * A body the JSON parser made an object of: the answers map as `ZAnswersPayload` accepts it
 * (a record of any values, which `validateAnswers` then checks one by one). A `__proto__` key is
 * refused by the parser; zod's record would drop one, so such a body still goes to zod.
 */
function isAnswersObject(data: unknown): data is Record<string, unknown> {
  return (
    typeof data === 'object' &&
    data !== null &&
    Object.getPrototypeOf(data) === Object.prototype &&
    !Object.hasOwn(data, '__proto__')
  );
}

/**
 * The route's validators: zod's, except that an answers object is let through as it is. Zod's
 * record check copied every key of every step's body into a new object, which cost a questionnaire
 * step as much as its access log line; anything else (null, a list, a text) still meets zod and
 * its 400.
 */
function questionsValidatorCompiler<S>(route: FastifyRouteSchemaDef<S>): FastifyValidationResult {
  // Each part's schema is one of the zod schemas below, as for the app's compiler.
  const zodValidator = validatorCompiler(route as FastifyRouteSchemaDef<never>);
  if (route.httpPart !== 'body') return zodValidator;
  return (data) => (isAnswersObject(data) ? { value: data } : zodValidator(data));
}

function sendNextQuestion(reply: FastifyReply, next: TQuestion | null): void {
  reply.type('application/json; charset=utf-8').send(nextQuestionJson(next));
}

/** POST /api/contract/questions: the questionnaire's next step (SPEC §7). */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/questions',
    {
      onRequest: [authenticate],
      validatorCompiler: questionsValidatorCompiler,
      schema: {
        tags: ['contracts'],
        summary: 'The next question of a template after the given answers; null when finished',
        description:
          "`type` is the template id (`version`: a draft's own version, when the template has a newer one); the body is the answers map (key → option, or list of options for a multiple selection). Customers reach published templates only. An answer the questionnaire does not allow: 422.",
        security: [{ bearerAuth: [] }],
        querystring: ZNextQuestionQuery,
        body: ZAnswersPayload,
        response: {
          200: dataOf(ZNextQuestion.nullable()),
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          422: ZApiError,
        },
      },
    },
    // The body is ready-made JSON (see `nextQuestionJson`); the schema above documents it.
    // A step whose template and questions are in memory is answered without a promise.
    (request, reply) => {
      const viewer = currentUser(request);
      const { caches } = app;
      const { version } = request.query;
      if (version !== undefined) {
        return findNextVersionQuestion(
          app.db,
          viewer,
          request.query.type,
          version,
          request.body,
          caches.templates,
        ).then((next) => {
          sendNextQuestion(reply, next);
        });
      }
      const held = findNextTemplateQuestionInMemory(
        viewer,
        request.query.type,
        request.body,
        caches.templates,
      );
      if (held !== undefined) {
        sendNextQuestion(reply, held);
        return;
      }
      return findNextTemplateQuestion(
        app.db,
        viewer,
        request.query.type,
        request.body,
        caches.templates,
      ).then((next) => {
        sendNextQuestion(reply, next);
      });
    },
  );
};
