import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { FileStorage } from '../../lib/storage.ts';
import type { UserRow } from '../../modules/auth/index.ts';
import { botsRepository, type BotsService } from '../../modules/bots/index.ts';
import type { AccessService } from '../../modules/access/access.module.ts';
import type { ChannelMessages, ReceiveInbound } from '../../modules/conversations/ports.ts';
import { instagramChannel } from '../instagram/instagram.channel.ts';
import { attachmentMediaFetcher } from '../messenger/messenger-media.ts';
import { messengerChannel } from '../messenger/messenger.channel.ts';
import { whatsappCloudChannel } from '../whatsapp-cloud/whatsapp-cloud.channel.ts';
import { whatsappMediaFetcher } from '../whatsapp-cloud/whatsapp-media.ts';
import { keptFileUploader } from '../whatsapp-cloud/whatsapp-upload.ts';
import { channelsRoutes } from './channels.routes.ts';
import { channelsService } from './channels.service.ts';
import { connections, type Emit } from './connections.ts';
import { deliveryStatuses } from './delivery-statuses.ts';
import { graphClient } from './graph-client.ts';
import { metaRepository } from './meta.repository.ts';
import { metaSenders } from './meta-sender.ts';
import { webhookRoutes } from './webhook.routes.ts';
import { webhookService } from './webhook.service.ts';
import { openInboxJournal } from './inbox-journal.ts';
import { createWebhookInbox, type WebhookInbox } from './webhook-inbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Meta webhook's inbox: its backlog for /readyz, `drained` for tests. */
    webhookInbox: WebhookInbox;
  }
}

export { SEND_ATTEMPTS } from './meta-sender.ts';

export interface MetaChannelsDeps {
  config: Config;
  db: Db;
  /** Connections kept for the webhook inbox's appends (`Database.appends`). */
  appends?: Db;
  /** On the embedded database in a data folder: where the webhook's journal lives (`inbox-journal.ts`). */
  journalDir?: string;
  /** Customers the webhook inbox applies side by side (`webhook.service.ts`). */
  applyLanes?: number;
  /** How often the inbox's idle reader looks for other processes' appends (`webhook-inbox.ts`). */
  inboxPollMs?: number;
  box: SecretBox;
  bots: BotsService;
  access: AccessService;
  emit: Emit;
  log: FastifyBaseLogger;
  /** Kept files: a person's attachment goes up to Meta from here. */
  storage: FileStorage;
  /** The conversations module's receive and its messages port. */
  receive: ReceiveInbound;
  messages: ChannelMessages;
  /** POST /api/disconnect with source 'whatsmeow' (WhatsApp by QR's own logout). */
  disconnectWhatsmeow?: (caller: UserRow, botId: string) => Promise<void>;
}

/**
 * WhatsApp Cloud API, Messenger and Instagram share Meta's plumbing: one Graph client, one
 * webhook callback, the connection states and the Canales routes. Each of the three is declared
 * as its own channel (whatsapp-cloud/, messenger/, instagram/).
 */
export function metaChannels(deps: MetaChannelsDeps) {
  const { config, db, box, bots, emit, log, messages } = deps;
  const repo = metaRepository(db);
  const graph = graphClient({ baseUrl: config.META_GRAPH_URL, timeoutMs: config.META_TIMEOUT_MS });
  const conns = connections({ repo, box, emit, log });
  const statuses = deliveryStatuses({ repo, messages });
  const senders = metaSenders({
    repo,
    connections: conns,
    graph,
    statuses,
    log,
    upload: keptFileUploader({ graph, storage: deps.storage }),
    ratePerSecond: config.WHATSAPP_RATE_PER_SECOND,
    recipientGapMs: config.META_RECIPIENT_GAP_MS,
    timeoutMs: config.META_TIMEOUT_MS,
    confirmWindowMs: config.META_CONFIRM_WINDOW_MS,
  });
  const service = channelsService({
    repo,
    connections: conns,
    graph,
    bots,
    access: deps.access,
    botsRepo: botsRepository(db),
    box,
    appId: config.META_APP_ID,
    appSecret: config.META_APP_SECRET,
    configId: config.META_CONFIG_ID,
    graphVersion: /\/(v\d+\.\d+)$/.exec(config.META_GRAPH_URL)?.[1] ?? 'v23.0',
    log,
    disconnectWhatsmeow: deps.disconnectWhatsmeow,
  });
  const webhooks = webhookService({ repo, connections: conns, receive: deps.receive, messages, statuses, log, replayMaxAgeMs: config.WEBHOOK_REPLAY_MAX_AGE * 1000, ...(deps.applyLanes ? { lanes: deps.applyLanes } : {}) });
  const journal = deps.journalDir ? openInboxJournal(deps.journalDir, db, log) : undefined;
  const inbox = createWebhookInbox({ db, appends: deps.appends, journal, log, apply: webhooks.apply, leaseMs: config.JOB_LEASE_MS, ...(deps.inboxPollMs && { pollMs: deps.inboxPollMs }) });
  const attachments = attachmentMediaFetcher({ timeoutMs: config.META_TIMEOUT_MS * 10, allowPrivate: config.TRAINING_ALLOW_PRIVATE_URLS });

  return {
    definitions: [
      whatsappCloudChannel({
        send: senders.whatsapp,
        sendBatch: senders.whatsappBatch,
        fetchMedia: whatsappMediaFetcher({ graph, connections: conns, findBot: bots.find, timeoutMs: config.META_TIMEOUT_MS }),
        checkTemplate: service.checkTemplate,
        checkApproved: service.checkApproved,
      }),
      messengerChannel({ send: senders.messenger, fetchMedia: attachments }),
      instagramChannel({ send: senders.instagram, fetchMedia: attachments }),
    ],
    /** The webhook callback and the Canales routes. */
    async routes(app: FastifyInstance) {
      app.decorate('webhookInbox', inbox);
      // Processes that run jobs read the inbox; they stop reading before the database closes.
      if (config.ROLE !== 'api') {
        app.addHook('onReady', async () => inbox.start());
        app.addHook('preClose', () => inbox.stop());
      }
      if (journal) app.addHook('onClose', () => journal.close());
      await app.register(webhookRoutes, { inbox, appSecret: config.META_APP_SECRET, verifyToken: config.META_VERIFY_TOKEN });
      await app.register(channelsRoutes, { service });
    },
  };
}
