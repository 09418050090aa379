import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAccountResponse,
  adminAccountsQuery,
  adminAccountsResponse,
  adminAccountSummary,
  adminBotLockBody,
  adminBotLockResponse,
  adminBotParams,
  adminOverviewResponse,
  adminStatusResponse,
  adminSuspendBody,
  adminUserParams,
  apiErrorSchema,
  auditPage,
  auditQuery,
  type AdminStatusResponse,
} from '@charla/shared';
import type { Database } from '../../db/client.ts';
import type { Engine } from '../../engine/types.ts';
import type { AdminService } from './admin.service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const tags = ['admin'];

/**
 * The admin console's calls, for the main admin account only (another caller gets 403): the
 * service's state and figures, every account, a bot's lock, an account's suspension and the
 * console's own audit trail. An account's plan is set by the plans module (PATCH /api/admin/accounts/{userId}).
 */
export const adminRoutes: FastifyPluginAsyncZod<{ database: Database; engine: Engine; startedAt: Date; service: AdminService }> = async (
  app,
  { database, engine, startedAt, service },
) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/api/admin/status', {
    schema: {
      tags,
      summary: "The service's state: database, migrations and the language model (main admin only)",
      response: { 200: adminStatusResponse, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (req): Promise<AdminStatusResponse> => {
    service.mainAdmin(req.user);
    return {
      database: { engine: database.kind, migrations: (await database.migrationsApplied()) ? 'applied' : 'pending' },
      engine: { name: engine.name, model: engine.status?.() ?? null },
      started_at: startedAt.toISOString(),
      checked_at: new Date().toISOString(),
    };
  });

  app.get('/api/admin/overview', {
    schema: { tags, summary: "The service's figures: accounts, active bots, messages today and this month, accounts by plan", response: { 200: adminOverviewResponse, ...errors } },
  }, async (req) => service.overview(req.user));

  app.get('/api/admin/accounts', {
    schema: { tags, summary: 'Accounts, newest first: search by name or e-mail (without accents or case), filter by plan', querystring: adminAccountsQuery, response: { 200: adminAccountsResponse, ...errors } },
  }, async (req) => service.accounts(req.user, req.query));

  app.get('/api/admin/accounts/:userId', {
    schema: { tags, summary: 'One account with its bots', params: adminUserParams, response: { 200: adminAccountResponse, ...errors } },
  }, async (req) => service.account(req.user, req.params.userId));

  app.patch('/api/admin/bots/:botId', {
    schema: { tags, summary: 'Lock a bot (a reason is required) or unlock it: a locked bot refuses its owner\'s changes', params: adminBotParams, body: adminBotLockBody, response: { 200: adminBotLockResponse, ...errors } },
  }, async (req) => service.lockBot(req.user, req.params.botId, req.body, req.ip));

  app.post('/api/admin/accounts/:userId/suspend', {
    schema: { tags, summary: 'Suspend an account: it cannot sign in, its sessions end and its bots stay silent', params: adminUserParams, body: adminSuspendBody, response: { 200: adminAccountSummary, ...errors } },
  }, async (req) => service.suspend(req.user, req.params.userId, req.body.reason, req.ip));

  app.post('/api/admin/accounts/:userId/restore', {
    schema: { tags, summary: 'Restore a suspended account', params: adminUserParams, response: { 200: adminAccountSummary, ...errors } },
  }, async (req) => service.suspend(req.user, req.params.userId, null, req.ip));

  app.get('/api/admin/audit', {
    schema: { tags, summary: "The console's own audit trail (the main admin's actions), newest first", querystring: auditQuery, response: { 200: auditPage, ...errors } },
  }, async (req) => service.trail(req.user, req.query.cursor, req.query.limit));
};
