import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  botIdParams,
  botIdRouteParams,
  botResponse,
  botsResponse,
  changeStatusBody,
  changeStatusResponse,
  deleteBotBody,
  emailParams,
  metaCredentialsItem,
  newBotBody,
  redirectionBody,
  redirectionResponse,
  reminderItem,
  schedulingItem,
  updateBotBody,
  okBotResponse,
  deleteBotResponse,
} from '@charla/shared';
import type { BotsService } from './bots.service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  423: apiErrorSchema,
};
const tags = ['bots'];
/** Routes that attach a channel account answer 409 CHANNEL_ACCOUNT_TAKEN when another bot holds it. */
const attachErrors = { ...errors, 409: apiErrorSchema };

export const botsRoutes: FastifyPluginAsyncZod<{ service: BotsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/bot/new-bot', {
    schema: { tags, summary: 'Create a bot (within the plan limit)', body: newBotBody, response: { 201: botResponse, ...errors } },
  }, async (req, reply) => reply.status(201).send({ bot: await service.create(req.user, req.body) }));

  app.get('/bot/:email', {
    schema: { tags, summary: "The bots of an account (the caller's own)", params: emailParams, response: { 200: botsResponse, ...errors } },
  }, async (req) => service.listByEmail(req.user, req.params.email));

  app.patch('/bot/:id', {
    schema: { tags, summary: 'Change bot settings (not scheduling, reminders or metaCredentials)', params: botIdParams, body: updateBotBody, response: { 200: okBotResponse, ...attachErrors } },
  }, async (req) => ({ ok: true as const, bot: await service.update(req.user, req.params.id, req.body) }));

  app.patch('/bot/:id/scheduling', {
    schema: { tags, summary: 'Set opening hours and appointment length', params: botIdParams, body: schedulingItem, response: { 200: okBotResponse, ...errors } },
  }, async (req) => ({ ok: true as const, bot: await service.setScheduling(req.user, req.params.id, req.body) }));

  app.patch('/bot/:id/reminders', {
    schema: { tags, summary: 'Set the appointment reminder', params: botIdParams, body: reminderItem, response: { 200: okBotResponse, ...errors } },
  }, async (req) => ({ ok: true as const, bot: await service.setReminders(req.user, req.params.id, req.body) }));

  app.patch('/bot/:id/meta-credentials', {
    schema: { tags, summary: 'Set WhatsApp Cloud API credentials (the token is stored encrypted)', params: botIdParams, body: metaCredentialsItem, response: { 200: okBotResponse, ...attachErrors } },
  }, async (req) => ({ ok: true as const, bot: await service.setMetaCredentials(req.user, req.params.id, req.body) }));

  app.delete('/bot/delete-bot', {
    schema: { tags, summary: 'Delete a bot', body: deleteBotBody, response: { 200: deleteBotResponse, ...errors } },
  }, async (req) => service.remove(req.user, req.body.bot_id));

  app.post('/bot/change-status', {
    schema: { tags, summary: 'Turn a bot on or off', body: changeStatusBody, response: { 200: changeStatusResponse, ...errors } },
  }, async (req) => ({ ok: true as const, bot_enabled: await service.toggleStatus(req.user, req.body.botId) }));

  app.patch('/bot/redirection/:botId', {
    schema: { tags, summary: 'Turn hand-off to a person on or off', params: botIdRouteParams, body: redirectionBody, response: { 200: redirectionResponse, ...errors } },
  }, async (req) => ({ ok: true as const, redirection_enabled: await service.setRedirection(req.user, req.params.botId, req.body.redirection_enabled) }));
};
