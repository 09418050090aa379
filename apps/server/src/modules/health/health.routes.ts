import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';

const status = z.object({ status: z.string(), database: z.string().optional(), migrations: z.string().optional() });

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: status } } }, async () => ({
    status: 'ok',
  }));

  app.get('/readyz', {
    schema: { tags: ['health'], summary: 'The database is reachable and every migration applied', response: { 200: status, 503: status } },
  }, async (_req, reply) => {
    try {
      await database.ping();
    } catch {
      return reply.status(503).send({ status: 'not_ready', database: 'unreachable' });
    }
    if (!(await database.migrationsApplied())) return reply.status(503).send({ status: 'not_ready', database: 'ok', migrations: 'pending' });
    return { status: 'ready', database: database.kind, migrations: 'applied' };
  });
};
