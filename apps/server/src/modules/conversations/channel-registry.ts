import type { Channel, ChannelDefinition } from './ports.ts';

/**
 * The channels the server runs, by name. Each channel module adds its definition once it is
 * built; the conversations module reads the registry when it sends, downloads a customer's file
 * or shapes a reply, never a channel module itself.
 */
export function channelRegistry() {
  const byName = new Map<Channel, ChannelDefinition>();
  return {
    add(...definitions: ChannelDefinition[]) {
      for (const d of definitions) {
        if (byName.has(d.channel)) throw new Error(`channel ${d.channel} is registered twice`);
        byName.set(d.channel, d);
      }
    },
    get: (channel: Channel): ChannelDefinition | undefined => byName.get(channel),
  };
}

export type ChannelRegistry = ReturnType<typeof channelRegistry>;
