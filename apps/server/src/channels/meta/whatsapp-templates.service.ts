import { channelErrorMessage, type Locale, type WhatsappTemplateBody, type WhatsappTemplateOption } from '@charla/shared';
import { AppError, type Reason } from '../../lib/errors.ts';
import type { UserRow } from '../../modules/auth/index.ts';
import type { ChannelBot } from '../../modules/conversations/ports.ts';
import type { ChannelsServiceDeps } from './channels.service.ts';
import type { ChannelCredentials } from './connections.ts';
import { GraphError } from './graph-client.ts';
import { channelErrorFor, channelWideErrors } from './meta-errors.ts';
import { refuseUnsendable } from './refuse-unsendable.ts';
import { problemWords, sortOptions, templateFields, templateOption, type GraphTemplatePage } from './whatsapp-templates.ts';

/** Pages of templates read at most (100 each): a WABA holds up to a few hundred. */
const templatePages = 10;

/** «name» (language) in a sentence. */
const quoted = (name: string, language: string) => `«${name}» (${language})`;

/**
 * The WhatsApp number's templates: read from Meta, checked before one is sent from the inbox or
 * kept as the closed-window template, and that choice itself.
 */
export function whatsappTemplatesService(deps: Pick<ChannelsServiceDeps, 'repo' | 'connections' | 'graph' | 'access' | 'log'>) {
  const { repo, connections, graph, access, log } = deps;

  /** The connected WhatsApp number's token and WABA, or CHANNEL_NOT_CONNECTED. */
  function whatsappAccount(bot: ChannelBot): { creds: ChannelCredentials; waba: string } {
    const creds = connections.credentials(bot, 'whatsapp');
    const waba = bot.metaCredentials[0]?.waba_id;
    if (!creds || !waba) throw new AppError('CHANNEL_NOT_CONNECTED');
    return { creds, waba };
  }

  /**
   * A read of the WABA at Meta on the owner's behalf. A refused token moves the channel to
   * needs_reauth (as a refused send does); any other failure is answered with Meta's words.
   */
  async function readWaba<T>(bot: ChannelBot, creds: ChannelCredentials, what: Reason, call: () => Promise<T>): Promise<T> {
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

  /** The number's template of that name and language as Meta lists it; TEMPLATE_NOT_FOUND when it has none. */
  async function listedTemplate(bot: ChannelBot, template: { name: string; language: string }) {
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
    return { found, named };
  }

  /** Refuses a template Meta does not have, has not approved, or whose variables the reply cannot fill. */
  async function checkTemplate(bot: ChannelBot, template: WhatsappTemplateBody) {
    const { found, named } = await listedTemplate(bot, template);
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

  /**
   * Refuses a campaign's template Meta does not have in that language (TEMPLATE_NOT_FOUND) or has
   * not approved (TEMPLATE_NOT_APPROVED: pending, rejected, paused, disabled), as Meta lists the
   * number's templates with their status; its variables and header are the campaign's own.
   */
  async function checkApproved(bot: ChannelBot, template: { name: string; language: string }) {
    const { found, named } = await listedTemplate(bot, template);
    if (found.status?.toUpperCase() !== 'APPROVED') {
      throw new AppError('TEMPLATE_NOT_APPROVED', undefined, {
        es: `Meta no ha aprobado la plantilla ${named} (estado ${found.status ?? 'desconocido'}): una campaña solo puede enviar plantillas aprobadas.`,
        en: `Meta has not approved the template ${named} (status ${found.status ?? 'unknown'}): a campaign can only send approved templates.`,
      });
    }
  }

  return {
    /** A campaign's template must be approved by Meta in that language. */
    checkApproved,

    /** The closed-window template of the bot's WhatsApp number, or null. */
    async template(caller: UserRow, botId: string) {
      const bot = await access.requireRead(caller, botId, 'channels');
      const stored = (await repo.connection(bot.id, 'whatsapp'))?.template;
      return { ok: true as const, template: stored ? { name: stored.name, language: stored.language, with_text: stored.withText } : null };
    },

    /** The approved templates of the number's WhatsApp Business Account, read from Meta page by page. */
    async templates(caller: UserRow, botId: string): Promise<WhatsappTemplateOption[]> {
      const bot = await access.requireRead(caller, botId, 'channels');
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
      const bot = await access.requireWrite(caller, botId, 'channels');
      if (template) await checkTemplate(bot, template);
      await repo.saveConnection(bot.id, 'whatsapp', { template: template && { name: template.name, language: template.language, withText: template.with_text } });
      log.info({ botId: bot.id, template: template?.name ?? null }, 'WhatsApp closed-window template changed');
      return { ok: true as const, template };
    },
  };
}
