import type { SenderCapabilities } from './ports.ts';

/** Meta's customer service window: replies may go for 24 hours after the customer's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a reply may go now: a channel with a 24-hour window (its capabilities say so) needs the
 * customer to have written within it; any other channel is always open. The inbox and the send
 * job both ask here.
 */
export function windowOpen(capabilities: Pick<SenderCapabilities, 'window24h'> | undefined, lastInboundAt: Date | null, now = Date.now()): boolean {
  return !capabilities?.window24h || Boolean(lastInboundAt && now - lastInboundAt.getTime() < WINDOW_MS);
}
