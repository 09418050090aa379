import type { Jobs } from '../../plugins/jobs.ts';
import { PROCESS_JOB, trainingRetryLimit, type TrainingService } from './training.service.ts';

/** A document's extraction, chunking and indexing runs in its own job. */
export async function trainingJobs(jobs: Jobs, training: TrainingService): Promise<void> {
  await jobs.define<{ documentId: string }>(PROCESS_JOB, (data, job) => training.process(data.documentId, job.retryCount), { retryLimit: trainingRetryLimit });
}
