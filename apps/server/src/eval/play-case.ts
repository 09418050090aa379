import { and, eq, inArray } from 'drizzle-orm';
import type { ModuleFaces } from '../server-modules.ts';
import type { Database } from '../db/client.ts';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import { appointments } from '../modules/appointments/appointments.table.ts';
import { contacts, conversations, messages } from '../modules/conversations/conversations.table.ts';
import type { EvalCase } from './dataset.ts';
import type { CaseOutcome } from '@charla/shared/reply-score';

const pad = (n: number) => String(n).padStart(2, '0');
/** Without a clock of its own, a case happens on a weekday at 10:00 in the bot's time zone. */
const defaultClock = (timeZone: string) => zonedTimeToUtc({ year: 2026, month: 3, day: 2, hour: 10, minute: 0 }, timeZone);

export interface PlayedTurn {
  text: string;
  replies: string[];
  sources: { heading: string; text: string; score: number }[];
  ms: number;
}

/**
 * Plays a case through the pipeline, as a customer on a channel would: each turn is received,
 * answered by the reply job, and the next turn waits for it. The case's clock is the
 * conversation's clock (one minute between turns).
 */
export async function playCase({ pipeline }: Pick<ModuleFaces, 'pipeline'>, database: Database, bot: { id: string; timezone: string }, c: EvalCase) {
  const start = c.now ? new Date(c.now) : defaultClock(bot.timezone);
  const turns: PlayedTurn[] = [];
  let conversationId = '';
  for (const [i, text] of c.turns.entries()) {
    const began = performance.now();
    const stored = await pipeline.receive({
      botId: bot.id,
      channel: 'playground',
      contactExternalId: `eval:${c.id}`,
      externalId: `eval:${c.id}:${i}`,
      text,
      at: new Date(start.getTime() + i * 60_000),
    });
    if (stored === 'duplicate') throw new Error(`${c.id}: turn ${i} stored twice`);
    conversationId = stored.conversation.id;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = await database.db.select({ status: messages.status }).from(messages).where(eq(messages.id, stored.message.id));
      if (row?.status === 'processed') break;
      if (Date.now() > deadline) throw new Error(`${c.id}: turn ${i} was not answered`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const replies = await database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.direction, 'out')));
    const mine = replies.filter((r) => r.idempotencyKey?.startsWith(`${stored.message.id}:`)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    turns.push({
      text,
      replies: mine.map((r) => r.text),
      sources: mine.flatMap((r) => r.sources ?? []).map((s) => ({ heading: s.heading, text: s.text, score: s.score })),
      ms: Math.round(performance.now() - began),
    });
  }
  const [conversation] = await database.db.select().from(conversations).where(eq(conversations.id, conversationId));
  const [contact] = await database.db.select().from(contacts).where(eq(contacts.id, conversation!.contactId));
  const booked = await database.db
    .select({ startAt: appointments.startAt, name: contacts.name })
    .from(appointments)
    .innerJoin(contacts, eq(contacts.id, appointments.contactId))
    .where(and(eq(appointments.conversationId, conversationId), inArray(appointments.status, ['booked', 'confirmed'])));
  const outcome: CaseOutcome = {
    lastReply: turns.at(-1)?.replies.join('\n') ?? '',
    handedOff: conversation!.status === 'human',
    contact: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
    appointments: booked.map((a) => {
      const l = localParts(a.startAt, bot.timezone);
      return { localStart: `${l.year}-${pad(l.month)}-${pad(l.day)}T${pad(l.hour)}:${pad(l.minute)}`, contactName: a.name };
    }),
  };
  return { turns, outcome };
}
