import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { users } from '../modules/auth/auth.table.ts';
import { bots } from '../modules/bots/bots.table.ts';

/** An owner and a bot inserted straight into the database, for tests below the HTTP layer. */
export async function insertBot(database: Database, overrides: Partial<typeof bots.$inferInsert> = {}) {
  const email = `owner.${Math.random().toString(36).slice(2)}@test.mx`;
  const [user] = await database.db.insert(users).values({ name: 'Owner', email, passwordHash: 'x' }).returning();
  const [bot] = await database.db
    .insert(bots)
    .values({ userId: user!.id, botName: 'Sofía', botObjective: 'doctor_appointment', businessName: 'Clínica', purpose: 'appointments', ...overrides })
    .returning();
  return { user: user!, bot: bot! };
}

export async function setPlan(database: Database, userId: string, plan: string) {
  await database.db.update(users).set({ membershipType: plan }).where(eq(users.id, userId));
}
