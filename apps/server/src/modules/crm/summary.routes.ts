import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, crmSummary, crmSummaryQuery } from '@charla/shared';
import type { SummaryService } from './summary.service.ts';

/** GET /api/crm/summary: a bot's conversations, contacts, leads, appointments and won customers per day. */
export const summaryRoutes: FastifyPluginAsyncZod<{ service: SummaryService }> = async (app, { service }) => {
  app.addHook('onRequest', app.authenticate);
  app.get('/api/crm/summary', {
    schema: {
      tags: ['crm'],
      summary: "A bot's activity per day over 7, 30 or 90 days or a chosen range, beside the period before, its funnel, busiest hours and the share the bot solved alone",
      querystring: crmSummaryQuery,
      response: { 200: crmSummary, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    },
  }, async (req) => service.summary(req.user, req.query.botId, req.query));
};
