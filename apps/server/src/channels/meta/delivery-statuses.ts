import { channelNotice, type MetaChannel, type Notice } from '@charla/shared';
import type { ChannelMessage, ChannelMessages, EarlyStatus } from '../../modules/conversations/ports.ts';
import { channelErrorFor } from './meta-errors.ts';
import type { MetaRepository } from './meta.repository.ts';
import type { DeliveryStatus } from './meta.table.ts';

/**
 * Statuses Meta reports for sent messages: each kept once (`message_status_events`), then the
 * message moved forward through the conversations module, which tells the dashboard.
 */
export function deliveryStatuses(deps: { repo: MetaRepository; messages: ChannelMessages }) {
  const { repo, messages } = deps;
  return {
    /** Applies one status, once; answers the message when its status moved forward. */
    async apply(
      channel: MetaChannel,
      externalId: string,
      status: DeliveryStatus,
      at: Date,
      error: { notice: Notice; metaCode?: number; detail?: string } | null = null,
    ): Promise<ChannelMessage | undefined> {
      if (!(await repo.recordStatus(channel, externalId, status, at, error))) return undefined;
      // The status may come before the send's answer was stored on the message.
      const id = (await messages.byExternalId(channel, externalId))?.id ?? (await repo.claimedMessage(channel, externalId));
      if (!id) return undefined;
      return messages.advance(id, status, at, error?.notice ?? null, externalId);
    },

    /** Statuses Meta reported before the send's answer, handed back with it for the send job to apply. */
    async early(channel: MetaChannel, externalId: string): Promise<EarlyStatus[]> {
      return (await repo.earlyStatuses(channel, externalId)).map((ev) => ({
        status: ev.status,
        at: ev.occurredAt,
        error: ev.status === 'failed' ? channelNotice(channelErrorFor(ev.metaCode ?? undefined), ev.metaCode) : null,
      }));
    },
  };
}

export type DeliveryStatuses = ReturnType<typeof deliveryStatuses>;
