import { tool, type ToolSet } from 'ai';
import { z } from 'zod';
import type { Passage } from '../ports.ts';
import { formatWhen } from '@charla/shared/dates';
import { searchWithRelated } from '../offline/knowledge-answer.ts';
import type { ContactAppointment, EngineAction, EngineContext, ReplyChoices } from '../types.ts';
import { localDate, readLocalWhen, startOfLocalDay, toLocalIso } from './local-time.ts';

/** What the tools gather during one turn; the engine turns it into the result. */
export interface Turn {
  actions: EngineAction[];
  /** Passages shown to the model, by chunk id, in the order first seen. */
  sources: Map<number, Passage>;
  handoff: boolean;
  /** The last slot offered to the customer and not booked yet. */
  pendingSlot?: Date;
  /** Options to tap offered with the reply. */
  choices?: ReplyChoices;
}

export const newTurn = (pendingSlot?: Date): Turn => ({ actions: [], sources: new Map(), handoff: false, ...(pendingSlot && { pendingSlot }) });

const PASSAGES = 5;
const PASSAGE_CHARS = 1500;
const FREE_SLOTS_LISTED = 4;
/** Most options one reply offers to tap (a WhatsApp list holds ten rows). */
const CHOICES_MAX = 10;
const MINUTE = 60_000;

/** An optional tool argument (null from a model is removed before validation, see repairToolInput). */
const optionalText = (description: string) => z.string().max(500).optional().describe(description);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The tools the model may call. Reads go to `context.tools`; every effect (booking, contact
 * update, hand-off) is only recorded in `turn` for the pipeline to apply.
 */
export function buildTools(context: EngineContext, turn: Turn): ToolSet {
  const { bot, tools, now } = context;
  const tz = bot.timezone;
  const locale = bot.language === 'en' ? 'en' : 'es';
  const slot = (start: Date) => ({ start: toLocalIso(start, tz), when: formatWhen(start, tz, locale) });
  const appointmentMs = Math.max(1, bot.appointmentMinutes) * MINUTE;

  const show = (passages: Passage[]) => {
    for (const p of passages) if (!turn.sources.has(p.chunkId)) turn.sources.set(p.chunkId, p);
    if (passages.length === 0) {
      return { results: [], note: 'No results. Do not answer from memory: say you do not have that information and offer to connect them with our team.' };
    }
    return {
      results: passages.map((p) => ({
        ...(p.heading && { title: p.heading }),
        text: p.text.length > PASSAGE_CHARS ? `${p.text.slice(0, PASSAGE_CHARS)}…` : p.text,
        ...(p.productId && { kind: 'product' }),
      })),
    };
  };

  /** Why a start cannot be booked, with the next free one when there is one. */
  const unavailable = async (start: Date, status: 'closed' | 'taken' | 'past') => {
    const alternative = await tools.nextFree(status === 'past' || start < now ? now : start);
    if (alternative) turn.pendingSlot = alternative;
    return {
      available: false,
      reason: { closed: 'outside opening hours', taken: 'already taken', past: 'already in the past' }[status],
      requested: slot(start),
      alternative: alternative ? slot(alternative) : null,
    };
  };

  const resolveAppointment = async (id: string | null | undefined) => {
    const upcoming = await tools.upcomingAppointments();
    if (id) {
      const found = upcoming.find((a) => a.id === id);
      return found ?? { error: 'No upcoming appointment of this customer has that id. Use my_appointments.' };
    }
    if (upcoming.length === 1) return upcoming[0]!;
    return {
      error: upcoming.length === 0 ? 'This customer has no upcoming appointments.' : 'Several appointments: ask which one and pass its id.',
    };
  };
  const isAppointment = (a: ContactAppointment | { error: string }): a is ContactAppointment => !('error' in a);

  return {
    search_knowledge: tool({
      description:
        "Searches the business's knowledge (documents, FAQs, policies, services, hours, location, prices). Call it before answering any question about the business.",
      inputSchema: z.object({ query: z.string().min(1).max(500).describe('What to look for, in the words of the customer.') }),
      // Searched as the offline engine does: again with the words a business may use instead.
      execute: async ({ query }) => show(await searchWithRelated(query, tools.search, PASSAGES, { now, timeZone: tz })),
    }),

    search_catalog: tool({
      description: "Searches the business's product and service catalog: names, exact prices, stock and details.",
      inputSchema: z.object({ query: z.string().min(1).max(500).describe('Product, service or category to look for.') }),
      execute: async ({ query }) => {
        const passages = await tools.search(query, PASSAGES * 3);
        return show(passages.filter((p) => p.productId !== null).slice(0, PASSAGES));
      },
    }),

    check_availability: tool({
      description:
        'Checks whether an appointment can start at a local date and time. Without a time, lists free start times of that day. When the time is not free it returns the next free one.',
      inputSchema: z.object({
        date: z.string().min(1).max(100).describe('Local date, YYYY-MM-DD.'),
        time: optionalText('Local time, 24-hour HH:MM. Leave empty to list free times of the day.'),
      }),
      execute: async ({ date, time }) => {
        const when = readLocalWhen(date, time, now, tz, locale);
        if (!when.date) return { error: 'Unreadable date: use YYYY-MM-DD.' };
        if (time?.trim() && !when.time) return { error: 'Unreadable time: use 24-hour HH:MM.' };
        if (when.start) {
          const status = await tools.isFree(when.start);
          if (status !== 'free') return unavailable(when.start, status);
          turn.pendingSlot = when.start;
          return { available: true, slot: slot(when.start) };
        }
        // A whole day: its free starts, in order.
        const dayStart = startOfLocalDay(when.date, tz);
        const free: Date[] = [];
        let from = dayStart < now ? now : dayStart;
        while (free.length < FREE_SLOTS_LISTED) {
          const next = await tools.nextFree(from);
          if (!next) break;
          const d = localDate(next, tz);
          if (d.year !== when.date.year || d.month !== when.date.month || d.day !== when.date.day) {
            if (free.length === 0) return { date, free: [], nextFree: slot(next) };
            break;
          }
          free.push(next);
          from = new Date(next.getTime() + appointmentMs);
        }
        return { date, free: free.map(slot), ...(free.length === 0 && { nextFree: null }) };
      },
    }),

    book_appointment: tool({
      description:
        'Books an appointment for this customer. Only after checking availability and after the customer explicitly confirmed this exact date and time.',
      inputSchema: z.object({
        start: z.string().min(1).max(100).describe('Local start, YYYY-MM-DDTHH:MM (24-hour).'),
        service: z.string().max(200).describe('What the appointment is for, as the customer asked it.'),
      }),
      execute: async ({ start, service }) => {
        if (turn.actions.some((a) => a.type === 'book')) return { booked: false, error: 'An appointment was already booked in this turn.' };
        const when = readLocalWhen(start, undefined, now, tz, locale);
        if (!when.start) return { booked: false, error: 'Unreadable start: use YYYY-MM-DDTHH:MM.' };
        const status = await tools.isFree(when.start);
        if (status !== 'free') return { booked: false, ...(await unavailable(when.start, status)) };
        const label = service.trim() || (locale === 'en' ? 'Appointment' : 'Cita');
        turn.actions.push({ type: 'book', start: when.start, end: new Date(when.start.getTime() + appointmentMs), service: label });
        delete turn.pendingSlot;
        return { booked: true, ...slot(when.start), service: label };
      },
    }),

    my_appointments: tool({
      description: "Lists this customer's upcoming appointments with their ids.",
      inputSchema: z.object({}),
      execute: async () => {
        const upcoming = await tools.upcomingAppointments();
        return { appointments: upcoming.map((a) => ({ id: a.id, service: a.service, ...slot(a.start), ...(a.status && { status: a.status }) })) };
      },
    }),

    confirm_appointment: tool({
      description:
        "Records that the customer will come to one of their upcoming appointments (their answer to a reminder: \"confirmo\", \"sí, ahí estaré\"). Not for booking a new one.",
      inputSchema: z.object({ appointment_id: optionalText('Id from my_appointments or the reminder; may be empty when the customer has only one.') }),
      execute: async ({ appointment_id }) => {
        const appointment = await resolveAppointment(appointment_id);
        if (!isAppointment(appointment)) return { confirmed: false, ...appointment };
        if (turn.actions.some((a) => (a.type === 'cancel' || a.type === 'reschedule') && a.appointmentId === appointment.id)) {
          return { confirmed: false, error: 'This appointment was cancelled or moved in this turn.' };
        }
        if (!turn.actions.some((a) => a.type === 'confirm' && a.appointmentId === appointment.id)) {
          turn.actions.push({ type: 'confirm', appointmentId: appointment.id });
        }
        return { confirmed: true, service: appointment.service, ...slot(appointment.start) };
      },
    }),

    cancel_appointment: tool({
      description: "Cancels one of this customer's upcoming appointments, after the customer confirmed which one.",
      inputSchema: z.object({ appointment_id: optionalText('Id from my_appointments; may be empty when the customer has only one.') }),
      execute: async ({ appointment_id }) => {
        const appointment = await resolveAppointment(appointment_id);
        if (!isAppointment(appointment)) return { cancelled: false, ...appointment };
        if (!turn.actions.some((a) => a.type === 'cancel' && a.appointmentId === appointment.id)) {
          turn.actions.push({ type: 'cancel', appointmentId: appointment.id });
        }
        return { cancelled: true, service: appointment.service, ...slot(appointment.start) };
      },
    }),

    reschedule_appointment: tool({
      description: "Moves one of this customer's upcoming appointments to a new local start, after the customer confirmed it.",
      inputSchema: z.object({
        appointment_id: optionalText('Id from my_appointments; may be empty when the customer has only one.'),
        new_start: z.string().min(1).max(100).describe('New local start, YYYY-MM-DDTHH:MM (24-hour).'),
      }),
      execute: async ({ appointment_id, new_start }) => {
        const appointment = await resolveAppointment(appointment_id);
        if (!isAppointment(appointment)) return { rescheduled: false, ...appointment };
        const when = readLocalWhen(new_start, undefined, now, tz, locale);
        if (!when.start) return { rescheduled: false, error: 'Unreadable new_start: use YYYY-MM-DDTHH:MM.' };
        const status = await tools.isFree(when.start);
        if (status !== 'free') return { rescheduled: false, ...(await unavailable(when.start, status)) };
        const length = appointment.end.getTime() - appointment.start.getTime();
        const end = new Date(when.start.getTime() + (length > 0 ? length : appointmentMs));
        turn.actions = turn.actions.filter((a) => !(a.type === 'reschedule' && a.appointmentId === appointment.id));
        turn.actions.push({ type: 'reschedule', appointmentId: appointment.id, start: when.start, end });
        delete turn.pendingSlot;
        return { rescheduled: true, service: appointment.service, from: slot(appointment.start).when, to: slot(when.start) };
      },
    }),

    update_contact: tool({
      description: "Saves the customer's name, e-mail or phone when they give or correct them, and what they want: their interest, the product they ask about, their budget.",
      inputSchema: z.object({
        name: optionalText("The customer's name."),
        email: optionalText("The customer's e-mail."),
        phone: optionalText("The customer's phone number."),
        interest: optionalText('What the customer wants, in a few words (e.g. "blanqueamiento", "SUV familiar").'),
        product: optionalText('The product or service of the catalog they ask about, by its name.'),
        budget: optionalText('Their budget as they said it (e.g. "hasta 300 mil").'),
      }),
      execute: async ({ name, email, phone, interest, product, budget }) => {
        const wants = Object.fromEntries(
          Object.entries({ interest, product, budget })
            .map(([k, v]) => [k, v?.replace(/\s+/g, ' ').trim().slice(0, 200)])
            .filter(([, v]) => v),
        ) as { interest?: string; product?: string; budget?: string };
        if (Object.keys(wants).length > 0) {
          const previous = turn.actions.find((a) => a.type === 'capture');
          if (previous) Object.assign(previous, wants);
          else turn.actions.push({ type: 'capture', ...wants });
        }
        const update: { name?: string; email?: string; phone?: string } = {};
        const problems: string[] = [];
        const cleanName = name?.replace(/\s+/g, ' ').trim();
        if (cleanName) {
          if (cleanName.length <= 80) update.name = cleanName;
          else problems.push('name too long');
        }
        const cleanEmail = email?.trim().toLowerCase();
        if (cleanEmail) {
          if (EMAIL.test(cleanEmail) && cleanEmail.length <= 254) update.email = cleanEmail;
          else problems.push('invalid e-mail');
        }
        const cleanPhone = phone?.trim();
        if (cleanPhone) {
          const digits = cleanPhone.replace(/\D/g, '');
          if (digits.length >= 7 && digits.length <= 15) update.phone = `${cleanPhone.startsWith('+') ? '+' : ''}${digits}`;
          else problems.push('invalid phone');
        }
        if (Object.keys(update).length > 0) {
          const previous = turn.actions.find((a) => a.type === 'update_contact');
          if (previous) Object.assign(previous, update);
          else turn.actions.push({ type: 'update_contact', ...update });
        }
        return { saved: [...Object.keys(update), ...Object.keys(wants)], ...(problems.length > 0 && { problems }) };
      },
    }),

    offer_choices: tool({
      description:
        'Shows options the customer can tap instead of typing, with your reply: the free times check_availability gave, or two answers to a yes/no question ("Sí, confirmo" / "No"). Your reply must still say the options in words. Call it once, after the other tools.',
      inputSchema: z.object({
        options: z
          .array(
            z.object({
              title: z.string().min(1).max(24).describe('What the option says, 24 characters at most: "10:30 a. m.", "Sí, confirmo".'),
              description: optionalText('A short detail, 72 characters at most: "viernes 21 de noviembre".'),
              start: optionalText('For a free time: its local start, YYYY-MM-DDTHH:MM, as check_availability gave it.'),
            }),
          )
          .min(1)
          .max(CHOICES_MAX),
      }),
      execute: async ({ options }) => {
        const seen = new Set<string>();
        const kept = options
          .map((o, i) => {
            const title = o.title.replace(/\s+/g, ' ').trim();
            const start = o.start?.trim() ? readLocalWhen(o.start, undefined, now, tz, locale).start : undefined;
            const description = o.description?.replace(/\s+/g, ' ').trim().slice(0, 72);
            return { id: start ? `slot:${start.toISOString()}` : `option:${i + 1}`, title, ...(description && { description }) };
          })
          .filter((o) => o.title && !seen.has(o.title.toLowerCase()) && seen.add(o.title.toLowerCase()));
        if (kept.length === 0) return { shown: false, error: 'No usable option.' };
        turn.choices = { label: locale === 'en' ? 'See options' : 'Ver opciones', options: kept };
        return { shown: true, count: kept.length, next: 'Now write the reply; it must make sense without the options.' };
      },
    }),

    handoff: tool({
      description:
        'Hands the conversation to a person of the business: when the customer asks for a person, is upset, accepts being connected, or needs what you cannot do. The assistant stops answering this conversation.',
      inputSchema: z.object({ reason: z.string().max(500).describe('Short reason, for the team.') }),
      execute: async ({ reason }) => {
        if (!turn.handoff) {
          turn.handoff = true;
          turn.actions.push({ type: 'handoff', reason: reason.trim() || 'customer asked for a person' });
        }
        return { ok: true, next: 'Tell the customer that someone from our team will attend them shortly.' };
      },
    }),
  };
}

/**
 * Some models send null for an argument they leave out, which the schemas (plain optional
 * strings, the form every provider understands) reject: the call is retried without the nulls.
 */
export function repairToolInput(input: string): string | undefined {
  let args: unknown;
  try {
    args = JSON.parse(input);
  } catch {
    return undefined;
  }
  if (!args || typeof args !== 'object' || Array.isArray(args)) return undefined;
  const entries = Object.entries(args);
  const kept = entries.filter(([, v]) => v !== null);
  return kept.length < entries.length ? JSON.stringify(Object.fromEntries(kept)) : undefined;
}
