import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { UserRow } from '../../modules/auth/auth.repository.ts';
import { botsRepository } from '../../modules/bots/bots.repository.ts';
import type { BotsService } from '../../modules/bots/bots.service.ts';
import type { Inbound } from '../../modules/conversations/conversations.repository.ts';
import { channelsRoutes } from './channels.routes.ts';
import { channelsService } from './channels.service.ts';
import { connections, type Emit } from './connections.ts';
import { graphClient } from './graph-client.ts';
import { metaRepository } from './meta.repository.ts';
import { metaSenders } from './meta-sender.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { webhookService } from './webhook.service.ts';
import { whatsappMediaFetcher } from '../whatsapp-cloud/whatsapp-media.ts';
import { attachmentMediaFetcher } from '../messenger/messenger-media.ts';

export { SEND_ATTEMPTS } from './meta-sender.ts';

export interface MetaChannelsDeps {
  config: Config;
  db: Db;
  box: SecretBox;
  bots: BotsService;
  emit: Emit;
  log: FastifyBaseLogger;
}

/**
 * WhatsApp Cloud API, Messenger and Instagram: the senders the pipeline calls, then (once the
 * pipeline exists) the webhook callback and the Canales routes.
 */
export function metaChannels({ config, db, box, bots, emit, log }: MetaChannelsDeps) {
  const repo = metaRepository(db);
  const graph = graphClient({ baseUrl: config.META_GRAPH_URL, timeoutMs: config.META_TIMEOUT_MS });
  const conns = connections({ repo, box, emit, log });
  const senders = metaSenders({
    repo,
    connections: conns,
    graph,
    findBot: bots.find,
    emit,
    log,
    ratePerSecond: config.WHATSAPP_RATE_PER_SECOND,
    recipientGapMs: config.META_RECIPIENT_GAP_MS,
    timeoutMs: config.META_TIMEOUT_MS,
  });

  const attachments = attachmentMediaFetcher({ timeoutMs: config.META_TIMEOUT_MS * 10, allowPrivate: config.TRAINING_ALLOW_PRIVATE_URLS });
  const mediaFetchers = {
    whatsapp: whatsappMediaFetcher({ graph, connections: conns, findBot: bots.find, timeoutMs: config.META_TIMEOUT_MS }),
    messenger: attachments,
    instagram: attachments,
  };

  return {
    senders,
    mediaFetchers,
    async routes(
      app: FastifyInstance,
      receive: (m: Inbound) => Promise<unknown>,
      opts: { disconnectWhatsmeow?: (caller: UserRow, botId: string) => Promise<void> } = {},
    ) {
      const webhooks = webhookService({ repo, connections: conns, receive, emit, log, replayMaxAgeMs: config.WEBHOOK_REPLAY_MAX_AGE * 1000 });
      await app.register(webhookRoutes, { service: webhooks, appSecret: config.META_APP_SECRET, verifyToken: config.META_VERIFY_TOKEN });
      const service = channelsService({
        repo,
        connections: conns,
        graph,
        bots,
        botsRepo: botsRepository(db),
        box,
        appId: config.META_APP_ID,
        appSecret: config.META_APP_SECRET,
        configId: config.META_CONFIG_ID,
        graphVersion: /\/(v\d+\.\d+)$/.exec(config.META_GRAPH_URL)?.[1] ?? 'v23.0',
        log,
        disconnectWhatsmeow: opts.disconnectWhatsmeow,
      });
      await app.register(channelsRoutes, { service });
      return { checkTemplate: service.checkTemplate };
    },
  };
}
