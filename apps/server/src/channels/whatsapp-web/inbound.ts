import type { proto, WAMessage } from '@whiskeysockets/baileys';

export interface WhatsappInbound {
  /** WhatsApp's id of the message. */
  externalId: string;
  /** The customer's ids, the chat's own first: the LID and/or the phone number's JID. */
  identities: string[];
  /** "+5213312345678" when WhatsApp told us the number. */
  phone?: string;
  name?: string;
  text: string;
  media?: WhatsappInboundMedia[];
  at: Date;
}

/** A file of a customer's message; `source` is where WhatsApp keeps it (encrypted), for the media job. */
export interface WhatsappInboundMedia {
  type: string;
  caption?: string;
  mime?: string;
  name?: string;
  source?: WhatsappMediaSource;
}

/** What Baileys needs to download and decrypt a file from WhatsApp's media servers. */
export interface WhatsappMediaSource {
  directPath: string;
  /** base64 */
  mediaKey: string;
  /** The length the sender declared, to refuse a file too large before downloading it. */
  fileLength?: number;
}

const USER = /^(\d+)(?::\d+)?@s\.whatsapp\.net$/;
const LID = /^(\d+)(?::\d+)?@lid$/;

/** A user JID without its device part ("521...:3@s.whatsapp.net" → "521...@s.whatsapp.net"). */
function userJid(jid: string | null | undefined): string | undefined {
  if (!jid) return undefined;
  const pn = USER.exec(jid);
  if (pn) return `${pn[1]}@s.whatsapp.net`;
  const lid = LID.exec(jid);
  if (lid) return `${lid[1]}@lid`;
  return undefined;
}

export const phoneOfJid = (jid: string | null | undefined): string | undefined => {
  const m = jid ? USER.exec(jid) : null;
  return m ? `+${m[1]}` : undefined;
};

/** The content inside the wrappers WhatsApp puts around it (disappearing, view once, edits…). */
function unwrap(message: proto.IMessage | null | undefined): proto.IMessage | undefined {
  let m = message ?? undefined;
  for (let i = 0; m && i < 5; i++) {
    const inner =
      m.ephemeralMessage?.message ??
      m.viewOnceMessage?.message ??
      m.viewOnceMessageV2?.message ??
      m.viewOnceMessageV2Extension?.message ??
      m.documentWithCaptionMessage?.message ??
      m.editedMessage?.message;
    if (!inner) break;
    m = inner;
  }
  return m;
}

/** The kinds of message whose file is downloaded. */
const fileKinds = new Set(['imageMessage', 'videoMessage', 'ptvMessage', 'audioMessage', 'documentMessage', 'stickerMessage']);

/** The file of a media message: where it is kept, its type and name, when the message says. */
function fileOf(content: proto.IMessage, field: string): Omit<WhatsappInboundMedia, 'type' | 'caption'> {
  if (!fileKinds.has(field)) return {};
  const f = content[field as keyof proto.IMessage] as
    | { directPath?: string | null; mediaKey?: Uint8Array | null; fileLength?: number | { toString(): string } | null; mimetype?: string | null; fileName?: string | null }
    | undefined;
  if (!f?.directPath || !f.mediaKey?.length) return {};
  const length = f.fileLength == null ? NaN : Number(f.fileLength.toString());
  return {
    ...(f.mimetype && { mime: f.mimetype }),
    ...(f.fileName && { name: f.fileName }),
    source: { directPath: f.directPath, mediaKey: Buffer.from(f.mediaKey).toString('base64'), ...(Number.isFinite(length) && { fileLength: length }) },
  };
}

const mediaKinds = [
  ['imageMessage', 'image'],
  ['videoMessage', 'video'],
  ['ptvMessage', 'video'],
  ['audioMessage', 'audio'],
  ['documentMessage', 'document'],
  ['stickerMessage', 'sticker'],
  ['locationMessage', 'location'],
  ['liveLocationMessage', 'location'],
  ['contactMessage', 'contact'],
  ['contactsArrayMessage', 'contact'],
] as const;

/** The words of a message: typed text, a caption, or the option a customer tapped. */
function textOf(m: proto.IMessage): string | undefined {
  return (
    m.conversation ??
    m.extendedTextMessage?.text ??
    m.imageMessage?.caption ??
    m.videoMessage?.caption ??
    m.documentMessage?.caption ??
    m.buttonsResponseMessage?.selectedDisplayText ??
    m.buttonsResponseMessage?.selectedButtonId ??
    m.listResponseMessage?.title ??
    m.listResponseMessage?.singleSelectReply?.selectedRowId ??
    m.templateButtonReplyMessage?.selectedDisplayText ??
    m.templateButtonReplyMessage?.selectedId ??
    m.interactiveResponseMessage?.body?.text ??
    undefined
  ) ?? undefined;
}

function timestampOf(ts: WAMessage['messageTimestamp']): Date {
  const seconds = typeof ts === 'number' ? ts : ts ? Number(ts.toString()) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : new Date();
}

/**
 * A customer's message as the pipeline takes it, or undefined for what the bot does not answer:
 * our own messages, groups, status updates, broadcasts and channels, reactions, receipts and
 * other protocol messages.
 */
export function toInbound(msg: WAMessage): WhatsappInbound | undefined {
  const key = msg.key as WAMessage['key'] & { senderPn?: string; participantPn?: string; senderLid?: string };
  if (!key?.id || key.fromMe) return undefined;
  const chat = userJid(key.remoteJid);
  if (!chat) return undefined; // groups (@g.us), status@broadcast, lists, newsletters
  const content = unwrap(msg.message);
  if (!content) return undefined;

  const caption = textOf(content);
  const kind = mediaKinds.find(([field]) => content[field]);
  if (caption === undefined && !kind) return undefined;

  const alternates = [key.remoteJidAlt, key.senderPn, key.participantPn, key.participantAlt, key.senderLid].map(userJid);
  const identities = [...new Set([chat, ...alternates].filter((j): j is string => Boolean(j)))];
  const phone = identities.map(phoneOfJid).find(Boolean);
  const name = msg.pushName?.trim() || msg.verifiedBizName?.trim() || undefined;
  return {
    externalId: key.id,
    identities,
    ...(phone ? { phone } : {}),
    ...(name ? { name } : {}),
    text: caption ?? '',
    ...(kind ? { media: [{ type: kind[1], ...(caption ? { caption } : {}), ...fileOf(content, kind[0]) }] } : {}),
    at: timestampOf(msg.messageTimestamp),
  };
}
