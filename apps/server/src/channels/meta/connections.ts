import {
  channelErrorMessage,
  channelNotice,
  rooms,
  type ChannelErrorCode,
  type ChannelState,
  type ChannelStatus,
  type Locale,
  type MetaChannel,
  type MetaRegisterStep,
  type ServerToClientEvents,
} from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../lib/crypto.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { BotRow } from '../../modules/bots/index.ts';
import type { ChannelBot } from '../../modules/conversations/ports.ts';
import type { ConnectionRow, MetaRepository } from './meta.repository.ts';

export type Emit = <E extends keyof ServerToClientEvents>(room: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

/** A channel's credentials, opened: the token and the account the calls go to. */
export interface ChannelCredentials {
  token: string;
  /** SHA-256 of the sealed token: what a recorded needs_reauth refers to. */
  tokenRef: string;
  /** Phone number id (WhatsApp) or page id (Messenger, Instagram): the path of the send call. */
  account: string;
  ids: Record<string, string>;
}

/** "…2922": enough to recognise an id on screen. */
export const maskId = (id: string) => (id.length > 4 ? `…${id.slice(-4)}` : id);

/**
 * A channel's connection state. The credentials live on the bot (PATCH /bot/{id}/meta-credentials
 * may change them too); the state row only remembers that Meta refused a given token, so storing a
 * new token by any route ends needs_reauth.
 */
export function connections(deps: { repo: MetaRepository; box: SecretBox; emit: Emit; log: FastifyBaseLogger }) {
  const { repo, box } = deps;

  function credentials(bot: ChannelBot, channel: MetaChannel): ChannelCredentials | undefined {
    const meta = bot.metaCredentials[0];
    const page = bot.messengerCredentials[0];
    const stored: { sealed?: string; account: string; ids: Record<string, string> } | undefined | '' =
      channel === 'whatsapp'
        ? meta?.phone_number_id && { sealed: meta.access_token_sealed, account: meta.phone_number_id, ids: { phone_number_id: meta.phone_number_id, waba_id: meta.waba_id ?? '' } }
        : channel === 'messenger'
          ? page?.page_id && { sealed: page.access_token_sealed, account: page.page_id, ids: { page_id: page.page_id } }
          : page?.page_id && page.instagram_account_id && {
              sealed: page.access_token_sealed,
              account: page.page_id,
              ids: { instagram_account_id: page.instagram_account_id, page_id: page.page_id },
            };
    if (!stored || !stored.sealed) return undefined;
    try {
      return { token: box.open(stored.sealed), tokenRef: sha256(stored.sealed), account: stored.account, ids: stored.ids };
    } catch {
      deps.log.error({ botId: bot.id, channel }, 'stored Meta token cannot be opened with the current key');
      return undefined;
    }
  }

  function stateOf(bot: ChannelBot, channel: MetaChannel, row: ConnectionRow | undefined): ChannelState {
    const creds = credentials(bot, channel);
    if (!creds) return 'disconnected';
    return row?.state === 'needs_reauth' && row.tokenRef === creds.tokenRef ? 'needs_reauth' : 'connected';
  }

  function announce(bot: ChannelBot, channel: MetaChannel, state: ChannelState, code: ChannelErrorCode | null, metaCode?: number) {
    const payload = { botId: bot.id, channel, state, error: code ? channelNotice(code, metaCode) : null };
    deps.emit(rooms.user(bot.userId), 'channelStatus', payload);
    deps.emit(rooms.bot(bot.id), 'channelStatus', payload);
  }

  return {
    credentials,
    stateOf,

    /** Meta refused the token: sends on this channel stop until a new token is stored. */
    async needsReauth(bot: ChannelBot, channel: MetaChannel, creds: ChannelCredentials, metaCode: number | undefined, detail: string | undefined) {
      await repo.saveConnection(bot.id, channel, {
        state: 'needs_reauth',
        tokenRef: creds.tokenRef,
        lastErrorCode: 'CHANNEL_NEEDS_REAUTH',
        lastErrorMetaCode: metaCode ?? null,
        lastErrorDetail: detail?.slice(0, 500) ?? null,
        lastErrorStep: null,
        lastErrorAt: new Date(),
      });
      deps.log.warn({ botId: bot.id, channel, metaCode }, 'Meta refused the channel token: needs reauthorization');
      announce(bot, channel, 'needs_reauth', 'CHANNEL_NEEDS_REAUTH', metaCode);
    },

    /** A problem of the whole channel (permissions, restricted account, a failed step of connecting), shown on the panel. */
    async recordError(bot: ChannelBot, channel: MetaChannel, code: ChannelErrorCode, metaCode: number | undefined, detail: string | undefined, step?: MetaRegisterStep) {
      const row = await repo.saveConnection(bot.id, channel, {
        lastErrorCode: code,
        lastErrorMetaCode: metaCode ?? null,
        lastErrorDetail: detail?.slice(0, 500) ?? null,
        lastErrorStep: step ?? null,
        lastErrorAt: new Date(),
      });
      announce(bot, channel, stateOf(bot, channel, row), code, metaCode);
    },

    async connected(bot: BotRow, channel: MetaChannel, tokenSealed: string) {
      await repo.saveConnection(bot.id, channel, {
        state: 'connected',
        tokenRef: sha256(tokenSealed),
        lastErrorCode: null,
        lastErrorMetaCode: null,
        lastErrorDetail: null,
        lastErrorStep: null,
        lastErrorAt: null,
        setup: {},
      });
      announce(bot, channel, 'connected', null);
    },

    async disconnected(bot: BotRow, channel: MetaChannel) {
      await repo.saveConnection(bot.id, channel, {
        state: 'disconnected',
        tokenRef: null,
        lastErrorCode: null,
        lastErrorMetaCode: null,
        lastErrorDetail: null,
        lastErrorStep: null,
        lastErrorAt: null,
        setup: {},
      });
      announce(bot, channel, 'disconnected', null);
    },

    /** The three channels of a bot as the Canales panel shows them. */
    async statusOf(bot: BotRow, locale: Locale): Promise<ChannelStatus[]> {
      const rows = await repo.connections(bot.id);
      const channels: MetaChannel[] = ['whatsapp', 'messenger', 'instagram'];
      return channels.map((channel) => {
        const row = rows.find((r) => r.channel === channel);
        const creds = credentials(bot, channel);
        const state = stateOf(bot, channel, row);
        const stale = row?.state === 'needs_reauth' && state !== 'needs_reauth';
        return {
          channel,
          source: channel === 'whatsapp' ? 'api' : channel,
          state,
          ids: Object.fromEntries(Object.entries(creds?.ids ?? {}).filter(([, v]) => v).map(([k, v]) => [k, maskId(v)])),
          last_error:
            row?.lastErrorCode && row.lastErrorAt && !stale
              ? {
                  code: row.lastErrorCode,
                  message: channelErrorMessage(row.lastErrorCode, locale, row.lastErrorMetaCode),
                  meta_code: row.lastErrorMetaCode,
                  detail: row.lastErrorDetail,
                  step: row.lastErrorStep,
                  at: row.lastErrorAt.toISOString(),
                }
              : null,
          updated_at: row?.updatedAt.toISOString() ?? null,
        };
      });
    },
  };
}

export type Connections = ReturnType<typeof connections>;
