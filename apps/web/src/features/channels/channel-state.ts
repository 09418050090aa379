import type { ChannelState, ChannelStatus, Locale, MetaRegisterStep, WhatsappWebStatus } from '@charla/shared';
import { metaRegisterSteps } from '@charla/shared/constants';
import { noticeText } from '@charla/shared/notices';

/** How a channel's state shows on its card. */
export type BadgeKind = 'connected' | 'waitingQr' | 'connecting' | 'disconnected' | 'needsReauth';
export type BadgeTone = 'success' | 'info' | 'warning' | 'muted';

export interface ChannelBadge {
  kind: BadgeKind;
  tone: BadgeTone;
  /** Why it is not connected, in words for the owner (null when there is nothing to say). */
  reason: string | null;
}

const tones: Record<BadgeKind, BadgeTone> = {
  connected: 'success',
  waitingQr: 'info',
  connecting: 'info',
  disconnected: 'muted',
  needsReauth: 'warning',
};

const badge = (kind: BadgeKind, reason: string | null = null): ChannelBadge => ({ kind, tone: tones[kind], reason: reason?.trim() || null });

/** A Meta channel (WhatsApp Cloud API, Messenger, Instagram): its state and last error. */
export function metaBadge(status: Pick<ChannelStatus, 'state' | 'last_error'> | null | undefined): ChannelBadge {
  const state: ChannelState = status?.state ?? 'disconnected';
  const reason = status?.last_error?.message ?? null;
  if (state === 'connected') return badge('connected');
  if (state === 'needs_reauth') return badge('needsReauth', reason);
  return badge('disconnected', reason);
}

/** Why a WhatsApp-by-QR session ended (its pair_error code), in the reader's language. */
export const pairErrorText = (code: string | null | undefined, locale: Locale): string | null => (code ? noticeText({ code }, locale) : null);

/** The WhatsApp-by-QR (whatsmeow) session; `timeoutReason` words a QR that was never scanned. */
export function whatsmeowBadge(
  session: { status: WhatsappWebStatus; pair_error: string | null } | null | undefined,
  timeoutReason: string,
  locale: Locale,
): ChannelBadge {
  switch (session?.status) {
    case 'connected':
      return badge('connected');
    case 'waiting_qr':
      return badge('waitingQr');
    case 'connecting':
      return badge('connecting');
    case 'qr_timeout':
      return badge('disconnected', pairErrorText(session.pair_error, locale) ?? timeoutReason);
    case 'disconnected':
      // WhatsApp out of reach is said once, with the way to retry, by the card's alert.
      return badge('disconnected', session.pair_error === 'WHATSAPP_UNREACHABLE' ? null : pairErrorText(session.pair_error, locale));
    default:
      return badge('disconnected', pairErrorText(session?.pair_error, locale));
  }
}

/** How long linking may go on without a QR to scan before the card says why and offers to retry. */
export const WHATSMEOW_STALL_MS = 45_000;

/** Linking that shows nothing to do: "connecting", or waiting for a QR that never came. */
export function whatsmeowStalled(session: { status: WhatsappWebStatus } | null | undefined, hasQr: boolean): boolean {
  return session?.status === 'connecting' || (session?.status === 'waiting_qr' && !hasQr);
}

/** Only the end of an id is shown ("…2922"); ids the server already masked stay as they are. */
export function maskId(id: string | null | undefined): string {
  const value = (id ?? '').trim();
  if (!value) return '';
  if (value.startsWith('…') || value.startsWith('*')) return value;
  return value.length <= 4 ? `…${value}` : `…${value.slice(-4)}`;
}

/** Where a connection stopped: steps before the failed one finished, the rest did not run. */
export type StepState = 'done' | 'failed' | 'skipped' | 'pending';

export function stepStates(failed: MetaRegisterStep | null, usedCode: boolean): Record<MetaRegisterStep, StepState> {
  const index = failed ? metaRegisterSteps.indexOf(failed) : metaRegisterSteps.length;
  const out = {} as Record<MetaRegisterStep, StepState>;
  metaRegisterSteps.forEach((step, i) => {
    if (step === 'exchange' && !usedCode) out[step] = 'skipped';
    else out[step] = i < index ? 'done' : i === index ? 'failed' : 'pending';
  });
  return out;
}

/** The step a 502 META_STEP_FAILED names in its body (`error.step`), if any. */
export function failedStepOf(details: Readonly<Record<string, unknown>>): MetaRegisterStep | null {
  const step = details.step;
  return typeof step === 'string' && (metaRegisterSteps as readonly string[]).includes(step) ? (step as MetaRegisterStep) : null;
}
