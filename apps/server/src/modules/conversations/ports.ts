import { attachmentLimits } from '@charla/shared';
import type { ChosenOption, MessageDirection, MessageStatus, Notice, ReplyChoices } from '@charla/shared';
import type { StoredCredential } from '../bots/bots.table.ts';
import type { Channel, StoredMedia, TemplateSend } from './conversations.table.ts';

/**
 * What a channel and the conversations module say to each other. A channel (channels/<name>/)
 * imports only this file of the module: it hands customers' messages to `ReceiveInbound`, moves
 * its messages' statuses through `ChannelMessages`, and declares a `ChannelDefinition` the
 * module's one `send` picks from the registry. The module imports nothing from a channel.
 */

export type { Channel, StoredMedia };

/** A stored message as a channel reads it (the conversations module hands its rows over as this). */
export interface ChannelMessage {
  id: string;
  botId: string;
  conversationId: string;
  channel: Channel;
  direction: MessageDirection;
  status: MessageStatus;
  text: string;
  media: StoredMedia[] | null;
  /** The channel's id of the message, once it has one. */
  externalId: string | null;
  createdAt: Date;
}

/** A bot as a channel sees it: its owner and the stored credentials of its channels (tokens sealed). */
export interface ChannelBot {
  id: string;
  userId: string;
  metaCredentials: StoredCredential[];
  messengerCredentials: StoredCredential[];
}

/** A customer's message as a channel read it, before anything is stored. */
export interface Inbound {
  botId: string;
  channel: Channel;
  /** The customer's id on the channel (a phone number, a page-scoped id…). */
  contactExternalId: string;
  contactName?: string;
  contactPhone?: string;
  /** The channel's id of this message. */
  externalId: string;
  text: string;
  media?: StoredMedia[];
  /** The option the customer tapped (a button, a list row, a quick reply); `text` is its title. */
  chosen?: ChosenOption | null;
  at: Date;
  /** false: stored as already processed and never answered (a redelivery of an old message). */
  answer?: boolean;
}

/** Stores one customer's message (idempotent on the channel's id) and queues its turn. */
export type ReceiveInbound = (m: Inbound) => Promise<'duplicate' | { message: ChannelMessage; conversation: { id: string; contactId: string } }>;

/** An approved template a person chose to send after the window closed (the text fills its {{1}}). */
export type TemplateRef = TemplateSend;

/** One outbound message to send, as stored. */
export interface OutboundMessage {
  id: string;
  botId: string;
  conversationId: string;
  text: string;
  media: StoredMedia[] | null;
  /** Options to tap, sent as the channel can (buttons and lists, quick replies), or not at all. */
  choices: ReplyChoices | null;
  template: TemplateRef | null;
  /** The channel's id of the message when it already went out (the send job then sends nothing). */
  externalId: string | null;
}

/**
 * Everything a channel needs for one send, read once by the conversations module's send job:
 * the channel answers from it without asking the module anything more.
 */
export interface SendContext {
  message: OutboundMessage;
  /** The bot that sends it, with its channels' credentials. */
  bot: ChannelBot;
  /** The customer's ids on the message's channel (wa_id, PSID, IGSID; WhatsApp by QR knows a phone's JID and a LID). */
  recipients: string[];
  /** When the customer last wrote in this conversation. */
  lastInboundAt: Date | null;
  /** Whether a reply may go now: always on channels without a 24-hour window (see window.ts). */
  windowOpen: boolean;
  /**
   * A claim of this message whose call never answered (its process died during it) waits for the
   * provider's status naming it, and is sent again only once the wait passed with none (every
   * send of a stored message: a reply, a person's message, a campaign's); otherwise it fails as unconfirmed.
   */
  confirmUnanswered?: boolean;
}

/** A status the channel learnt of before the send answered (Meta's webhook can overtake its own answer). */
export interface EarlyStatus {
  status: DeliveryStatus;
  at: Date;
  error: Notice | null;
}

/**
 * What a send ended with: the channel's id of the message (and statuses already reported for
 * it), or `failed` (a code and its values) when it will never be delivered.
 */
export type SendResult = { externalId?: string; statuses?: EarlyStatus[] } | { failed: Notice };

/**
 * Delivers one outbound message on its channel; throws to be retried by the send job, or answers
 * `later` while an earlier claim of the message waits (its send is queued again, not failed).
 */
export type Sender = (context: SendContext) => Promise<SendResult | SendLater>;

/** A send to try again later: the provider asked to wait (`metaCode`), or a claim waits for its status. */
export interface SendLater {
  later: { reason: string; metaCode?: number };
}

/** Sends many messages at once (a campaign's batch): one answer per context, in order; one message's trouble never throws. */
export type BatchSender = (contexts: SendContext[]) => Promise<(SendResult | SendLater)[]>;

/** The largest file a customer may send that is kept (WhatsApp's own limit for audio and video). */
export const MEDIA_MAX_BYTES = attachmentLimits.bytes;
/** Where a kept file of a bot's messages is stored (a customer's download, a person's attachment). */
export const keptFileKey = (botId: string, file: string) => `media/${botId}/${file}`;

/**
 * Downloads one file of a customer's message from its channel (at most `maxBytes`); throws to be
 * retried, or answers why it cannot be had (a code: MEDIA_TOO_LARGE, MEDIA_REFUSED…).
 */
export type MediaFetcher = (message: ChannelMessage, media: StoredMedia, maxBytes: number) => Promise<{ bytes: Uint8Array; mime: string } | { unavailable: string }>;

/** An approved template the channel sends when its window is closed (WhatsApp Cloud). */
export interface TemplateChoice {
  name: string;
  language: string;
  with_text: boolean;
}

/** What a channel's sender can carry; the conversations module shapes replies and refuses sends after them. */
export interface SenderCapabilities {
  /** Pictures and files go out (by their link). */
  media: boolean;
  /**
   * A file kept by the app goes out as it is (a picture or PDF a person attached in the inbox);
   * without it the inbox does not offer to attach one on the channel.
   */
  files: boolean;
  /** How a reply's options travel: buttons and lists, quick replies, or shown in the app only. */
  choices: 'buttons-and-lists' | 'quick-replies' | 'shown';
  /** Replies need the customer to have written in the last 24 hours (a template reopens it where `templates`). */
  window24h: boolean;
  /** Approved templates can be sent (after the window closed); refuses one the channel's account cannot send. */
  templates?: {
    check(bot: ChannelBot, template: TemplateChoice): Promise<void>;
    /** Refuses a template the account does not have approved in that language (a campaign's, any variables). */
    approved?(bot: ChannelBot, template: { name: string; language: string }): Promise<void>;
  };
  /**
   * Sends are spaced out per number or recipient (they may wait before going); the send job
   * holds a reply until the earlier replies of its conversation have left.
   */
  paced: boolean;
  /** Whether a reply's picture can ride on the reply itself, or must go just before it as its own message. */
  imageWithText(text: string, choices: ReplyChoices | null | undefined): boolean;
}

/** One channel as the conversations module sees it. */
export interface ChannelDefinition {
  channel: Channel;
  send: Sender;
  /** Many sends at once with a few statements for all of them, where the channel has it. */
  sendBatch?: BatchSender;
  capabilities: SenderCapabilities;
  /** Downloads the files customers send on it, when it can. */
  fetchMedia?: MediaFetcher;
  /** Whether the bot has the channel connected (so a notice to the team can go out on it); unknown when absent. */
  connected?(bot: ChannelBot): boolean;
}

/** A delivery status a channel reports for an outbound message. */
export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/**
 * The reads and status changes a channel makes on messages, through the conversations module
 * (which alone writes the messages table and tells the dashboard of each change).
 */
export interface ChannelMessages {
  /**
   * What one send needs, for a process that sends a message on another's behalf (WhatsApp by QR
   * runs each session in one process); a message no longer queued answers nothing.
   */
  sendContext(messageId: string): Promise<SendContext | undefined>;
  /** The message a channel knows by its id, on that channel. */
  byExternalId(channel: Channel, externalId: string, botId?: string): Promise<ChannelMessage | undefined>;
  /** Moves an outbound message forward to `status` (never back); answers it when it moved. */
  advance(messageId: string, status: DeliveryStatus, at: Date, error: Notice | null, externalId?: string): Promise<ChannelMessage | undefined>;
  /** Messenger and Instagram's "everything up to this moment" reads and deliveries. */
  advanceUntil(botId: string, channel: Channel, recipient: string, status: 'delivered' | 'read', until: Date): Promise<ChannelMessage[]>;
  /**
   * Records the channel's id of a message sent on another process's behalf, before that process
   * hears of it (a second send job then sends nothing).
   */
  setExternalId(messageId: string, externalId: string): Promise<void>;
  /** The first of these ids on the channel this bot already knows a contact by. */
  knownIdentity(botId: string, channel: Channel, externalIds: string[]): Promise<string | undefined>;
  /** Another id of a known contact on the channel. */
  addIdentity(botId: string, channel: Channel, externalId: string, contactId: string): Promise<void>;
}
