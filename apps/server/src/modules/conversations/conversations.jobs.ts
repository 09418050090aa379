import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Jobs } from '../../plugins/jobs.ts';
import { sweep } from '../app-module.ts';
import { IDLE_JOB } from './handoff.ts';
import { MEDIA_JOB } from './media-store.ts';
import { SEND_JOB } from './outbound.ts';
import type { Pipeline } from './pipeline.ts';
import { REPLY_JOB } from './turn.ts';

/**
 * The jobs of a message's road: a turn per conversation (stately: one running, one waiting), a
 * send per outbound message (retried up to `sendAttempts` tries), a file download, the idle
 * return of a hand-off; and the recovery sweep for turns never queued. Turns and sends are taken
 * four at a time by each of two workers: under load one fetch and one completion serve four jobs
 * (on the embedded database the queue's statements were a third of its work per reply).
 */
export async function conversationsJobs(app: FastifyInstance, config: Config, jobs: Jobs, flow: Pipeline, sendAttempts: number): Promise<void> {
  await jobs.define<{ conversationId: string }>(REPLY_JOB, (data) => flow.turn(data.conversationId), { policy: 'stately', concurrency: 2, batchSize: 4, retryLimit: 3 });
  await jobs.define<{ messageId: string }>(MEDIA_JOB, (data) => flow.storeMedia(data.messageId), { retryLimit: 3, retryDelay: 5 });
  await jobs.define<{ conversationId: string; humanAt: string }>(IDLE_JOB, (data) => flow.returnIdle(data.conversationId, data.humanAt), { retryLimit: 3 });
  await jobs.define<{ messageId: string }>(SEND_JOB, async (data) => void (await flow.send(data.messageId)), { policy: 'stately', concurrency: 2, batchSize: 4, retryLimit: sendAttempts - 1, retryDelay: 1 });
  sweep(app, config, 'recovery', 30_000, () => flow.recover());
  if (config.ROLE !== 'api') app.addHook('onReady', async () => void flow.recover(0).catch((err) => app.log.error({ err }, 'recovery failed')));
}
