import type { SummaryMetric } from '@charla/shared';

/** One colour per step of the funnel, readable on the dark and the light theme. */
export const seriesColors: Record<SummaryMetric, string> = {
  conversations: '#0ea5e9',
  contacts: '#8b5cf6',
  leads: '#f59e0b',
  appointments: '#ec4899',
  won: '#16a34a',
};
