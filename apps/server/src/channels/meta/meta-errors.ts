import type { ChannelErrorCode } from '@charla/shared';
import type { GraphFailure } from './graph-client.ts';

const rateCodes = new Set([4, 17, 32, 613, 80007, 130429, 131056]);
const byCode = new Map<number, ChannelErrorCode>([
  [131047, 'WINDOW_CLOSED'],
  [131026, 'RECIPIENT_UNAVAILABLE'],
  [131021, 'RECIPIENT_UNAVAILABLE'],
  [131030, 'RECIPIENT_UNAVAILABLE'],
  [130472, 'RECIPIENT_UNAVAILABLE'],
  [551, 'RECIPIENT_UNAVAILABLE'],
  [131052, 'MEDIA_ERROR'],
  [131053, 'MEDIA_ERROR'],
  [131048, 'SPAM_LIMIT'],
  [131049, 'MARKETING_LIMIT'],
  [131050, 'MARKETING_LIMIT'],
  [368, 'ACCOUNT_RESTRICTED'],
  [131031, 'ACCOUNT_RESTRICTED'],
  [131042, 'ACCOUNT_RESTRICTED'],
  [131045, 'ACCOUNT_RESTRICTED'],
  [131057, 'ACCOUNT_RESTRICTED'],
  [3, 'PERMISSION_MISSING'],
  [10, 'PERMISSION_MISSING'],
  [200, 'PERMISSION_MISSING'],
  [294, 'PERMISSION_MISSING'],
  [133010, 'NUMBER_NOT_REGISTERED'],
  [100, 'MESSAGE_REJECTED'],
  [131008, 'MESSAGE_REJECTED'],
  [131009, 'MESSAGE_REJECTED'],
  [131051, 'MESSAGE_REJECTED'],
]);

/** Errors that concern the whole channel (shown on the Canales panel), not one message. */
export const channelWideErrors = new Set<ChannelErrorCode>(['CHANNEL_NEEDS_REAUTH', 'PERMISSION_MISSING', 'ACCOUNT_RESTRICTED', 'NUMBER_NOT_REGISTERED', 'SPAM_LIMIT']);

/** Our code for an error Meta gave (in an answer or a status webhook). */
export function channelErrorFor(code: number | undefined, subcode?: number, failure?: GraphFailure): ChannelErrorCode {
  // A token no request can carry (failure 'local') needs a new one as much as a refused one.
  if (failure === 'token' || failure === 'local' || code === 190 || code === 102) return 'CHANNEL_NEEDS_REAUTH';
  if (failure === 'ambiguous') return 'SEND_UNCONFIRMED';
  // Messenger and Instagram: outside the messaging window, and no such person.
  if (code === 10 && subcode === 2018278) return 'WINDOW_CLOSED';
  if (code === 100 && subcode === 2018001) return 'RECIPIENT_UNAVAILABLE';
  if (code !== undefined && code >= 132000 && code < 133000) return 'TEMPLATE_ERROR';
  if (failure === 'retryable' || failure === 'not_sent') return code !== undefined && rateCodes.has(code) ? 'META_RATE_LIMITED' : 'META_UNAVAILABLE';
  return (code !== undefined && byCode.get(code)) || 'UNKNOWN';
}
