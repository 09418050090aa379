import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sweep } from '../app-module.ts';
import type { AffiliatesService } from './affiliates.service.ts';

/** Every hour: the last month's statements close (a no-op once closed, so the 1st is never missed and never doubled). */
export async function affiliatesJobs(app: FastifyInstance, config: Config, affiliates: AffiliatesService): Promise<void> {
  sweep(app, config, 'affiliate statement close', 60 * 60_000, () => affiliates.closeMonth());
}
