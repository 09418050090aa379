import { describe, expect, it } from 'vitest';
import type { ContactNote, ConversationListItem, ConversationMessage, SavedReply } from '@charla/shared';
import {
  applyMessageToList,
  applyUpdateToList,
  assigneeLabel,
  dayLabel,
  groupByDay,
  questionBefore,
  initialsOf,
  lastAuthorLabel,
  matchReplies,
  whatsappDigits,
  withNotes,
  listQuery,
  mergeNewestPage,
  prependPage,
  tickOf,
  titleWithCount,
  upsertMessage,
} from './inbox-state.ts';

const bot = '00000000-0000-4000-8000-000000000001';
const item = (id: string, over: Partial<ConversationListItem> = {}): ConversationListItem => ({
  id,
  botId: bot,
  channel: 'whatsapp',
  status: 'bot',
  contact: { id: `c-${id}`, name: id, phone: '' },
  lastMessage: null,
  unreadCount: 0,
  assignedTo: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  ...over,
});
const message = (over: Partial<ConversationMessage> = {}): ConversationMessage => ({
  id: 'm1',
  conversationId: 'b',
  direction: 'in',
  author: 'customer',
  text: 'Hola',
  status: 'received',
  createdAt: '2026-03-01T10:05:00.000Z',
  sources: null,
  actions: null,
  error: null,
  ...over,
});

describe('the list under live events', () => {
  const list = [item('a'), item('b'), item('c')];

  it('a new customer message moves its conversation to the top and counts it unread, unless it is open', () => {
    const next = applyMessageToList(list, { botId: bot, channel: 'whatsapp', message: message() }, null);
    expect(next).not.toBe('unknown');
    expect((next as ConversationListItem[]).map((i) => i.id)).toEqual(['b', 'a', 'c']);
    expect((next as ConversationListItem[])[0]).toMatchObject({ unreadCount: 1, lastMessage: { text: 'Hola', direction: 'in' } });
    const open = applyMessageToList(list, { botId: bot, channel: 'whatsapp', message: message() }, 'b') as ConversationListItem[];
    expect(open[0]!.unreadCount).toBe(0);
  });

  it('a delivery status does not reorder; an unknown conversation asks for a fresh read; the playground is ignored', () => {
    expect((applyMessageToList(list, { botId: bot, channel: 'whatsapp', message: message({ direction: 'out', status: 'delivered' }) }, null) as ConversationListItem[]).map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(applyMessageToList(list, { botId: bot, channel: 'whatsapp', message: message({ conversationId: 'z' }) }, null)).toBe('unknown');
    expect(applyMessageToList(list, { botId: bot, channel: 'playground', message: message({ conversationId: 'z' }) }, null)).toHaveLength(3);
  });

  it('the last message keeps who wrote it, and shows when its send failed', () => {
    const me = '00000000-0000-4000-8000-00000000000a';
    const sent = applyMessageToList(list, { botId: bot, channel: 'whatsapp', message: message({ id: 'm2', direction: 'out', author: 'human', authorId: me, status: 'queued' }) }, null) as ConversationListItem[];
    expect(sent[0]!.lastMessage).toMatchObject({ id: 'm2', author: 'human', authorId: me, authorName: null, status: 'queued' });
    const failed = applyMessageToList(sent, { botId: bot, channel: 'whatsapp', message: message({ id: 'm2', direction: 'out', author: 'human', authorId: me, status: 'failed' }) }, null) as ConversationListItem[];
    expect(failed.map((i) => i.id)).toEqual(['b', 'a', 'c']);
    expect(failed[0]!.lastMessage!.status).toBe('failed');
    // A status of an older message leaves the last one as it was.
    const older = applyMessageToList(failed, { botId: bot, channel: 'whatsapp', message: message({ id: 'm0', direction: 'out', status: 'read' }) }, null) as ConversationListItem[];
    expect(older[0]!.lastMessage!.status).toBe('failed');
  });

  it('names the writer of the last message: the assistant, the reader, a person, or the team', () => {
    const me = '00000000-0000-4000-8000-00000000000a';
    const ana = '00000000-0000-4000-8000-00000000000b';
    const people = [{ userId: ana, name: 'Ana Pérez', role: 'agent' as const }];
    expect(lastAuthorLabel({ author: 'customer', authorId: null, authorName: null }, me, people)).toBeNull();
    expect(lastAuthorLabel({ author: 'bot', authorId: null, authorName: null }, me, people)).toEqual({ kind: 'bot' });
    expect(lastAuthorLabel({ author: 'human', authorId: me, authorName: 'Marta' }, me, people)).toEqual({ kind: 'you' });
    expect(lastAuthorLabel({ author: 'human', authorId: ana, authorName: null }, me, people)).toEqual({ kind: 'person', name: 'Ana Pérez' });
    expect(lastAuthorLabel({ author: 'human', authorId: ana, authorName: 'Ana P.' }, me, undefined)).toEqual({ kind: 'person', name: 'Ana P.' });
    expect(lastAuthorLabel({ author: 'human', authorId: null, authorName: null }, me, people)).toEqual({ kind: 'team' });
  });

  it('a media message without text shows its kind', () => {
    const next = applyMessageToList(list, { botId: bot, channel: 'whatsapp', message: message({ text: '', media: [{ type: 'image' }] }) }, null) as ConversationListItem[];
    expect(next[0]!.lastMessage!.text).toBe('[image]');
  });

  it('a status change keeps the conversation in its tab or takes it out; unread and assignment follow', () => {
    const human = applyUpdateToList(list, { botId: bot, conversationId: 'b', status: 'human', typing: false, unreadCount: 0, assignedTo: null }, { status: 'bot' }) as ConversationListItem[];
    expect(human.map((i) => i.id)).toEqual(['a', 'c']);
    const read = applyUpdateToList(list, { botId: bot, conversationId: 'b', status: 'bot', typing: false, unreadCount: 0 }, { status: 'bot' }) as ConversationListItem[];
    expect(read[1]).toMatchObject({ id: 'b', unreadCount: 0 });
    expect(applyUpdateToList(list, { botId: bot, conversationId: 'z', status: 'bot', typing: false }, { status: 'bot' })).toBe('unknown');
    expect(applyUpdateToList(list, { botId: bot, conversationId: 'z', status: 'human', typing: false }, { status: 'bot' })).toHaveLength(3);
  });

  it('"Mías" keeps only what is given to the reader; a new assignee drops the old name', () => {
    const me = 'u-me';
    const mine = [item('a', { assignedTo: me, assignedName: 'Yo' }), item('b', { assignedTo: me, assignedName: 'Yo' })];
    const given = applyUpdateToList(mine, { botId: bot, conversationId: 'b', status: 'bot', typing: false, assignedTo: 'u-rosa' }, { status: 'bot', mine: true }, me) as ConversationListItem[];
    expect(given.map((i) => i.id)).toEqual(['a']);
    // Without "Mías" it stays, with its new assignee and no stale name.
    const all = applyUpdateToList(mine, { botId: bot, conversationId: 'b', status: 'bot', typing: false, assignedTo: 'u-rosa' }, { status: 'bot', mine: false }, me) as ConversationListItem[];
    expect(all[1]).toMatchObject({ id: 'b', assignedTo: 'u-rosa', assignedName: null });
    // A conversation given to the reader that the list does not hold: read the list again.
    expect(applyUpdateToList(mine, { botId: bot, conversationId: 'z', status: 'bot', typing: false, assignedTo: me }, { status: 'bot', mine: true }, me)).toBe('unknown');
    expect(applyUpdateToList(mine, { botId: bot, conversationId: 'z', status: 'bot', typing: false, assignedTo: 'u-rosa' }, { status: 'bot', mine: true }, me)).toHaveLength(2);
    // An event that does not name the assignee keeps the item.
    expect(applyUpdateToList(mine, { botId: bot, conversationId: 'a', status: 'bot', typing: false, unreadCount: 2 }, { status: 'bot', mine: true }, me)).toHaveLength(2);
  });

  it('names the assignee: you, the person, someone, or nobody', () => {
    const people = [{ userId: 'u-rosa', name: 'Rosa Díaz', role: 'agent' as const }];
    expect(assigneeLabel({ assignedTo: null }, 'u-me', people)).toBeNull();
    expect(assigneeLabel({ assignedTo: 'u-me', assignedName: 'Ana' }, 'u-me', people)).toEqual({ kind: 'you' });
    expect(assigneeLabel({ assignedTo: 'u-rosa', assignedName: null }, 'u-me', people)).toEqual({ kind: 'person', name: 'Rosa Díaz' });
    expect(assigneeLabel({ assignedTo: 'u-ido', assignedName: 'Luis' }, 'u-me', undefined)).toEqual({ kind: 'person', name: 'Luis' });
    expect(assigneeLabel({ assignedTo: 'u-ido', assignedName: null }, 'u-me', people)).toEqual({ kind: 'someone' });
  });
});

describe('the chat', () => {
  it('changes a message in place and adds new ones at the end; older pages go first without repeats', () => {
    const a = message({ id: 'a' });
    const b = message({ id: 'b', direction: 'out', status: 'queued' });
    const list = upsertMessage(upsertMessage([], a), b);
    expect(upsertMessage(list, { ...b, status: 'read' }).map((m) => [m.id, m.status])).toEqual([['a', 'received'], ['b', 'read']]);
    expect(prependPage(list, [message({ id: 'z' }), a]).map((m) => m.id)).toEqual(['z', 'a', 'b']);
  });

  it("a late copy of a message does not undo a step already shown: the send's answer after the socket's \"sent\"", () => {
    const sent = upsertMessage([], message({ id: 'r', direction: 'out', status: 'sent' }));
    expect(upsertMessage(sent, message({ id: 'r', direction: 'out', status: 'queued', text: 'hola' })).map((m) => [m.status, m.text])).toEqual([['sent', 'hola']]);
    const read = upsertMessage([], message({ id: 'r', direction: 'out', status: 'read' }));
    expect(upsertMessage(read, message({ id: 'r', direction: 'out', status: 'delivered' }))[0]!.status).toBe('read');
    // A failure always shows, and the send's answer "queued" read after the socket's "failed" does not hide it.
    expect(upsertMessage(read, message({ id: 'r', direction: 'out', status: 'failed' }))[0]!.status).toBe('failed');
    const failed = upsertMessage([], message({ id: 'r', direction: 'out', status: 'failed' }));
    expect(upsertMessage(failed, message({ id: 'r', direction: 'out', status: 'queued' }))[0]!.status).toBe('failed');
    // Nor does the chat's newest page, read before the failure, when it comes back after it.
    expect(mergeNewestPage(failed, [message({ id: 'r', direction: 'out', status: 'queued' })])[0]!.status).toBe('failed');
  });

  it('the newest page read again keeps older pages before it and live messages after it', () => {
    const old = message({ id: 'old', createdAt: '2026-03-01T09:00:00.000Z' });
    const p1 = message({ id: 'p1', createdAt: '2026-03-01T10:00:00.000Z', status: 'processed' });
    const p2 = message({ id: 'p2', createdAt: '2026-03-01T10:01:00.000Z' });
    const live = message({ id: 'live', createdAt: '2026-03-01T10:02:00.000Z' });
    const shown = [old, { ...p1, status: 'received' as const }, live];
    expect(mergeNewestPage(shown, [p1, p2]).map((m) => [m.id, m.status])).toEqual([['old', 'received'], ['p1', 'processed'], ['p2', 'received'], ['live', 'received']]);
  });

  it('groups by day in the time zone and names today, yesterday and other days', () => {
    const groups = groupByDay(
      [message({ id: '1', createdAt: '2026-03-01T05:00:00.000Z' }), message({ id: '2', createdAt: '2026-03-01T07:00:00.000Z' }), message({ id: '3', createdAt: '2026-03-02T18:00:00.000Z' })],
      'America/Mexico_City',
    );
    expect(groups.map((g) => [g.day, g.messages.map((m) => m.id)])).toEqual([['2026-02-28', ['1']], ['2026-03-01', ['2']], ['2026-03-02', ['3']]]);
    const now = new Date('2026-03-02T20:00:00.000Z');
    const words = { today: 'Hoy', yesterday: 'Ayer' };
    expect(dayLabel('2026-03-02', now, 'es-MX', words, 'America/Mexico_City')).toBe('Hoy');
    expect(dayLabel('2026-03-01', now, 'es-MX', words, 'America/Mexico_City')).toBe('Ayer');
    expect(dayLabel('2026-02-27', now, 'es-MX', words, 'America/Mexico_City')).toBe('viernes, 27 de febrero');
    expect(dayLabel('2025-12-24', now, 'en-US', words, 'America/Mexico_City')).toBe('Wednesday, December 24, 2025');
  });

  it('ticks as WhatsApp: clock, one, two, read, failed; none on the customer’s messages', () => {
    expect((['queued', 'sent', 'delivered', 'read', 'failed'] as const).map((status) => tickOf({ direction: 'out', status }))).toEqual(['clock', 'sent', 'delivered', 'read', 'failed']);
    expect(tickOf({ direction: 'in', status: 'processed' })).toBeNull();
  });
});

describe('small helpers', () => {
  it('counts hand-offs in the tab title once', () => {
    expect(titleWithCount('Charla', 2)).toBe('(2) Charla');
    expect(titleWithCount('(2) Charla', 3)).toBe('(3) Charla');
    expect(titleWithCount('(3) Charla', 0)).toBe('Charla');
  });

  it('builds the list query and initials', () => {
    expect(listQuery(bot, { status: 'human', channel: 'whatsapp', q: ' ana ', mine: false }, 'abc')).toBe(`botId=${bot}&status=human&channel=whatsapp&q=ana&cursor=abc`);
    expect(listQuery(bot, { status: 'bot', channel: '', q: '', mine: false })).toBe(`botId=${bot}&status=bot`);
    expect(listQuery(bot, { status: 'human', channel: '', q: '', mine: true })).toBe(`botId=${bot}&status=human&assigned=me`);
    expect(initialsOf('Lucía Gómez Ruiz', '')).toBe('LG');
    expect(initialsOf('', '+52 33 1234 5678')).toBe('78');
  });
});

describe("the customer's question a person's reply answered", () => {
  const message = (id: string, direction: 'in' | 'out', author: ConversationMessage['author'], text: string) => ({ id, direction, author, text }) as ConversationMessage;
  const thread = [
    message('1', 'in', 'customer', 'Hola, tengo seguro de GNP. ¿Me lo aceptan para una endodoncia?'),
    message('2', 'out', 'bot', '¿Quieres que una persona revise tu póliza?'),
    message('3', 'in', 'customer', 'Sí, quiero hablar con alguien'),
    message('4', 'out', 'human', 'Con GNP te entregamos informe médico y factura el mismo día.'),
    message('5', 'in', 'customer', 'Gracias'),
    message('6', 'out', 'human', 'Con gusto.'),
  ];
  it('is the newest customer message that asks something since the previous reply of a person', () => {
    expect(questionBefore(thread, thread[3]!)).toBe('Hola, tengo seguro de GNP. ¿Me lo aceptan para una endodoncia?');
  });
  it('is the newest customer message when none asks, and nothing before a person replied', () => {
    expect(questionBefore(thread, thread[5]!)).toBe('Gracias');
    expect(questionBefore([thread[3]!], thread[3]!)).toBe('');
  });
});

describe('internal notes in the thread', () => {
  const message = (id: string, createdAt: string) => ({ id, createdAt }) as ConversationMessage;
  const note = (id: string, createdAt: string) => ({ id, contactId: 'c', text: id, authorId: null, authorName: 'Marta', createdAt }) as ContactNote;
  const order = (entries: ReturnType<typeof withNotes>) => entries.map((e) => (e.kind === 'note' ? `note:${e.note.id}` : e.message.id));

  it('places each note at its time, after the messages of the same instant, keeping the messages in their order', () => {
    const messages = [message('m1', '2026-11-29T10:00:00.000Z'), message('m2', '2026-11-29T10:05:00.000Z'), message('m3', '2026-11-29T10:05:00.000Z')];
    const notes = [note('late', '2026-11-29T11:00:00.000Z'), note('between', '2026-11-29T10:02:00.000Z'), note('same', '2026-11-29T10:05:00.000Z')];
    expect(order(withNotes(messages, notes, true))).toEqual(['m1', 'note:between', 'm2', 'm3', 'note:same', 'note:late']);
  });

  it('holds back notes older than the first message shown while older messages are still to load', () => {
    const messages = [message('m5', '2026-11-29T10:00:00.000Z')];
    const notes = [note('old', '2026-11-28T09:00:00.000Z'), note('new', '2026-11-29T12:00:00.000Z')];
    expect(order(withNotes(messages, notes, false))).toEqual(['m5', 'note:new']);
    expect(order(withNotes(messages, notes, true))).toEqual(['note:old', 'm5', 'note:new']);
    expect(order(withNotes([], notes, true))).toEqual(['note:old', 'note:new']);
  });

  it('groups notes by day with the messages', () => {
    const entries = withNotes([message('m1', '2026-11-28T18:00:00.000Z')], [note('n', '2026-11-29T18:00:00.000Z')], true);
    expect(groupByDay(entries, 'America/Mexico_City').map((g) => [g.day, g.messages.length])).toEqual([
      ['2026-11-28', 1],
      ['2026-11-29', 1],
    ]);
  });
});

describe('saved replies after /', () => {
  const reply = (title: string, text: string) => ({ id: title, botId: bot, title, text, createdAt: '', updatedAt: '' }) as SavedReply;
  const replies = [reply('Dirección', 'Av. Juárez 120'), reply('Horario', 'Abrimos de 9:00 a 19:00'), reply('Precios', 'La limpieza cuesta $600; el horario de pago es libre')];

  it('finds titles that start with the search first, then titles and texts that hold it, accents and case aside', () => {
    expect(matchReplies(replies, '').map((r) => r.title)).toEqual(['Dirección', 'Horario', 'Precios']);
    expect(matchReplies(replies, 'hor').map((r) => r.title)).toEqual(['Horario', 'Precios']);
    expect(matchReplies(replies, 'DIRECCION').map((r) => r.title)).toEqual(['Dirección']);
    expect(matchReplies(replies, 'juarez').map((r) => r.title)).toEqual(['Dirección']);
    expect(matchReplies(replies, 'envío')).toEqual([]);
  });
});

describe('WhatsApp link of a phone', () => {
  it('keeps the digits of a number with its country code, and gives nothing for too few', () => {
    expect(whatsappDigits('+52 33 1234 5678')).toBe('523312345678');
    expect(whatsappDigits('(33) 12-34')).toBe('');
    expect(whatsappDigits('')).toBe('');
  });
});
