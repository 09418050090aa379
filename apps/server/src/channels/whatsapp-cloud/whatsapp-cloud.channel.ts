import type { BatchSender, ChannelBot, ChannelDefinition, MediaFetcher, Sender, TemplateChoice } from '../../modules/conversations/ports.ts';
import { whatsappImageWithText } from './whatsapp-outbound.ts';

/**
 * WhatsApp Cloud API (source `api`): customers' messages come in through the Meta webhook
 * (whatsapp-inbound.ts reads them), replies go out through the Graph API with buttons, lists,
 * pictures, the files a person attaches (uploaded first, whatsapp-upload.ts) and, after 24 hours
 * without a customer's message, the approved template chosen in Canales.
 */
export function whatsappCloudChannel(deps: { send: Sender; sendBatch?: BatchSender; fetchMedia: MediaFetcher; checkTemplate: (bot: ChannelBot, template: TemplateChoice) => Promise<void>; checkApproved?: (bot: ChannelBot, template: { name: string; language: string }) => Promise<void> }): ChannelDefinition {
  return {
    channel: 'whatsapp',
    send: deps.send,
    ...(deps.sendBatch ? { sendBatch: deps.sendBatch } : {}),
    fetchMedia: deps.fetchMedia,
    capabilities: {
      media: true,
      files: true,
      choices: 'buttons-and-lists',
      window24h: true,
      templates: { check: deps.checkTemplate, ...(deps.checkApproved ? { approved: deps.checkApproved } : {}) },
      paced: true,
      imageWithText: whatsappImageWithText,
    },
    connected: (bot) => Boolean(bot.metaCredentials[0]?.phone_number_id && bot.metaCredentials[0].access_token_sealed),
  };
}
