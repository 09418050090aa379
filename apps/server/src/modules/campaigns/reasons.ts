import type { CampaignPauseReason, CampaignReason } from '@charla/shared';

/** Meta's numbers that name a campaign reason on their own. */
const byMetaCode = new Map<number, CampaignReason>([
  [131026, 'NOT_ON_WHATSAPP'],
  [131049, 'ECOSYSTEM_LIMIT'],
  [131050, 'MARKETING_STOPPED'],
  [131047, 'OUTSIDE_WINDOW'],
  [132015, 'TEMPLATE_PAUSED'],
  [132016, 'TEMPLATE_DISABLED'],
  [132000, 'TEMPLATE_INVALID'],
  [132001, 'TEMPLATE_INVALID'],
  [132005, 'TEMPLATE_INVALID'],
  [132007, 'TEMPLATE_INVALID'],
  [132012, 'TEMPLATE_INVALID'],
  [190, 'TOKEN_INVALID'],
  [130429, 'RATE_LIMITED'],
  [131056, 'PAIR_RATE_LIMITED'],
  [131048, 'SPAM_LIMIT'],
  [131052, 'MEDIA_FAILED'],
  [131053, 'MEDIA_FAILED'],
]);

/** The channel's failure codes (the notice catalogue) that name a campaign reason. */
const byCode: Record<string, CampaignReason> = {
  CHANNEL_NEEDS_REAUTH: 'TOKEN_INVALID',
  CHANNEL_NOT_CONNECTED: 'CHANNEL_NOT_CONNECTED',
  WHATSAPP_LOGGED_OUT: 'CHANNEL_NOT_CONNECTED',
  WINDOW_CLOSED: 'OUTSIDE_WINDOW',
  RECIPIENT_UNAVAILABLE: 'NOT_ON_WHATSAPP',
  NO_RECIPIENT: 'NOT_ON_WHATSAPP',
  MARKETING_LIMIT: 'ECOSYSTEM_LIMIT',
  SPAM_LIMIT: 'SPAM_LIMIT',
  MEDIA_ERROR: 'MEDIA_FAILED',
  TEMPLATE_ERROR: 'TEMPLATE_INVALID',
  META_RATE_LIMITED: 'RATE_LIMITED',
  SEND_UNCONFIRMED: 'UNCONFIRMED',
};

/** Why a recipient's message failed, from the channel's code and Meta's own number (the number wins: it is the finer one). */
export function campaignReasonOf(code: string | null, metaCode: number | null): CampaignReason {
  return (metaCode !== null && byMetaCode.get(metaCode)) || (code && byCode[code]) || 'PROVIDER_ERROR';
}

/** Failures that stop the whole campaign (every next send would fail alike), and why it pauses. */
export function pauseFor(reason: CampaignReason): CampaignPauseReason | null {
  if (reason === 'TOKEN_INVALID') return 'token';
  if (reason === 'TEMPLATE_PAUSED' || reason === 'TEMPLATE_DISABLED' || reason === 'TEMPLATE_INVALID') return 'template';
  if (reason === 'CHANNEL_NOT_CONNECTED') return 'channel';
  if (reason === 'QUOTA_REACHED') return 'quota';
  return null;
}
