import { paths } from '../../lib/navigation.ts';

/** The creator's segment under the section: /app/dashboard/{botId}/massive-sender/nueva. */
export const newCampaignSegment = 'nueva';

export const campaignPaths = {
  list: (botId: string) => paths.bot(botId, 'massive-sender'),
  create: (botId: string) => `${paths.bot(botId, 'massive-sender')}/${newCampaignSegment}`,
  one: (botId: string, id: string) => `${paths.bot(botId, 'massive-sender')}/${encodeURIComponent(id)}`,
};
