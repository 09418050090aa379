import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../../modules/auth/index.ts';
import type { ChannelsServiceDeps } from './channels.service.ts';

/** Disconnecting a bot's channel: its credentials forgotten and its accounts let go. */
export function channelDisconnect(deps: Pick<ChannelsServiceDeps, 'access' | 'botsRepo' | 'connections' | 'log' | 'disconnectWhatsmeow'>) {
  const { access, connections, log } = deps;

  /**
   * Forgets a channel's credentials (webhooks for it are then dropped, sends fail with
   * CHANNEL_NOT_CONNECTED). Messenger takes Instagram with it: Instagram replies use the page's token.
   */
  async function disconnect(caller: UserRow, botId: string, source: string): Promise<void> {
    const bot = await access.requireWrite(caller, botId, 'channels', { evenLocked: true });
    if (source === 'whatsmeow') {
      if (!deps.disconnectWhatsmeow) throw new AppError('CHANNEL_SOURCE_UNSUPPORTED');
      return deps.disconnectWhatsmeow(caller, botId);
    }
    // The accounts are let go with the credentials: another bot may take them afterwards.
    if (source === 'api' || source === 'meta') {
      await deps.botsRepo.updateHolding(bot.id, { metaCredentials: [] }, { whatsapp: null });
      await connections.disconnected(bot, 'whatsapp');
    } else if (source === 'messenger') {
      await deps.botsRepo.updateHolding(bot.id, { messengerCredentials: [] }, { messenger: null, instagram: null });
      await connections.disconnected(bot, 'messenger');
      await connections.disconnected(bot, 'instagram');
    } else if (source === 'instagram') {
      const page = bot.messengerCredentials[0];
      await deps.botsRepo.updateHolding(bot.id, page ? { messengerCredentials: [{ ...page, instagram_account_id: undefined }] } : {}, { instagram: null });
      await connections.disconnected(bot, 'instagram');
    } else throw new AppError('CHANNEL_SOURCE_UNSUPPORTED');
    log.info({ botId, source }, 'channel disconnected');
  }

  return { disconnect };
}
