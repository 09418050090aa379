import type {
  ContactNote,
  ConversationAssignee,
  ConversationListItem,
  ConversationMessage,
  ConversationMessageEvent,
  ConversationStatus,
  ConversationUpdatedEvent,
  InboxChannel,
  MessageStatus,
  SavedReply,
} from '@charla/shared';
import { dateFormat } from '../../lib/intl.ts';

/** What the list shows: a status tab, a channel, a search, and only the conversations given to the reader ("Mías"). */
export interface InboxFilter {
  status: ConversationStatus;
  channel: InboxChannel | '';
  q: string;
  mine: boolean;
}

/** The list the inbox opens on: the assistant's conversations, every channel. */
export const openingFilter: InboxFilter = { status: 'bot', channel: '', q: '', mine: false };

/** The list after a message event; `unknown` when the conversation is not in it yet (read the list again). */
export function applyMessageToList(
  items: readonly ConversationListItem[],
  event: ConversationMessageEvent,
  openId: string | null,
): ConversationListItem[] | 'unknown' {
  if (event.channel === 'playground') return [...items];
  const m = event.message;
  const at = items.findIndex((i) => i.id === m.conversationId);
  if (at < 0) return 'unknown';
  // A new message is first announced as received (customer) or queued (bot, person); later
  // events only move its delivery status: the list shows when the last one failed.
  const isNew = m.status === 'received' || m.status === 'queued';
  const current = items[at]!;
  if (!isNew) {
    if (current.lastMessage?.id !== m.id || current.lastMessage.status === m.status) return [...items];
    return items.map((i, n) => (n === at ? { ...current, lastMessage: { ...current.lastMessage!, status: m.status } } : i));
  }
  const unread = m.direction === 'in' && m.status === 'received' && current.id !== openId ? current.unreadCount + 1 : current.unreadCount;
  const updated: ConversationListItem = {
    ...current,
    // The event names no one: the writer's name comes from the people of the bot (lastAuthorLabel).
    lastMessage: { id: m.id, text: m.text || mediaLabelKey(m), direction: m.direction, at: m.createdAt, author: m.author, authorId: m.authorId ?? null, authorName: null, status: m.status },
    unreadCount: unread,
    updatedAt: new Date().toISOString(),
  };
  return [updated, ...items.slice(0, at), ...items.slice(at + 1)];
}

/**
 * The list after a conversation changed (status, unread, assignment); one that left the tab, or
 * ("Mías") was given to someone else than the reader `me`, goes away.
 */
export function applyUpdateToList(
  items: readonly ConversationListItem[],
  event: ConversationUpdatedEvent,
  filter: Pick<InboxFilter, 'status'> & Partial<Pick<InboxFilter, 'mine'>>,
  me?: string,
): ConversationListItem[] | 'unknown' {
  const at = items.findIndex((i) => i.id === event.conversationId);
  if (event.typing) return [...items];
  const fits = event.status === filter.status && (!filter.mine || event.assignedTo === undefined || event.assignedTo === me);
  if (at < 0) return fits ? 'unknown' : [...items];
  if (!fits) return items.filter((i) => i.id !== event.conversationId);
  const current = items[at]!;
  const reassigned = event.assignedTo !== undefined && event.assignedTo !== current.assignedTo;
  const next: ConversationListItem = {
    ...current,
    status: event.status,
    ...(event.unreadCount !== undefined && { unreadCount: event.unreadCount }),
    // The event names no one: the name comes from the people of the bot (assigneeLabel).
    ...(reassigned && { assignedTo: event.assignedTo ?? null, assignedName: null }),
  };
  return items.map((i, n) => (n === at ? next : i));
}

/**
 * Who a conversation is given to, in words: `you` for the reader, else the person's name from the
 * bot's people or as the server named them, else `someone`; null when nobody.
 */
export function assigneeLabel(
  item: Pick<ConversationListItem, 'assignedTo' | 'assignedName'>,
  me: string,
  people: readonly ConversationAssignee[] | undefined,
): { kind: 'you' } | { kind: 'person'; name: string } | { kind: 'someone' } | null {
  if (!item.assignedTo) return null;
  if (item.assignedTo === me) return { kind: 'you' };
  const name = people?.find((p) => p.userId === item.assignedTo)?.name ?? item.assignedName;
  return name ? { kind: 'person', name } : { kind: 'someone' };
}

/**
 * Who wrote a conversation's last message, for the list's preview: the bot, the reader (`you`), a
 * person of the business by name (from the bot's people or as the server named them), or a
 * person no longer known (`team`); null for the customer.
 */
export function lastAuthorLabel(
  last: Pick<NonNullable<ConversationListItem['lastMessage']>, 'author' | 'authorId' | 'authorName'>,
  me: string,
  people: readonly ConversationAssignee[] | undefined,
): { kind: 'bot' } | { kind: 'you' } | { kind: 'person'; name: string } | { kind: 'team' } | null {
  if (last.author === 'customer') return null;
  if (last.author === 'bot') return { kind: 'bot' };
  if (last.authorId && last.authorId === me) return { kind: 'you' };
  const name = (last.authorId && people?.find((p) => p.userId === last.authorId)?.name) || last.authorName;
  return name ? { kind: 'person', name } : { kind: 'team' };
}

/** A message without text shows its kind ("[image]"), which the list translates. */
export function mediaLabelKey(m: Pick<ConversationMessage, 'media' | 'template'>): string {
  const kind = m.media?.[0]?.type;
  if (kind) return `[${kind}]`;
  if (m.template) return `[template]`;
  return '';
}

/** The chat's messages with one more or one changed: changed in place, new at the end. */
export function upsertMessage(list: readonly ConversationMessage[], message: ConversationMessage): ConversationMessage[] {
  const at = list.findIndex((m) => m.id === message.id);
  if (at < 0) return [...list, message];
  return list.map((m, i) => (i === at ? { ...m, ...message, status: laterStatus(m.status, message.status) } : m));
}

/** How far an outbound message has gone; a later copy never moves it back. */
const delivery: Partial<Record<MessageStatus, number>> = { queued: 0, sent: 1, delivered: 2, read: 3 };

/**
 * The status to show when a copy of a message arrives: an older snapshot (the send call's answer
 * "queued", read after the socket said "sent" or "failed") does not undo a step already shown. A
 * message is queued once, when stored (sending it again stores a new one), so "queued" never
 * undoes anything; a failure always applies.
 */
export function laterStatus(shown: MessageStatus, incoming: MessageStatus): MessageStatus {
  if (incoming === 'queued') return shown;
  const from = delivery[shown];
  const to = delivery[incoming];
  return from !== undefined && to !== undefined && to < from ? shown : incoming;
}

/** Older pages go first; a message already shown is not repeated. */
export function prependPage(list: readonly ConversationMessage[], older: readonly ConversationMessage[]): ConversationMessage[] {
  const seen = new Set(list.map((m) => m.id));
  return [...older.filter((m) => !seen.has(m.id)), ...list];
}

/** The newest page read again: older pages stay before it, live messages it does not hold yet after it. */
export function mergeNewestPage(shown: readonly ConversationMessage[], page: readonly ConversationMessage[]): ConversationMessage[] {
  const ids = new Set(page.map((m) => m.id));
  const first = page[0]?.createdAt;
  const rest = shown.filter((m) => !ids.has(m.id));
  const older = first ? rest.filter((m) => m.createdAt < first) : [];
  const newer = rest.filter((m) => !older.includes(m));
  // A page read before the socket's last word on a message does not undo it.
  const status = new Map(shown.map((m) => [m.id, m.status]));
  const fresh = page.map((m) => {
    const was = status.get(m.id);
    return was === undefined ? m : { ...m, status: laterStatus(was, m.status) };
  });
  return [...older, ...fresh, ...newer];
}

/** The calendar day of a moment in a time zone (YYYY-MM-DD). */
export function dayKey(iso: string, timeZone?: string): string {
  const parts = dateFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...(timeZone && { timeZone }) }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export interface DayGroup<T extends { createdAt: string } = ConversationMessage> {
  day: string;
  messages: T[];
}

/** Messages (or any entries of the thread) grouped by day, in order, for the separators of the chat. */
export function groupByDay<T extends { createdAt: string }>(messages: readonly T[], timeZone?: string): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const m of messages) {
    const day = dayKey(m.createdAt, timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(m);
    else groups.push({ day, messages: [m] });
  }
  return groups;
}

/** "Hoy", "Ayer" or the date, for a day separator. */
export function dayLabel(day: string, now: Date, locale: string, words: { today: string; yesterday: string }, timeZone?: string): string {
  const today = dayKey(now.toISOString(), timeZone);
  const yesterday = dayKey(new Date(now.getTime() - 86_400_000).toISOString(), timeZone);
  if (day === today) return words.today;
  if (day === yesterday) return words.yesterday;
  const [y, mo, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, mo! - 1, d!, 12));
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return dateFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }), timeZone: 'UTC' }).format(date);
}

export type Tick = 'clock' | 'sent' | 'delivered' | 'read' | 'failed' | null;

/** The tick an outbound message shows, as WhatsApp does. */
export function tickOf(m: Pick<ConversationMessage, 'direction' | 'status'>): Tick {
  if (m.direction === 'in') return null;
  switch (m.status) {
    case 'queued':
      return 'clock';
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'read':
      return 'read';
    case 'failed':
      return 'failed';
    default:
      return null;
  }
}

/** The tab's title with the hand-offs waiting: "(2) Charla". */
export function titleWithCount(base: string, count: number): string {
  const plain = base.replace(/^\(\d+\)\s+/, '');
  return count > 0 ? `(${count}) ${plain}` : plain;
}

/** The query string of GET /api/conversations for a filter and a page. */
export function listQuery(botId: string, filter: InboxFilter, cursor?: string | null): string {
  const params = new URLSearchParams({ botId, status: filter.status });
  if (filter.channel) params.set('channel', filter.channel);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.mine) params.set('assigned', 'me');
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** Initials for an avatar: "Lucía Gómez" → "LG"; a phone → its last two digits. */
export function initialsOf(name: string, phone: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length) return words.slice(0, 2).map((w) => [...w][0]!.toUpperCase()).join('');
  const digits = phone.replace(/\D/g, '');
  return digits.slice(-2) || '?';
}

/** A Google Maps link for a point. */
export const mapLink = (latitude: number, longitude: number) => `https://www.google.com/maps?q=${latitude},${longitude}`;

/**
 * The customer's question a person's reply answered: since the person's previous reply, the newest
 * customer message that asks something ("¿…?"), else the newest with text ("Sí, quiero hablar con
 * alguien" after a question is not the question). The owner can edit it before saving.
 */
export function questionBefore(messages: readonly ConversationMessage[], reply: ConversationMessage): string {
  let newest = '';
  for (let i = messages.indexOf(reply) - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.direction === 'out' && m.author === 'human') break;
    const text = m.direction === 'in' ? m.text.trim() : '';
    if (!text) continue;
    if (text.includes('?')) return text.slice(0, 500);
    newest ||= text.slice(0, 500);
  }
  return newest;
}

/** One entry of the chat: a message of the conversation, or a note of the team on its contact. */
export type ThreadEntry = { kind: 'message'; createdAt: string; message: ConversationMessage } | { kind: 'note'; createdAt: string; note: ContactNote };

/**
 * The conversation's messages with the team's notes on its contact placed at their time (a note
 * comes after the messages of its instant). While older messages are still to load (`complete`
 * false), notes written before the first message shown wait for them.
 */
export function withNotes(messages: readonly ConversationMessage[], notes: readonly ContactNote[], complete: boolean): ThreadEntry[] {
  const first = messages[0]?.createdAt;
  const shown = notes
    .filter((n) => complete || (first !== undefined && Date.parse(n.createdAt) >= Date.parse(first)))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const entries: ThreadEntry[] = [];
  let i = 0;
  for (const message of messages) {
    while (i < shown.length && Date.parse(shown[i]!.createdAt) < Date.parse(message.createdAt)) {
      entries.push({ kind: 'note', createdAt: shown[i]!.createdAt, note: shown[i]! });
      i++;
    }
    entries.push({ kind: 'message', createdAt: message.createdAt, message });
  }
  for (; i < shown.length; i++) entries.push({ kind: 'note', createdAt: shown[i]!.createdAt, note: shown[i]! });
  return entries;
}

/** Lower case without accents: how a search compares words. */
const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The saved replies a `/` search matches: titles that start with it first, then titles and texts
 * that hold it, accents and case aside; everything for a bare `/`.
 */
export function matchReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const q = plain(query.trim());
  if (!q) return [...replies];
  const starts = replies.filter((r) => plain(r.title).startsWith(q));
  const holds = replies.filter((r) => !starts.includes(r) && (plain(r.title).includes(q) || plain(r.text).includes(q)));
  return [...starts, ...holds];
}

/** The digits of a phone for a WhatsApp link (wa.me takes the number with its country code, nothing else); empty when there are too few. */
export function whatsappDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length >= 8 ? digits : '';
}
