import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bots, channelAccounts, type AccountChannel } from './bots.table.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The account a bot holds on each channel named; null: none there (it is let go). */
export type AccountClaims = Partial<Record<AccountChannel, string | null>>;

/** Another bot holds the account: the transaction that tried to take it is rolled back. */
export class AccountTaken extends Error {
  constructor(readonly channel: AccountChannel) {
    super(`the ${channel} account is held by another bot`);
  }
}

/**
 * Sets the accounts a bot holds on the channels named, inside the caller's transaction: the bot
 * lets go of any other account of those channels and takes the one named. An account another bot
 * holds throws AccountTaken. The table's primary key decides, not a read before the write: of two
 * bots taking one account at the same moment, the second waits for the first and finds it held.
 */
export async function setAccounts(tx: Tx | Db, botId: string, claims: AccountClaims): Promise<void> {
  for (const [channel, account] of Object.entries(claims) as [AccountChannel, string | null][]) {
    const others = account ? ne(channelAccounts.accountId, account) : undefined;
    await tx.delete(channelAccounts).where(and(eq(channelAccounts.botId, botId), eq(channelAccounts.channel, channel), others));
    if (!account) continue;
    // Inserted, or already this bot's: a row comes back. Another bot's: none.
    const [held] = await tx
      .insert(channelAccounts)
      .values({ channel, accountId: account, botId })
      .onConflictDoUpdate({
        target: [channelAccounts.channel, channelAccounts.accountId],
        set: { botId: sql`excluded.bot_id` },
        setWhere: eq(channelAccounts.botId, sql`excluded.bot_id`),
      })
      .returning({ botId: channelAccounts.botId });
    if (!held) throw new AccountTaken(channel);
  }
}

/** Lets go of every account a bot holds (its deletion). */
export async function releaseAccounts(tx: Tx | Db, botId: string): Promise<void> {
  await tx.delete(channelAccounts).where(eq(channelAccounts.botId, botId));
}

/** The live bot holding an account: one primary-key lookup. */
export async function accountHolder(db: Db, channel: AccountChannel, accountId: string) {
  const [row] = await db
    .select({ bot: bots })
    .from(channelAccounts)
    .innerJoin(bots, and(eq(bots.id, channelAccounts.botId), isNull(bots.deletedAt)))
    .where(and(eq(channelAccounts.channel, channel), eq(channelAccounts.accountId, accountId)))
    .limit(1);
  return row?.bot;
}
