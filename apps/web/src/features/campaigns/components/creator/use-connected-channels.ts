import { campaignChannelOrder } from '../../creator-draft.ts';
import type { CampaignChannel } from '@charla/shared';
import { useChannels, useWhatsmeowSession } from '../../../channels/index.ts';

/** Which of the bot's channels can send a campaign now (connected), and whether that is known yet. */
export function useConnectedChannels(botId: string): { pending: boolean; connected: CampaignChannel[] } {
  const meta = useChannels(botId);
  const qr = useWhatsmeowSession(botId);
  const pending = meta.isPending || qr.isPending;
  const connected = campaignChannelOrder.filter((channel) => {
    if (channel === 'whatsmeow') return Boolean(qr.data && qr.data.status === 'connected');
    return Boolean(meta.data?.some((c) => c.channel === channel && c.state === 'connected'));
  });
  return { pending, connected };
}
