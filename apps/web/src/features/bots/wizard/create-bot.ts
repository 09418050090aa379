import type { Bot as ServerBot, NewBotBody, UpdateBotBody } from '@charla/shared';
import { isIanaTimeZone, personalities, specialityToObjective, tones } from '@charla/shared/constants';
import { normalizeWebAddress } from '@charla/shared/input-rules';
import { readStorage, storageKeys, type KeyValueStorage } from '../../../lib/storage-keys.ts';
import { isLocale } from '../../../lib/locales.ts';
import type { WizardForm, WizardState } from './wizard-state.ts';

/** The result messages of a submit, exactly as the spec names them (section 8). */
export const submitMessages = {
  created: 'Bot created successfully',
  invalid: 'Validation failed',
  unexpected: 'Unexpected error occurred',
} as const;

/** The error body the server answered with, when it answered with one. */
export interface AnsweredError {
  code: string;
  message: string;
  fields?: Readonly<Record<string, string>>;
}

export type SubmitResult =
  | { success: true; message: typeof submitMessages.created; botId: string; bot: ServerBot }
  | { success: false; message: typeof submitMessages.invalid | typeof submitMessages.unexpected; error?: AnsweredError };

export interface SubmitDeps {
  /** Sends the JSON body and resolves with the parsed answer, whatever its HTTP status. */
  post: (path: string, body: NewBotBody) => Promise<unknown>;
  storage: KeyValueStorage | undefined;
  /** The page's `clientId` query parameter: the partner creates the bot for that client. */
  clientId?: string | null;
  logError?: (...args: unknown[]) => void;
}

/** The creation payload (spec section 3). */
export function buildNewBotPayload(form: WizardForm, userEmail: string, language: NewBotBody['language']): NewBotBody {
  return {
    bot_name: form.bot_name,
    bot_objective: specialityToObjective(form.speciality),
    business_name: form.company,
    business_desc: form.business_description,
    // A bare domain goes with https://, as the server stores it.
    business_url: normalizeWebAddress(form.url_company) ?? form.url_company,
    user_email: userEmail,
    business_phone: '',
    welcome_message: '',
    about_bot: '',
    language,
  };
}

/** POST /bot/new-bot, or POST /api/partners/clients/{clientId}/bots when a client id is given. */
export function creationPath(clientId: string | null | undefined): string {
  return clientId ? `/api/partners/clients/${encodeURIComponent(clientId)}/bots` : '/bot/new-bot';
}

function answeredError(answer: unknown): AnsweredError | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const error = (answer as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, fields } = error as { code?: unknown; message?: unknown; fields?: unknown };
  if (typeof code !== 'string' || typeof message !== 'string') return undefined;
  return typeof fields === 'object' && fields !== null ? { code, message, fields: fields as Record<string, string> } : { code, message };
}

class MissingBotError extends Error {
  override readonly name = 'MissingBotError';
  constructor(readonly answer: unknown) {
    super('The answer holds no bot');
  }
}

/**
 * Submits the wizard (spec sections 5, 7, 8): refused with 'Validation failed' when the form is
 * marked invalid; throws 'No user email found' without a stored e-mail; the HTTP status is not
 * checked, and an answer without the bot object (bot, or newBot for a partner's client) is a
 * failure with 'Unexpected error occurred', logged unless the server answered why (an error body).
 */
export async function submitBot(state: Pick<WizardState, 'form' | 'isValid'>, deps: SubmitDeps): Promise<SubmitResult> {
  if (!state.isValid) return { success: false, message: submitMessages.invalid };

  const email = readStorage(storageKeys.email, deps.storage);
  if (!email) throw new Error('No user email found');
  const storedLocale = readStorage(storageKeys.locale, deps.storage);
  const language = isLocale(storedLocale) ? storedLocale : 'es';
  const payload = buildNewBotPayload(state.form, email, language);

  try {
    const answer = await deps.post(creationPath(deps.clientId), payload);
    const key = deps.clientId ? 'newBot' : 'bot';
    const bot = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>)[key] : undefined;
    if (typeof bot !== 'object' || bot === null || typeof (bot as { id?: unknown }).id !== 'string' || !(bot as { id: string }).id) {
      throw new MissingBotError(answer);
    }
    const created = bot as ServerBot;
    return { success: true, message: submitMessages.created, botId: created.id, bot: created };
  } catch (error) {
    const answered = error instanceof MissingBotError ? answeredError(error.answer) : undefined;
    // A refusal the server explains (the plan's limit, a field to fix) is shown, not logged as unexpected.
    if (!answered) (deps.logError ?? console.error)(submitMessages.unexpected, error);
    return answered ? { success: false, message: submitMessages.unexpected, error: answered } : { success: false, message: submitMessages.unexpected };
  }
}

const identityOf = new Map<string, 'Humano' | 'Inteligencia Artificial'>([
  ['true', 'Humano'],
  ['false', 'Inteligencia Artificial'],
]);

/**
 * behavior, communication and isHuman are not part of the creation call; they become the
 * bot's personality, tone and identity in a PATCH right after it (with the browser's time zone).
 */
export function styleFromWizard(form: WizardForm, timeZone?: string | null): UpdateBotBody {
  const patch: UpdateBotBody = {};
  if ((tones as readonly string[]).includes(form.communication)) patch.tone = form.communication as (typeof tones)[number];
  if ((personalities as readonly string[]).includes(form.behavior)) patch.personality = form.behavior as (typeof personalities)[number];
  const identity = identityOf.get(form.isHuman);
  if (identity) patch.identity = identity;
  if (timeZone && isIanaTimeZone(timeZone)) patch.timezone = timeZone;
  return patch;
}

/**
 * The zone the wizard starts at: the browser's, unless it reports none or only UTC (a server,
 * a privacy setting), where Mexico City is the likelier answer and the owner sees it to change.
 */
export function defaultBotTimeZone(reported: string | null = browserTimeZone()): string {
  return reported && isIanaTimeZone(reported) && !/^(?:UTC|Etc\/.*|GMT)$/.test(reported) ? reported : 'America/Mexico_City';
}

/** The browser's IANA time zone, when it reports one. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
