import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { sweep } from '../app-module.ts';
import type { PlansService } from './plans.service.ts';

/** Every five minutes: accounts whose grace period ended unpaid fall to Free (safe on several workers at once). */
export async function plansJobs(app: FastifyInstance, config: Config, plans: PlansService): Promise<void> {
  sweep(app, config, 'grace period sweep', 5 * 60_000, () => plans.expireGrace());
}
