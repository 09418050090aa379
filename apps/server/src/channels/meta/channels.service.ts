import { randomInt } from 'node:crypto';
import {
  channelNotice,
  metaStepMessage,
  type ChannelStatus,
  type Locale,
  type MessengerRegisterBody,
  type MetaChannel,
  type MetaRegisterBody,
  type MetaRegisterStep,
  type MetaSettingsResponse,
} from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { UserRow } from '../../modules/auth/index.ts';
import type { BotRow, BotsRepository, BotsService } from '../../modules/bots/index.ts';
import type { AccessService } from '../../modules/access/access.module.ts';
import type { Connections } from './connections.ts';
import { GraphError, type GraphClient } from './graph-client.ts';
import { channelErrorFor } from './meta-errors.ts';
import { refuseUnsendable } from './refuse-unsendable.ts';
import { channelDisconnect } from './channel-disconnect.ts';
import { whatsappTemplatesService } from './whatsapp-templates.service.ts';
import type { MetaRepository } from './meta.repository.ts';

/** Our code for a failed step: a call with no answer is an unavailable Meta here, not an unconfirmed message. */
const stepErrorCode = (err: GraphError) => (err.failure === 'ambiguous' ? 'META_UNAVAILABLE' : channelErrorFor(err.code, err.body.error_subcode, err.failure));

/**
 * A step of connecting failed at Meta: which one, and what Meta said. Calling again retries it.
 * The one error handler answers it (502 META_STEP_FAILED) with the step and Meta's fields.
 */
export class MetaStepError extends AppError {
  constructor(
    readonly step: MetaRegisterStep,
    readonly graphError: GraphError,
  ) {
    const cause = channelNotice(stepErrorCode(graphError), graphError.code);
    const said = graphError.body.error_user_msg ?? graphError.body.message;
    super('META_STEP_FAILED', undefined, { es: metaStepMessage(step, cause, said, 'es'), en: metaStepMessage(step, cause, said, 'en') }, {
      step,
      retryable: true,
      meta: { code: graphError.code ?? null, subcode: graphError.body.error_subcode ?? null, message: graphError.body.message ?? null, fbtrace_id: graphError.body.fbtrace_id ?? null },
    });
  }
}

export interface ChannelsServiceDeps {
  repo: MetaRepository;
  connections: Connections;
  graph: GraphClient;
  bots: BotsService;
  access: AccessService;
  botsRepo: BotsRepository;
  box: SecretBox;
  appId: string | undefined;
  appSecret: string | undefined;
  /** The embedded signup's configuration id: public, like the app id. */
  configId?: string | undefined;
  /** The Graph API version the server calls ("v23.0"). */
  graphVersion?: string;
  log: FastifyBaseLogger;
  /** Disconnects the WhatsApp-by-QR session, once that channel is wired. */
  disconnectWhatsmeow?: (caller: UserRow, botId: string) => Promise<void>;
}

const subscribedFields = 'messages,messaging_postbacks,message_deliveries,message_reads';

/**
 * Connecting and inspecting a bot's Meta channels (the connect steps are here); the WhatsApp
 * templates (whatsapp-templates.service.ts) and disconnecting (channel-disconnect.ts) join them.
 */
export function channelsService(deps: ChannelsServiceDeps) {
  const { repo, connections, graph, bots, access, box, log } = deps;
  const templates = whatsappTemplatesService(deps);
  const disconnecting = channelDisconnect(deps);

  async function step<T>(bot: BotRow, channel: MetaChannel, name: MetaRegisterStep, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      refuseUnsendable(err);
      log.warn({ botId: bot.id, channel, step: name, ...err.toLog() }, 'connecting a Meta channel failed');
      await connections.recordError(bot, channel, stepErrorCode(err), err.code, err.body.message, name);
      throw new MetaStepError(name, err);
    }
  }

  /**
   * Refuses early (before Meta is called) an account another bot holds. Only a courtesy: storing
   * the credentials takes the account, and that is what refuses a bot that got there first.
   */
  async function ensureFree(botId: string, channel: MetaChannel, account: string | undefined) {
    if (!account) return;
    const other = await repo.botByAccount(channel, account);
    if (other && other.id !== botId) throw new AppError('CHANNEL_ACCOUNT_TAKEN');
  }

  async function fresh(botId: string): Promise<BotRow> {
    const row = await bots.find(botId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async status(caller: UserRow, botId: string, locale: Locale): Promise<ChannelStatus[]> {
      return connections.statusOf(await access.requireRead(caller, botId, 'channels'), locale);
    },

    /**
     * Connects a WhatsApp number: the signup code exchanged for a token (or the token given), the
     * app subscribed to the WABA, the number registered. Each step can fail and be retried; a code
     * already exchanged is not exchanged again (Meta accepts each code once).
     */
    async registerWhatsapp(caller: UserRow, body: MetaRegisterBody, locale: Locale) {
      const bot = await access.requireWrite(caller, body.bot_id, 'channels');
      await ensureFree(bot.id, 'whatsapp', body.phone_number_id);
      const setup = (await repo.connection(bot.id, 'whatsapp'))?.setup ?? {};
      let token = body.access_token;
      if (!token && body.code) {
        const codeHash = sha256(body.code);
        if (setup.codeHash === codeHash && setup.tokenSealed) token = box.open(setup.tokenSealed);
        else {
          if (!deps.appId || !deps.appSecret) throw new AppError('META_NOT_CONFIGURED');
          const query = { client_id: deps.appId, client_secret: deps.appSecret, code: body.code };
          const exchanged = await step(bot, 'whatsapp', 'exchange', () => graph.get<{ access_token?: string }>('oauth/access_token', { query }));
          if (!exchanged.access_token) throw new MetaStepError('exchange', new GraphError('rejected', 200, { message: 'no access_token in the answer' }));
          token = exchanged.access_token;
          setup.codeHash = codeHash;
          setup.tokenSealed = box.seal(token);
          await repo.saveConnection(bot.id, 'whatsapp', { setup });
        }
      }
      // Retrying without code or token: the token of the previous attempt, or the one stored.
      token ??= setup.tokenSealed ? box.open(setup.tokenSealed) : connections.credentials(bot, 'whatsapp')?.token;
      if (!token) throw new AppError('META_TOKEN_REQUIRED', { access_token: 'META_TOKEN_REQUIRED' });

      await step(bot, 'whatsapp', 'subscribe', () => graph.post(`${body.waba_id}/subscribed_apps`, { token, retries: 2 }));
      let pin = body.pin;
      if (!pin) {
        pin = setup.pinSealed ? box.open(setup.pinSealed) : String(randomInt(0, 1_000_000)).padStart(6, '0');
        if (!setup.pinSealed) await repo.saveConnection(bot.id, 'whatsapp', { setup: { ...setup, pinSealed: box.seal(pin) } });
      }
      await step(bot, 'whatsapp', 'register', () =>
        graph.post(`${body.phone_number_id}/register`, { token, body: { messaging_product: 'whatsapp', pin }, retries: 2 }),
      );

      await bots.setMetaCredentials(caller, bot.id, { access_token: token, phone_number_id: body.phone_number_id, waba_id: body.waba_id });
      const saved = await fresh(bot.id);
      await connections.connected(saved, 'whatsapp', saved.metaCredentials[0]!.access_token_sealed!);
      log.info({ botId: bot.id, phone: body.phone_number_id.slice(-4) }, 'WhatsApp number connected');
      const channel = (await connections.statusOf(saved, locale)).find((c) => c.channel === 'whatsapp')!;
      return { ok: true as const, channel, ...(body.pin ? {} : { generated_pin: pin }) };
    },

    /** Connects a Facebook page (Messenger) and, when given, its Instagram account. */
    async registerMessenger(caller: UserRow, body: MessengerRegisterBody, locale: Locale) {
      const bot = await access.requireWrite(caller, body.bot_id, 'channels');
      await ensureFree(bot.id, 'messenger', body.page_id);
      await ensureFree(bot.id, 'instagram', body.instagram_account_id);
      await step(bot, 'messenger', 'subscribe', () =>
        graph.post(`${body.page_id}/subscribed_apps`, { token: body.access_token, query: { subscribed_fields: subscribedFields }, retries: 2 }),
      );
      await bots.update(caller, bot.id, {
        messengerCredentials: [{ access_token: body.access_token, page_id: body.page_id, ...(body.instagram_account_id ? { instagram_account_id: body.instagram_account_id } : {}) }],
      });
      const saved = await fresh(bot.id);
      const sealed = saved.messengerCredentials[0]!.access_token_sealed!;
      await connections.connected(saved, 'messenger', sealed);
      if (body.instagram_account_id) await connections.connected(saved, 'instagram', sealed);
      else await connections.disconnected(saved, 'instagram');
      return { ok: true as const, channels: (await connections.statusOf(saved, locale)).filter((c) => c.channel !== 'whatsapp') };
    },

    /** The Meta app's public settings for the embedded signup (never its secret nor the verify token). */
    settings(): MetaSettingsResponse {
      return { app_id: deps.appId ?? null, config_id: deps.configId ?? null, graph_version: deps.graphVersion ?? 'v23.0' };
    },

    ...templates,
    disconnect: disconnecting.disconnect,
  };
}

export type ChannelsService = ReturnType<typeof channelsService>;
