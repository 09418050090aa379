import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { CrmSummary } from '@charla/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offlineEngine } from '../engine/offline/offline-engine.ts';
import { authRepository } from '../modules/auth/auth.repository.ts';
import { appointments } from '../modules/appointments/appointments.table.ts';
import { contacts, conversations, messages } from '../modules/conversations/conversations.table.ts';
import { cookieHeader, createTestApp, engines, type TestApp } from '../test/harness.ts';
import { demoBotTests, demoConversations, demoDocuments, demoHandoff, demoProducts, demoTimezone } from './demo-content.ts';
import { demoMessagesUsed } from './demo-billing.ts';
import { demoTeam, nextWeekdayAt, seedDemoAccount, seedDemoData } from './demo-data.ts';
import { demoKnowledgeGaps } from './demo-knowledge-gaps.ts';
import { localParts } from '@charla/shared/dates';
import { weekdays } from '@charla/shared';
import { queryRows } from '../db/client.ts';
import { bots } from '../modules/bots/bots.table.ts';
import { signUp } from '../test/accounts.ts';
import { until } from '../channels/meta/test-support/meta-test-app.ts';

const account = { email: 'demo@charla.mx', password: 'charla-demo-2026' };

describe.each(engines)('demo account on %s', (dbEngine) => {
  let t: TestApp;
  const now = new Date();
  const seed = () =>
    seedDemoAccount(
      { seedDemo: t.modules.auth.seedDemo, findByEmail: authRepository(t.database).findUserByEmail },
      account,
      { db: t.database.db, bots: t.modules.bots, training: t.modules.training, crm: t.modules.crm, appointments: t.modules.appointments, seats: t.modules.seats, affiliates: t.modules.affiliates, log: t.app.log, now },
    );

  beforeAll(async () => {
    t = await createTestApp(dbEngine, {}, offlineEngine());
  });
  afterAll(() => t?.close());

  async function counts(botId: string) {
    const db = t.database.db;
    const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]!.n);
    const count = sql<number>`count(*)::int`;
    return {
      conversations: await n(db.select({ n: count }).from(conversations).where(eq(conversations.botId, botId))),
      messages: await n(db.select({ n: count }).from(messages).where(eq(messages.botId, botId))),
      contacts: await n(db.select({ n: count }).from(contacts).where(eq(contacts.botId, botId))),
      appointments: await n(db.select({ n: count }).from(appointments).where(eq(appointments.botId, botId))),
    };
  }

  let cookie = '';
  let botId = '';

  it('creates the owner with a trained clinic, its catalog, conversations and appointments; a second run changes nothing', async () => {
    expect(await seed()).toBe(true);
    const login = await t.app.inject({ method: 'POST', url: '/client/login', payload: account });
    expect(login.statusCode).toBe(200);
    cookie = cookieHeader(login);
    const bots = (await t.app.inject({ method: 'GET', url: `/bot/${account.email}`, headers: { cookie } })).json();
    expect(bots).toHaveLength(1);
    expect(bots[0]).toMatchObject({ business_name: 'Sonrisa Plena', timezone: demoTimezone, reminders: [{ enabled: true }] });
    expect(bots[0].scheduling[0].hours.saturday).toEqual([{ start: '09:00', end: '14:00' }]);
    botId = bots[0].id;

    const documents = (await t.app.inject({ method: 'GET', url: `/api/documents/${botId}`, headers: { cookie } })).json();
    // The clinic's documents, and the answer the owner gave to an unanswered question.
    expect(documents).toHaveLength(demoDocuments.length + 1);
    expect(documents.every((d: { status: string; chunk_count: number }) => d.status === 'ready' && d.chunk_count > 0)).toBe(true);
    const products = (await t.app.inject({ method: 'GET', url: `/api/products/${botId}`, headers: { cookie } })).json();
    expect(products.total).toBe(demoProducts.length);

    const first = await counts(botId);
    const lines = demoConversations.reduce((sum, c) => sum + c.lines.length, 0);
    // The earlier customers' history: one closed conversation each, of two messages, or four for
    // about one in five who wrote again weeks later.
    const earlier = first.conversations - demoConversations.length;
    expect(earlier).toBeGreaterThan(500);
    expect(first).toMatchObject({ conversations: demoConversations.length + earlier, contacts: demoConversations.length + earlier });
    const returning = (first.messages - lines - 2 * earlier) / 2;
    expect(returning).toBeGreaterThan(earlier * 0.1);
    expect(returning).toBeLessThan(earlier * 0.3);
    const live = await t.database.db.select().from(appointments).where(and(eq(appointments.botId, botId), eq(appointments.status, 'booked')));
    expect(live).toHaveLength(demoConversations.filter((c) => c.booking).length);

    // Resumen has something on almost every day of the quarter, and customers attended.
    const summary = (await t.app.inject({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=90`, headers: { cookie } })).json() as CrmSummary;
    expect(summary.daily.filter((d) => d.conversations > 0).length).toBeGreaterThanOrEqual(85);
    expect(summary.wonStage).toBe('Atendido');
    expect(summary.totals.won).toBeGreaterThan(50);
    expect(summary.totals.appointments).toBeGreaterThan(summary.totals.won);
    expect(summary.botSolved).toBeLessThan(summary.totals.conversations);
    // Customers who came back: a month's conversations are more than its new contacts.
    const month = (await t.app.inject({ method: 'GET', url: `/api/crm/summary?botId=${botId}&days=30`, headers: { cookie } })).json() as CrmSummary;
    expect(month.totals.conversations).toBeGreaterThan(month.totals.contacts);
    const states = await t.database.db.select({ channel: conversations.channel, status: conversations.status }).from(conversations).where(eq(conversations.botId, botId));
    expect(new Set(states.map((s) => s.status))).toEqual(new Set(['bot', 'human', 'closed']));
    expect(new Set(states.map((s) => s.channel))).toEqual(new Set(['whatsapp', 'messenger', 'instagram', 'demo']));
    const stored = await t.database.db.select({ status: messages.status, author: messages.author }).from(messages).where(eq(messages.botId, botId));
    expect(stored.some((m) => m.author === 'human')).toBe(true);
    expect(stored.every((m) => ['processed', 'read', 'delivered'].includes(m.status))).toBe(true);
    const people = await t.database.db.select().from(contacts).where(eq(contacts.botId, botId));
    expect(people.filter((c) => c.email.includes('@')).length).toBeGreaterThanOrEqual(5);
    expect(people.find((c) => c.email === 'jorge.ramirez@gmail.com')).toMatchObject({ name: 'Jorge Ramírez', phone: '+523312987744' });
    // The CRM: the clinic's own fields with values, what the assistant captured, booked people in "Cita agendada".
    const fields = (await t.app.inject({ method: 'GET', url: `/api/pipeline/${botId}/fields`, headers: { cookie } })).json().fields as { id: string; name: string }[];
    expect(fields.map((f) => f.name)).toEqual(['Seguro dental', 'Próxima revisión']);
    const stages = (await t.app.inject({ method: 'GET', url: `/api/pipeline/${botId}/stages`, headers: { cookie } })).json().stages as { id: string; name: string }[];
    const patricia = people.find((c) => c.name === 'Patricia Ruiz')!;
    const shown = (await t.app.inject({ method: 'GET', url: `/api/contacts/${patricia.id}`, headers: { cookie } })).json().contact;
    expect(shown).toMatchObject({ stageId: stages.find((s) => s.name === 'Cita agendada')!.id, stageSetBy: 'bot', customFields: { [fields[0]!.id]: 'MetLife', [fields[1]!.id]: '2027-05-10' } });
    expect(shown.captured.interest).toBeTruthy();
    // Two contacts carry a note of the team, written by the owner, shown in their conversation.
    const carlos = people.find((c) => c.name === 'Carlos Méndez')!;
    const notes = (await t.app.inject({ method: 'GET', url: `/api/contacts/${carlos.id}/notes`, headers: { cookie } })).json().items as { text: string; authorName: string }[];
    expect(notes).toEqual([expect.objectContaining({ text: expect.stringContaining('factura'), authorName: expect.any(String) })]);

    // Still to come, within the next seven days, whatever day the demo is seeded on.
    expect(live.length).toBeGreaterThan(0);
    for (const a of live) {
      expect(a.startAt.getTime()).toBeGreaterThan(now.getTime());
      expect(a.startAt.getTime()).toBeLessThanOrEqual(now.getTime() + 7 * 86_400_000);
    }

    // Every appointment, past or to come, has its reminders settled: the reminder sweep has nothing to announce as a new booking.
    const unsettled = await t.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.botId, botId), sql`(${appointments.remindersSyncedAt} is distinct from ${appointments.updatedAt} or ${appointments.remindersOutdated})`));
    expect(unsettled).toEqual([]);

    expect(await seed()).toBe(false);
    expect(await counts(botId)).toEqual(first);
    const again = (await t.app.inject({ method: 'GET', url: `/api/documents/${botId}`, headers: { cookie } })).json();
    expect(again).toHaveLength(demoDocuments.length + 1);
  });

  it("shows the demo account's earlier activity: sign-ins, a settings change, a take-over and an export", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit?limit=100', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const actions = (res.json().entries as { action: string; created_at: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.sign_in', 'bot.settings_changed', 'conversation.taken_over', 'contacts.exported']));
    expect(actions.filter((a) => a === 'auth.sign_in').length).toBeGreaterThanOrEqual(3);
  });

  it('shows a paid plan: Pro monthly in pesos with a card, this month close to its message limit, two paid invoices', async () => {
    const sub = (await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json();
    expect(sub).toMatchObject({
      plan: 'Pro',
      status: 'active',
      interval: 'month',
      currency: 'mxn',
      paymentMethod: { brand: 'visa', last4: '4242' },
      usage: { messages: { used: demoMessagesUsed, limit: 15_000 }, bots: { used: 1, limit: 10 } },
    });
    expect(Date.parse(sub.currentPeriodEnd)).toBeGreaterThan(now.getTime());
    const { invoices } = (await t.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie } })).json();
    expect(invoices.map((i: { status: string; amount: number; currency: string }) => [i.status, i.amount, i.currency])).toEqual([
      ['paid', 179_900, 'mxn'],
      ['paid', 179_900, 'mxn'],
    ]);
    expect(Date.parse(invoices[0].createdAt)).toBeGreaterThan(Date.parse(invoices[1].createdAt));
    expect(Date.parse(invoices[1].createdAt)).toBeGreaterThan(now.getTime() - 62 * 24 * 3600_000);
  });

  it('is an affiliate with referrals on two levels, their commissions and one paid payout', async () => {
    const userId = (await authRepository(t.database).findUserByEmail(account.email))!.id;
    const profile = (await t.app.inject({ method: 'GET', url: `/api/affiliate/${userId}`, headers: { cookie } })).json();
    expect(profile).toMatchObject({ status: 'active', paypalEmail: 'p•••@sonrisaplena.mx' });
    expect(profile.figures.signups).toBe(3);
    expect(profile.figures.payingAccounts).toBe(3);
    expect(profile.figures.paid).toEqual([{ currency: 'mxn', amount: expect.any(Number) }]);
    expect(profile.figures.earningsThisMonth[0].amount).toBeGreaterThan(0);
    const { referrals } = (await t.app.inject({ method: 'GET', url: `/api/affiliates/referrals/${userId}`, headers: { cookie } })).json();
    expect(referrals.map((r: { email: string; level: number }) => [r.level, r.email]).sort()).toEqual([
      [1, 'h•••@esteticaluna.mx'],
      [1, 'p•••@consultoriodelvalle.mx'],
      [2, 'c•••@ortodonciaroma.mx'],
    ]);
    const { payments } = (await t.app.inject({ method: 'GET', url: `/api/affiliates/payments?userId=${userId}`, headers: { cookie } })).json();
    expect(payments.filter((p: { status: string }) => p.status === 'paid')).toEqual([expect.objectContaining({ currency: 'mxn', reference: 'SPEI 0284 7719' })]);
    expect(payments.filter((p: { status: string }) => p.status === 'pending')).toEqual([expect.objectContaining({ currency: 'mxn', reference: null })]);
    expect(profile.figures.pending).toEqual([{ currency: 'mxn', amount: payments.find((p: { status: string }) => p.status === 'pending').amount }]);
  });

  it('shows questions its customers asked that the assistant could not answer, grouped, and one the owner answered', async () => {
    const open = (await t.app.inject({ method: 'GET', url: `/api/knowledge-gaps?botId=${botId}`, headers: { cookie } })).json().items;
    expect(open.map((g: { question: string; count: number; examples: string[] }) => [g.question, g.count, g.examples.length])).toEqual([
      ['¿Tienen consultorio con rampa o elevador para silla de ruedas?', 4, 4],
      ['¿Aceptan American Express a meses sin intereses?', 3, 3],
      ['¿Hacen tratamientos con sedación? Me da mucho miedo el dentista', 2, 2],
    ]);
    const answered = (await t.app.inject({ method: 'GET', url: `/api/knowledge-gaps?botId=${botId}&status=answered`, headers: { cookie } })).json().items;
    expect(answered).toEqual([expect.objectContaining({ question: '¿Tienen wifi en la sala de espera?', status: 'answered', answer: demoKnowledgeGaps[3]!.answer })]);
    // The open ones are really not in the clinic's knowledge: the assistant's search finds no passage about them.
    for (const gap of demoKnowledgeGaps.filter((g) => !g.answer)) {
      const words = ['sedaci', 'american express', 'silla de ruedas'];
      const found = await t.modules.search(botId, 'es', gap.asked[0]!.text, 3);
      expect(found.some((p) => words.some((w) => p.text.toLowerCase().includes(w))), gap.asked[0]!.text).toBe(false);
    }
  });

  it('the playground answers a price question from the demo knowledge', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/playground/${botId}/messages`,
      headers: { cookie },
      payload: { text: '¿Cuánto cuesta la limpieza dental?', client_message_id: randomUUID() },
    });
    expect(sent.statusCode).toBe(202);
    const end = Date.now() + 15_000;
    let replies: string[] = [];
    while (!replies.some((r) => r.includes('650')) && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 50));
      const c = (await t.app.inject({ method: 'GET', url: `/api/playground/${botId}`, headers: { cookie } })).json();
      replies = c.messages.filter((m: { direction: string }) => m.direction === 'out').map((m: { text: string }) => m.text);
    }
    // The welcome message, then the price from the trained document.
    expect(replies.join('\n')).toMatch(/limpieza[^\n]*\$650/i);
  });

  it("keeps the clinic's ten saved tests of the assistant, and they pass on its knowledge", async () => {
    const api = (opts: InjectOptions) => t.app.inject({ ...opts, headers: { cookie } });
    const { items } = (await api({ method: 'GET', url: `/api/bot-tests?botId=${botId}` })).json();
    expect(items.map((i: { question: string }) => i.question)).toEqual(demoBotTests.map((d) => d.question));
    const run = (await api({ method: 'POST', url: '/api/bot-tests/run', payload: { botId } })).json();
    const failed = run.results.filter((r: { passed: boolean }) => !r.passed).map((r: { id: string; reply: string }) => `${items.find((i: { id: string }) => i.id === r.id).question} → ${r.reply}`);
    expect(failed).toEqual([]);
    expect(run).toMatchObject({ passed: 10, failed: 0 });
  });

  it('holds a finished campaign with a few failures and replies, and a scheduled one', async () => {
    const rows = await t.database.db.execute(sql`select c.status, count(r.*)::int as total, count(r.*) filter (where r.status = 'failed')::int as failed,
        count(r.*) filter (where r.reason is not null)::int as with_reason, count(r.replied_at)::int as replied
      from campaigns c join campaign_recipients r on r.campaign_id = c.id where c.bot_id = ${botId} group by c.id, c.status order by c.status`);
    const list = (rows as unknown as { rows: { status: string; total: number; failed: number; with_reason: number; replied: number }[] }).rows;
    expect(list.map((r) => r.status)).toEqual(['completed', 'scheduled']);
    const [done, scheduled] = list;
    expect(done!.failed).toBeGreaterThanOrEqual(2);
    expect(done!.with_reason).toBe(done!.failed);
    expect(done!.replied).toBeGreaterThanOrEqual(2);
    expect(scheduled).toMatchObject({ failed: 0, replied: 0, total: done!.total });
  });

  it('places a booked weekday on its next occurrence in the time zone of the bot', () => {
    // Wednesday 25 November 2026, 12:00 in Guadalajara.
    const wednesday = new Date('2026-11-25T18:00:00Z');
    expect(nextWeekdayAt(wednesday, demoTimezone, 1, '10:00').toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(nextWeekdayAt(wednesday, demoTimezone, 3, '16:00').toISOString()).toBe('2026-11-25T22:00:00.000Z');
    expect(nextWeekdayAt(wednesday, demoTimezone, 3, '10:00').toISOString()).toBe('2026-12-02T16:00:00.000Z');
    // Late on Saturday night in Guadalajara (already Sunday in UTC): Saturday's 11:00 is next week's.
    expect(localParts(nextWeekdayAt(new Date('2026-11-29T05:00:00Z'), demoTimezone, 6, '11:00'), demoTimezone)).toMatchObject({ day: 5, hour: 11 });
    // On Sunday, Monday is tomorrow.
    expect(localParts(nextWeekdayAt(new Date('2026-11-29T18:00:00Z'), demoTimezone, 1, '10:00'), demoTimezone)).toMatchObject({ day: 30, hour: 10 });
  });

  it('gives the demo account its team: an admin and an agent of the clinic, who sign in with the README passwords', async () => {
    await seed();
    const owner = await authRepository(t.database).findUserByEmail(account.email);
    const seats = await t.modules.seats.list(owner!, owner!.id);
    expect(seats.map((s) => [s.email, s.role, s.status, s.botIds.length])).toEqual(demoTeam.map((m) => [m.email, m.role, 'active', m.role === 'agent' ? 1 : 0]));
    for (const member of demoTeam) {
      const res = await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: member.email, password: member.password } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('has two conversations on the demonstration channel, where a reply from the inbox goes out and a simulated customer gets the bot’s answer', async () => {
    const api = (opts: InjectOptions) => t.app.inject({ ...opts, headers: { ...opts.headers, cookie } });
    const listed = (await api({ method: 'GET', url: `/api/conversations?botId=${botId}&channel=demo` })).json() as { items: { id: string; status: string; contact: { id: string; name: string } }[] };
    expect(listed.items.map((i) => [i.contact.name, i.status])).toEqual([
      ['Daniela Vega', 'bot'],
      ['Emilio Navarro', 'human'],
    ]);
    const [daniela, emilio] = listed.items as [(typeof listed.items)[number], (typeof listed.items)[number]];
    const reply = await api({ method: 'POST', url: `/api/conversations/${emilio.id}/messages`, payload: { text: 'Hola Emilio, te esperamos hoy a las 17:00.', client_message_id: randomUUID() } });
    expect(reply.statusCode, reply.body).toBe(202);
    const sent = reply.json().message.id as string;
    const page = await until(
      async () => (await api({ method: 'GET', url: `/api/conversations/${emilio.id}/messages` })).json() as { items: { id: string; status: string }[] },
      (p) => p.items.some((m) => m.id === sent && ['delivered', 'read', 'failed'].includes(m.status)),
      20_000,
    );
    expect(page.items.find((m) => m.id === sent)!.status).toBe('delivered');

    const asked = await api({ method: 'POST', url: `/api/demo-channel/${botId}/messages`, payload: { contact_id: daniela.contact.id, text: '¿Dónde están ubicados?', client_message_id: randomUUID() } });
    expect(asked.statusCode, asked.body).toBe(202);
    const chat = await until(
      async () => (await api({ method: 'GET', url: `/api/demo-channel/${botId}/customers/${daniela.contact.id}` })).json() as { messages: { author: string; status: string; text: string }[] },
      (c) => c.messages.filter((m) => m.author === 'bot').length === 2 && c.messages.at(-1)!.status !== 'queued',
      30_000,
    );
    expect(chat.messages.at(-1)).toMatchObject({ author: 'bot', text: expect.stringContaining('Chapultepec') });
    expect(['sent', 'delivered']).toContain(chat.messages.at(-1)!.status);
  });
});

/**
 * The demo on fixed clocks, each a new owner of the same app: whatever the day, its rows agree with
 * the clinic's settings as stored and with one another.
 */
describe.each(engines)('the demo clinic never contradicts itself, on %s', (dbEngine) => {
  let t: TestApp;
  beforeAll(async () => {
    // The seeded world is judged at its own clock, days or months from today's: the app's jobs, which
    // run on today's clock, stay off (a campaign scheduled six days after a past clock is due today).
    t = await createTestApp(dbEngine, { ROLE: 'api' }, offlineEngine());
  });
  afterAll(() => t?.close());

  const clocks = [
    ['a Wednesday at noon', '2026-11-25T18:00:00Z'],
    ['a Friday morning before its bookings', '2026-11-27T15:30:00Z'],
    ['a Saturday evening, already Sunday in UTC', '2026-11-29T02:30:00Z'],
    ['a Sunday', '2026-11-29T18:00:00Z'],
    ['a Monday just after midnight', '2027-03-01T06:10:00Z'],
    ['a Wednesday, by a clinic whose conversations go back to the bot after 30 minutes', '2026-11-25T18:00:00Z', 30],
  ] as const;
  const dayNames: Record<string, number> = { lunes: 1, martes: 2, miércoles: 3, jueves: 4, viernes: 5, sábado: 6, domingo: 7 };
  const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

  it.each(clocks)('on %s', async (_, iso, idleMinutes?: number) => {
    const now = new Date(iso);
    const account = await signUp(t);
    const owner = (await authRepository(t.database).findUserByEmail(account.email))!;
    const kept = demoHandoff.idleMinutes;
    demoHandoff.idleMinutes = idleMinutes ?? kept;
    const { botId } = await seedDemoData(owner, { db: t.database.db, bots: t.modules.bots, training: t.modules.training, crm: t.modules.crm, log: t.app.log, now }).finally(() => {
      demoHandoff.idleMinutes = kept;
    });
    const db = t.database.db;
    const [clinic] = await db.select().from(bots).where(eq(bots.id, botId));
    const schedule = clinic!.scheduling[0]!;
    const tz = clinic!.timezone;
    const length = schedule.appointment_minutes * 60_000;

    // Every appointment inside the opening hours of its local day (none on Sunday, none past 14:00
    // on Saturday), as long as the clinic's appointments, and never two at once.
    const booked = await db.select().from(appointments).where(eq(appointments.botId, botId)).orderBy(appointments.startAt);
    expect(booked.length).toBeGreaterThan(100);
    for (const [i, a] of booked.entries()) {
      const local = localParts(a.startAt, tz);
      const day = weekdays[(local.weekday + 6) % 7]!;
      const from = local.hour * 60 + local.minute;
      const where = `${a.startAt.toISOString()} (${day} ${local.hour}:${local.minute})`;
      expect(schedule.hours[day].some((r) => from >= minutesOf(r.start) && from + schedule.appointment_minutes <= minutesOf(r.end)), where).toBe(true);
      expect(day, where).not.toBe('sunday');
      if (day === 'saturday') expect(from + schedule.appointment_minutes, where).toBeLessThanOrEqual(14 * 60);
      expect(a.endAt.getTime() - a.startAt.getTime(), where).toBe(length);
      if (i > 0) expect(a.startAt.getTime(), where).toBeGreaterThanOrEqual(booked[i - 1]!.endAt.getTime());
      // Over ones are done with; the live ones are still to come.
      if (a.status === 'booked') expect(a.startAt.getTime()).toBeGreaterThan(now.getTime());
      else expect(a.endAt.getTime(), where).toBeLessThanOrEqual(now.getTime());
    }

    // A booking the bot confirmed for "el viernes a las 10:00" is on that weekday at that time.
    for (const c of demoConversations.filter((d) => d.booking)) {
      const line = c.lines.findLast((l) => l.from === 'bot')!.text;
      const named = Object.entries(dayNames).find(([name]) => new RegExp(`(?<!\\p{L})${name}(?!\\p{L})`, 'u').test(line.toLowerCase()));
      expect(named?.[1], line).toBe(c.booking!.weekday);
      expect(line).toContain(c.booking!.time);
      const [contact] = await db.select().from(contacts).where(and(eq(contacts.botId, botId), eq(contacts.name, c.name)));
      const [a] = booked.filter((b) => b.contactId === contact!.id && b.status === 'booked');
      const local = localParts(a!.startAt, tz);
      expect([local.weekday === 0 ? 7 : local.weekday, `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`], c.key).toEqual([c.booking!.weekday, c.booking!.time]);
    }

    // "Primer contacto" is the contact's first message and "Último contacto" its last; the first never after the last.
    const people = await queryRows<{ id: string; name: string; first: Date | string; last: Date | string | null; first_message: Date | string; last_message: Date | string }>(
      db,
      sql`select c.id, c.name, c.created_at as first,
            (select max(v.last_message_at) from conversations v where v.contact_id = c.id) as last,
            (select min(m.created_at) from messages m join conversations v on v.id = m.conversation_id where v.contact_id = c.id) as first_message,
            (select max(m.created_at) from messages m join conversations v on v.id = m.conversation_id where v.contact_id = c.id) as last_message
          from contacts c where c.bot_id = ${botId}`,
    );
    const ms = (d: Date | string | null) => (d === null ? NaN : new Date(d).getTime());
    for (const p of people) {
      expect(ms(p.first), p.name).toBeLessThanOrEqual(ms(p.last));
      expect(ms(p.first), p.name).toBe(ms(p.first_message));
      expect(ms(p.last), p.name).toBe(ms(p.last_message));
      expect(ms(p.last), p.name).toBeLessThanOrEqual(now.getTime());
    }
    const cookie = cookieHeader(await t.app.inject({ method: 'POST', url: '/client/login', payload: { email: account.email, password: account.password } }));
    const listed = (await t.app.inject({ method: 'GET', url: `/api/contacts?botId=${botId}&limit=100`, headers: { cookie } })).json().items as { name: string; firstContactAt: string; lastContactAt: string | null }[];
    expect(listed).toHaveLength(100);
    for (const c of listed) expect(Date.parse(c.firstContactAt), c.name).toBeLessThanOrEqual(Date.parse(c.lastContactAt!));

    // Hand-off: on, as the clinic's instructions send urgent cases to a person; a conversation still
    // with a person was handed off within the idle time (or the clinic keeps them until given back).
    expect(clinic!.aboutBot).toMatch(/pasa a una persona/);
    expect(clinic!.redirectionEnabled).toBe(true);
    expect(clinic!.handoffIdleMinutes).toBe(idleMinutes ?? demoHandoff.idleMinutes);
    const handedOff = await db.select().from(conversations).where(and(eq(conversations.botId, botId), isNotNull(conversations.humanAt), ne(conversations.status, 'closed')));
    const withPerson = handedOff.filter((c) => c.status === 'human');
    expect(handedOff.length).toBeGreaterThanOrEqual(3);
    for (const c of handedOff) {
      expect(c.humanAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      const idle = clinic!.handoffIdleMinutes * 60_000;
      if (!idle) expect(c.status).toBe('human');
      else if (c.status === 'human') expect(now.getTime() - c.humanAt!.getTime()).toBeLessThan(idle);
      else {
        // Given back by the idle rule: the bot told the customer when it took the conversation again.
        const said = await db.select().from(messages).where(eq(messages.conversationId, c.id)).orderBy(messages.createdAt);
        expect(said.at(-1)).toMatchObject({ author: 'bot', text: expect.stringContaining('Gracias por esperar'), createdAt: new Date(c.humanAt!.getTime() + idle) });
      }
    }
    // What the inbox's panel promises ("Si nadie responde en … min") is the clinic's setting.
    for (const c of withPerson) {
      const shown = (await t.app.inject({ method: 'GET', url: `/api/conversations/${c.id}`, headers: { cookie } })).json();
      expect(shown, JSON.stringify(shown).slice(0, 200)).toMatchObject({ status: 'human', idleMinutes: clinic!.handoffIdleMinutes });
    }
  }, 120_000);
});
