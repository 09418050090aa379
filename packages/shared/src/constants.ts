/**
 * Constants with no runtime dependency, safe to import anywhere in the browser bundle
 * (`@charla/shared/constants`). Schemas live in the other modules.
 */
export * from './templates.ts';
export * from './plans.ts';
export * from './partner-rules.ts';

export const purposes = [
  { label: 'Ventas', code: 'sales' },
  { label: 'Citas', code: 'appointments' },
  { label: 'Atención al cliente', code: 'customer_service' },
] as const;
export const purposeCodes = ['sales', 'appointments', 'customer_service'] as const;
export const tones = ['Formal', 'Semiformal', 'Informal'] as const;
export const personalities = ['Persuasivo', 'Amigable', 'Comprensible'] as const;
export const identities = ['Humano', 'Inteligencia Artificial'] as const;
export const responseLengths = ['short', 'normal', 'long'] as const;
export const knowledgeSourceTypes = ['PDF', 'CSV', 'text', 'URL', 'YouTube'] as const;
/** Channel sources of a bot's conversations, and the sources of its WhatsApp connection. */
export const channelSources = ['api', 'whatsmeow', 'instagram', 'messenger'] as const;
export const whatsappSources = ['meta', 'whatsmeow'] as const;
/** The steps of connecting a WhatsApp number through Meta, in order; a failed step is named in the error. */
export const metaRegisterSteps = ['exchange', 'subscribe', 'register'] as const;
export const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof weekdays)[number];

/** The longest idle time before a conversation with a person returns to the bot: one week. */
export const handoffIdleMax = 7 * 24 * 60;

export const botLimits = { name: 80, business: 120, desc: 2000, url: 500, phone: 20, welcome: 1000, about: 4000 } as const;

/** A real IANA zone name ("America/Mexico_City", "UTC"), not an offset or an abbreviation. */
export function isIanaTimeZone(tz: string): boolean {
  if (!/^(UTC|[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+)$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/**
 * Channels a contact can come from (the playground is the owner's own test chat; `demo`, the
 * demonstration channel, carries customers the owner plays in "Simular cliente").
 */
export const contactChannels = ['playground', 'whatsapp', 'whatsmeow', 'messenger', 'instagram', 'demo'] as const;

/** Kinds of the owner's own contact fields. */
export const contactFieldTypes = ['text', 'number', 'date', 'choice'] as const;

/** Contact fields a CSV column can fill; `field:<id>` fills an owner's field; `ignore` skips the column. */
export const contactImportTargets = ['name', 'phone', 'email', 'tags', 'stage', 'marketingConsent', 'interest', 'product', 'budget'] as const;

/** The periods the CRM's summary covers, in days (today included). */
/** The CRM's sizes: lengths of texts, how many of a thing, the largest deal value in cents. */
export const crmLimits = { page: 100, defaultPage: 50, search: 200, name: 120, phone: 40, email: 254, tag: 40, tags: 20, note: 4000, stageName: 60, stages: 30, timeline: 300, fields: 30, fieldName: 60, fieldValue: 500, choices: 30, choice: 60, captured: 200, importRows: 20_000, dealValueCents: 10_000_000_000 } as const;

/** The palette of the pipeline's stages (the board offers these colours). */
export const stageColors = ['#64748b', '#0ea5e9', '#f59e0b', '#16a34a', '#dc2626', '#8b5cf6', '#ec4899', '#14b8a6'] as const;

/** The currency of deal values (the account's; Mexican pesos until an account can choose another). */
export const dealCurrency = 'MXN';

export const summaryPeriods = ['7', '30', '90'] as const;

/** The steps of the funnel, in order. */
export const summaryMetrics = ['conversations', 'contacts', 'leads', 'appointments', 'won'] as const;

/** The catalog fields a CSV column can be mapped to; anything else becomes a free attribute. */
export const importTargets = ['name', 'description', 'price', 'currency', 'sku', 'stock', 'url', 'image_url'] as const;

/** The longest text of one message. */
export const messageLimits = { text: 4096 } as const;
/**
 * A picture or file a person attaches in the inbox: the same cap as the files customers send
 * that are kept (16 MB), and only types every channel shows as they are.
 */
export const attachmentLimits = { bytes: 16 * 1024 * 1024, types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] } as const;
/** The CRM's bounds: names, tags, notes, stages, pages of contacts and history. */
/** Saved replies ("Respuestas guardadas") of a bot: a short title, its text, and how many a bot keeps. */
export const savedReplyLimits = { title: 60, text: 1000, perBot: 100 } as const;

/** Who answers a conversation: the bot, a person of the business, or no one (closed). */
export const conversationStatuses = ['bot', 'human', 'closed'] as const;

/** A demonstration channel customer made in "Simular cliente": name and phone; the customers the page lists. */
export const demoChannelLimits = { name: 80, phone: 30, customers: 50 } as const;

/**
 * Channels of the owner trying the product, not of traffic with customers: the playground and the
 * demonstration channel. The platform's message counts (the admin console) leave both out; the
 * plan's usage leaves out the demonstration channel (see docs/architecture.md, "What counts as traffic").
 */
export const trialChannels = ['playground', 'demo'] as const;

/** The channels whose conversations the inbox lists. */
export const inboxChannels = ['whatsapp', 'whatsmeow', 'messenger', 'instagram', 'demo'] as const;

/** An appointment's life: booked (by the bot or the owner), confirmed by the customer, then one of the ends. */
export const appointmentStatuses = ['booked', 'confirmed', 'cancelled', 'completed', 'no_show'] as const;
/** Statuses that hold their time: two of them never overlap. */
export const activeAppointmentStatuses = ['booked', 'confirmed'] as const satisfies readonly (typeof appointmentStatuses)[number][];
export * from './affiliate-rules.ts';
