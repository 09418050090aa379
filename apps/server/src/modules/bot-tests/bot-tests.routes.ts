import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, botTestCreateBody, botTestListQuery, botTestListResponse, botTestParams, botTestResponse, botTestRunBody, botTestRunResponse, doneResponse } from '@charla/shared';
import type { BotTestsService } from './bot-tests.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema };
const tags = ['bot-tests'];

export const botTestsRoutes: FastifyPluginAsyncZod<{ service: BotTestsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/bot-tests', {
    schema: { tags, summary: "A bot's saved tests with their latest outcome", querystring: botTestListQuery, response: { 200: botTestListResponse, ...errors } },
  }, async (req) => ({ items: await service.list(req.user, req.query.botId) }));

  app.post('/api/bot-tests', {
    schema: {
      tags,
      summary: 'Save a test: a question and the facts its reply must hold (every group, any alternative) and must not; the same test sent again answers the stored one',
      body: botTestCreateBody,
      response: { 200: botTestResponse, 201: botTestResponse, ...errors },
    },
  }, async (req, reply) => {
    const { test, created } = await service.create(req.user, req.body);
    return reply.status(created ? 201 : 200).send({ test });
  });

  app.delete('/api/bot-tests/:id', {
    schema: { tags, summary: 'Delete a test', params: botTestParams, response: { 200: doneResponse, ...errors } },
  }, async (req) => {
    await service.remove(req.user, req.params.id);
    return { ok: true as const };
  });

  app.post('/api/bot-tests/run', {
    schema: {
      tags,
      summary: "Play every test through the bot's engine, with its stored knowledge and settings (nothing reaches the inbox or the CRM), and score each as the evaluation does",
      body: botTestRunBody,
      response: { 200: botTestRunResponse, ...errors },
    },
  }, async (req) => service.run(req.user, req.body.botId));
};
