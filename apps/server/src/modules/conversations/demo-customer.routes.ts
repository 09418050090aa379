import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  demoChannelParams,
  demoCustomerChat,
  demoCustomerList,
  demoCustomerParams,
  demoCustomerReadResponse,
  demoCustomerSendBody,
  demoCustomerSendResponse,
} from '@charla/shared';
import type { DemoCustomerService } from './demo-customer.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 423: apiErrorSchema };
const tags = ['demo-channel'];

/** "Simular cliente": the customer's side of the demonstration channel. */
export const demoCustomerRoutes: FastifyPluginAsyncZod<{ service: DemoCustomerService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/demo-channel/:botId/customers', {
    schema: { tags, summary: "The bot's customers on the demonstration channel, newest activity first", params: demoChannelParams, response: { 200: demoCustomerList, ...errors } },
  }, async (req) => service.list(req.user, req.params.botId));

  app.get('/api/demo-channel/:botId/customers/:contactId', {
    schema: { tags, summary: "A demonstration customer's chat, as their phone shows it", params: demoCustomerParams, response: { 200: demoCustomerChat, ...errors } },
  }, async (req) => service.chat(req.user, req.params.botId, req.params.contactId));

  app.post('/api/demo-channel/:botId/messages', {
    // The customer's side: what a customer could type is kept, cleaned, never refused.
    config: { unstorableText: 'clean' },
    schema: {
      tags,
      summary: 'Write as a demonstration customer (an existing one or a new one); the bot answers as on WhatsApp, replies arrive on the bot room',
      params: demoChannelParams,
      body: demoCustomerSendBody,
      response: { 202: demoCustomerSendResponse, ...errors },
    },
  }, async (req, reply) => reply.status(202).send(await service.send(req.user, req.params.botId, req.body)));

  app.post('/api/demo-channel/:botId/customers/:contactId/read', {
    schema: { tags, summary: "The customer's phone shows the chat: the replies delivered to it are read", params: demoCustomerParams, response: { 200: demoCustomerReadResponse, ...errors } },
  }, async (req) => service.read(req.user, req.params.botId, req.params.contactId));
};
