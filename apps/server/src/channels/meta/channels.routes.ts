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
  metaSettingsResponse,
  metaStepErrorBody,
  pickLocale,
  whatsappTemplateBody,
  whatsappTemplateResponse,
  whatsappTemplatesResponse,
} from '@charla/shared';
import type { ChannelsService } from './channels.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 423: apiErrorSchema, 503: apiErrorSchema };
const tags = ['channels'];
/** Calls that read the WhatsApp Business Account at Meta may also answer 502 with Meta's words. */
const wabaErrors = { ...errors, 502: apiErrorSchema };

/**
 * The Canales panel's calls: connect WhatsApp (Cloud API), Messenger and Instagram, see their state,
 * disconnect, choose the WhatsApp template for the closed 24-hour window; the Meta app's public settings.
 */
export const channelsRoutes: FastifyPluginAsyncZod<{ service: ChannelsService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.post('/api/meta-register', {
    schema: {
      tags,
      summary: 'Connect a WhatsApp Business number (after the embedded signup, or with a token); a failed step answers 502 naming it',
      body: metaRegisterBody,
      response: { 200: metaRegisterResponse, 502: metaStepErrorBody, ...errors },
    },
  }, async (req) => service.registerWhatsapp(req.user, req.body, pickLocale(req.headers['accept-language'])));

  app.post('/api/messenger-register', {
    schema: {
      tags,
      summary: 'Connect a Facebook page for Messenger, and its Instagram account when given',
      body: messengerRegisterBody,
      response: { 200: messengerRegisterResponse, 502: metaStepErrorBody, ...errors },
    },
  }, async (req) => service.registerMessenger(req.user, req.body, pickLocale(req.headers['accept-language'])));

  app.post('/api/disconnect', {
    schema: { tags, summary: 'Disconnect a channel of a bot (source api|meta, messenger, instagram, whatsmeow)', body: disconnectBody, response: { 200: disconnectResponse, ...errors } },
  }, async (req) => {
    await service.disconnect(req.user, req.body.botId, req.body.source);
    return { ok: true as const };
  });

  app.get('/api/channels/:botId', {
    schema: { tags, summary: "The state of each of the bot's Meta channels, errors in the caller's language", params: channelsParams, response: { 200: channelsResponse, ...errors } },
  }, async (req) => ({ channels: await service.status(req.user, req.params.botId, pickLocale(req.headers['accept-language'])) }));

  app.get('/api/meta/settings', {
    schema: { tags, summary: "The Meta app's public settings for the embedded signup (app id, configuration id, Graph version); secrets stay on the server", response: { 200: metaSettingsResponse, 401: apiErrorSchema } },
  }, async () => service.settings());

  app.get('/api/channels/:botId/whatsapp-templates', {
    schema: {
      tags,
      summary: "The approved templates of the connected number's WhatsApp Business Account, read from Meta; each says whether it can carry the reply",
      params: channelsParams,
      response: { 200: whatsappTemplatesResponse, ...wabaErrors },
    },
  }, async (req) => ({ templates: await service.templates(req.user, req.params.botId) }));

  app.get('/api/channels/:botId/whatsapp-template', {
    schema: { tags, summary: 'The template sent when the 24-hour window is closed, or null', params: channelsParams, response: { 200: whatsappTemplateResponse, ...errors } },
  }, async (req) => service.template(req.user, req.params.botId));

  app.put('/api/channels/:botId/whatsapp-template', {
    schema: {
      tags,
      summary: 'The template sent when the 24-hour window is closed; Meta must have it approved, with at most one body variable',
      params: channelsParams,
      body: whatsappTemplateBody,
      response: { 200: whatsappTemplateResponse, ...wabaErrors },
    },
  }, async (req) => service.setTemplate(req.user, req.params.botId, req.body));

  app.delete('/api/channels/:botId/whatsapp-template', {
    schema: { tags, summary: 'No template: replies after 24 hours fail with WINDOW_CLOSED', params: channelsParams, response: { 200: whatsappTemplateResponse, ...errors } },
  }, async (req) => service.setTemplate(req.user, req.params.botId, null));
};
