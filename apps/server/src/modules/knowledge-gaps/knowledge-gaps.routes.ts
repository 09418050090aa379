import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  knowledgeGapAnswerBody,
  knowledgeGapAnswered,
  knowledgeGapList,
  knowledgeGapListQuery,
  knowledgeGapParams,
  knowledgeGapResponse,
  knowledgeGapTeachBody,
  pickLocale,
} from '@charla/shared';
import type { KnowledgeGapsService } from './knowledge-gaps.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 423: apiErrorSchema };
const tags = ['knowledge-gaps'];

/** Preguntas sin respuesta: what customers asked that the bot could not answer, and the owner's answers. */
export const knowledgeGapsRoutes: FastifyPluginAsyncZod<{ service: KnowledgeGapsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/knowledge-gaps', {
    schema: { tags, summary: "A bot's unanswered (open) or answered questions, most asked first", querystring: knowledgeGapListQuery, response: { 200: knowledgeGapList, ...errors } },
  }, async (req) => ({ items: await service.list(req.user, req.query) }));

  app.post('/api/knowledge-gaps/:id/answer', {
    schema: { tags, summary: 'Answers a question: the answer becomes a knowledge entry at once (answering again changes nothing)', params: knowledgeGapParams, body: knowledgeGapAnswerBody, response: { 200: knowledgeGapAnswered, ...errors } },
  }, async (req) => service.answer(req.user, req.params.id, req.body.text, pickLocale(req.headers['accept-language'])));

  app.post('/api/knowledge-gaps/:id/dismiss', {
    schema: { tags, summary: 'Sets a question aside: it leaves the list and is not recorded again', params: knowledgeGapParams, response: { 200: knowledgeGapResponse, ...errors } },
  }, async (req) => ({ gap: await service.dismiss(req.user, req.params.id) }));

  app.post('/api/knowledge-gaps', {
    schema: { tags, summary: "Teaches a person's reply to a customer's question as knowledge (the question is kept as answered)", body: knowledgeGapTeachBody, response: { 200: knowledgeGapAnswered, ...errors } },
  }, async (req) => service.teach(req.user, req.body, pickLocale(req.headers['accept-language'])));
};
