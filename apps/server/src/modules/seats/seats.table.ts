import { sql } from 'drizzle-orm';
import { seatRoles, seatStatuses } from '@charla/shared';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table.ts';

/**
 * A member of an account's team: invited by e-mail, bound to a user when the invitation is
 * accepted. An agent works only on the bots in `bot_ids`; `status` 'inactive' takes the access away at once.
 */
export const seats = pgTable(
  'seats',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    accountId: uuid('account_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: seatRoles }).notNull(),
    botIds: uuid('bot_ids').array().notNull().default(sql`'{}'::uuid[]`),
    isActive: boolean('is_active').notNull().default(true),
    status: text('status', { enum: seatStatuses }).notNull().default('invited'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seats_account_email_idx').on(t.accountId, sql`lower(${t.email})`),
    index('seats_user_idx').on(t.userId),
  ],
);

/** Invitation links: kept only as SHA-256 hashes, each good for one use within its seven days. */
export const seatInvitations = pgTable(
  'seat_invitations',
  {
    tokenHash: text('token_hash').primaryKey(),
    seatId: uuid('seat_id').notNull().references(() => seats.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('seat_invitations_seat_idx').on(t.seatId)],
);
