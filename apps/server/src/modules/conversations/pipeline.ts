import { chosenOption, limitsOf, noticeParams, replyChoices, rooms, storableDeep, storableText, type ConversationMessage, type ConversationStatus, type Notice, type ReplyChoices, type ServerToClientEvents } from '@charla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../plugins/jobs.ts';
import { imageTravelsWithText } from '../../channels/reply-media.ts';
import { engineTools, isImageLink } from '../../engine/engine-tools.ts';
import type { Engine, EngineAction, EngineBot, EngineContext } from '../../engine/types.ts';
import type { AppointmentsRepository } from '../appointments/appointments.repository.ts';
import { availability } from '../appointments/availability.ts';
import { botColumns, type BotRow } from '../bots/bots.repository.ts';
import type { Search } from '../training/retrieval.ts';
import type { Channel, StoredMedia } from './conversations.table.ts';
import type { FileStorage } from '../../lib/storage.ts';
import { jsonColumn } from '../../lib/row-parse.ts';
import { BookingConflict, type ConversationRow, type ConversationsRepository, type Inbound, type MessageRow, type OutboundDraft } from './conversations.repository.ts';
import { handoffNotice, idleReturnNotice } from './handoff-notices.ts';
import type { InboxRepository } from './inbox.repository.ts';

export const REPLY_JOB = 'conversation.reply';
export const SEND_JOB = 'message.send';
/** Keeps a copy of the files a customer sent (downloaded from the channel). */
export const MEDIA_JOB = 'message.media';
/** Kinds of media that are files to keep (a location, a shared link or a story mention is not). */
const FILE_TYPES = new Set(['image', 'audio', 'video', 'document', 'sticker', 'file']);
/** A file of a customer's message still to download: by the channel's media id, its link (Messenger, Instagram) or its source (WhatsApp by QR). */
const toDownload = (m: StoredMedia) => !m.file && !m.unavailable && (Boolean(m.id) || ((Boolean(m.url) || Boolean(m.source)) && FILE_TYPES.has(m.type)));
/** The largest file a customer may send that is kept (WhatsApp's own limit for audio and video). */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;
/** Gives a conversation nobody of the team answered back to the bot. */
export const IDLE_JOB = 'conversation.handoff-idle';
/** Questions in a row the bot cannot answer before a person takes over (when hand-off is on). */
export const UNANSWERED_HANDOFF = 2;
const HISTORY = 20;
/** Longer messages are read up to here: enough for any question, bounded for the engine. */
const READ_CHARS = 4000;

type Emit = <E extends keyof ServerToClientEvents>(room: string | string[], event: E, ...args: Parameters<ServerToClientEvents[E]>) => void;

/**
 * Delivers one outbound message on its channel; throws to be retried. Answers the channel's id
 * of the sent message, or `failed` (a code and its values) when it will never be delivered.
 */
export type Sender = (message: MessageRow) => Promise<SendResult | void>;
export type SendResult = { externalId?: string } | { failed: Notice };

/**
 * Downloads one file of a customer's message from its channel (at most `maxBytes`); throws to be
 * retried, or answers why it cannot be had (a code: MEDIA_TOO_LARGE, MEDIA_REFUSED…).
 */
export type MediaFetcher = (message: MessageRow, media: StoredMedia, maxBytes: number) => Promise<{ bytes: Uint8Array; mime: string } | { unavailable: string }>;

export interface PipelineDeps {
  repo: ConversationsRepository;
  appointments: AppointmentsRepository;
  search: Search;
  engine: Engine;
  jobs: Jobs;
  emit: Emit;
  senders: Partial<Record<Channel, Sender>>;
  log: FastifyBaseLogger;
  /** The picture of one of a bot's products, for replies about that product. */
  productImage?: (botId: string, productId: string) => Promise<string | undefined>;
  /** Channels whose customers' files are downloaded and kept. */
  mediaFetchers?: Partial<Record<Channel, MediaFetcher>>;
  /** Where kept files go (DATA_DIR/files). */
  storage?: FileStorage;
  /** The inbox's reads and writes (hand-offs, the idle return, notices to the team). */
  inbox: InboxRepository;
  /** The address of a conversation in the app, for the hand-off notice to the team's phone. */
  conversationLink: (botId: string, conversationId: string) => string;
  /** After a turn that booked, moved, confirmed or cancelled appointments (reminders, the owner's calendar). */
  appointmentsChanged?: (botId: string) => Promise<void>;
}

const errorParams = jsonColumn(noticeParams, 'messages.error_params');

export function toConversationMessage(m: MessageRow): ConversationMessage {
  return {
    id: m.id,
    conversationId: m.conversationId,
    direction: m.direction,
    author: m.author,
    text: m.text,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
    sources: m.sources?.map((s) => ({ heading: s.heading, text: s.text, score: s.score })) ?? null,
    actions: m.actions ?? null,
    error: m.error ? { code: m.error, ...(m.errorParams && { params: errorParams(m.errorParams) }) } : null,
    ...(m.choices && { choices: m.choices }),
    ...(m.chosen && { chosen: m.chosen }),
    ...(m.media?.length && { media: m.media.map((x) => shownMedia(m.conversationId, x)) }),
    ...(m.template && { template: { name: m.template.name, language: m.template.language } }),
  };
}

/** A file as the dashboard shows it: a kept copy through the inbox's media route, or an http(s) link. */
const shownMedia = (conversationId: string, m: StoredMedia) => ({
  type: m.type,
  ...(m.url && /^https?:\/\//i.test(m.url) && { url: m.url }),
  ...(m.file && { url: `/api/conversations/${conversationId}/media/${m.file}`, file: m.file }),
  ...(m.caption && { caption: m.caption }),
  ...(m.mime && { mime: m.mime }),
  ...(m.name && { name: m.name }),
  ...(m.latitude !== undefined && m.longitude !== undefined && { latitude: m.latitude, longitude: m.longitude }),
});

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};
/** The kept file's extension: from its type, else from the name the customer gave it. */
export function extensionFor(mime: string, name?: string): string {
  const known = extensions[mime.split(';')[0]!.trim().toLowerCase()];
  if (known) return known;
  const fromName = /\.([a-z0-9]{1,8})$/i.exec(name ?? '')?.[1]?.toLowerCase();
  return fromName ?? 'bin';
}

export const engineBot = (bot: BotRow): EngineBot => ({
  id: bot.id,
  botName: bot.botName,
  businessName: bot.businessName,
  businessDesc: bot.businessDesc,
  template: botColumns.template(bot.botObjective),
  purpose: botColumns.purpose(bot.purpose),
  tone: botColumns.tone(bot.tone),
  personality: botColumns.personality(bot.personality),
  identity: botColumns.identity(bot.identity),
  responseLength: botColumns.responseLength(bot.responseLength),
  language: botColumns.language(bot.language),
  timezone: bot.timezone,
  redirectionEnabled: bot.redirectionEnabled,
  redirectionPhone: bot.redirectionPhone,
  appointmentMinutes: bot.scheduling[0]?.appointment_minutes ?? 30,
  ...(bot.scheduling[0] && { openingHours: bot.scheduling[0].hours }),
});

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
const SKIPPED = 'skipped';

/**
 * The flow of a message: `receive` stores it (one transaction, idempotent on the channel's id)
 * and queues a turn of its conversation; a turn (one at a time per conversation; messages that
 * arrive meanwhile wait for the next one) runs the engine and commits its actions and replies
 * together; each reply is then sent by its own job. Every step can run twice without a second effect.
 */
export function pipeline(deps: PipelineDeps) {
  const { repo, jobs } = deps;

  const emitMessage = (botId: string, channel: string, m: MessageRow) =>
    deps.emit(rooms.bot(botId), 'conversationMessage', { botId, channel, message: toConversationMessage(m) });

  const queueTurn = (conversationId: string) => jobs.send(REPLY_JOB, { conversationId }, { singletonKey: conversationId });
  const queueSend = (messageId: string) => jobs.send(SEND_JOB, { messageId }, { singletonKey: messageId });

  /** Status, unread count and assignment of a conversation, to the bot's room. */
  const emitUpdated = (c: ConversationRow) =>
    deps.emit(rooms.bot(c.botId), 'conversationUpdated', { botId: c.botId, conversationId: c.id, status: c.status, typing: false, unreadCount: c.unreadCount, assignedTo: c.assignedTo });

  /**
   * The conversation returns to the bot when no person answered it for `minutes` after `humanAt`
   * (a person's reply or a takeover moves humanAt, so an earlier job finds it changed and does nothing).
   */
  async function scheduleIdleReturn(conversationId: string, humanAt: Date, minutes: number) {
    if (minutes <= 0) return;
    await jobs.send(IDLE_JOB, { conversationId, humanAt: humanAt.toISOString() }, { startAfter: new Date(humanAt.getTime() + minutes * 60_000) });
  }

  /** The job of scheduleIdleReturn: the customer is told the bot answers again, and it does. */
  async function returnIdle(conversationId: string, humanAtIso: string): Promise<void> {
    const found = await repo.conversationWithContact(conversationId);
    const humanAt = new Date(humanAtIso);
    if (!found || found.conversation.status !== 'human' || found.conversation.humanAt?.getTime() !== humanAt.getTime()) return;
    const owner = await repo.botForTurn(found.conversation.botId, monthOf(new Date()));
    if (!owner) return;
    const minutes = owner.bot.handoffIdleMinutes;
    if (minutes <= 0) return;
    // The owner lengthened the time after this job was scheduled: wait the rest.
    if (Date.now() < humanAt.getTime() + minutes * 60_000 - 1000) return void (await scheduleIdleReturn(conversationId, humanAt, minutes));
    const done = await deps.inbox.returnToBot({
      conversationId,
      humanAt,
      botId: owner.bot.id,
      channel: found.conversation.channel,
      text: idleReturnNotice(engineBot(owner.bot)),
      at: new Date(),
    });
    if (!done) return;
    emitUpdated(done.conversation);
    if (done.message) {
      emitMessage(owner.bot.id, found.conversation.channel, done.message);
      await queueSend(done.message.id);
    }
  }

  /**
   * A hand-off the turn committed: the owner is told in the app (the owner's and the bot's rooms)
   * and, when the bot has a hand-off phone and a WhatsApp number, on WhatsApp with a link to the
   * conversation; the idle clock starts.
   */
  async function announceHandoff(bot: BotRow, conversation: ConversationRow, contact: { name: string; phone: string }, reason: string, at: Date) {
    deps.emit([rooms.user(bot.userId), rooms.bot(bot.id)], 'handoffRequested', { botId: bot.id, conversationId: conversation.id, contactName: contact.name, reason });
    emitUpdated({ ...conversation, status: 'human', humanAt: at, assignedTo: null });
    await scheduleIdleReturn(conversation.id, at, bot.handoffIdleMinutes);
    const phone = bot.redirectionPhone.replace(/\D/g, '');
    const whatsapp = bot.metaCredentials[0];
    // The owner's own test in the playground does not page the team.
    if (conversation.channel === 'playground' || !phone || !whatsapp?.phone_number_id || !whatsapp.access_token_sealed || !deps.senders.whatsapp) return;
    const notice = await deps.inbox.noticeTo({
      botId: bot.id,
      channel: 'whatsapp',
      externalId: phone,
      phone: `+${phone}`,
      name: bot.businessName,
      text: handoffNotice(engineBot(bot), contact, reason, deps.conversationLink(bot.id, conversation.id)),
      idempotencyKey: `handoff:${conversation.id}:${at.toISOString()}`,
      at: new Date(),
    });
    if (notice) await queueSend(notice.id);
  }

  async function receive(inbound: Inbound) {
    // A customer's message is never refused: what PostgreSQL cannot store (a NUL, half of a
    // UTF-16 pair) is removed from every field, ids too, the same way each time, so a
    // redelivery still finds the stored message.
    const m = storableDeep(inbound);
    // A tapped option is kept only as the contract allows (its id and title come from the customer's side).
    const { chosen: tappedOption, ...rest } = m;
    const chosen = chosenOption.safeParse(tappedOption);
    const text = storableText(m.text.slice(0, READ_CHARS * 4));
    const stored = await repo.receive({ ...rest, text, ...(chosen.success && { chosen: chosen.data }) });
    if (stored === 'duplicate') return stored;
    emitMessage(m.botId, m.channel, stored.message);
    if (stored.message.media?.some(toDownload) && deps.mediaFetchers?.[m.channel]) await jobs.send(MEDIA_JOB, { messageId: stored.message.id });
    if (m.answer !== false) await queueTurn(stored.conversation.id);
    return stored;
  }

  /** The job of MEDIA_JOB: each file of the message not kept yet is downloaded, kept and shown. */
  async function storeMedia(messageId: string): Promise<void> {
    const message = await repo.findMessage(messageId);
    const fetcher = message && deps.mediaFetchers?.[message.channel];
    if (!message?.media?.length || !fetcher || !deps.storage) return;
    const kept: StoredMedia[] = [];
    for (const [i, m] of message.media.entries()) {
      if (!toDownload(m)) {
        kept.push(m);
        continue;
      }
      const got = await fetcher(message, m, MEDIA_MAX_BYTES);
      // Where the channel kept the file is of no use once it is kept here or refused.
      const { source: _source, ...rest } = m;
      if ('unavailable' in got) {
        kept.push({ ...rest, unavailable: got.unavailable });
        continue;
      }
      const file = `${message.id}-${i}.${extensionFor(got.mime, m.name)}`;
      await deps.storage.put(`media/${message.botId}/${file}`, got.bytes);
      kept.push({ ...rest, file, mime: got.mime, size: got.bytes.byteLength });
    }
    const row = await repo.setMedia(messageId, kept);
    if (row) emitMessage(row.botId, row.channel, row);
  }

  async function turn(conversationId: string): Promise<void> {
    const found = await repo.conversationWithContact(conversationId);
    if (!found) return;
    const { conversation, contact } = found;
    const { pending, queuedOutbound } = await repo.unfinished(conversationId);
    // Replies of an earlier turn that crashed before their send jobs were queued.
    for (const m of queuedOutbound) await queueSend(m.id);
    if (!pending.length) return;
    const month = monthOf(new Date());
    const owner = await repo.botForTurn(conversation.botId, month);
    const ids = pending.map((p) => p.id);
    if (!owner || !owner.bot.botEnabled || conversation.status !== 'bot') return repo.markProcessed(ids);
    const { bot } = owner;

    if (owner.used >= limitsOf(owner.plan).messagesPerMonth) {
      deps.emit(rooms.user(bot.userId), 'messageLimitReached', { botId: bot.id, limit: limitsOf(owner.plan).messagesPerMonth });
      return repo.markProcessed(ids);
    }

    const now = pending.at(-1)!.createdAt;
    const history = await repo.history(conversationId, pending[0]!.createdAt, HISTORY);
    const tapped = chosenOption.safeParse(pending.findLast((p) => p.chosen)?.chosen);
    const context: EngineContext = {
      bot: engineBot(bot),
      now,
      contact: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
      history: history.map((h) => ({ direction: h.direction, text: h.text })),
      incoming: pending.map((p) => p.text.slice(0, READ_CHARS)),
      ...(tapped.success && { chosen: tapped.data }),
      state: conversation.engineState,
      tools: engineTools({
        search: deps.search,
        appointments: deps.appointments,
        bot,
        contactId: conversation.contactId,
        now,
        ...(deps.productImage && { productImage: deps.productImage }),
      }),
    };
    let status: ConversationStatus = conversation.status;
    const typing = (on: boolean) => deps.emit(rooms.bot(bot.id), 'conversationUpdated', { botId: bot.id, conversationId, status, typing: on });
    typing(true);
    try {
      const result = await deps.engine.respond(context);
      const actions = result.actions;
      const of = <T extends EngineAction['type']>(type: T) => actions.filter((a): a is Extract<EngineAction, { type: T }> => a.type === type);
      const contactPatch = Object.assign({}, ...of('update_contact').map(({ type: _t, ...fields }) => fields)) as Record<string, string>;
      // A person is asked for, or the bot could not answer twice in a row: the conversation goes
      // to a person only when the owner turned hand-off on; otherwise the bot keeps answering.
      const asked = result.handoff || of('handoff').length > 0;
      const unanswered = result.unanswered ? conversation.unanswered + 1 : 0;
      const handoff = bot.redirectionEnabled && (asked || unanswered >= UNANSWERED_HANDOFF);
      const reason = asked ? (of('handoff')[0]?.reason ?? 'customer') : 'unanswered';
      const kept = handoff ? actions : actions.filter((a) => a.type !== 'handoff');
      // The turn's clock is the customer's; a person's idle time counts on the real one.
      const handoffAt = new Date();
      const welcome = !history.length && bot.welcomeMessage.trim() ? [bot.welcomeMessage.trim()] : [];
      const lastId = ids.at(-1)!;
      const drafts = (replies: string[], withSources: boolean, offered: unknown, image?: { url: string }): OutboundDraft[] => {
        const texts = [...welcome, ...replies].filter((t) => t.trim());
        const choices = validChoices(offered, deps.log, conversationId);
        const picture = image && typeof image.url === 'string' && isImageLink(image.url) ? [{ type: 'image', url: image.url }] : null;
        return texts.flatMap((text, i) => {
          const last = i === texts.length - 1;
          const draft: OutboundDraft = {
            text,
            idempotencyKey: `${lastId}:${i}`,
            sources: last && withSources ? result.sources.slice(0, 5).map(toSource) : null,
            actions: last && kept.length ? kept.map(serializeAction) : null,
            choices: last ? choices : null,
            media: null,
          };
          if (!last || !picture) return [draft];
          // The picture rides on the reply where the channel allows it, else goes just before it.
          if (imageTravelsWithText(conversation.channel, text, choices)) return [{ ...draft, media: picture }];
          return [{ text: '', idempotencyKey: `${lastId}:${i}:image`, media: picture }, draft];
        });
      };
      const base = {
        conversationId,
        botId: bot.id,
        contactId: conversation.contactId,
        ownerId: bot.userId,
        month,
        channel: conversation.channel,
        processedIds: ids,
        contactPatch,
        cancellations: of('cancel').map((c) => c.appointmentId),
        confirmations: of('confirm').map((c) => c.appointmentId),
        handoff,
        handoffAt,
        unanswered: handoff ? 0 : unanswered,
        at: now,
      };
      let stored: MessageRow[] | 'skipped';
      try {
        stored = await repo.commitTurn({ ...base, bookings: of('book'), reschedules: of('reschedule'), state: result.state, drafts: drafts(result.replies, true, result.choices, result.image) });
      } catch (err) {
        if (!(err instanceof BookingConflict)) throw err;
        // Another customer took the slot a moment ago: offer the next free one instead.
        const wanted = [...of('book'), ...of('reschedule')][0]!;
        const next = await availability(deps.appointments, bot).nextFree(wanted.start, now);
        const offer = deps.engine.bookingConflict(context, next);
        stored = await repo.commitTurn({ ...base, bookings: [], reschedules: [], state: offer.state, drafts: drafts(offer.replies, false, offer.choices) });
        deps.log.info({ conversationId }, 'booking conflict: next free slot offered');
      }
      // A person took the conversation while the engine thought: the bot says nothing.
      if (stored === SKIPPED) return;
      // The customer's messages are answered (read, for the dashboard), then the replies go out.
      for (const m of pending) emitMessage(bot.id, conversation.channel, { ...m, status: 'processed' });
      for (const m of stored) {
        emitMessage(bot.id, conversation.channel, m);
        await queueSend(m.id);
      }
      // Reminders and the owner's calendar follow once the replies are on their way.
      if (actions.some((a) => a.type === 'book' || a.type === 'cancel' || a.type === 'reschedule' || a.type === 'confirm')) {
        await deps.appointmentsChanged?.(bot.id).catch((err) => deps.log.error({ err, conversationId }, 'appointment follow-up failed; the sweep retries it'));
      }
      if (handoff) {
        status = 'human';
        const who = { name: contactPatch.name || contact?.name || '', phone: contactPatch.phone || contact?.phone || '' };
        await announceHandoff(bot, conversation, who, reason, handoffAt);
      }
    } finally {
      typing(false);
    }
  }

  /** Sends one queued reply on its channel; a message already sent is left alone. */
  async function send(messageId: string): Promise<void> {
    const message = await repo.findMessage(messageId);
    if (!message || message.status !== 'queued') return;
    const sender = deps.senders[message.channel];
    if (!sender) {
      const failed = await repo.setStatus(messageId, 'failed', { code: 'CHANNEL_NOT_CONNECTED' });
      if (failed) emitMessage(message.botId, message.channel, failed);
      return;
    }
    const result = await sender(message);
    // From 'queued' only: a status webhook may have moved the message on already.
    const next =
      result && 'failed' in result
        ? await repo.setStatus(messageId, 'failed', result.failed, { from: 'queued' })
        : await repo.setStatus(messageId, 'sent', undefined, { from: 'queued', externalId: result?.externalId });
    if (next) emitMessage(message.botId, message.channel, next);
  }

  /** Turns that were never queued (a crash between storing a message and queueing its turn). */
  async function recover(olderThanMs = 30_000): Promise<number> {
    const ids = await repo.conversationsWithPending(new Date(Date.now() - olderThanMs), 500);
    for (const id of ids) await queueTurn(id);
    return ids.length;
  }

  return { receive, storeMedia, turn, send, recover, queueTurn, queueSend, emitMessage, emitUpdated, scheduleIdleReturn, returnIdle };
}

/** The engine's choices when they keep to the contract; otherwise the reply goes out as text alone. */
function validChoices(offered: unknown, log: FastifyBaseLogger, conversationId: string): ReplyChoices | null {
  if (offered === undefined || offered === null) return null;
  const parsed = replyChoices.safeParse(offered);
  if (parsed.success) return parsed.data;
  log.warn({ conversationId, issues: parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.')}: ${i.message}`) }, 'engine choices dropped');
  return null;
}

const toSource = (s: { chunkId: number; heading: string; text: string; score: number }) => ({
  chunkId: s.chunkId,
  heading: s.heading,
  text: s.text,
  score: s.score,
});

function serializeAction(a: EngineAction): Record<string, unknown> {
  return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

export type Pipeline = ReturnType<typeof pipeline>;
