import { CAPTION_MAX } from '../whatsapp-cloud/whatsapp-outbound.ts';

/** WhatsApp by QR sends the reply's picture with its text as the caption, 1024 characters at most. */
export const whatsappWebImageWithText = (text: string): boolean => text.trim().length <= CAPTION_MAX;
