import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatusResponse, apiErrorSchema, type AdminStatusResponse } from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import type { Database } from '../../db/client.ts';
import type { Engine } from '../../engine/types.ts';

/**
 * The admin console's calls, for the main admin account only (another caller gets 403): the
 * service's state, with the language model's since the process started.
 */
export const adminRoutes: FastifyPluginAsyncZod<{ database: Database; engine: Engine; startedAt: Date }> = async (app, { database, engine, startedAt }) => {
  app.get('/api/admin/status', {
    onRequest: app.authenticate,
    schema: {
      tags: ['admin'],
      summary: "The service's state: database, migrations and the language model (main admin only)",
      response: { 200: adminStatusResponse, 401: apiErrorSchema, 403: apiErrorSchema },
    },
  }, async (req): Promise<AdminStatusResponse> => {
    if (req.user.role !== 'admin') throw new AppError('FORBIDDEN');
    return {
      database: { engine: database.kind, migrations: (await database.migrationsApplied()) ? 'applied' : 'pending' },
      engine: { name: engine.name, model: engine.status?.() ?? null },
      started_at: startedAt.toISOString(),
      checked_at: new Date().toISOString(),
    };
  });
};
