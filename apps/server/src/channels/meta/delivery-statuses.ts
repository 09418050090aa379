import { channelNotice, type MetaChannel, type Notice } from '@charla/shared';
import type { ChannelMessage, ChannelMessages, EarlyStatus } from '../../modules/conversations/ports.ts';
import { channelErrorFor } from './meta-errors.ts';
import type { MetaRepository } from './meta.repository.ts';
import type { DeliveryStatus } from './meta.table.ts';
import { isUuid } from '../../lib/uuid.ts';

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
      callbackData?: string,
    ): Promise<ChannelMessage | undefined> {
      // A status kept before (Meta's repeat, or the same delivery applied again after a crash that
      // came between keeping it and the steps below) still goes through them: each changes
      // nothing the second time, and skipping them left a claim unconfirmed and sent twice.
      await repo.recordStatus(channel, externalId, status, at, error);
      // The status may come before the send's answer was stored on the message, or instead of it
      // (the process died during the Graph call): the callback data names the claimed message.
      const id =
        (await messages.byExternalId(channel, externalId))?.id ??
        (await repo.claimedMessage(channel, externalId)) ??
        (callbackData && isUuid(callbackData) ? await repo.confirmSend(callbackData, channel, externalId) : undefined);
      if (!id) return undefined;
      return messages.advance(id, status, at, error?.notice ?? null, externalId);
    },

    /** Statuses Meta reported before the send's answer, handed back with it for the send job to apply. */
    async early(channel: MetaChannel, externalId: string): Promise<EarlyStatus[]> {
      return (await repo.earlyStatuses(channel, externalId)).map(toEarly);
    },

    /** `early` for many sends at once (one read), by Meta's id. */
    async earlyMany(channel: MetaChannel, externalIds: string[]): Promise<Map<string, EarlyStatus[]>> {
      const out = new Map<string, EarlyStatus[]>();
      for (const ev of await repo.earlyStatusesMany(channel, externalIds)) {
        const list = out.get(ev.externalId) ?? [];
        list.push(toEarly(ev));
        out.set(ev.externalId, list);
      }
      return out;
    },
  };
}

function toEarly(ev: { status: DeliveryStatus; occurredAt: Date; metaCode: number | null }): EarlyStatus {
  return { status: ev.status, at: ev.occurredAt, error: ev.status === 'failed' ? channelNotice(channelErrorFor(ev.metaCode ?? undefined), ev.metaCode) : null };
}

export type DeliveryStatuses = ReturnType<typeof deliveryStatuses>;
