import type { ChannelDefinition } from '../../modules/conversations/ports.ts';

/**
 * The owner's test chat in the dashboard: its messages come through the playground's socket
 * event, and its replies reach the owner through the conversationMessage event itself, so
 * sending is storing. It shows pictures in the reply's bubble and options as chips.
 */
export function playgroundChannel(): ChannelDefinition {
  return {
    channel: 'playground',
    send: async () => ({}),
    capabilities: { media: true, files: true, choices: 'shown', window24h: false, paced: false, imageWithText: () => true },
    connected: () => true,
  };
}
