/**
 * Addresses of the API reads a page opens with, kept here so index.html's inline preload
 * (lib/landing-preload.ts) asks for exactly what the page's own query asks for. An id is
 * passed as it goes in the address (encoded).
 */

/** The period the CRM's Resumen opens on. */
export const defaultSummaryPeriod = '30';

/** GET /api/crm/summary of a bot over a period. */
export const crmSummaryPath = (encodedBotId: string, days: string) => `/api/crm/summary?botId=${encodedBotId}&days=${days}`;

/** GET /api/conversations of a bot as the inbox opens (the assistant's conversations, every channel). */
export const inboxOpeningPath = (encodedBotId: string) => `/api/conversations?botId=${encodedBotId}&status=bot`;
