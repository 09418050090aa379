import { randomUUID } from 'node:crypto';
import { attachmentLimits, conversationStatuses, inboxChannels, messageAuthors, messageDirections, messageStatuses, type ConversationDetail, type ConversationListItem, type ConversationMessagesPage, type HumanReplyBody } from '@charla/shared';
import type { conversationListQuery, templateReplyBody } from '@charla/shared';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { enumColumn } from '../../lib/row-parse.ts';
import { decodeCursor, encodeCursor, iso } from '../../lib/keyset-cursor.ts';
import type { Upload } from '../../lib/multipart.ts';
import type { FileStorage, StoredFileStream } from '../../lib/storage.ts';
import type { UserRow } from '../auth/index.ts';
import type { AccessService } from '../access/access.module.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { BotRow } from '../bots/index.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { ContactRow, ConversationRow, MessageRow } from './conversations.repository.ts';
import type { InboxRepository, InboxRow } from './inbox.repository.ts';
import { extensionFor } from './media-store.ts';
import { keptFileKey } from './ports.ts';
import type { StoredMedia } from './conversations.table.ts';
import { toConversationMessage } from './message-view.ts';
import type { Pipeline } from './pipeline.ts';
import { windowOpen as windowOfChannel } from './window.ts';

export interface InboxDeps {
  repo: InboxRepository;
  /** Take-overs and assignments go in the account's activity. */
  audit: Pick<AuditService, 'record'>;
  access: AccessService;
  pipeline: Pipeline;
  /** What each channel can send: its 24-hour window, its templates. */
  registry: ChannelRegistry;
  /** Where the files customers sent are kept (media/<botId>/ in the file storage). */
  storage: FileStorage;
}

/** The inbox never lists the playground; its rows come from SQL of its own, so their enums are checked here. */
const inboxChannel = enumColumn(inboxChannels, 'conversations.channel');
const conversationStatus = enumColumn(conversationStatuses, 'conversations.status');
const direction = enumColumn(messageDirections, 'messages.direction');
const author = enumColumn(messageAuthors, 'messages.author');
const status = enumColumn(messageStatuses, 'messages.status');

function listItem(row: InboxRow): ConversationListItem {
  return {
    id: row.id,
    botId: row.bot_id,
    channel: inboxChannel(row.channel),
    status: conversationStatus(row.status),
    contact: { id: row.contact_id, name: row.contact_name, phone: row.contact_phone },
    lastMessage:
      row.last_id && row.last_at && row.last_direction && row.last_author && row.last_status
        ? {
            id: row.last_id,
            // A file without words is named by its kind ("[document]"), as a customer's files are.
            text: row.last_text || (row.last_media ? `[${row.last_media}]` : ''),
            direction: direction(row.last_direction),
            at: iso(row.last_at),
            author: author(row.last_author),
            authorId: row.last_author_id,
            authorName: row.last_author_id ? row.last_author_name : null,
            status: status(row.last_status),
          }
        : null,
    unreadCount: row.unread_count,
    assignedTo: row.assigned_to,
    assignedName: row.assigned_to ? (row.assigned_name ?? null) : null,
    updatedAt: iso(row.activity),
  };
}

/** What a file is, read from its first bytes (never from the name or the type the browser claims). */
export function sniffAttachment(bytes: Uint8Array): (typeof attachmentLimits.types)[number] | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'image/png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (ascii(0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

/** A file a person attached, as it is kept and sent: a picture, or a document with its name. */
function attachedMedia(upload: Upload, messageId: string, caption: string): StoredMedia {
  if (upload.bytes.byteLength > attachmentLimits.bytes) throw new AppError('ATTACHMENT_TOO_LARGE');
  const mime = sniffAttachment(upload.bytes);
  if (!mime) throw new AppError('ATTACHMENT_TYPE');
  const image = mime.startsWith('image/');
  const name = upload.filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim().slice(0, 200);
  return {
    type: image ? 'image' : 'document',
    file: `${messageId}-0.${extensionFor(mime)}`,
    mime,
    size: upload.bytes.byteLength,
    ...(name && { name }),
    ...(caption && { caption }),
  };
}

/**
 * The owner's inbox: every conversation of a bot on its channels (never the playground), a
 * person's replies through the same send path as the bot's, and taking a conversation over from
 * the bot and giving it back. Every call goes through one check: the caller may see the bot.
 */
export function inboxService(deps: InboxDeps) {
  const { repo, pipeline } = deps;

  /** Whether a reply may go now: a channel with a 24-hour window needs the customer to have written within it. */
  const windowOpen = (c: ConversationRow) => windowOfChannel(deps.registry.get(c.channel)?.capabilities, c.lastInboundAt);

  /**
   * The one access check: the bot's owner or the main admin; anyone else is told it does not
   * exist. A change (`write`) is refused on a locked bot, as every other change is.
   */
  async function visible(caller: UserRow, id: string, write = false): Promise<{ bot: BotRow; conversation: ConversationRow; contact: ContactRow }> {
    const found = await repo.find(id);
    if (!found || found.conversation.channel === 'playground') throw new AppError('NOT_FOUND');
    const bot = await (write ? deps.access.requireWrite : deps.access.requireRead)(caller, found.conversation.botId, 'conversations', { hidden: true });
    return { bot, ...found };
  }

  async function detail(bot: BotRow, conversation: ConversationRow, contact: ContactRow): Promise<ConversationDetail> {
    const last = await repo.lastMessage(conversation.id);
    const assignedName = conversation.assignedTo ? await repo.personName(conversation.assignedTo) : null;
    return {
      id: conversation.id,
      botId: conversation.botId,
      channel: inboxChannel(conversation.channel),
      status: conversation.status,
      contact: { id: contact.id, name: contact.name, phone: contact.phone, email: contact.email },
      lastMessage: last
        ? {
            id: last.id,
            text: last.text,
            direction: last.direction,
            at: last.createdAt.toISOString(),
            author: last.author,
            authorId: last.authorId,
            authorName: last.authorId ? await repo.personName(last.authorId) : null,
            status: last.status,
          }
        : null,
      unreadCount: conversation.unreadCount,
      assignedTo: conversation.assignedTo,
      assignedName,
      updatedAt: conversation.lastMessageAt.toISOString(),
      createdAt: conversation.createdAt.toISOString(),
      lastInboundAt: conversation.lastInboundAt?.toISOString() ?? null,
      windowOpen: windowOpen(conversation),
      attachments: deps.registry.get(conversation.channel)?.capabilities.files ?? false,
      idleMinutes: bot.handoffIdleMinutes,
    };
  }

  /** A closed conversation cannot be taken back while the customer has a newer open one. */
  async function reopenable(conversation: ConversationRow) {
    if (conversation.status === 'closed' && (await repo.otherOpen(conversation))) throw new AppError('CONVERSATION_REOPENED');
  }

  /** Whether a file may be attached here now: the caller may write, the channel sends kept files, the window is open. */
  async function attachable(caller: UserRow, id: string) {
    const found = await visible(caller, id, true);
    if (!deps.registry.get(found.conversation.channel)?.capabilities.files) throw new AppError('ATTACHMENTS_UNSUPPORTED');
    if (!windowOpen(found.conversation)) throw new AppError('WINDOW_CLOSED');
    return found;
  }

  async function stored(caller: UserRow, id: string, text: string, clientId: string | undefined, template?: MessageRow['template'], upload?: Upload) {
    const { bot, conversation } = upload ? await attachable(caller, id) : await visible(caller, id, true);
    if (!template && !windowOpen(conversation)) throw new AppError('WINDOW_CLOSED');
    const at = new Date();
    // The file is kept before its message is stored, so the send never finds it missing.
    const messageId = randomUUID();
    const media = upload && attachedMedia(upload, messageId, text);
    const key = media && keptFileKey(bot.id, media.file!);
    if (key) await deps.storage.put(key, upload.bytes, { contentType: media.mime });
    const done = await repo.humanReply({
      conversationId: id,
      botId: bot.id,
      channel: conversation.channel,
      userId: caller.id,
      text,
      template: template ?? null,
      idempotencyKey: `human:${id}:${clientId ?? randomUUID()}`,
      ...(media && { attachment: { id: messageId, media } }),
      at,
    });
    // Sent twice: the first copy is the one the message names.
    if (done.duplicate && key) await deps.storage.delete(key);
    if (!done.duplicate) {
      for (const m of done.answered) pipeline.events.message(bot.id, conversation.channel, m);
      pipeline.events.message(bot.id, conversation.channel, done.message);
      pipeline.events.updated(done.conversation);
      if (done.conversation.status === 'human') await pipeline.scheduleIdleReturn(id, at, bot.handoffIdleMinutes);
    }
    // Queued again when repeated: a send that already happened is a no-op.
    if (done.message.status === 'queued') await pipeline.queueSend(done.message.id);
    return { duplicate: done.duplicate, message: toConversationMessage(done.message) };
  }

  return {

    async list(caller: UserRow, query: z.output<typeof conversationListQuery>) {
      await deps.access.requireRead(caller, query.botId, 'conversations', { hidden: true });
      const rows = await repo.list({
        botId: query.botId,
        status: query.status,
        channel: query.channel,
        q: query.q || undefined,
        unread: query.unread,
        assignedTo: query.assigned === 'me' ? caller.id : undefined,
        after: query.cursor ? decodeCursor(query.cursor) : undefined,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      return { items: page.map(listItem), nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!.activity, page.at(-1)!.id) : null };
    },

    async get(caller: UserRow, id: string): Promise<ConversationDetail> {
      const { bot, conversation, contact } = await visible(caller, id);
      return detail(bot, conversation, contact);
    },

    async messages(caller: UserRow, id: string, before: string | undefined, limit: number): Promise<ConversationMessagesPage> {
      await visible(caller, id);
      const rows = await repo.messages(id, before, limit);
      const page = rows.slice(0, limit);
      return { items: page.reverse().map(toConversationMessage), nextBefore: rows.length > limit ? page[0]!.id : null };
    },

    /** A person's reply: queued and sent by the same send job as the bot's replies. */
    reply: (caller: UserRow, id: string, body: HumanReplyBody) => stored(caller, id, body.text, body.client_message_id),

    /** Refuses an attachment before its file is read: another account's conversation, a channel that cannot send it, a closed window. */
    attachable: async (caller: UserRow, id: string): Promise<void> => void (await attachable(caller, id)),

    /** A picture or PDF a person attaches (the typed text its caption): kept as customers' files are, then sent as any reply. */
    async attach(caller: UserRow, id: string, fields: { text: string; client_message_id?: string | undefined }, upload: Upload | undefined) {
      if (!upload) {
        // Another account's conversation is not found, with a file or without.
        await attachable(caller, id);
        throw new AppError('FILE_MISSING');
      }
      return stored(caller, id, fields.text, fields.client_message_id, undefined, upload);
    },

    /** An approved WhatsApp template (checked with Meta first), the only thing that may go out after 24 hours. */
    async template(caller: UserRow, id: string, body: z.output<typeof templateReplyBody>) {
      const { bot, conversation } = await visible(caller, id, true);
      const templates = deps.registry.get(conversation.channel)?.capabilities.templates;
      if (!templates) throw new AppError('VALIDATION_FAILED', { name: 'VALIDATION_FAILED' });
      const withText = body.text.length > 0;
      await templates.check(bot, { name: body.name, language: body.language, with_text: withText });
      return stored(caller, id, body.text, body.client_message_id, { name: body.name, language: body.language, withText });
    },

    async takeover(caller: UserRow, id: string): Promise<ConversationDetail> {
      const { bot, conversation, contact } = await visible(caller, id, true);
      await reopenable(conversation);
      const at = new Date();
      const row = await repo.setStatus(id, { status: 'human', assignedTo: caller.id, humanAt: at });
      pipeline.events.updated(row!);
      await pipeline.scheduleIdleReturn(id, at, bot.handoffIdleMinutes);
      await deps.audit.record({
        accountId: bot.userId,
        actor: caller,
        action: 'conversation.taken_over',
        target: { type: 'conversation', id },
        details: { bot_name: bot.botName, contact_name: contact.name },
      });
      return detail(bot, row!, contact);
    },

    /** Who a bot's conversations may be given to (anyone who may read them may ask). */
    async assignees(caller: UserRow, botId: string) {
      await deps.access.requireRead(caller, botId, 'conversations', { hidden: true });
      return { items: (await deps.access.assignees(botId)).map(({ userId, name, role }) => ({ userId, name, role })) };
    },

    /**
     * Gives the conversation to the owner or a team member who may answer it on its bot (null: to
     * nobody). The owner, the account's admins and the main admin give it to anyone of them; an
     * agent only takes it for themself, or lets go of their own.
     */
    async assign(caller: UserRow, id: string, userId: string | null): Promise<ConversationDetail> {
      const { bot, conversation, contact } = await visible(caller, id, true);
      const own = userId === caller.id || (userId === null && conversation.assignedTo === caller.id);
      if (!own && !(await deps.access.canRead(caller, bot.id, 'assignment'))) throw new AppError('FORBIDDEN');
      const assignee = userId ? (await deps.access.assignees(bot.id)).find((p) => p.userId === userId) : undefined;
      if (userId && !assignee) throw new AppError('ASSIGNEE_INVALID', { userId: 'ASSIGNEE_INVALID' });
      const row = await repo.assign(id, userId);
      pipeline.events.updated(row!);
      if (conversation.assignedTo !== userId) {
        await deps.audit.record({
          accountId: bot.userId,
          actor: caller,
          action: assignee ? 'conversation.assigned' : 'conversation.unassigned',
          target: { type: 'conversation', id },
          details: { bot_name: bot.botName, contact_name: contact.name, ...(assignee && { assignee_name: assignee.name }) },
        });
      }
      return detail(bot, row!, contact);
    },

    async release(caller: UserRow, id: string): Promise<ConversationDetail> {
      const { bot, conversation, contact } = await visible(caller, id, true);
      await reopenable(conversation);
      const row = await repo.setStatus(id, { status: 'bot', assignedTo: null, humanAt: null, unanswered: 0 });
      pipeline.events.updated(row!);
      return detail(bot, row!, contact);
    },

    async close(caller: UserRow, id: string): Promise<ConversationDetail> {
      const { bot, contact } = await visible(caller, id, true);
      const row = await repo.setStatus(id, { status: 'closed', assignedTo: null, humanAt: null });
      pipeline.events.updated(row!);
      return detail(bot, row!, contact);
    },

    /** A file a customer sent in this conversation, as it was kept (a stream, read as it is sent); anything else is not found. */
    async media(caller: UserRow, id: string, file: string): Promise<{ stored: StoredFileStream; mime: string; name: string | undefined; inline: boolean }> {
      const { bot } = await visible(caller, id);
      const message = await repo.message(file.slice(0, 36));
      const kept = message?.conversationId === id ? message.media?.find((m) => m.file === file) : undefined;
      if (!kept) throw new AppError('NOT_FOUND');
      const stored = await deps.storage.stream(keptFileKey(bot.id, file));
      if (!stored) throw new AppError('NOT_FOUND');
      const mime = kept.mime ?? 'application/octet-stream';
      return { stored, mime, name: kept.name, inline: /^(image|audio|video)\//.test(mime) };
    },

    async read(caller: UserRow, id: string): Promise<ConversationDetail> {
      const { bot, contact } = await visible(caller, id);
      const row = await repo.markRead(id);
      pipeline.events.updated(row!);
      return detail(bot, row!, contact);
    },
  };
}

export type InboxService = ReturnType<typeof inboxService>;
