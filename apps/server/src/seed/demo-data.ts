import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { addDays } from '@charla/shared/dates';
import { botTestLimits } from '@charla/shared/input-rules';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import { accessRepository } from '../modules/access/access.repository.ts';
import { accessService } from '../modules/access/access.service.ts';
import type { UserRow } from '../modules/auth/auth.repository.ts';
import type { BotsService } from '../modules/bots/bots.service.ts';
import { turnAppointments } from '../modules/appointments/index.ts';
import type { AppointmentsService } from '../modules/appointments/appointments.service.ts';
import { botTestsRepository } from '../modules/bot-tests/bot-tests.repository.ts';
import { commitTurn } from '../modules/conversations/turn-commit.ts';
import { engineBot } from '../modules/conversations/engine-bot.ts';
import { idleReturnNotice } from '../modules/conversations/handoff-notices.ts';
import type { BotRow } from '../modules/bots/index.ts';
import { conversationsRepository, type ConversationsRepository, type MessageRow } from '../modules/conversations/conversations.repository.ts';
import { crmRepository } from '../modules/crm/crm.repository.ts';
import { defaultStagesOf } from '../modules/crm/crm.service.ts';
import { productsRepository } from '../modules/products/products.repository.ts';
import { productsService } from '../modules/products/products.service.ts';
import type { TrainingService } from '../modules/training/training.service.ts';
import type { CrmService } from '../modules/crm/crm.service.ts';
import {
  demoBot,
  demoBotTests,
  demoContactDetails,
  demoContactFields,
  demoConversations,
  demoHandoff,
  demoDocuments,
  demoProducts,
  demoReminder,
  demoScheduling,
  demoTimezone,
  type DemoConversation,
} from './demo-content.ts';
import { seedDemoAudit } from './demo-audit.ts';
import { seedDemoCampaigns } from './demo-campaigns.ts';
import { seedDemoBilling, seedDemoUsage } from './demo-billing.ts';
import { seedDemoAffiliates } from './demo-affiliates.ts';
import type { AffiliatesService } from '../modules/affiliates/affiliates.module.ts';
import type { SeatsService } from '../modules/seats/seats.module.ts';
import { storeDemoHistory } from './demo-history.ts';
import { seedDemoKnowledgeGaps } from './demo-knowledge-gaps.ts';

export interface DemoDeps {
  db: Db;
  bots: BotsService;
  training: TrainingService;
  /** The CRM: the clinic's own contact fields, what the assistant captured, the pipeline's stages. */
  crm: CrmService;
  log: FastifyBaseLogger;
  /** The team: an admin and an agent of the clinic's bot (see demoTeam). */
  seats?: Pick<SeatsService, 'seedMember'>;
  /** The affiliate program: the demo account with referrals on two levels (demo-affiliates.ts). */
  affiliates?: Pick<AffiliatesService, 'seedDemo'>;
  /** The calendar: the coming appointments get their reminders while seeding, so the reminder sweep never announces them later as new bookings. */
  appointments?: Pick<AppointmentsService, 'afterBotTurn'>;
  /** The clock the histories and this week's appointments are placed by. */
  now?: Date;
}

const MINUTE = 60_000;

/** The demo account's team (the README lists these sign-ins beside the owner's). */
export const demoTeam = [
  { email: 'admin@charla.mx', name: 'Andrea Salas', password: 'charla-admin-2026', role: 'admin' },
  { email: 'agente@charla.mx', name: 'Mario Ruiz', password: 'charla-agente-2026', role: 'agent' },
] as const;
const monthOf = (d: Date) => d.toISOString().slice(0, 7);

/**
 * The next `weekday` (1 = Monday … 7 = Sunday) at `time` in `timeZone` after `now`: a booking the
 * demo's conversations made ("el viernes a las 10") is always still to come, whatever day the
 * demo is seeded on, within the next seven days.
 */
export function nextWeekdayAt(now: Date, timeZone: string, weekday: number, time: string): Date {
  const today = localParts(now, timeZone);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const ahead = (weekday - (today.weekday === 0 ? 7 : today.weekday) + 7) % 7;
  const at = zonedTimeToUtc({ ...addDays(today, ahead), hour, minute }, timeZone);
  return at.getTime() > now.getTime() ? at : zonedTimeToUtc({ ...addDays(today, ahead + 7), hour, minute }, timeZone);
}

/**
 * The demo account's business, created once: a trained dental clinic with its catalog, hours and
 * reminders, conversations in every state on WhatsApp, Messenger and Instagram (and two on the
 * demonstration channel, where replies really go out and "Simular cliente" plays the customer), their contacts and
 * the coming week's appointments, after ninety days of earlier customers (demo-history.ts). Everything goes through the services and repositories the product
 * uses (the documents through the training pipeline), so the bot really answers from them. When
 * the demo owner already has a bot nothing is changed: a restart keeps the owner's own edits.
 */
export async function seedDemoData(owner: UserRow, deps: DemoDeps): Promise<{ botId: string; created: boolean }> {
  const existing = await deps.bots.listByEmail(owner, owner.email);
  if (existing.length) return { botId: existing[0]!.id, created: false };
  const now = deps.now ?? new Date();
  await seedDemoBilling(deps.db, owner.id, now);
  if (deps.affiliates) await seedDemoAffiliates(deps.db, deps.affiliates, owner.id, now);

  const bot = await deps.bots.create(owner, { ...demoBot, user_email: owner.email });
  await deps.bots.update(owner, bot.id, { timezone: demoTimezone, redirection_phone: demoBot.business_phone, handoff_idle_minutes: demoHandoff.idleMinutes });
  await deps.bots.setRedirection(owner, bot.id, demoHandoff.enabled);
  await deps.bots.setScheduling(owner, bot.id, demoScheduling);
  await deps.bots.setReminders(owner, bot.id, demoReminder);

  for (const doc of demoDocuments) {
    const stored = await deps.training.trainText(owner, bot.id, doc.text, doc.name, 'es');
    // Indexed now, so the bot answers from it at once; the queued job then finds it ready.
    await deps.training.process(stored.id, 0);
  }

  const products = productsService(productsRepository(deps.db), accessService(accessRepository(deps.db)));
  for (const p of demoProducts) await products.create(owner, { ...p, botId: bot.id });

  const tests = botTestsRepository(deps.db);
  for (const test of demoBotTests) await tests.insert({ botId: bot.id, question: test.question, expect: test.expect, expectNot: test.expectNot ?? [] }, botTestLimits.perBot);

  const repo = conversationsRepository(deps.db);
  // Everything below follows the clinic's settings as stored: hours, appointment length, time zone, hand-off.
  const clinic = (await deps.bots.find(bot.id))!;
  const stages = await crmRepository(deps.db).ensureStages(bot.id, defaultStagesOf(bot.purpose));
  await storeDemoHistory(deps.db, clinic, stages, now);
  const contactOf = new Map<string, string>();
  for (const c of demoConversations) {
    const contactId = await storeConversation(deps.db, repo, owner, clinic, c, now);
    if (contactId) contactOf.set(c.key, contactId);
  }
  await seedCrm(owner, clinic, contactOf, deps, now);
  await deps.appointments?.afterBotTurn(bot.id);
  await seedDemoKnowledgeGaps(deps.db, deps.training, owner, bot.id, [...contactOf.values()], now);
  await seedDemoCampaigns(deps.db, owner, bot.id, now);
  await seedDemoAudit(deps.db, owner, { id: bot.id, name: bot.bot_name }, now);

  for (const member of demoTeam) await deps.seats?.seedMember(owner.id, { ...member, botIds: member.role === 'agent' ? [bot.id] : [] });

  deps.log.info({ botId: bot.id }, 'demo data seeded');
  await seedDemoUsage(deps.db, owner.id, now);
  return { botId: bot.id, created: true };
}

/**
 * The CRM's side of the demo: the clinic's own fields with a few contacts' values, what the
 * assistant captured, a note of the team on two of them, and the booked contacts in "Cita agendada" (the move the bot makes after a
 * booking, through the same service function).
 */
async function seedCrm(owner: UserRow, clinic: BotRow, contactOf: Map<string, string>, deps: DemoDeps, now: Date): Promise<void> {
  const botId = clinic.id;
  const fieldIds = new Map<string, string>();
  for (const f of demoContactFields) fieldIds.set(f.name, (await deps.crm.addField(owner, botId, f)).id);
  for (const c of demoConversations) {
    const contactId = contactOf.get(c.key);
    if (!contactId) continue;
    const details = demoContactDetails[c.key];
    const values = Object.fromEntries(Object.entries(details?.fields ?? {}).map(([name, value]) => [fieldIds.get(name)!, value]));
    if (Object.keys(values).length) await deps.crm.update(owner, contactId, { customFields: values });
    const actions = [
      ...(details?.captured ? [{ type: 'capture' as const, ...details.captured }] : []),
      ...(c.booking ? [booked(clinic, c.booking, now)] : []),
    ];
    if (actions.length) await deps.crm.afterTurn({ botId, contactId, actions });
    // The team's internal note, shown in the conversation's thread with its author.
    if (details?.note) await deps.crm.addNote(owner, contactId, details.note);
  }
}

/** The appointment a demo conversation booked, as the bot's action said it: the day it named, as long as the clinic's appointments. */
function booked(clinic: BotRow, booking: NonNullable<DemoConversation['booking']>, now: Date) {
  const start = nextWeekdayAt(now, clinic.timezone, booking.weekday, booking.time);
  return { type: 'book' as const, start, end: new Date(start.getTime() + (clinic.scheduling[0]?.appointment_minutes ?? 30) * MINUTE), service: booking.service };
}

/**
 * When a person last had a handed-off conversation: their last reply, or the bot's hand-off (its
 * last line) when nobody answered yet. Minutes after the first line.
 */
export function handedOffAt(c: Pick<DemoConversation, 'lines'>): number {
  const person = c.lines.findLast((l) => l.from === 'human');
  return (person ?? c.lines.findLast((l) => l.from === 'bot'))?.at ?? 0;
}

async function storeConversation(
  db: Db,
  repo: ConversationsRepository,
  owner: UserRow,
  clinic: BotRow,
  c: DemoConversation,
  now: Date,
): Promise<string | undefined> {
  const botId = clinic.id;
  const start = now.getTime() - c.startedMinutesAgo * MINUTE;
  let conversation: { id: string; contactId: string } | undefined;
  const lastOut = c.lines.findLastIndex((l) => l.from === 'bot');
  let patched = false;
  for (const [i, line] of c.lines.entries()) {
    const at = new Date(start + line.at * MINUTE);
    // Message ids and idempotency keys are unique across bots: each demo clinic has its own.
    const key = `demo:${botId}:${c.key}:${i}`;
    if (line.from === 'customer') {
      const stored = await repo.receive({
        botId,
        channel: c.channel,
        contactExternalId: c.externalId,
        contactName: c.name,
        ...((c.channel === 'whatsapp' || c.channel === 'demo') && c.phone && { contactPhone: c.phone }),
        externalId: key,
        text: line.text,
        at,
        answer: false,
      });
      if (stored === 'duplicate') return undefined;
      conversation = { id: stored.conversation.id, contactId: stored.conversation.contactId };
      continue;
    }
    if (!conversation) continue;
    const booking = c.booking && i === lastOut ? booked(clinic, c.booking, now) : undefined;
    const contactPatch = patched ? undefined : { ...(c.email && { email: c.email }), ...(c.phone && { phone: c.phone }) };
    patched = true;
    const stored = await commitTurn(db, {
      conversationId: conversation.id,
      botId,
      contactId: conversation.contactId,
      ownerId: owner.id,
      month: monthOf(at),
      channel: c.channel,
      processedIds: [],
      contactPatch,
      bookings: booking ? [{ start: booking.start, end: booking.end, service: booking.service }] : [],
      cancellations: [],
      reschedules: [],
      handoff: false,
      state: {},
      drafts: [{ text: line.text, idempotencyKey: key, author: line.from }],
      at: new Date(at.getTime() - 1),
    }, turnAppointments(db));
    const message = stored === 'skipped' ? undefined : stored[0];
    if (message) await repo.setStatus(message.id, deliveredState(c, i, now, at));
  }
  if (!conversation) return undefined;
  if (c.status === 'human') {
    // The clinic's idle rule, as its job would have applied it: a conversation nobody of the team
    // answered for the idle minutes went back to the bot, which told the customer.
    const humanAt = new Date(start + handedOffAt(c) * MINUTE);
    const back = clinic.handoffIdleMinutes > 0 ? new Date(humanAt.getTime() + clinic.handoffIdleMinutes * MINUTE) : undefined;
    if (back && back.getTime() <= now.getTime()) {
      const notice = await commitTurn(db, {
        conversationId: conversation.id, botId, contactId: conversation.contactId, ownerId: owner.id, month: monthOf(back), channel: c.channel, processedIds: [],
        bookings: [], cancellations: [], reschedules: [], handoff: false, state: {}, at: new Date(back.getTime() - 1),
        drafts: [{ text: idleReturnNotice(engineBot(clinic)), idempotencyKey: `demo:${botId}:${c.key}:idle`, author: 'bot' }],
      }, turnAppointments(db));
      if (notice !== 'skipped' && notice[0]) await repo.setStatus(notice[0].id, 'read');
      await repo.setConversationStatus(conversation.id, 'bot', humanAt);
    } else await repo.setConversationStatus(conversation.id, 'human', humanAt);
  } else if (c.status !== 'bot') await repo.setConversationStatus(conversation.id, c.status);
  return conversation.contactId;
}

/** Read when the customer wrote after it (or it is older than an hour), delivered otherwise. */
function deliveredState(c: DemoConversation, index: number, now: Date, at: Date): MessageRow['status'] {
  const answeredLater = c.lines.slice(index + 1).some((l) => l.from === 'customer');
  return answeredLater || now.getTime() - at.getTime() > 60 * MINUTE ? 'read' : 'delivered';
}

/**
 * The demo owner (created on an empty database, as before) and, when that owner exists, its
 * business. Answers whether the account was created now, for the start-up banner.
 */
export async function seedDemoAccount(
  auth: { seedDemo(email: string, password: string): Promise<boolean>; findByEmail(email: string): Promise<UserRow | undefined> },
  account: { email: string; password: string },
  deps: DemoDeps,
): Promise<boolean> {
  const created = await auth.seedDemo(account.email, account.password);
  const owner = await auth.findByEmail(account.email);
  if (owner && owner.role === 'owner') await seedDemoData(owner, deps);
  return created;
}
