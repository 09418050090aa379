import {
  limitsOf,
  normalizePlan,
  paidPlans,
  planLevels,
  type AdminAccountResponse,
  type AdminAccountSummary,
  type AdminAccountsQuery,
  type AdminAccountsResponse,
  type AdminBot,
  type AdminBotLockBody,
  type AdminOverviewResponse,
  type AuditPage,
} from '@charla/shared';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditService } from '../audit/audit.module.ts';
import { setSuspended, type UserRow } from '../auth/index.ts';
import { setLocked } from '../bots/index.ts';
import { usageMonth } from '../quota/quota.module.ts';
import type { AccountRow, AdminBotRow, AdminRepository } from './admin.repository.ts';

const iso = (v: Date | string) => new Date(v).toISOString();
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

function encodeCursor(row: { created_at: Date | string; id: string }): string {
  return Buffer.from(`${new Date(row.created_at).getTime()}.${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const match = /^(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw new AppError('VALIDATION_FAILED', { cursor: 'VALIDATION_FAILED' });
  return { createdAt: new Date(Number(match[1])), id: match[2]! };
}

function toSummary(row: AccountRow): AdminAccountSummary {
  const plan = normalizePlan(row.membership_type);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    plan,
    role: row.role,
    created_at: iso(row.created_at),
    last_seen_at: isoOrNull(row.last_seen_at),
    bots: Number(row.bots),
    messages_month: Number(row.messages_month),
    messages_limit: limitsOf(plan).messagesPerMonth,
    suspended: row.suspended_at !== null,
    suspended_reason: row.suspended_reason,
  };
}

function channelsOf(value: AdminBotRow['channels']): string[] {
  if (Array.isArray(value)) return value;
  if (!value || value === '{}') return [];
  return value.replace(/^\{|\}$/g, '').split(',');
}

function toAdminBot(row: AdminBotRow): AdminBot {
  return {
    id: row.id,
    name: row.bot_name,
    business_name: row.business_name,
    enabled: row.bot_enabled,
    locked: row.locked,
    locked_reason: row.locked_reason,
    switched_off_for_plan: row.switched_off_for_plan_at !== null,
    channels: channelsOf(row.channels),
  };
}

/**
 * The main admin's console: the service's figures, every account, a bot's lock and an account's
 * suspension. Only the main admin account (role admin) may call it; each change is audited in
 * the same transaction, and is written by the module that owns the row (bots, auth).
 */
export function adminService(deps: { db: Db; repo: AdminRepository; audit: Pick<AuditService, 'record' | 'adminTrail'> }) {
  const { db, repo, audit } = deps;

  const mainAdmin = (actor: Pick<UserRow, 'role'>) => {
    if (actor.role !== 'admin') throw new AppError('FORBIDDEN');
  };

  async function accountOrMissing(userId: string): Promise<AccountRow> {
    const row = await repo.account(userId, usageMonth(new Date()));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    mainAdmin,

    async overview(actor: UserRow, now = new Date()): Promise<AdminOverviewResponse> {
      mainAdmin(actor);
      const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const { totals, plans } = await repo.overview(dayStart, monthStart);
      const byPlan = new Map(planLevels.map((p) => [p, 0]));
      for (const row of plans) {
        const plan = normalizePlan(row.plan);
        byPlan.set(plan, (byPlan.get(plan) ?? 0) + Number(row.accounts));
      }
      return {
        accounts: Number(totals.accounts),
        suspended_accounts: Number(totals.suspended),
        paying_accounts: paidPlans.reduce((n, p) => n + (byPlan.get(p) ?? 0), 0),
        active_bots: Number(totals.active_bots),
        messages_today: Number(totals.messages_today),
        messages_month: Number(totals.messages_month),
        accounts_by_plan: planLevels.map((plan) => ({ plan, accounts: byPlan.get(plan) ?? 0 })),
      };
    },

    async accounts(actor: UserRow, query: AdminAccountsQuery): Promise<AdminAccountsResponse> {
      mainAdmin(actor);
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
      const rows = await repo.accounts({ q: query.q || undefined, plan: query.plan, after, limit: query.limit + 1, month: usageMonth(new Date()) });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return { accounts: page.map(toSummary), next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null };
    },

    async account(actor: UserRow, userId: string): Promise<AdminAccountResponse> {
      mainAdmin(actor);
      const row = await accountOrMissing(userId);
      return { account: toSummary(row), bots: (await repo.botsOf(userId)).map(toAdminBot) };
    },

    async lockBot(actor: UserRow, botId: string, body: AdminBotLockBody, ip?: string): Promise<AdminBot> {
      mainAdmin(actor);
      const reason = body.locked ? (body.lockedReason ?? '') : null;
      const row = await db.transaction(async (tx) => {
        const bot = await setLocked(botId, reason, tx);
        if (!bot) return undefined;
        await audit.record({
          accountId: bot.userId,
          actor,
          action: body.locked ? 'admin.bot_locked' : 'admin.bot_unlocked',
          target: { type: 'bot', id: bot.id },
          details: { bot_name: bot.botName, ...(reason !== null && { reason }) },
          ...(ip && { ip }),
        }, tx);
        return bot;
      });
      if (!row) throw new AppError('NOT_FOUND');
      const found = (await repo.botsOf(row.userId)).find((b) => b.id === botId);
      if (!found) throw new AppError('NOT_FOUND');
      return toAdminBot(found);
    },

    /** Suspends (a reason) or restores (null) an account; the main admin's own account is refused. */
    async suspend(actor: UserRow, userId: string, reason: string | null, ip?: string): Promise<AdminAccountSummary> {
      mainAdmin(actor);
      const target = await accountOrMissing(userId);
      if (target.role === 'admin') throw new AppError('FORBIDDEN');
      await db.transaction(async (tx) => {
        if (!(await setSuspended(userId, reason, tx))) throw new AppError('NOT_FOUND');
        await audit.record({
          accountId: userId,
          actor,
          action: reason === null ? 'admin.account_restored' : 'admin.account_suspended',
          target: { type: 'account', id: userId },
          details: { account_email: target.email, ...(reason !== null && { reason }) },
          ...(ip && { ip }),
        }, tx);
      });
      return toSummary(await accountOrMissing(userId));
    },

    async trail(actor: UserRow, cursor: string | undefined, limit: number): Promise<AuditPage> {
      mainAdmin(actor);
      return audit.adminTrail(cursor, limit);
    },
  };
}

export type AdminService = ReturnType<typeof adminService>;
