import { campaignOptOutLine, fillCampaignText, type CampaignMessage } from '@charla/shared';
import type { StoredMedia, TemplateSend } from '../conversations/index.ts';

/** The bot's voice: its language and whether it speaks as usted. */
export interface Voice {
  language: string;
  tone: string;
}

/** What one recipient is sent: the text (shown in the inbox; the text sent where there is no template), a template, files. */
export interface RenderedMessage {
  text: string;
  template?: TemplateSend;
  media?: StoredMedia[];
}

/** A campaign's message for one recipient: variables filled, the opt-out line in the bot's tone. */
export function renderCampaignMessage(message: CampaignMessage, variables: Record<string, string>, voice: Voice): RenderedMessage {
  if (message.kind === 'template') {
    const parameters = message.bodyVariables.map((v) => fillCampaignText(v, variables));
    return {
      text: parameters.length ? parameters.join(' · ') : message.name,
      template: {
        name: message.name,
        language: message.language,
        withText: false,
        ...(parameters.length ? { parameters } : {}),
        ...(message.headerMedia ? { header: { type: message.headerMedia.type, url: message.headerMedia.url, ...(message.headerMedia.filename ? { filename: message.headerMedia.filename } : {}) } } : {}),
      },
    };
  }
  const locale = voice.language === 'en' ? 'en' : 'es';
  const body = fillCampaignText(message.text, variables);
  const text = message.optOutLine ? [body, campaignOptOutLine(locale, voice.tone === 'Formal')].filter(Boolean).join('\n\n') : body;
  const media = message.media ? [{ type: message.media.type, url: message.media.url, ...(message.media.filename ? { name: message.media.filename } : {}) }] : undefined;
  return { text, ...(media ? { media } : {}) };
}

/** A contact's values for a CRM audience's variables. */
export function contactVariables(contact: { name: string; phone: string }): Record<string, string> {
  const full = contact.name.trim();
  return { nombre: full.split(/\s+/)[0] ?? '', nombre_completo: full, telefono: contact.phone };
}
