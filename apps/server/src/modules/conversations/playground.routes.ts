import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, doneResponse, playgroundConversation, playgroundParams, playgroundSendBody, playgroundSendResponse } from '@charla/shared';
import type { PlaygroundService } from './playground.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['playground'];

export const playgroundRoutes: FastifyPluginAsyncZod<{ service: PlaygroundService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/playground/:botId', {
    schema: { tags, summary: "The owner's current test conversation with the bot", params: playgroundParams, response: { 200: playgroundConversation, ...errors } },
  }, async (req) => service.conversation(req.user, req.params.botId));

  app.post('/api/playground/:botId/messages', {
    // The customer's side: what a customer could type is kept, cleaned, never refused.
    config: { unstorableText: 'clean' },
    schema: {
      tags,
      summary: 'Write to the bot as a customer; replies arrive on the bot room (conversationMessage)',
      params: playgroundParams,
      body: playgroundSendBody,
      response: { 202: playgroundSendResponse, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(await service.send(req.user, req.params.botId, req.body.text, req.body.client_message_id, req.body.chosen)));

  app.post('/api/playground/:botId/reset', {
    schema: { tags, summary: 'Start a new test conversation', params: playgroundParams, response: { 200: doneResponse, ...errors } },
  }, async (req) => {
    await service.reset(req.user, req.params.botId);
    return { ok: true as const };
  });
};
