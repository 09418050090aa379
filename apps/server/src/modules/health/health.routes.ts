import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { modelStatus } from '@charla/shared';
import type { Database } from '../../db/client.ts';
import type { Engine } from '../../engine/types.ts';

/** The language model's state when one is configured; it does not make the server unready (the fallback answers). */
const status = z.object({
  status: z.string(),
  database: z.string().optional(),
  migrations: z.string().optional(),
  model: modelStatus.optional(),
  /** Webhook deliveries acknowledged and not yet applied, the age of the oldest, and those that failed every read. */
  webhookBacklog: z.object({ waiting: z.number(), oldestSeconds: z.number(), failed: z.number() }).optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; engine?: Engine }> = async (app, { database, engine }) => {
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is up', response: { 200: status } } }, async () => ({
    status: 'ok',
  }));

  app.get('/readyz', {
    schema: { tags: ['health'], summary: 'The database is reachable and every migration applied; the webhook backlog', response: { 200: status, 503: status } },
  }, async (_req, reply) => {
    try {
      await database.ping();
    } catch {
      return reply.status(503).send({ status: 'not_ready', database: 'unreachable' });
    }
    if (!(await database.migrationsApplied())) return reply.status(503).send({ status: 'not_ready', database: 'ok', migrations: 'pending' });
    const modelStatus = engine?.status?.();
    // A backlog does not make the process unready: acknowledging stays fast while the reader catches up.
    const webhookBacklog = app.hasDecorator('webhookInbox') ? await app.webhookInbox.backlog().catch(() => undefined) : undefined;
    return { status: 'ready', database: database.kind, migrations: 'applied', ...(modelStatus && { model: modelStatus }), ...(webhookBacklog && { webhookBacklog }) };
  });
};
