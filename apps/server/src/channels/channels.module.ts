import path from 'node:path';
import type { AppModule, ModuleContext } from '../modules/app-module.ts';
import type { AccessService } from '../modules/access/access.module.ts';
import type { BotsService } from '../modules/bots/index.ts';
import type { ChannelDefinition, ChannelMessages, ReceiveInbound } from '../modules/conversations/ports.ts';
import { demoChannel } from './demo/demo.channel.ts';
import { metaChannels, SEND_ATTEMPTS } from './meta/meta-channels.ts';
import { playgroundChannel } from './playground/playground.channel.ts';
import { whatsappWebChannel } from './whatsapp-web/whatsapp-web.channel.ts';

export { SEND_ATTEMPTS };

/**
 * The webhook inbox on the embedded database: four customers applied side by side, and its idle
 * reader looking only every 2 s, since the one process that can open the database wakes it after
 * every append; on PostgreSQL other processes append too, so it looks every 100 ms.
 */
const EMBEDDED_INBOX = { applyLanes: 4, inboxPollMs: 2_000 };

/**
 * Every channel the server runs: each declares itself (sender, capabilities, media downloads,
 * connection state) to the conversations module's registry and registers its own routes.
 */
export function channelsModule(
  ctx: ModuleContext,
  deps: { bots: BotsService; access: AccessService; receive: ReceiveInbound; messages: ChannelMessages; register: (...definitions: ChannelDefinition[]) => void },
): AppModule {
  return {
    name: 'channels',
    async routes(app) {
      const { config, database, box } = ctx;
      const { bots, access } = deps;
      const whatsappWeb = await whatsappWebChannel(app, { config, database, box, access, sendAttempts: SEND_ATTEMPTS, receive: deps.receive, messages: deps.messages });
      const meta = metaChannels({ config, db: database.db, appends: database.appends, ...(database.kind === 'pglite' ? EMBEDDED_INBOX : {}), ...(database.dataDir ? { journalDir: path.join(database.dataDir, 'webhook-inbox') } : {}), box, bots, access, emit: ctx.emit, log: ctx.log, storage: ctx.storage, receive: deps.receive, messages: deps.messages, disconnectWhatsmeow: whatsappWeb.disconnect });
      deps.register(playgroundChannel(), demoChannel({ messages: deps.messages, log: ctx.log }), ...meta.definitions, whatsappWeb.definition);
      await meta.routes(app);
    },
  };
}
