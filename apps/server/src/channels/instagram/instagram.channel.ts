import type { ChannelDefinition, MediaFetcher, Sender } from '../../modules/conversations/ports.ts';
import { messengerImageWithText } from '../messenger/messenger-outbound.ts';

/**
 * Instagram (the account linked to the bot's Facebook page): the same webhook events and Send API
 * as Messenger, with the page's token; shorter texts (1,000 characters).
 */
export function instagramChannel(deps: { send: Sender; fetchMedia: MediaFetcher }): ChannelDefinition {
  return {
    channel: 'instagram',
    send: deps.send,
    fetchMedia: deps.fetchMedia,
    capabilities: { media: true, files: false, choices: 'quick-replies', window24h: true, paced: true, imageWithText: messengerImageWithText },
    connected: (bot) => {
      const page = bot.messengerCredentials[0];
      return Boolean(page?.page_id && page.instagram_account_id && page.access_token_sealed);
    },
  };
}
