import {
  defaultReminder,
  reminderInTone,
  defaultScheduling,
  isMaskedSecret,
  maskSecret,
  templatePurpose,
  type Bot,
  type NewBotBody,
  type ReminderItem,
  type SchedulingItem,
  type ServerToClientEvents,
  type TemplateKey,
  type UpdateBotBody,
} from '@charla/shared';
import type { z } from 'zod';
import type { metaCredentialsItem, messengerCredentialsItem } from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { UserRow } from '../auth/index.ts';
import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { QuotaAnswer, QuotaService } from '../quota/quota.module.ts';
import { botColumns, type BotPatch, type BotRow, type BotsRepository } from './bots.repository.ts';
import type { StoredCredential } from './bots.table.ts';
import type { AccountClaims } from './channel-accounts.repository.ts';

type Notify = <E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;
type CredentialInput = z.infer<typeof metaCredentialsItem> | z.infer<typeof messengerCredentialsItem>;

export function botsService(repo: BotsRepository, box: SecretBox, notify: Notify, access: AccessService, quota: QuotaService, audit: Pick<AuditService, 'record'>) {
  /** A change of a bot's settings, in its account's activity: which settings, never their values. */
  const changed = (caller: UserRow, bot: Pick<BotRow, 'id' | 'userId' | 'botName'>, fields: string[]) =>
    audit.record({ accountId: bot.userId, actor: caller, action: 'bot.settings_changed', target: { type: 'bot', id: bot.id }, details: { bot_name: bot.botName, fields: fields.join(',') } });
  /** Told after a bot's reminder settings are saved (the calendar sets the reminders again). */
  const remindersListeners: ((botId: string) => Promise<void>)[] = [];
  const mask = (items: StoredCredential[]) =>
    items.map(({ access_token_sealed, ...ids }) => ({
      ...ids,
      access_token: access_token_sealed ? maskSecret(box.open(access_token_sealed)) : '',
    }));

  function toBot(row: BotRow): Bot {
    return {
      id: row.id,
      user_id: row.userId,
      bot_enabled: row.botEnabled,
      locked: row.locked,
      locked_reason: row.lockedReason,
      switched_off_for_plan: row.switchedOffForPlanAt !== null,
      redirection_enabled: row.redirectionEnabled,
      redirection_phone: row.redirectionPhone,
      handoff_idle_minutes: row.handoffIdleMinutes,
      bot_name: row.botName,
      bot_objective: botColumns.template(row.botObjective),
      business_name: row.businessName,
      business_desc: row.businessDesc,
      business_url: row.businessUrl,
      business_phone: row.businessPhone,
      welcome_message: row.welcomeMessage,
      about_bot: row.aboutBot,
      language: botColumns.language(row.language),
      purpose: botColumns.purpose(row.purpose),
      tone: botColumns.tone(row.tone),
      personality: botColumns.personality(row.personality),
      identity: botColumns.identity(row.identity),
      response_length: botColumns.responseLength(row.responseLength),
      timezone: row.timezone,
      scheduling: row.scheduling,
      reminders: row.reminders,
      metaCredentials: mask(row.metaCredentials),
      messengerCredentials: mask(row.messengerCredentials),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function save(botId: string, patch: BotPatch, claims?: AccountClaims): Promise<Bot> {
    const row = claims ? await repo.updateHolding(botId, patch, claims) : await repo.update(botId, patch);
    if (row === 'taken') throw new AppError('CHANNEL_ACCOUNT_TAKEN');
    if (!row) throw new AppError('NOT_FOUND');
    return toBot(row);
  }

  /** Seals a new token; an omitted token keeps the stored one (the browser only ever sees it masked). */
  function seal(input: CredentialInput, previous: StoredCredential | undefined): StoredCredential {
    const { access_token, ...ids } = input;
    const sealed = access_token && !isMaskedSecret(access_token) ? box.seal(access_token) : previous?.access_token_sealed;
    return { ...ids, ...(sealed ? { access_token_sealed: sealed } : {}) };
  }

  return {
    toBot,

    /** A live bot by id, for jobs (no caller to check). */
    find: (botId: string) => repo.findLive(botId),

    async listByEmail(caller: UserRow, email: string): Promise<Bot[]> {
      const account = await access.readableAccount(caller, email);
      if (!account) return [];
      const rows = await repo.listByOwner(account.accountId);
      const { botIds } = account;
      return (botIds ? rows.filter((row) => botIds.includes(row.id)) : rows).map(toBot);
    },

    async create(caller: UserRow, body: NewBotBody): Promise<Bot> {
      const accountId = await access.creatableAccount(caller, body.user_email);
      const template = body.bot_objective as TemplateKey;
      let refused: QuotaAnswer | undefined;
      const row = await repo.insertIf(
        {
          userId: accountId,
          botName: body.bot_name,
          botObjective: template,
          businessName: body.business_name,
          businessDesc: body.business_desc,
          businessUrl: body.business_url,
          businessPhone: body.business_phone,
          welcomeMessage: body.welcome_message,
          aboutBot: body.about_bot,
          language: body.language,
          purpose: templatePurpose[template],
          scheduling: [defaultScheduling],
          reminders: [defaultReminder],
        },
        async (tx) => {
          const answer = await quota.check(accountId, 'bots', { tx });
          if (!answer.ok) refused = answer;
          return answer.ok;
        },
      );
      if (!row) {
        notify(accountId, 'botLimitReached', { limit: refused?.limit ?? 0 });
        throw new AppError('BOT_LIMIT_REACHED');
      }
      return toBot(row);
    },

    async update(caller: UserRow, botId: string, body: UpdateBotBody): Promise<Bot> {
      const row = await access.requireWrite(caller, botId, 'settings');
      const { messengerCredentials, ...fields } = body;
      const patch: BotPatch = {
        botName: fields.bot_name,
        botObjective: fields.bot_objective,
        businessName: fields.business_name,
        businessDesc: fields.business_desc,
        businessUrl: fields.business_url,
        businessPhone: fields.business_phone,
        welcomeMessage: fields.welcome_message,
        aboutBot: fields.about_bot,
        language: fields.language,
        purpose: fields.purpose,
        tone: fields.tone,
        personality: fields.personality,
        identity: fields.identity,
        responseLength: fields.response_length,
        timezone: fields.timezone,
        redirectionPhone: fields.redirection_phone,
        handoffIdleMinutes: fields.handoff_idle_minutes,
      };
      let claims: AccountClaims | undefined;
      if (messengerCredentials) {
        patch.messengerCredentials = messengerCredentials.map((c, i) => seal(c, row.messengerCredentials[i]));
        // The page and its Instagram account become this bot's, unless another bot holds them.
        const page = patch.messengerCredentials[0];
        claims = { messenger: page?.page_id || null, instagram: (page?.page_id && page.instagram_account_id) || null };
      }
      if (fields.redirection_phone === '' && row.redirectionEnabled) patch.redirectionEnabled = false;
      // A default reminder follows the tone (usted for a Formal bot).
      if (fields.tone && row.reminders[0]) {
        const message = reminderInTone(row.reminders[0].message, fields.tone);
        if (message !== row.reminders[0].message) patch.reminders = [{ ...row.reminders[0], message }];
      }
      const saved = await save(botId, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)), claims);
      await changed(caller, { ...row, botName: saved.bot_name }, Object.keys(body));
      return saved;
    },

    async setScheduling(caller: UserRow, botId: string, item: SchedulingItem): Promise<Bot> {
      const row = await access.requireWrite(caller, botId, 'settings');
      const saved = await save(botId, { scheduling: [item] });
      await changed(caller, row, ['scheduling']);
      return saved;
    },

    async setReminders(caller: UserRow, botId: string, item: ReminderItem): Promise<Bot> {
      const row = await access.requireWrite(caller, botId, 'settings');
      const bot = await save(botId, { reminders: [item] });
      await changed(caller, row, ['reminders']);
      for (const listener of remindersListeners) await listener(botId);
      return bot;
    },

    /** Runs `listener` after each change of a bot's reminder settings. */
    onRemindersChanged(listener: (botId: string) => Promise<void>): void {
      remindersListeners.push(listener);
    },

    async setMetaCredentials(caller: UserRow, botId: string, item: z.infer<typeof metaCredentialsItem>): Promise<Bot> {
      const row = await access.requireWrite(caller, botId, 'channels');
      const stored = seal(item, row.metaCredentials[0]);
      if (!stored.access_token_sealed) throw new AppError('VALIDATION_FAILED', { access_token: 'VALIDATION_FAILED' });
      const saved = await save(botId, { metaCredentials: [stored] }, { whatsapp: stored.phone_number_id ?? null });
      await changed(caller, row, ['metaCredentials']);
      return saved;
    },

    async remove(caller: UserRow, botId: string): Promise<boolean> {
      const row = await access.requireWrite(caller, botId, 'settings', { evenLocked: true });
      if (!(await repo.softDelete(botId))) throw new AppError('NOT_FOUND');
      await audit.record({ accountId: row.userId, actor: caller, action: 'bot.deleted', target: { type: 'bot', id: botId }, details: { bot_name: row.botName } });
      return true;
    },

    async toggleStatus(caller: UserRow, botId: string): Promise<boolean> {
      await access.requireWrite(caller, botId, 'settings');
      const row = await repo.toggleEnabled(botId);
      if (!row) throw new AppError('NOT_FOUND');
      await changed(caller, row, ['bot_enabled']);
      return row.botEnabled;
    },

    async setRedirection(caller: UserRow, botId: string, enabled: boolean): Promise<boolean> {
      const row = await access.requireWrite(caller, botId, 'settings');
      if (enabled && !row.redirectionPhone) throw new AppError('REDIRECTION_PHONE_MISSING', { redirection_phone: 'REDIRECTION_PHONE_MISSING' });
      await save(botId, { redirectionEnabled: enabled });
      await changed(caller, row, ['redirection_enabled']);
      return enabled;
    },
  };
}

export type BotsService = ReturnType<typeof botsService>;
