import type { AuditAction, AuditEntry } from '@charla/shared';
import { relativeTimeFormat } from '../../lib/intl.ts';

/** Each action's sentence in the `audit` namespace. */
export const auditActionKeys = {
  'auth.sign_in': 'actions.auth.signIn',
  'bot.settings_changed': 'actions.bot.settingsChanged',
  'bot.deleted': 'actions.bot.deleted',
  'conversation.taken_over': 'actions.conversation.takenOver',
  'conversation.assigned': 'actions.conversation.assigned',
  'conversation.unassigned': 'actions.conversation.unassigned',
  'contacts.exported': 'actions.contacts.exported',
  'contact.deleted': 'actions.contact.deleted',
  'document.deleted': 'actions.document.deleted',
  'product.deleted': 'actions.product.deleted',
  'seat.invited': 'actions.seat.invited',
  'seat.invitation_resent': 'actions.seat.invitationResent',
  'seat.joined': 'actions.seat.joined',
  'seat.updated': 'actions.seat.updated',
  'seat.deactivated': 'actions.seat.deactivated',
  'seat.reactivated': 'actions.seat.reactivated',
  'seat.deleted': 'actions.seat.deleted',
  'admin.plan_set': 'actions.admin.planSet',
  'admin.bot_locked': 'actions.admin.botLocked',
  'admin.bot_unlocked': 'actions.admin.botUnlocked',
  'admin.account_suspended': 'actions.admin.accountSuspended',
  'admin.account_restored': 'actions.admin.accountRestored',
} as const satisfies Record<AuditAction, string>;

/** The values an entry's sentence names: who did it and what it was about (never a secret; missing ones are empty). */
export type AuditValues = {
  actor: string;
  bot: string;
  contact: string;
  plan: string;
  reason: string;
  account: string;
  /** A team member: their name and e-mail as they were, and their role's code (`admin`, `agent`). */
  seat: string;
  email: string;
  role: string;
  assignee: string;
  document: string;
  product: string;
};

export function auditValues(entry: AuditEntry, someone: string): AuditValues {
  const text = (key: string) => {
    const value = entry.details[key];
    return value === undefined || value === null ? '' : String(value);
  };
  return {
    actor: entry.actor_name || entry.actor_email || someone,
    bot: text('bot_name'),
    contact: text('contact_name'),
    plan: text('plan'),
    reason: text('reason'),
    account: text('account_email'),
    seat: text('seat_name'),
    email: text('seat_email'),
    role: text('role'),
    assignee: text('assignee_name'),
    document: text('document_name'),
    product: text('product_name'),
  };
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "hace 5 min", "5 min ago": how long ago, in the reader's language; under a minute is "ahora" / "now". */
export function timeAgo(iso: string, now: Date, locale: string): string {
  const seconds = Math.max(0, Math.round((now.getTime() - new Date(iso).getTime()) / 1000));
  const format = relativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of units) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(0, 'second');
}
