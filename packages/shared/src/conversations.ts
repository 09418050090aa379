import { z } from 'zod';
import { notice } from './notice-schema.ts';
import { conversationStatuses, inboxChannels, messageLimits } from './constants.ts';


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
  /** A stored file the customer sent, served by GET /api/conversations/{id}/media/{file}. */
  file: z.string().optional(),
  mime: z.string().optional(),
  name: z.string().optional(),
  /** A location: its coordinates. */
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});
export type MessageMedia = z.infer<typeof messageMedia>;

/** Which way a message went, who wrote it, and where it is on its road (in: received → processed; out: queued → sent → delivered → read, or failed). */
export const messageDirections = ['in', 'out'] as const;
export type MessageDirection = (typeof messageDirections)[number];
export const messageAuthors = ['customer', 'bot', 'human'] as const;
export type MessageAuthor = (typeof messageAuthors)[number];
export const messageStatuses = ['received', 'processed', 'queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export const conversationStatus = z.enum(conversationStatuses);
export type ConversationStatus = z.infer<typeof conversationStatus>;

export const conversationMessage = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  direction: z.enum(messageDirections),
  author: z.enum(messageAuthors),
  /** The person of the business who wrote it (author `human`), when known. */
  authorId: z.uuid().optional(),
  text: z.string(),
  status: z.enum(messageStatuses),
  createdAt: z.string(),
  sources: z.array(z.object({ heading: z.string(), text: z.string(), score: z.number() })).nullable(),
  actions: z.array(z.record(z.string(), z.unknown())).nullable(),
  /** Why an outbound message failed: a code and its values, worded by the reader (noticeText). */
  error: notice.nullable(),
  /** Outbound: the options offered with the text. */
  choices: replyChoices.optional(),
  /** Inbound: the option the customer tapped (the text is its title). */
  chosen: chosenOption.optional(),
  /** Files shown with the text (a product's picture with a reply). */
  media: z.array(messageMedia).optional(),
  /** Outbound: the approved WhatsApp template it went out as (the text filled its {{1}}). */
  template: z.object({ name: z.string(), language: z.string() }).optional(),
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
  status: conversationStatus.nullable(),
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
  status: conversationStatus,
  typing: z.boolean(),
  /** The customer's messages not yet read by a person (sent when it changed). */
  unreadCount: z.number().int().optional(),
  /** The person who took the conversation over (sent when it changed). */
  assignedTo: z.uuid().nullable().optional(),
});
export type ConversationUpdatedEvent = z.infer<typeof conversationUpdatedEvent>;
/** `reason`: the engine's words, or `unanswered` (two questions in a row the bot could not answer). */
export const handoffEvent = z.object({ botId: z.uuid(), conversationId: z.uuid(), contactName: z.string(), reason: z.string() });
export type HandoffEvent = z.infer<typeof handoffEvent>;

/* ---------- Inbox: the owner's view of every conversation of a bot (never the playground's) ---------- */

export type InboxChannel = (typeof inboxChannels)[number];
export const inboxLimits = { page: 100, defaultPage: 30, messagesPage: 100, defaultMessagesPage: 50, search: 100 } as const;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/conversations: newest activity first, keyset-paginated by `cursor`. */
export const conversationListQuery = z.strictObject({
  botId: z.uuid(),
  status: conversationStatus.optional(),
  channel: z.enum(inboxChannels).optional(),
  /** Searches the contact's name and phone and the messages' text. */
  q: z.string().trim().max(inboxLimits.search).optional(),
  unread: flag.optional(),
  /** `me`: only the conversations assigned to the caller ("Mías"). */
  assigned: z.enum(['me']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(inboxLimits.page).default(inboxLimits.defaultPage),
});
export type ConversationListQuery = z.input<typeof conversationListQuery>;

export const conversationListItem = z.object({
  id: z.uuid(),
  botId: z.uuid(),
  channel: z.enum(inboxChannels),
  status: conversationStatus,
  contact: z.object({ id: z.uuid(), name: z.string(), phone: z.string() }),
  lastMessage: z
    .object({
      id: z.uuid(),
      text: z.string(),
      direction: z.enum(messageDirections),
      at: z.string(),
      /** Who wrote it: the customer, the bot, or a person of the business (`authorId`, `authorName` when known). */
      author: z.enum(messageAuthors),
      authorId: z.uuid().nullable(),
      authorName: z.string().nullable(),
      /** `failed`: an outgoing message that could not be sent. */
      status: z.enum(messageStatuses),
    })
    .nullable(),
  unreadCount: z.number().int(),
  assignedTo: z.uuid().nullable(),
  /** The assignee's name, for the list. */
  assignedName: z.string().nullable().optional(),
  updatedAt: z.string(),
});
export type ConversationListItem = z.infer<typeof conversationListItem>;
export const conversationList = z.object({ items: z.array(conversationListItem), nextCursor: z.string().nullable() });
export type ConversationList = z.infer<typeof conversationList>;

/** GET /api/conversations/{id}: the list's fields, the contact's e-mail and whether a reply can go out freely. */
export const conversationDetail = conversationListItem.extend({
  contact: z.object({ id: z.uuid(), name: z.string(), phone: z.string(), email: z.string() }),
  createdAt: z.string(),
  lastInboundAt: z.string().nullable(),
  /** false: the channel's 24-hour window is closed; only an approved template can be sent. */
  windowOpen: z.boolean(),
  /** Whether a person can attach a picture or a file here (the channel sends files kept by the app). */
  attachments: z.boolean(),
  /** Minutes without a person's reply before the bot takes the conversation back (0: never). */
  idleMinutes: z.number().int(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

export const conversationParams = z.strictObject({ id: z.uuid() });
export const conversationMediaParams = z.strictObject({ id: z.uuid(), file: z.string().regex(/^[a-zA-Z0-9_-]{8,80}(\.[a-z0-9]{1,8})?$/) });

/** GET /api/conversations/{id}/messages: the newest page first; `before` (a message id) pages back. */
export const conversationMessagesQuery = z.strictObject({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(inboxLimits.messagesPage).default(inboxLimits.defaultMessagesPage),
});
/** One page, oldest first; `nextBefore` asks for the page before it (null: the conversation's start). */
export const conversationMessagesPage = z.object({ items: z.array(conversationMessage), nextBefore: z.uuid().nullable() });
export type ConversationMessagesPage = z.infer<typeof conversationMessagesPage>;

/** POST /api/conversations/{id}/messages: a person's reply. */
export const humanReplyBody = z.strictObject({
  text: z.string().trim().min(1).max(messageLimits.text),
  /** The browser's id of the message: sending it twice sends it once. */
  client_message_id: z.uuid().optional(),
});
export type HumanReplyBody = z.infer<typeof humanReplyBody>;

/** POST /api/conversations/{id}/attachments (multipart, its `file` last): a picture or PDF, the text its caption. */
export const attachmentReplyFields = z.strictObject({
  text: z.string().trim().max(messageLimits.text).default(''),
  client_message_id: z.uuid().optional(),
});

/** POST /api/conversations/{id}/template: an approved WhatsApp template (the text fills its one {{1}}). */
export const templateReplyBody = z.strictObject({
  name: z.string().trim().regex(/^[a-z0-9_]{1,512}$/, { error: 'template_name' }),
  language: z.string().trim().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, { error: 'template_language' }),
  text: z.string().trim().max(1024).default(''),
  client_message_id: z.uuid().optional(),
});
export type TemplateReplyBody = z.input<typeof templateReplyBody>;

export const humanReplyResponse = z.object({ duplicate: z.boolean(), message: conversationMessage });
export type HumanReplyResponse = z.infer<typeof humanReplyResponse>;

/** POST /api/conversations/{id}/{action}: a person takes the conversation, gives it back to the bot, closes it, or reads it. */
export const conversationActions = ['takeover', 'release', 'close', 'read'] as const;
export type ConversationAction = (typeof conversationActions)[number];
/** The actions a person chooses in the inbox (reading is done by opening the conversation). */
export type PersonAction = Exclude<ConversationAction, 'read'>;

/** POST /api/playground/{botId}/messages (202): the stored message, absent when it was a redelivery. */
export const playgroundSendResponse = z.object({ duplicate: z.boolean(), message: conversationMessage.optional() });
export type PlaygroundSendResponse = z.infer<typeof playgroundSendResponse>;

/**
 * Who answers a conversation: the owner or a team member with access to its bot; null: nobody.
 * The owner and the account's admins give it to anyone of them; an agent takes it for themself
 * (and lets go of their own).
 */
export const assignConversationBody = z.strictObject({ userId: z.uuid().nullable() });
export type AssignConversationBody = z.infer<typeof assignConversationBody>;

/** GET /api/conversations/assignees?botId=: the people a bot's conversations can be given to. */
export const conversationAssigneesQuery = z.strictObject({ botId: z.uuid() });
export const conversationAssignee = z.object({ userId: z.uuid(), name: z.string(), role: z.enum(['owner', 'admin', 'agent']) });
export type ConversationAssignee = z.infer<typeof conversationAssignee>;
/** The owner first, then the active team members who may answer the bot (admins, its agents), by name. */
export const conversationAssignees = z.object({ items: z.array(conversationAssignee) });
export type ConversationAssignees = z.infer<typeof conversationAssignees>;
