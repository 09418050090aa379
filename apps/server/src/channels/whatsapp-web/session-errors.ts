import type { ChannelErrorCode, Notice } from '@charla/shared';

/** A send that cannot happen now; the message's job tries again later. */
export class WhatsappWebError extends Error {
  constructor(
    readonly code: (typeof sendFailures)[number],
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** What the conversations module stores after a send: WhatsApp's id of the message, or why it failed for good. */
export type SendOutcome = { externalId?: string } | { failed: Notice };

/** Why a send failed for good (codes of the shared notice catalogue). */
export const sendFailures = ['CHANNEL_NOT_CONNECTED', 'NO_RECIPIENT', 'PEER_UNAVAILABLE'] as const satisfies readonly ChannelErrorCode[];
export const isSendFailure = (code: string): code is (typeof sendFailures)[number] => (sendFailures as readonly string[]).includes(code);

/** Why a session ended, as stored in pair_error (codes of the shared notice catalogue). */
export const pairErrors = {
  qrTimeout: 'QR_TIMEOUT',
  unreachable: 'WHATSAPP_UNREACHABLE',
  loggedOut: 'WHATSAPP_LOGGED_OUT',
  forbidden: 'WHATSAPP_NUMBER_BLOCKED',
  numberTaken: 'CHANNEL_ACCOUNT_TAKEN',
} as const satisfies Record<string, ChannelErrorCode>;
