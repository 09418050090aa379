import type { Db } from '../db/client.ts';
import type { UserRow } from '../modules/auth/auth.repository.ts';
import { auditRepository, type NewAuditRow } from '../modules/audit/audit.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The demo account's activity before today: sign-ins, a settings change, a conversation taken
 * over and an export, each at a fixed distance from `now` (the same entries on every seed).
 */
export async function seedDemoAudit(db: Db, owner: Pick<UserRow, 'id' | 'email' | 'name'>, bot: { id: string; name: string }, now: Date): Promise<void> {
  const repo = auditRepository(db);
  const at = (ago: number) => new Date(now.getTime() - ago);
  const common = { accountId: owner.id, actorId: owner.id, actorEmail: owner.email, actorName: owner.name };
  const entries: NewAuditRow[] = [
    { ...common, action: 'auth.sign_in' as const, ip: '187.190.12.34', createdAt: at(74 * HOUR) },
    { ...common, action: 'bot.settings_changed' as const, targetType: 'bot' as const, targetId: bot.id, details: { bot_name: bot.name, fields: 'welcome_message,tone' }, createdAt: at(73 * HOUR + 40 * MINUTE) },
    { ...common, action: 'auth.sign_in' as const, ip: '187.190.12.34', createdAt: at(26 * HOUR) },
    { ...common, action: 'conversation.taken_over' as const, details: { bot_name: bot.name, contact_name: 'Jorge Ramírez' }, createdAt: at(25 * HOUR + 45 * MINUTE) },
    { ...common, action: 'contacts.exported' as const, targetType: 'bot' as const, targetId: bot.id, details: { bot_name: bot.name }, createdAt: at(25 * HOUR + 10 * MINUTE) },
    { ...common, action: 'auth.sign_in' as const, ip: '201.141.88.20', createdAt: at(2 * HOUR) },
  ];
  for (const entry of entries) await repo.insert(entry);
}
