import type { WhatsappSessionStatus } from '@charla/shared';
import type { AccessService } from '../../modules/access/access.module.ts';
import type { UserRow } from '../../modules/auth/index.ts';
import type { SessionManager } from './session-manager.ts';

/** The owner's side of WhatsApp by QR: every call first checks the caller may use the bot. */
export function whatsappWebService(access: Pick<AccessService, 'requireRead' | 'requireWrite'>, manager: SessionManager) {
  return {
    async status(caller: UserRow, botId: string): Promise<WhatsappSessionStatus> {
      await access.requireRead(caller, botId, 'channels');
      return manager.status(botId);
    },

    /** Starts pairing (QRs then arrive on the bot room) or reconnects a paired number. */
    async connect(caller: UserRow, botId: string): Promise<WhatsappSessionStatus> {
      await access.requireWrite(caller, botId, 'channels');
      return manager.start(botId);
    },

    /** Logs the number out of WhatsApp and forgets the session. */
    async disconnect(caller: UserRow, botId: string): Promise<WhatsappSessionStatus> {
      await access.requireWrite(caller, botId, 'channels', { evenLocked: true });
      await manager.disconnect(botId);
      return manager.status(botId);
    },
  };
}

export type WhatsappWebService = ReturnType<typeof whatsappWebService>;
