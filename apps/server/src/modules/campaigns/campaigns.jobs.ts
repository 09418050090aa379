import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { sweep } from '../app-module.ts';
import type { CampaignsRepository } from './campaigns.repository.ts';
import type { CampaignRunner } from './runner.ts';

export const CAMPAIGN_START_JOB = 'campaign.start';
export interface CampaignStartJob {
  campaignId: string;
}

/**
 * The campaign worker: at start-up and every second it finds the running campaigns (and the
 * scheduled ones whose time came) and sends them in this process, so a campaign a dead process
 * was sending resumes by itself; a scheduled campaign also has a job at its time.
 */
export async function campaignsJobs(app: FastifyInstance, config: Config, jobs: Jobs, repo: CampaignsRepository, runner: CampaignRunner, startDue: (campaignId: string) => Promise<void>): Promise<void> {
  await jobs.define<CampaignStartJob>(CAMPAIGN_START_JOB, (data) => startDue(data.campaignId), { retryLimit: 3, retryDelay: 5 });
  if (config.ROLE === 'api') return;
  const look = async () => {
    for (const c of await repo.due(new Date())) {
      if (c.status === 'scheduled') await startDue(c.id);
      else void runner.run(c.id);
    }
  };
  app.addHook('onReady', () => void look().catch((err) => app.log.error({ err }, 'campaign worker start failed')));
  app.addHook('preClose', () => runner.stop());
  sweep(app, config, 'campaign worker', 1_000, look);
  sweep(app, config, 'campaign uploads sweep', 3_600_000, () => repo.dropExpiredUploads(new Date()));
}
