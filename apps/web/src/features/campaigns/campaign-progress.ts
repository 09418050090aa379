import type { Campaign, CampaignCounts, CampaignProgressEvent, CampaignStatus } from '@charla/shared';

/** How far a campaign got: recipients no longer waiting, of all of them, as a whole percent. */
export function progressOf(counts: CampaignCounts): { done: number; total: number; percent: number } {
  const total = counts.total;
  const done = Math.max(0, Math.min(total, total - counts.queued));
  const percent = total === 0 ? 0 : done === total ? 100 : Math.floor((done / total) * 100);
  return { done, total, percent };
}

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

/** A campaign with the state and counts of a progress event (another campaign's event leaves it as it is). */
export function withProgress(campaign: Campaign, event: CampaignProgressEvent): Campaign {
  if (campaign.id !== event.campaignId) return campaign;
  return { ...campaign, status: event.status, pauseReason: event.pauseReason, counts: event.counts, nextSendAt: event.nextSendAt };
}
