import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  channelsParams,
  channelsResponse,
  disconnectBody,
  disconnectResponse,
  messengerRegisterBody,
  messengerRegisterResponse,
  metaRegisterBody,
  metaRegisterResponse,
  metaStepErrorBody,
  pickLocale,
  whatsappTemplateBody,
  whatsappTemplateResponse,
} from '@charla/shared';
import { MetaStepError, type ChannelsService } from './channels.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema, 503: apiErrorSchema };
const tags = ['channels'];

/** The Canales panel's calls: connect WhatsApp (Cloud API), Messenger and Instagram, see their state, disconnect. */
export const channelsRoutes: FastifyPluginAsyncZod<{ service: ChannelsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/api/meta-register', {
    schema: {
      tags,
      summary: 'Connect a WhatsApp Business number (after the embedded signup, or with a token); a failed step answers 502 naming it',
      body: metaRegisterBody,
      response: { 200: metaRegisterResponse, 502: metaStepErrorBody, ...errors },
    },
  }, async (req, reply) => {
    const locale = pickLocale(req.headers['accept-language']);
    try {
      return await service.registerWhatsapp(req.user, req.body, locale);
    } catch (err) {
      if (err instanceof MetaStepError) return reply.status(502).send(err.toBody(locale));
      throw err;
    }
  });

  app.post('/api/messenger-register', {
    schema: {
      tags,
      summary: 'Connect a Facebook page for Messenger, and its Instagram account when given',
      body: messengerRegisterBody,
      response: { 200: messengerRegisterResponse, 502: metaStepErrorBody, ...errors },
    },
  }, async (req, reply) => {
    const locale = pickLocale(req.headers['accept-language']);
    try {
      return await service.registerMessenger(req.user, req.body, locale);
    } catch (err) {
      if (err instanceof MetaStepError) return reply.status(502).send(err.toBody(locale));
      throw err;
    }
  });

  app.post('/api/disconnect', {
    schema: { tags, summary: 'Disconnect a channel of a bot (source api|meta, messenger, instagram, whatsmeow)', body: disconnectBody, response: { 200: disconnectResponse, ...errors } },
  }, async (req) => {
    await service.disconnect(req.user, req.body.botId, req.body.source);
    return { ok: true as const };
  });

  app.get('/api/channels/:botId', {
    schema: { tags, summary: "The state of each of the bot's Meta channels, errors in the caller's language", params: channelsParams, response: { 200: channelsResponse, ...errors } },
  }, async (req) => ({ channels: await service.status(req.user, req.params.botId, pickLocale(req.headers['accept-language'])) }));

  app.put('/api/channels/:botId/whatsapp-template', {
    schema: { tags, summary: 'The template sent when the 24-hour window is closed', params: channelsParams, body: whatsappTemplateBody, response: { 200: whatsappTemplateResponse, ...errors } },
  }, async (req) => service.setTemplate(req.user, req.params.botId, req.body));

  app.delete('/api/channels/:botId/whatsapp-template', {
    schema: { tags, summary: 'No template: replies after 24 hours fail with WINDOW_CLOSED', params: channelsParams, response: { 200: whatsappTemplateResponse, ...errors } },
  }, async (req) => service.setTemplate(req.user, req.params.botId, null));
};
