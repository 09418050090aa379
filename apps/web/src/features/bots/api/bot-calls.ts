import type { BotsResponse, PartnerBotsResponse, ChangeStatusResponse, DeleteBotResponse, OkBotResponse, RedirectionResponse, ReminderItem, Bot as ServerBot, SchedulingItem, UpdateBotBody } from '@charla/shared';
import { isApiError, type RequestOptions } from '../../../lib/api-client.ts';
import { withClientFlag, type Bot } from '../bot.ts';

/** What the bot calls need: the app's API client (or a fake) and a logger. */
export interface BotCallDeps {
  request: <T>(path: string, options?: RequestOptions) => Promise<T>;
  logError?: (...args: unknown[]) => void;
}

export interface MetaCredentialsInput {
  access_token?: string;
  phone_number_id: string;
  waba_id: string;
}

export type CallResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

const log = (deps: BotCallDeps) => deps.logError ?? ((...args: unknown[]) => console.error(...args));

/** Status and status text of a failed call, for the logs. */
function statusOf(error: unknown): [number, string] {
  return isApiError(error) ? [error.status, error.statusText] : [0, ''];
}

/** GET /bot/{email}: the owner's bots, flagged as their own. Any failure raises 'Failed to fetch bot data'. */
export async function fetchBots(email: string, deps: BotCallDeps): Promise<Bot[]> {
  try {
    const list = await deps.request<BotsResponse>(`/bot/${encodeURIComponent(email)}`);
    if (!Array.isArray(list)) throw new Error('The bot list is not a list');
    return withClientFlag(list);
  } catch (error) {
    throw new Error('Failed to fetch bot data', { cause: error });
  }
}

/** GET /api/partners/bots: a partner's clients' bots, flagged isClientsBot; none when the call fails (the partner's own list still shows). */
export async function fetchClientBots(deps: BotCallDeps): Promise<Bot[]> {
  try {
    const { bots } = await deps.request<PartnerBotsResponse>('/api/partners/bots');
    return withClientFlag(bots, true);
  } catch (error) {
    console.error('Failed to fetch clients bots', error);
    return [];
  }
}

/** PATCH /bot/{id} with any subset of the bot's fields; a failure is logged with status and status text, then re-thrown. */
export async function updateBot(botId: string, patch: UpdateBotBody, deps: BotCallDeps): Promise<ServerBot> {
  try {
    const { bot } = await deps.request<OkBotResponse>(`/bot/${encodeURIComponent(botId)}`, { method: 'PATCH', body: patch });
    return bot;
  } catch (error) {
    log(deps)('Failed to update bot', ...statusOf(error));
    throw error;
  }
}

async function updateItem(botId: string, item: 'scheduling' | 'reminders' | 'meta-credentials', body: unknown, deps: BotCallDeps): Promise<ServerBot> {
  try {
    const { bot } = await deps.request<OkBotResponse>(`/bot/${encodeURIComponent(botId)}/${item}`, { method: 'PATCH', body });
    return bot;
  } catch (error) {
    log(deps)('Update failed', ...statusOf(error));
    throw error;
  }
}

/** PATCH /bot/{id}/scheduling with the first scheduling item. */
export const updateScheduling = (botId: string, item: SchedulingItem, deps: BotCallDeps) => updateItem(botId, 'scheduling', item, deps);

/** PATCH /bot/{id}/reminders with the first reminders item. */
export const updateReminders = (botId: string, item: ReminderItem, deps: BotCallDeps) => updateItem(botId, 'reminders', item, deps);

/** PATCH /bot/{id}/meta-credentials; an omitted token keeps the stored one. */
export const updateMetaCredentials = (botId: string, item: MetaCredentialsInput, deps: BotCallDeps) =>
  updateItem(botId, 'meta-credentials', item, deps);

/** DELETE /bot/delete-bot: true when the bot is gone, false (logged) otherwise. */
export async function deleteBot(botId: string, deps: BotCallDeps): Promise<boolean> {
  try {
    const answer = await deps.request<DeleteBotResponse>('/bot/delete-bot', { method: 'DELETE', body: { bot_id: botId } });
    if (answer !== true) throw new Error('Unexpected answer to delete-bot');
    return true;
  } catch (error) {
    log(deps)('Failed to delete bot', error);
    return false;
  }
}

/** POST /bot/change-status, then the bot is re-read. A failure is logged as 'Failed to change status'. */
export async function changeStatus(botId: string, deps: BotCallDeps & { reread: () => Promise<unknown> }): Promise<CallResult<boolean>> {
  try {
    const { bot_enabled } = await deps.request<ChangeStatusResponse>('/bot/change-status', { method: 'POST', body: { botId } });
    await deps.reread();
    return { ok: true, value: bot_enabled };
  } catch (error) {
    log(deps)('Failed to change status', error);
    return { ok: false, error };
  }
}

/** PATCH /bot/redirection/{botId}. A failure is logged as 'Failed to update redirection status'. */
export async function setRedirection(botId: string, enabled: boolean, deps: BotCallDeps): Promise<CallResult<boolean>> {
  try {
    const { redirection_enabled } = await deps.request<RedirectionResponse>(`/bot/redirection/${encodeURIComponent(botId)}`, {
      method: 'PATCH',
      body: { redirection_enabled: enabled },
    });
    return { ok: true, value: redirection_enabled };
  } catch (error) {
    log(deps)('Failed to update redirection status', error);
    return { ok: false, error };
  }
}
