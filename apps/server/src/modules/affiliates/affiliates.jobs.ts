import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sweep } from '../app-module.ts';
import type { AffiliatesService } from './affiliates.service.ts';

/**
 * The last month's statements close once the server is up, then every hour: a no-op once closed,
 * so the 1st is never missed (a restart included) and never doubled (safe on several workers).
 */
export async function affiliatesJobs(app: FastifyInstance, config: Config, affiliates: AffiliatesService): Promise<void> {
  if (config.ROLE === 'api') return;
  app.addHook('onReady', async () => {
    void affiliates.closeMonth().catch((err: unknown) => app.log.error({ err }, 'affiliate statement close failed'));
  });
  sweep(app, config, 'affiliate statement close', 60 * 60_000, () => affiliates.closeMonth());
}
