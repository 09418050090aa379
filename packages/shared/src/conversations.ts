import { z } from 'zod';

export const messageLimits = { text: 4096 } as const;

/**
 * Options a reply offers to tap instead of typing: free times, "Sí" / "No". The reply's text
 * stands without them; each channel shows them as it can (WhatsApp buttons or a list,
 * Messenger and Instagram quick replies) or not at all. Bounds here are generous; each channel
 * checks its own and falls back to the text.
 */
export const choiceLimits = { options: 13, id: 200, title: 80, description: 200, label: 40 } as const;
export const replyChoice = z.object({
  /** Given back when the customer taps it ("slot:2026-03-06T15:45:00.000Z", "yes"). */
  id: z.string().min(1).max(choiceLimits.id).regex(/^\S(?:.*\S)?$/, 'no leading or trailing spaces'),
  /** What the option says; it becomes the customer's message when tapped. */
  title: z.string().trim().min(1).max(choiceLimits.title),
  description: z.string().trim().min(1).max(choiceLimits.description).optional(),
});
export type ReplyChoice = z.infer<typeof replyChoice>;
export const replyChoices = z.object({
  /** Says what the options are, on the button that opens a long list ("Ver horarios"). */
  label: z.string().trim().min(1).max(choiceLimits.label),
  options: z
    .array(replyChoice)
    .min(1)
    .max(choiceLimits.options)
    .refine((o) => new Set(o.map((c) => c.id)).size === o.length, 'ids must be unique'),
});
export type ReplyChoices = z.infer<typeof replyChoices>;
/** The option a customer tapped: its id and the title they saw. */
export const chosenOption = z.object({ id: z.string().min(1).max(1000), title: z.string().max(1000) });
export type ChosenOption = z.infer<typeof chosenOption>;

/**
 * A file shown with a message: a product's picture with the bot's reply, a photo the customer
 * sent. `url` is a link to it (http or https); channels that receive files by id keep no link.
 */
export const messageMedia = z.object({
  type: z.string(),
  url: z.string().optional(),
  caption: z.string().optional(),
});
export type MessageMedia = z.infer<typeof messageMedia>;

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
  /** Outbound: the options offered with the text. */
  choices: replyChoices.optional(),
  /** Inbound: the option the customer tapped (the text is its title). */
  chosen: chosenOption.optional(),
  /** Files shown with the text (a product's picture with a reply). */
  media: z.array(messageMedia).optional(),
});
export type ConversationMessage = z.infer<typeof conversationMessage>;

export const playgroundSendBody = z.strictObject({
  text: z.string().max(messageLimits.text),
  /** The browser's id of the message: sending it twice stores it once. */
  client_message_id: z.uuid(),
  /** The option of a reply the owner tapped, as a customer taps a button; `text` is its title. */
  chosen: chosenOption.optional(),
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
