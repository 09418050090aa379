import { describe, expect, it } from 'vitest';
import type { ConversationMessage } from '@charla/shared';
import { awaitingReply, chatReducer, chatStateOn, choosableReply, initialChatState, mergeMessage, readThrough, upsertMessage, type ChatEvent, type ChatState } from './chat-state.ts';

const conv = '11111111-1111-4111-8111-111111111111';
const other = '22222222-2222-4222-8222-222222222222';

function msg(id: string, patch: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id,
    conversationId: conv,
    direction: 'out',
    author: 'bot',
    text: `texto ${id}`,
    status: 'queued',
    createdAt: '2026-03-02T18:00:00.000Z',
    sources: null,
    actions: null,
    error: null,
    ...patch,
  };
}

const customer = (id: string, text: string, createdAt = '2026-03-02T18:00:00.000Z', patch: Partial<ConversationMessage> = {}) =>
  msg(id, { direction: 'in', author: 'customer', text, status: 'received', createdAt, ...patch });

const run = (events: ChatEvent[], from: ChatState = initialChatState) => events.reduce(chatReducer, from);
const ids = (state: ChatState) => state.messages.map((m) => m.id);

describe('mergeMessage / upsertMessage', () => {
  it('keeps the later status when an older copy arrives after a newer one', () => {
    const sent = msg('b1', { status: 'sent' });
    expect(mergeMessage(sent, msg('b1', { status: 'queued' })).status).toBe('sent');
    expect(mergeMessage(msg('b1'), sent).status).toBe('sent');
  });

  it('keeps sources and actions a later copy does not carry', () => {
    const first = msg('b1', { sources: [{ heading: 'Precios', text: 'Limpieza $650', score: 0.8 }], actions: [{ type: 'handoff', reason: 'x' }] });
    const merged = mergeMessage(first, msg('b1', { status: 'sent' }));
    expect(merged.status).toBe('sent');
    expect(merged.sources).toHaveLength(1);
    expect(merged.actions).toEqual([{ type: 'handoff', reason: 'x' }]);
  });

  it('inserts in time order and updates in place by id', () => {
    let list = upsertMessage([], msg('b2', { createdAt: '2026-03-02T18:00:02.000Z' }));
    list = upsertMessage(list, customer('c1', 'Hola', '2026-03-02T18:00:01.000Z'));
    list = upsertMessage(list, msg('b2', { createdAt: '2026-03-02T18:00:02.000Z', status: 'sent' }));
    expect(list.map((m) => [m.id, m.status])).toEqual([
      ['c1', 'received'],
      ['b2', 'sent'],
    ]);
  });
});

describe('chatReducer', () => {
  const compose = (clientId: string, text: string): ChatEvent => ({ type: 'compose', clientId, text, at: '2026-03-02T18:00:05.000Z' });

  it('shows the own message at once and replaces it with the stored one', () => {
    const state = run([
      { type: 'loaded', snapshot: { conversationId: null, status: null, messages: [] } },
      compose('local-1', '¿Cuánto cuesta una limpieza?'),
    ]);
    expect(state.messages).toHaveLength(1);
    expect(state.messages[0]!.local).toEqual({ clientId: 'local-1', state: 'sending' });

    const stored = customer('c1', '¿Cuánto cuesta una limpieza?');
    const after = chatReducer(state, { type: 'accepted', clientId: 'local-1', message: stored });
    expect(after.conversationId).toBe(conv);
    expect(after.status).toBe('bot');
    expect(after.messages).toEqual([stored]);
  });

  it('takes the event of the stored message as the own one when it beats the answer, and does not double it', () => {
    const stored = customer('c1', 'Hola');
    const state = run([
      compose('local-1', 'Hola'),
      { type: 'message', channel: 'playground', message: stored },
      { type: 'message', channel: 'playground', message: { ...stored, status: 'processed' } },
      { type: 'accepted', clientId: 'local-1', message: stored },
    ]);
    expect(state.conversationId).toBe(conv);
    expect(state.messages.map((m) => [m.id, m.status, m.local])).toEqual([['c1', 'processed', undefined]]);
  });

  it('keeps a reply that arrives before the conversation is known and shows it once it is', () => {
    const reply = msg('b1', { createdAt: '2026-03-02T18:00:00.001Z', text: 'Cuesta $650' });
    const state = run([
      compose('local-1', 'Precio'),
      // The reply of a conversation we cannot place yet (our send has not been answered)…
      { type: 'message', channel: 'playground', message: { ...reply, conversationId: conv } },
    ]);
    expect(ids(state)).toEqual(['local-1']);
    expect(state.stray).toHaveLength(1);
    // …is shown when the answer says our message opened that conversation.
    const after = chatReducer(state, { type: 'accepted', clientId: 'local-1', message: customer('c1', 'Precio') });
    expect(ids(after)).toEqual(['c1', 'b1']);
    expect(after.stray).toEqual([]);
  });

  it('upserts repeated events of a reply by id (queued, then sent)', () => {
    const start = run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [customer('c1', 'Hola')] } }]);
    const state = run(
      [
        { type: 'message', channel: 'playground', message: msg('b1', { createdAt: '2026-03-02T18:00:00.001Z' }) },
        { type: 'message', channel: 'playground', message: msg('b1', { createdAt: '2026-03-02T18:00:00.001Z', status: 'sent' }) },
        // A list read a moment earlier still says queued: it must not undo "sent".
        { type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [customer('c1', 'Hola'), msg('b1', { createdAt: '2026-03-02T18:00:00.001Z' })] } },
      ],
      start,
    );
    expect(state.messages.map((m) => [m.id, m.status])).toEqual([
      ['c1', 'received'],
      ['b1', 'sent'],
    ]);
  });

  it('ignores other channels and other conversations of the bot', () => {
    const start = run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [] } }]);
    const state = run(
      [
        { type: 'message', channel: 'whatsapp', message: msg('w1') },
        { type: 'message', channel: 'playground', message: msg('o1', { conversationId: other }) },
        { type: 'updated', event: { conversationId: other, status: 'human', typing: false } },
      ],
      start,
    );
    expect(state.messages).toEqual([]);
    expect(state.status).toBe('bot');
  });

  it('shows typing while the bot prepares a reply and stops when it arrives or on hand-off', () => {
    const start = run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [customer('c1', 'Hola')] } }]);
    const typing = chatReducer(start, { type: 'updated', event: { conversationId: conv, status: 'bot', typing: true } });
    expect(typing.typing).toBe(true);
    expect(chatReducer(typing, { type: 'message', channel: 'playground', message: msg('b1', { createdAt: '2026-03-02T18:00:01.000Z' }) }).typing).toBe(false);
    const human = chatReducer(typing, { type: 'updated', event: { conversationId: conv, status: 'human', typing: true } });
    expect([human.status, human.typing]).toEqual(['human', false]);
    expect(chatReducer(typing, { type: 'typingTimeout' }).typing).toBe(false);
  });

  it('stays with a person when the end of the turn still says "bot"', () => {
    const start = run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [customer('c1', 'Quiero hablar con una persona')] } }]);
    const state = run(
      [
        { type: 'updated', event: { conversationId: conv, status: 'bot', typing: true } },
        { type: 'message', channel: 'playground', message: msg('b1', { createdAt: '2026-03-02T18:00:00.001Z', actions: [{ type: 'handoff', reason: 'customer' }] }) },
        { type: 'updated', event: { conversationId: conv, status: 'human', typing: false } },
        { type: 'updated', event: { conversationId: conv, status: 'bot', typing: false } },
      ],
      start,
    );
    expect([state.status, state.typing]).toEqual(['human', false]);
    // A fresh read is the truth (a person may give the conversation back).
    expect(chatReducer(state, { type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [] } }).status).toBe('bot');
  });

  it('marks a refused message, retries it with the same id, and drops it when the server already had it', () => {
    let state = run([compose('local-1', 'Hola'), { type: 'sendFailed', clientId: 'local-1', error: 'Sin conexión' }]);
    expect(state.messages[0]!.local).toEqual({ clientId: 'local-1', state: 'failed', error: 'Sin conexión' });
    expect(awaitingReply(state)).toBe(false);
    state = chatReducer(state, { type: 'retry', clientId: 'local-1' });
    expect(state.messages[0]!.local).toEqual({ clientId: 'local-1', state: 'sending' });
    expect(awaitingReply(state)).toBe(true);
    state = chatReducer(state, { type: 'accepted', clientId: 'local-1' });
    expect(state.messages).toEqual([]);
  });

  it('keeps messages being sent below the stored ones, in the order written', () => {
    const start = run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [customer('c1', 'Hola')] } }]);
    const state = run(
      [
        { type: 'compose', clientId: 'l1', text: 'uno', at: '2026-03-02T17:00:00.000Z' },
        { type: 'compose', clientId: 'l2', text: 'dos', at: '2026-03-02T17:00:00.000Z' },
        { type: 'message', channel: 'playground', message: msg('b1', { createdAt: '2026-03-02T18:00:00.001Z' }) },
      ],
      start,
    );
    expect(ids(state)).toEqual(['c1', 'b1', 'l1', 'l2']);
  });

  it('a stale empty list does not wipe a conversation just started; a reset does', () => {
    const state = run([compose('l1', 'Hola'), { type: 'accepted', clientId: 'l1', message: customer('c1', 'Hola') }]);
    expect(chatReducer(state, { type: 'loaded', snapshot: { conversationId: null, status: null, messages: [] } })).toBe(state);
    expect(chatReducer(state, { type: 'reset' })).toEqual(initialChatState);
  });

  it('switches to another conversation when the list names a different one', () => {
    const start = run([{ type: 'loaded', snapshot: { conversationId: other, status: 'human', messages: [msg('x', { conversationId: other })] } }]);
    const state = chatReducer(start, { type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [customer('c1', 'Hola')] } });
    expect([state.conversationId, state.status, ids(state)]).toEqual([conv, 'bot', ['c1']]);
  });
});

describe('readThrough', () => {
  const loaded = (messages: ConversationMessage[]) => run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages } }]);

  it('counts customer messages as read once something was answered after them', () => {
    const state = loaded([
      customer('c1', 'Hola', '2026-03-02T18:00:00.000Z'),
      msg('b1', { createdAt: '2026-03-02T18:00:00.001Z' }),
      customer('c2', '¿Y el precio?', '2026-03-02T18:00:09.000Z'),
    ]);
    expect(readThrough(state)).toBe(2);
    expect(readThrough(loaded([customer('c1', 'Hola', undefined, { status: 'processed' })]))).toBe(1);
  });

  it('counts every stored message while the bot is typing, but not what is still being sent', () => {
    const typing = run(
      [
        { type: 'updated', event: { conversationId: conv, status: 'bot', typing: true } },
        { type: 'compose', clientId: 'l1', text: 'otra', at: '2026-03-02T18:00:10.000Z' },
      ],
      loaded([customer('c1', 'Hola')]),
    );
    expect(readThrough(typing)).toBe(1);
  });
});

describe('options to tap and pictures', () => {
  const choices = { label: 'Responder', options: [{ id: 'yes', title: 'Sí, por favor' }, { id: 'no', title: 'No, gracias' }] };
  const loaded = (messages: ConversationMessage[], status: 'bot' | 'human' = 'bot') =>
    run([{ type: 'loaded', snapshot: { conversationId: conv, status, messages } }]);

  it("only the newest reply's options can be tapped, while the bot answers", () => {
    const offer = msg('b1', { choices, createdAt: '2026-03-02T18:00:01.000Z' });
    expect(choosableReply(loaded([customer('c1', 'Hola'), offer]))).toBe('b1');
    expect(choosableReply(loaded([offer, customer('c2', 'Sí, por favor', '2026-03-02T18:00:02.000Z')]))).toBeNull();
    expect(choosableReply(loaded([msg('b2')]))).toBeNull();
    expect(choosableReply(loaded([offer], 'human'))).toBeNull();
    expect(choosableReply(chatReducer(loaded([offer]), { type: 'updated', event: { conversationId: conv, status: 'bot', typing: true } }))).toBeNull();
    // Tapped: the choice is the newest message, shown at once with the option it stands for.
    const tapped = chatReducer(loaded([offer]), { type: 'compose', clientId: 'l1', text: 'Sí, por favor', at: '2026-03-02T18:00:03.000Z', chosen: { id: 'yes', title: 'Sí, por favor' } });
    expect(tapped.messages.at(-1)).toMatchObject({ text: 'Sí, por favor', chosen: { id: 'yes', title: 'Sí, por favor' }, local: { state: 'sending' } });
    expect(choosableReply(tapped)).toBeNull();
  });

  it("keeps a reply's picture through later copies of the message", () => {
    const media = [{ type: 'image', url: 'https://tienda.mx/img/camisa.jpg' }];
    const merged = mergeMessage(msg('b1', { media }), msg('b1', { status: 'sent', media }));
    expect(merged).toMatchObject({ status: 'sent', media });
  });
});

describe('a chat of the demonstration channel (Simular cliente)', () => {
  it('takes the events of its own channel only, and starting over keeps the channel', () => {
    const loaded = run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'human', messages: [customer('c1', 'Hola')] } }], chatStateOn('demo'));
    const fromPlayground = chatReducer(loaded, { type: 'message', channel: 'playground', message: msg('p1') });
    expect(ids(fromPlayground)).toEqual(['c1']);
    const reply = chatReducer(loaded, { type: 'message', channel: 'demo', message: msg('h1', { author: 'human', status: 'delivered', createdAt: '2026-03-02T18:00:03.000Z' }) });
    expect(reply.messages.map((m) => [m.id, m.author, m.status])).toEqual([
      ['c1', 'customer', 'received'],
      ['h1', 'human', 'delivered'],
    ]);
    expect(chatReducer(reply, { type: 'reset' })).toEqual(chatStateOn('demo'));
    // The playground's chat does not take the demonstration channel's events.
    expect(ids(chatReducer(run([{ type: 'loaded', snapshot: { conversationId: conv, status: 'bot', messages: [] } }]), { type: 'message', channel: 'demo', message: msg('d1') }))).toEqual([]);
  });
});
