import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, doneResponse, savedReplyCreateBody, savedReplyListQuery, savedReplyListResponse, savedReplyParams, savedReplyResponse, savedReplyUpdateBody } from '@charla/shared';
import type { SavedRepliesService } from './saved-replies.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema };
const tags = ['saved-replies'];

/** "Respuestas guardadas": a bot's short replies, put in the inbox's composer with `/`. */
export const savedRepliesRoutes: FastifyPluginAsyncZod<{ service: SavedRepliesService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/saved-replies', {
    schema: { tags, summary: "A bot's saved replies, by title", querystring: savedReplyListQuery, response: { 200: savedReplyListResponse, ...errors } },
  }, async (req) => ({ items: await service.list(req.user, req.query.botId) }));

  app.post('/api/saved-replies', {
    schema: { tags, summary: 'Save a reply: a short title and its text (100 per bot at most)', body: savedReplyCreateBody, response: { 201: savedReplyResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ reply: await service.create(req.user, req.body) }));

  app.patch('/api/saved-replies/:id', {
    schema: { tags, summary: "Change a saved reply's title or text", params: savedReplyParams, body: savedReplyUpdateBody, response: { 200: savedReplyResponse, ...errors } },
  }, async (req) => ({ reply: await service.update(req.user, req.params.id, req.body) }));

  app.delete('/api/saved-replies/:id', {
    schema: { tags, summary: 'Delete a saved reply', params: savedReplyParams, response: { 200: doneResponse, ...errors } },
  }, async (req) => {
    await service.remove(req.user, req.params.id);
    return { ok: true as const };
  });
};
