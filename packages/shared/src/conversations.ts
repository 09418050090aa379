import { z } from 'zod';

export const messageLimits = { text: 4096 } as const;

export const conversationMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  direction: z.enum(['in', 'out']),
  author: z.enum(['customer', 'bot', 'human']),
  text: z.string(),
  status: z.enum(['received', 'processed', 'queued', 'sent', 'delivered', 'read', 'failed']),
  createdAt: z.string(),
  sources: z.array(z.object({ heading: z.string(), text: z.string(), score: z.number() })).nullable(),
  actions: z.array(z.record(z.string(), z.unknown())).nullable(),
  error: z.string().nullable(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const playgroundSendBody = z.strictObject({
  text: z.string().max(messageLimits.text),
  /** The browser's id of the message: sending it twice stores it once. */
  client_message_id: z.uuid(),
});
export const playgroundParams = z.strictObject({ botId: z.uuid() });
export const playgroundConversation = z.object({
  conversationId: z.uuid().nullable(),
  status: z.enum(['bot', 'human', 'closed']).nullable(),
  messages: z.array(conversationMessage),
  contact: z.object({ name: z.string(), email: z.string(), phone: z.string() }).nullable(),
  appointments: z.array(z.object({ id: z.uuid(), start: z.string(), end: z.string(), service: z.string(), status: z.string() })),
});
export type PlaygroundConversation = z.infer<typeof playgroundConversation>;

export const conversationMessageEvent = z.object({ botId: z.uuid(), channel: z.string(), message: conversationMessage });
export type ConversationMessageEvent = z.infer<typeof conversationMessageEvent>;
export const conversationUpdatedEvent = z.object({
  botId: z.uuid(),
  conversationId: z.uuid(),
  status: z.enum(['bot', 'human', 'closed']),
  typing: z.boolean(),
});
export type ConversationUpdatedEvent = z.infer<typeof conversationUpdatedEvent>;
export const handoffEvent = z.object({ botId: z.uuid(), conversationId: z.uuid(), contactName: z.string(), reason: z.string() });
export type HandoffEvent = z.infer<typeof handoffEvent>;
