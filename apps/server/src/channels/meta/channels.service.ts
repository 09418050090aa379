import { randomInt } from 'node:crypto';
import {
  channelErrorMessage,
  channelNotice,
  metaStepMessage,
  type ChannelStatus,
  type Locale,
  type MessengerRegisterBody,
  type MetaChannel,
  type MetaRegisterBody,
  type MetaRegisterStep,
  type MetaSettingsResponse,
  type WhatsappTemplateBody,
  type WhatsappTemplateOption,
} from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError, type Reason } from '../../lib/errors.ts';
import { sha256 } from '../../lib/secrets.ts';
import type { UserRow } from '../../modules/auth/auth.repository.ts';
import type { BotRow, BotsRepository } from '../../modules/bots/bots.repository.ts';
import type { BotsService } from '../../modules/bots/bots.service.ts';
import type { ChannelCredentials, Connections } from './connections.ts';
import { GraphError, type GraphClient } from './graph-client.ts';
import { channelErrorFor, channelWideErrors } from './meta-errors.ts';
import type { MetaRepository } from './meta.repository.ts';
import { problemWords, sortOptions, templateFields, templateOption, type GraphTemplatePage } from './whatsapp-templates.ts';

/** Our code for a failed step: a call with no answer is an unavailable Meta here, not an unconfirmed message. */
const stepErrorCode = (err: GraphError) => (err.failure === 'ambiguous' ? 'META_UNAVAILABLE' : channelErrorFor(err.code, err.body.error_subcode, err.failure));

/**
 * A call that failed here, before the network (a stored token no request can carry): Meta was
 * never called, so it is the owner's to fix, a 400 naming the token, not a 502.
 */
function refuseUnsendable(err: GraphError) {
  if (err.failure === 'local') throw new AppError('META_TOKEN_INVALID', { access_token: 'META_TOKEN_INVALID' });
}

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

/** Pages of templates read at most (100 each): a WABA holds up to a few hundred. */
const templatePages = 10;

/** «name» (language) in a sentence. */
const quoted = (name: string, language: string) => `«${name}» (${language})`;

/** Connecting, inspecting and disconnecting a bot's Meta channels. */
export function channelsService(deps: ChannelsServiceDeps) {
  const { repo, connections, graph, bots, box, log } = deps;

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

  /** The connected WhatsApp number's token and WABA, or CHANNEL_NOT_CONNECTED. */
  function whatsappAccount(bot: BotRow): { creds: ChannelCredentials; waba: string } {
    const creds = connections.credentials(bot, 'whatsapp');
    const waba = bot.metaCredentials[0]?.waba_id;
    if (!creds || !waba) throw new AppError('CHANNEL_NOT_CONNECTED');
    return { creds, waba };
  }

  /**
   * A read of the WABA at Meta on the owner's behalf. A refused token moves the channel to
   * needs_reauth (as a refused send does); any other failure is answered with Meta's words.
   */
  async function readWaba<T>(bot: BotRow, creds: ChannelCredentials, what: Reason, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      refuseUnsendable(err);
      log.warn({ botId: bot.id, ...err.toLog() }, 'reading WhatsApp templates failed');
      if (err.failure === 'token') {
        await connections.needsReauth(bot, 'whatsapp', creds, err.code, err.body.message);
        throw new AppError('CHANNEL_NEEDS_REAUTH');
      }
      const said = err.body.error_user_msg ?? err.body.message;
      const byMeta = (locale: Locale) => (said && err.status ? ` ${locale === 'es' ? 'Meta dijo' : 'Meta said'}: «${said}».` : '');
      let cause: Reason;
      if (err.failure === 'rejected') {
        const code = channelErrorFor(err.code, err.body.error_subcode, err.failure);
        const wide = channelWideErrors.has(code) ? code : 'UNKNOWN';
        cause = { es: channelErrorMessage(wide, 'es', err.code), en: channelErrorMessage(wide, 'en', err.code) };
      } else {
        const meta = err.code ? ` (Meta ${err.code})` : '';
        cause = { es: `Meta no respondió por ahora; inténtalo de nuevo en unos minutos.${meta}`, en: `Meta is not answering right now; try again in a few minutes.${meta}` };
      }
      const words = (locale: Locale) => `${what[locale]} ${cause[locale]}${byMeta(locale)}`;
      throw new AppError('META_REQUEST_FAILED', undefined, { es: words('es'), en: words('en') });
    }
  }

  const listingFailed: Reason = { es: 'No se pudieron leer las plantillas de WhatsApp.', en: 'Could not read the WhatsApp templates.' };

  /** Refuses a template Meta does not have, has not approved, or whose variables the reply cannot fill. */
  async function checkTemplate(bot: BotRow, template: WhatsappTemplateBody) {
    const { creds, waba } = whatsappAccount(bot);
    const page = await readWaba(bot, creds, listingFailed, () =>
      graph.get<GraphTemplatePage>(`${waba}/message_templates`, { token: creds.token, query: { name: template.name, fields: templateFields, limit: '100' }, retries: 1 }),
    );
    const sameName = (page.data ?? []).filter((t) => t.name === template.name);
    const found = sameName.find((t) => t.language === template.language);
    const named = quoted(template.name, template.language);
    if (!found) {
      const others = sameName.map((t) => t.language).sort().join(', ');
      throw new AppError('TEMPLATE_NOT_FOUND', undefined, {
        es: `No hay una plantilla ${named} en tu cuenta de WhatsApp.${others ? ` Existe en: ${others}.` : ''}`,
        en: `There is no template ${named} in your WhatsApp account.${others ? ` It exists in: ${others}.` : ''}`,
      });
    }
    if (found.status && found.status.toUpperCase() !== 'APPROVED') {
      throw new AppError('TEMPLATE_NOT_APPROVED', undefined, {
        es: `Meta no ha aprobado la plantilla ${named} (estado ${found.status}): solo se pueden enviar plantillas aprobadas.`,
        en: `Meta has not approved the template ${named} (status ${found.status}): only approved templates can be sent.`,
      });
    }
    const option = templateOption(found);
    if (option.problem) {
      const why = problemWords[option.problem];
      throw new AppError('TEMPLATE_UNUSABLE', undefined, {
        es: `La plantilla ${named} ${why.es}: el asistente no puede llenarla. Elige una sin variables o con una sola ({{1}}) en el cuerpo.`,
        en: `The template ${named} ${why.en}: the assistant cannot fill it in. Choose one with no variables or a single one ({{1}}) in its body.`,
      });
    }
    if (option.with_text !== template.with_text) {
      throw new AppError('TEMPLATE_VARIABLES_MISMATCH', undefined, option.with_text
        ? { es: `La plantilla ${named} tiene una variable {{1}}: debe recibir el texto de la respuesta.`, en: `The template ${named} has a {{1}} variable: it must receive the reply's text.` }
        : { es: `La plantilla ${named} no tiene variables: no puede llevar el texto de la respuesta.`, en: `The template ${named} has no variables: it cannot carry the reply's text.` });
    }
  }

  async function fresh(botId: string): Promise<BotRow> {
    const row = await bots.find(botId);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    async status(caller: UserRow, botId: string, locale: Locale): Promise<ChannelStatus[]> {
      return connections.statusOf(await bots.accessible(caller, botId), locale);
    },

    /**
     * Connects a WhatsApp number: the signup code exchanged for a token (or the token given), the
     * app subscribed to the WABA, the number registered. Each step can fail and be retried; a code
     * already exchanged is not exchanged again (Meta accepts each code once).
     */
    async registerWhatsapp(caller: UserRow, body: MetaRegisterBody, locale: Locale) {
      const bot = await bots.writable(caller, body.bot_id);
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
      const bot = await bots.writable(caller, body.bot_id);
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

    /**
     * Forgets a channel's credentials (webhooks for it are then dropped, sends fail with
     * CHANNEL_NOT_CONNECTED). Messenger takes Instagram with it: Instagram replies use the page's token.
     */
    async disconnect(caller: UserRow, botId: string, source: string): Promise<void> {
      const bot = await bots.accessible(caller, botId);
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
    },

    /** The Meta app's public settings for the embedded signup (never its secret nor the verify token). */
    settings(): MetaSettingsResponse {
      return { app_id: deps.appId ?? null, config_id: deps.configId ?? null, graph_version: deps.graphVersion ?? 'v23.0' };
    },

    /** The closed-window template of the bot's WhatsApp number, or null. */
    async template(caller: UserRow, botId: string) {
      const bot = await bots.accessible(caller, botId);
      const stored = (await repo.connection(bot.id, 'whatsapp'))?.template;
      return { ok: true as const, template: stored ? { name: stored.name, language: stored.language, with_text: stored.withText } : null };
    },

    /** The approved templates of the number's WhatsApp Business Account, read from Meta page by page. */
    async templates(caller: UserRow, botId: string): Promise<WhatsappTemplateOption[]> {
      const bot = await bots.accessible(caller, botId);
      const { creds, waba } = whatsappAccount(bot);
      const found: WhatsappTemplateOption[] = [];
      let after: string | undefined;
      for (let page = 0; page < templatePages; page++) {
        const query = { fields: templateFields, status: 'APPROVED', limit: '100', ...(after ? { after } : {}) };
        const answer = await readWaba(bot, creds, listingFailed, () => graph.get<GraphTemplatePage>(`${waba}/message_templates`, { token: creds.token, query, retries: 1 }));
        for (const t of answer.data ?? []) if (t.name && t.language && (!t.status || t.status.toUpperCase() === 'APPROVED')) found.push(templateOption(t));
        after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
        if (!after) break;
      }
      return sortOptions(found);
    },

    /** Refuses a template Meta does not have approved in that language, or whose variable does not match. */
    checkTemplate,

    /** Sets (after checking it with Meta) or clears the template sent when the 24-hour window is closed. */
    async setTemplate(caller: UserRow, botId: string, template: WhatsappTemplateBody | null) {
      const bot = await bots.writable(caller, botId);
      if (template) await checkTemplate(bot, template);
      await repo.saveConnection(bot.id, 'whatsapp', { template: template && { name: template.name, language: template.language, withText: template.with_text } });
      log.info({ botId: bot.id, template: template?.name ?? null }, 'WhatsApp closed-window template changed');
      return { ok: true as const, template };
    },
  };
}

export type ChannelsService = ReturnType<typeof channelsService>;
