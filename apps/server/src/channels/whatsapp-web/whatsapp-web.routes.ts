import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, whatsappConnectBody, whatsappSessionParams, whatsappSessionStatus } from '@charla/shared';
import type { WhatsappWebService } from './whatsapp-web.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 423: apiErrorSchema };
const tags = ['whatsapp-web'];

export const whatsappWebRoutes: FastifyPluginAsyncZod<{ service: WhatsappWebService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/bot/current-session-status/:botId', {
    schema: {
      tags,
      summary: "The bot's WhatsApp-by-QR session: status and pair_error (and the QR on screen while waiting for a scan)",
      params: whatsappSessionParams,
      response: { 200: whatsappSessionStatus, ...errors },
    },
  }, async (req) => service.status(req.user, req.params.botId));

  app.post('/api/whatsapp-web/connect', {
    schema: {
      tags,
      summary: 'Start pairing a number by QR (QRs arrive on the bot room as whatsappQr), or reconnect a paired one',
      body: whatsappConnectBody,
      response: { 200: whatsappSessionStatus, ...errors },
    },
  }, async (req) => service.connect(req.user, req.body.botId));
};
