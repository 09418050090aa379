import type { Jobs } from '../../plugins/jobs.ts';
import { NOTICE_JOB, type NoticeJob, type NotificationsService } from './notifications.service.ts';

/** The notice job: tried again twice, a minute apart, when the mail server refused every recipient. */
export async function notificationsJobs(jobs: Jobs, service: NotificationsService): Promise<void> {
  await jobs.define<NoticeJob>(NOTICE_JOB, (data) => service.deliver(data), { retryLimit: 2, retryDelay: 60 });
}
