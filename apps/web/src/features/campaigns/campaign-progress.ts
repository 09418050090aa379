import type { CampaignCounts, CampaignStatus } from '@charla/shared';

/** How far a campaign got: recipients no longer waiting, of all of them, as a whole percent. */
export function progressOf(counts: CampaignCounts): { done: number; total: number; percent: number } {
  const total = counts.total;
  const done = Math.max(0, Math.min(total, total - counts.queued));
  const percent = total === 0 ? 0 : done === total ? 100 : Math.floor((done / total) * 100);
  return { done, total, percent };
}

/** Recipients whose message left: those sent, delivered or read now (each counted in its latest state). */
export const sentCount = (counts: CampaignCounts): number => counts.sent + counts.delivered + counts.read;

/** The actions the owner has on a campaign in each state. */
export const actionsOf: Record<CampaignStatus, readonly ('start' | 'pause' | 'resume' | 'cancel')[]> = {
  draft: ['start', 'cancel'],
  scheduled: ['start', 'cancel'],
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: [],
  cancelled: [],
  failed: [],
};

/** Whether the campaign may still send (its page listens for progress and shows the live badge). */
export const isActive = (status: CampaignStatus): boolean => status === 'running' || status === 'scheduled' || status === 'paused';

/** The badge's colours of each state. */
export const statusTone: Record<CampaignStatus, string> = {
  draft: 'border-line bg-card text-muted',
  scheduled: 'border-sky-400/40 bg-sky-400/15 text-fg',
  running: 'border-highlight/40 bg-highlight/15 text-fg',
  paused: 'border-amber-400/50 bg-amber-400/15 text-fg',
  completed: 'border-success/40 bg-success/10 text-success',
  cancelled: 'border-line bg-card text-muted',
  failed: 'border-danger/40 bg-danger/10 text-danger',
};
