import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { as, createBot, signUp, type Account } from '../../test/accounts.ts';
import { offlineEngine } from '../../engine/offline/offline-engine.ts';
import { llmEngine } from '../../engine/llm/llm-engine.ts';
import { answer, callTools, fakeChatServer, type ChatRequest, type FakeChatServer } from '../../engine/llm/test-support.ts';
import type { Engine } from '../../engine/types.ts';
import { botMessages, metaTestApp, until, waTextPayload, postWebhook, whatsappBot, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { contacts, conversations, messages } from '../conversations/conversations.table.ts';
import { appointmentsRepository } from './appointments.repository.ts';
import { appointments } from './appointments.table.ts';
import { reminders, type ReminderJob } from './reminders.ts';

// A week of March 2030 in Mexico City (UTC-6), open Monday to Friday 09:00–18:00.
const local = (day: string, time: string) => new Date(`2030-03-${day}T${time}:00-06:00`);

/** The customer's playground conversation with the bot, opened with one message at `at`. */
async function openConversation(t: TestApp, botId: string, at: Date) {
  const stored = await t.modules.pipeline.receive({ botId, channel: 'playground', contactExternalId: `customer:${randomUUID()}`, contactName: 'Lucía Gómez', externalId: randomUUID(), text: 'Hola', at, answer: false });
  if (stored === 'duplicate') throw new Error('duplicate');
  await t.database.db.update(contacts).set({ name: 'Lucía Gómez' }).where(eq(contacts.id, stored.conversation.contactId));
  return stored.conversation;
}

const remindersOf = (t: TestApp, conversationId: string) =>
  t.database.db.select().from(messages).where(and(eq(messages.conversationId, conversationId), like(messages.idempotencyKey, 'reminder:%')));

/** An owner's bot and a reminder worker whose clock the test moves. */
async function reminderSetup(t: TestApp) {
  const owner = await signUp(t);
  const botId = await createBot(t, owner);
  const clock = { now: new Date() };
  const worker = reminders({
    repo: appointmentsRepository(t.database.db),
    findBot: t.modules.bots.find,
    jobs: t.app.jobs,
    queueSend: t.modules.pipeline.queueSend,
    log: t.app.log,
    now: () => clock.now,
  });
  const book = async (contactId: string, start: Date) => {
    const res = await as(t, owner)({ method: 'POST', url: '/api/appointments', payload: { botId, contactId, start: start.toISOString() } });
    expect(res.statusCode).toBe(201);
    return res.json().appointment as { id: string; start: string };
  };
  return { owner, botId, clock, worker, book };
}

const jobOf = (a: { id: string; start: string }, minutesBefore = 1440): ReminderJob => ({ appointmentId: a.id, minutesBefore, startAt: a.start });

describe.each(engines)('appointment reminders on %s', (engine) => {
  let t: TestApp;
  let owner: Account;
  let botId: string;
  /** The reminder worker with the clock moved. */
  let clock: { now: Date };
  let worker: ReturnType<typeof reminders>;
  let book: Awaited<ReturnType<typeof reminderSetup>>['book'];

  beforeAll(async () => {
    t = await createTestApp(engine, {}, offlineEngine());
    ({ owner, botId, clock, worker, book } = await reminderSetup(t));
  });
  afterAll(() => t?.close());

  it('sends one reminder when the worker dies after storing it and the job is retried; none when past, moved or cancelled', async () => {
    const conversation = await openConversation(t, botId, local('04', '09:00'));
    const a = await book(conversation.contactId, local('05', '10:00'));
    clock.now = local('04', '10:00'); // The default reminder: the day before.

    await expect(worker.deliver(jobOf(a), { afterStore: () => { throw new Error('killed mid-send'); } })).rejects.toThrow('killed');
    expect(await remindersOf(t, conversation.id)).toHaveLength(1);
    // The retried job and a duplicate running at the same time: each finds the one stored message,
    // still queued or already sent by the time it looks.
    for (const status of await Promise.all([worker.deliver(jobOf(a)), worker.deliver(jobOf(a))])) expect(['queued', 'sent']).toContain(status);
    const sent = await until(() => remindersOf(t, conversation.id), (rows) => rows.every((r) => r.status === 'sent'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toBe('Hola Lucía, te recordamos tu cita el martes 5 de marzo a las 10:00 a. m. Si necesitas cambiarla, respóndenos por aquí.');
    expect(await worker.deliver(jobOf(a))).toBe('sent');
    expect(await remindersOf(t, conversation.id)).toHaveLength(1);

    clock.now = local('05', '10:01');
    const late = await book(conversation.contactId, local('06', '10:00'));
    clock.now = local('06', '10:00');
    expect(await worker.deliver(jobOf(late))).toBe('past');
    clock.now = local('04', '10:00');
    const moved = await book(conversation.contactId, local('07', '10:00'));
    await as(t, owner)({ method: 'PATCH', url: `/api/appointments/${moved.id}`, payload: { start: local('07', '12:00').toISOString() } });
    expect(await worker.deliver(jobOf(moved))).toBe('moved');
    expect((await as(t, owner)({ method: 'DELETE', url: `/api/appointments/${moved.id}` })).json().customerNotified).toBe(true);
    expect(await worker.deliver(jobOf({ id: moved.id, start: local('07', '12:00').toISOString() }))).toBe('inactive');
    // The owner's move and cancellation reach the customer's conversation.
    const notices = await until(
      () => t.database.db.select().from(messages).where(and(eq(messages.conversationId, conversation.id), like(messages.idempotencyKey, `notice:${moved.id}:%`))),
      (rows) => rows.length === 2 && rows.every((r) => r.status === 'sent'),
    );
    expect(notices.map((n) => n.text).sort()).toEqual([
      'Tu cita del jueves 7 de marzo a las 10:00 a. m. se cambió para el jueves 7 de marzo a las 12:00 p. m. Si ese horario no te acomoda, respóndenos por aquí.',
      'Tu cita del jueves 7 de marzo a las 12:00 p. m. fue cancelada. Si quieres agendar otra fecha, respóndenos por aquí.',
    ]);
    // The cancellation undone: the customer hears that the appointment stands.
    const restored = await as(t, owner)({ method: 'PATCH', url: `/api/appointments/${moved.id}`, payload: { status: 'booked' } });
    expect(restored.json()).toMatchObject({ appointment: { status: 'booked' }, customerNotified: true });
    const again = await until(
      () => t.database.db.select().from(messages).where(and(eq(messages.conversationId, conversation.id), like(messages.idempotencyKey, `notice:${moved.id}:restored:%`))),
      (rows) => rows.length === 1,
    );
    expect(again[0]!.text).toBe('Tu cita del jueves 7 de marzo a las 12:00 p. m. sigue en pie. Disculpa la confusión; te esperamos.');
    expect(await remindersOf(t, conversation.id)).toHaveLength(1);
  });
});

/** What a language model answers a customer who got a reminder, using the appointment the system prompt names. */
function modelAnswersReminders(request: ChatRequest) {
  const last = request.messages.at(-1)!;
  const system = String(request.messages[0]?.content ?? '');
  const id = /# Recordatorio enviado\n.*\bid ([0-9a-f-]{36})\)/.exec(system)?.[1];
  const said = String([...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '');
  if (last.role === 'tool') {
    const tool = request.messages.findLast((m) => m.tool_calls)?.tool_calls?.[0]?.function.name;
    if (tool === 'confirm_appointment') return answer('¡Gracias! Su cita quedó confirmada; le esperamos.');
    if (tool === 'cancel_appointment') return answer('Listo, su cita quedó cancelada. Si desea otra fecha, con gusto le ayudo.');
    if (tool === 'check_availability') return answer('El viernes 8 de marzo a las 11:00 a. m. está libre. ¿Le confirmo el cambio?');
    return answer('Listo, su cita quedó para el viernes 8 de marzo a las 11:00 a. m.');
  }
  if (!id) return answer('¿En qué le puedo ayudar?');
  if (/confirmo/i.test(said)) return callTools({ name: 'confirm_appointment', args: { appointment_id: id } });
  if (/no puedo/i.test(said)) return callTools({ name: 'cancel_appointment', args: { appointment_id: id } });
  if (/viernes/i.test(said)) return callTools({ name: 'check_availability', args: { date: '2030-03-08', time: '11:00' } });
  return callTools({ name: 'reschedule_appointment', args: { appointment_id: id, new_start: '2030-03-08T11:00' } });
}

const answerCases = engines.flatMap((db) => (['offline', 'language model'] as const).map((kind) => [db, kind] as const));

describe.each(answerCases)('the answer to a reminder on %s with the %s engine', (engine, kind) => {
  let t: TestApp;
  let botId: string;
  let clock: { now: Date };
  let worker: ReturnType<typeof reminders>;
  let book: Awaited<ReturnType<typeof reminderSetup>>['book'];
  let model: FakeChatServer | undefined;
  let conversationEngine: Engine;

  beforeAll(async () => {
    if (kind === 'language model') {
      model = await fakeChatServer((request) => modelAnswersReminders(request));
      conversationEngine = llmEngine({ baseURL: model.baseURL, model: 'test-model', fallback: offlineEngine() });
    } else conversationEngine = offlineEngine();
    t = await createTestApp(engine, {}, conversationEngine);
    ({ botId, clock, worker, book } = await reminderSetup(t));
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it('the answer to a reminder confirms, cancels or moves the appointment through the engine, and the owner sees it', async () => {
    const toRoom = vi.spyOn(t.app.realtime, 'toRoom');
    let minute = 0;
    const say = async (conversation: { contactId: string; id: string }, externalId: string, text: string) => {
      const before = (await t.database.db.select().from(messages).where(eq(messages.conversationId, conversation.id))).length;
      const at = new Date(clock.now.getTime() + ++minute * 60_000);
      await t.modules.pipeline.receive({ botId, channel: 'playground', contactExternalId: externalId, externalId: randomUUID(), text, at });
      const rows = await until(
        () => t.database.db.select().from(messages).where(eq(messages.conversationId, conversation.id)),
        (r) => r.length >= before + 2 && r.every((m) => m.status !== 'received' && m.status !== 'queued'),
        20_000,
      );
      return rows.filter((m) => m.direction === 'out').sort((x, y) => x.createdAt.getTime() - y.createdAt.getTime()).at(-1)!.text;
    };
    const statusOf = async (id: string) => (await t.database.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

    const scenario = async (start: Date) => {
      const externalId = `customer:${randomUUID()}`;
      const stored = await t.modules.pipeline.receive({ botId, channel: 'playground', contactExternalId: externalId, contactName: 'Lucía', externalId: randomUUID(), text: 'Hola', at: local('04', '09:00'), answer: false });
      if (stored === 'duplicate') throw new Error('duplicate');
      const conversation = stored.conversation;
      await t.database.db.update(contacts).set({ name: 'Lucía Gómez' }).where(eq(contacts.id, conversation.contactId));
      const a = await book(conversation.contactId, start);
      clock.now = new Date(start.getTime() - 1440 * 60_000 + 60_000);
      expect(await worker.deliver(jobOf(a))).toBe('queued');
      return { conversation, a, externalId };
    };

    const yes = await scenario(local('05', '13:00'));
    const confirmed = await say(yes.conversation, yes.externalId, 'Confirmo');
    expect(confirmed).toMatch(/confirmada/);
    expect((await statusOf(yes.a.id)).status).toBe('confirmed');
    // The owner's calendar follows once the replies are on their way.
    await vi.waitFor(() => expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'appointmentChanged', expect.objectContaining({ change: 'updated', by: 'bot', appointment: expect.objectContaining({ id: yes.a.id, status: 'confirmed' }) })));

    const no = await scenario(local('05', '14:00'));
    expect(await say(no.conversation, no.externalId, 'No puedo')).toMatch(/cancel/);
    expect((await statusOf(no.a.id)).status).toBe('cancelled');
    // The owner's calendar follows once the replies are on their way.
    await vi.waitFor(() => expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'appointmentChanged', expect.objectContaining({ change: 'cancelled', by: 'bot', appointment: expect.objectContaining({ id: no.a.id }) })));

    const move = await scenario(local('05', '15:00'));
    await say(move.conversation, move.externalId, '¿Puedo cambiarla al viernes a las 11?');
    await say(move.conversation, move.externalId, 'Sí');
    const movedRow = await statusOf(move.a.id);
    expect(movedRow.startAt.toISOString()).toBe(local('08', '11:00').toISOString());
    // The owner's calendar follows once the replies are on their way.
    await vi.waitFor(() => expect(toRoom).toHaveBeenCalledWith(`bot:${botId}`, 'appointmentChanged', expect.objectContaining({ by: 'bot', appointment: expect.objectContaining({ id: move.a.id, start: local('08', '11:00').toISOString() }) })));
    // Its reminder moved with it.
    const job = await t.app.jobs.boss.getJobById('appointment.reminder', (await statusOf(move.a.id)).reminderJobs[0]!);
    expect(job?.data).toMatchObject({ startAt: local('08', '11:00').toISOString() });
    toRoom.mockRestore();
  });
  it('was answered by the engine itself, not a fallback', () => {
    if (!model) return;
    expect(model.requests.length).toBeGreaterThanOrEqual(8);
    expect(conversationEngine.status?.()).toMatchObject({ state: 'ok', failures: 0 });
  });
});

describe.each(engines)('a reminder on WhatsApp Cloud outside the 24-hour window on %s', (engine) => {
  let m: MetaTestApp;
  beforeAll(async () => {
    m = await metaTestApp(engine, { META_TIMEOUT_MS: '4000' });
  });
  afterAll(() => m?.close());

  it('goes out once through the template chosen in Canales, at its time', async () => {
    const bot = await whatsappBot(m.t);
    const from = `521${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}`;
    // The customer wrote two days ago.
    expect((await postWebhook(m.t, waTextPayload(bot.phoneNumberId, from, 'Hola', { at: new Date(Date.now() - 2 * 86_400_000), name: 'Lucía Gómez' }))).statusCode).toBe(200);
    const [conversation] = await until(() => m.t.database.db.select().from(conversations).where(eq(conversations.botId, bot.botId)), (r) => r.length === 1);
    await m.t.database.db.update(contacts).set({ name: 'Lucía Gómez' }).where(eq(contacts.id, conversation!.contactId));
    expect((await bot.api({ method: 'PUT', url: `/api/channels/${bot.botId}/whatsapp-template`, payload: { name: 'seguimiento_cliente', language: 'es_MX', with_text: true } })).statusCode).toBe(200);
    const message = 'Hola {nombre}, te esperamos el {fecha} a las {hora}.';
    expect((await bot.api({ method: 'PATCH', url: `/bot/${bot.botId}/reminders`, payload: { enabled: true, minutes_before: 5, message } })).statusCode).toBe(200);
    m.graph.reset();

    // Due two seconds from now: the scheduled job runs it.
    const start = new Date(Date.now() + 5 * 60_000 + 2_000);
    const res = await bot.api({ method: 'POST', url: '/api/appointments', payload: { botId: bot.botId, contactId: conversation!.contactId, start: start.toISOString(), force: true } });
    expect(res.statusCode).toBe(201);
    const rows = await until(() => botMessages(m.t, bot.botId), (r) => r.some((x) => x.idempotencyKey?.startsWith('reminder:') && x.status === 'sent'), 20_000);
    const sends = m.graph.sends(bot.phoneNumberId);
    expect(sends).toHaveLength(1);
    const body = sends[0]!.body as { type: string; template: { name: string; components: { parameters: { text: string }[] }[] } };
    expect(body.type).toBe('template');
    expect(body.template.name).toBe('seguimiento_cliente');
    const reminder = rows.find((x) => x.idempotencyKey?.startsWith('reminder:'))!;
    expect(body.template.components[0]!.parameters[0]!.text).toBe(reminder.text);
    expect(reminder.text).toMatch(/^Hola Lucía, te esperamos el \S+ \d+ de \S+ a las \d+:\d\d [ap]\. m\.$/);

    // The job retried (a worker that died after the send): nothing goes out twice.
    const job: ReminderJob = { appointmentId: res.json().appointment.id, minutesBefore: 5, startAt: start.toISOString() };
    expect(await m.t.modules.appointments.deliverReminder(job)).toBe('sent');
    await new Promise((r) => setTimeout(r, 1500));
    expect(m.graph.sends(bot.phoneNumberId)).toHaveLength(1);
  });
});
