import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, auditPage, auditQuery } from '@charla/shared';
import type { AuditService } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ service: AuditService }> = async (app, { service }) => {
  app.get('/api/audit', {
    onRequest: app.authenticate,
    schema: {
      tags: ['audit'],
      summary: "The account activity (sign-ins, changes, take-overs, the team, exports, deletions), newest first: its owner and admins (403 for an agent)",
      querystring: auditQuery,
      response: { 200: auditPage, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (req) => service.list(req.user, req.query.cursor, req.query.limit));
};
