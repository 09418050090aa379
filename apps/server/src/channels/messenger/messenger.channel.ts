import type { ChannelDefinition, MediaFetcher, Sender } from '../../modules/conversations/ports.ts';
import { messengerImageWithText } from './messenger-outbound.ts';

/**
 * Messenger (a Facebook page): customers' messages come in through the Meta webhook
 * (messenger-inbound.ts reads them), replies go out through the page's Send API with quick
 * replies, within 24 hours of the customer's last message.
 */
export function messengerChannel(deps: { send: Sender; fetchMedia: MediaFetcher }): ChannelDefinition {
  return {
    channel: 'messenger',
    send: deps.send,
    fetchMedia: deps.fetchMedia,
    capabilities: { media: true, files: false, choices: 'quick-replies', window24h: true, paced: true, imageWithText: messengerImageWithText },
    connected: (bot) => Boolean(bot.messengerCredentials[0]?.page_id && bot.messengerCredentials[0].access_token_sealed),
  };
}
