import type { Locale } from './locale.ts';

/* A campaign message's words, the same where it is previewed (the web app) and where it is sent (the server). */

/** `{{nombre}}` in a message: a variable of the audience (a CSV column or a contact field). */
export const campaignVariablePattern = /\{\{\s*([^{}\s][^{}]{0,59}?)\s*\}\}/g;

/** The variable names a text uses, in order, once each. */
export function campaignTextVariables(text: string): string[] {
  return [...new Set([...text.matchAll(campaignVariablePattern)].map((m) => m[1]!.trim()))];
}

/** A text with its `{{variables}}` filled from one recipient's values (a missing one becomes empty). */
export function fillCampaignText(text: string, values: Record<string, string>): string {
  return text
    .replace(campaignVariablePattern, (_, name: string) => values[name.trim()] ?? '')
    .replace(/ +([,.!?])/g, '$1')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** The opt-out line of a campaign message, in the bot's language and tone (tú / usted). */
export function campaignOptOutLine(locale: Locale, formal: boolean): string {
  if (locale === 'en') return 'Reply STOP to stop receiving these messages.';
  return formal ? 'Si no desea recibir más mensajes, responda BAJA.' : 'Si no quieres recibir más mensajes, responde BAJA.';
}
