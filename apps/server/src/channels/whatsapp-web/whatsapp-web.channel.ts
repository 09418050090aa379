import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { UserRow } from '../../modules/auth/index.ts';
import type { AccessService } from '../../modules/access/access.module.ts';
import type { ChannelDefinition, ChannelMessages, ReceiveInbound } from '../../modules/conversations/ports.ts';
import { safeFetch } from '../../modules/training/index.ts';
import { databaseAuthState } from './auth-state.ts';
import { localLease, postgresLease } from './lease.ts';
import { sessionManager, type SessionManager } from './session-manager.ts';
import { whatsappWebRepository } from './whatsapp-web.repository.ts';
import { whatsappWebMedia } from './whatsapp-web-media.ts';
import { whatsappWebImageWithText } from './whatsapp-web-outbound.ts';
import { whatsappWebRoutes } from './whatsapp-web.routes.ts';
import { whatsappWebService, type WhatsappWebService } from './whatsapp-web.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    whatsappWeb: { manager: SessionManager; service: WhatsappWebService; media: ReturnType<typeof whatsappWebMedia> };
  }
}

export interface WhatsappWebDeps {
  config: Config;
  database: Database;
  box: SecretBox;
  access: AccessService;
  /** Tries the send job makes (its first run and its retries): the last one stores the failure. */
  sendAttempts: number;
  /** The conversations module's receive and its messages port. */
  receive: ReceiveInbound;
  messages: ChannelMessages;
}

/**
 * WhatsApp by QR (source `whatsmeow`): Baileys sessions paired by QR, one process each (a lease),
 * customers' messages read from the socket (inbound.ts), replies sent paced from the session's
 * process, its routes, and the channel's definition for the registry.
 */
export async function whatsappWebChannel(app: FastifyInstance, { config, database, box, access, sendAttempts, receive, messages }: WhatsappWebDeps) {
  const repo = whatsappWebRepository(database.db);
  const manager = sessionManager({
    repo,
    useAuthState: databaseAuthState(repo, box),
    lease: database.kind === 'postgres' ? postgresLease(database, app.log) : localLease(),
    receive,
    messages,
    emit: (room, event, ...args) => app.realtime.toRoom(room, event, ...args),
    log: app.log,
    fetchImage: async (url) => (await safeFetch(url, { accept: ['image'], allowPrivate: config.TRAINING_ALLOW_PRIVATE_URLS })).body,
    options: {
      qrMax: config.WHATSAPP_WEB_QR_MAX,
      unreachableMs: config.WHATSAPP_WEB_UNREACHABLE_MS,
      minDelayMs: config.WHATSAPP_WEB_MIN_DELAY_MS,
      jitterMs: config.WHATSAPP_WEB_JITTER_MS,
      reconnectMs: config.WHATSAPP_WEB_RECONNECT_MS,
      leaseMs: config.WHATSAPP_WEB_LEASE_MS,
      runsSessions: config.ROLE !== 'api',
      sendAttempts,
      replayMaxAgeMs: config.WEBHOOK_REPLAY_MAX_AGE * 1000,
    },
  });
  const service = whatsappWebService(access, manager);
  const media = whatsappWebMedia();
  app.decorate('whatsappWeb', { manager, service, media });
  app.addHook('onReady', () => manager.begin());
  app.addHook('preClose', () => manager.close());
  await app.register(whatsappWebRoutes, { service });
  const definition: ChannelDefinition = {
    channel: 'whatsmeow',
    send: (ctx) => manager.send(ctx),
    fetchMedia: media.fetcher,
    capabilities: { media: true, files: false, choices: 'shown', window24h: false, paced: true, imageWithText: whatsappWebImageWithText },
    // Whether a session is paired is known to the process that runs it (the lease): sends find out.
  };
  return {
    definition,
    /** POST /api/disconnect with source 'whatsmeow': logs the number out and forgets the session. */
    disconnect: async (caller: UserRow, botId: string): Promise<void> => {
      await service.disconnect(caller, botId);
    },
  };
}
