import type * as Baileys from '@whiskeysockets/baileys';

/**
 * Baileys is loaded on first use, not at start: a server with no WhatsApp Web session never
 * pays for it.
 */
let loading: Promise<typeof Baileys> | undefined;
export const loadBaileys = () => (loading ??= import('@whiskeysockets/baileys'));

/** Baileys' close reasons that end a session for good, and the one that asks for an immediate restart. */
export const closeReasons = { loggedOut: 401, forbidden: 403, restartRequired: 515 } as const;

/** The status code Baileys puts on a close error (a Boom). */
export function closeCode(error: unknown): number | undefined {
  const code = (error as { output?: { statusCode?: unknown } } | undefined)?.output?.statusCode;
  return typeof code === 'number' ? code : undefined;
}
