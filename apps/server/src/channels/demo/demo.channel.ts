import type { FastifyBaseLogger } from 'fastify';
import type { ChannelDefinition, ChannelMessages } from '../../modules/conversations/ports.ts';

/** How long a reply takes to reach the simulated customer's phone (its second grey tick). */
export const DEMO_DELIVERY_MS = 1200;

/**
 * The demonstration channel ("Canal de demostración"): customers the owner plays in "Simular
 * cliente". Nothing leaves the server, so every send succeeds: the reply is `sent` with an id of
 * the channel's own, reaches the customer's phone (`delivered`) a moment later, and is `read` when
 * the customer page shows it (the conversations module's demo customer service). No 24-hour
 * window, pictures and options shown as the page can.
 */
export function demoChannel(deps: { messages: Pick<ChannelMessages, 'advance'>; log: Pick<FastifyBaseLogger, 'warn'>; deliveryMs?: number }): ChannelDefinition {
  const deliveryMs = deps.deliveryMs ?? DEMO_DELIVERY_MS;
  return {
    channel: 'demo',
    async send(context) {
      const { id } = context.message;
      // Delivered once the send recorded `sent`; a restart in between leaves it `sent` until the customer page reads it.
      setTimeout(() => {
        deps.messages.advance(id, 'delivered', new Date(), null).catch((err: unknown) => deps.log.warn({ err, messageId: id }, 'demo delivery not recorded'));
      }, deliveryMs).unref();
      return { externalId: `demo:${id}` };
    },
    capabilities: { media: true, files: true, choices: 'shown', window24h: false, paced: false, imageWithText: () => true },
    connected: () => true,
  };
}
