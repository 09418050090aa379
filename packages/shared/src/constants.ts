/**
 * Constants with no runtime dependency, safe to import anywhere in the browser bundle
 * (`@charla/shared/constants`). Schemas live in the other modules.
 */
export * from './templates.ts';
export * from './plans.ts';

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

