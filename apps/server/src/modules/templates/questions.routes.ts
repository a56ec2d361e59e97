import { dataOf, ZApiError } from '@lexpath/shared/schemas/api';
import {
  ZAnswersPayload,
  ZNextQuestion,
  ZNextQuestionQuery,
} from '@lexpath/shared/schemas/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../plugins/auth.ts';
import { findNextTemplateQuestion, nextQuestionJson } from './questionnaire.service.ts';

/** POST /api/contract/questions: the questionnaire's next step (SPEC §7). */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/questions',
    {
      onRequest: [authenticate],
      schema: {
        tags: ['contracts'],
        summary: 'The next question of a template after the given answers; null when finished',
        description:
          '`type` is the template id; the body is the answers map (key → option, or list of options for a multiple selection). Customers reach published templates only. An answer the questionnaire does not allow: 422.',
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
    async (request, reply) => {
      const next = await findNextTemplateQuestion(
        app.db,
        currentUser(request),
        request.query.type,
        request.body,
        app.caches.templates,
      );
      return reply
        .type('application/json; charset=utf-8')
        .send(nextQuestionJson(next) as unknown as { data: null });
    },
  );
};
