import { addDays, compareDates, type CalendarDate } from '@charla/shared/dates';
import { parseWhen, type WhenResult } from '../dates/parse-when.ts';
import type { DayPart } from '../dates/parse-time.ts';
import { localParts, zonedTimeToUtc } from '@charla/shared/dates';
import type { ChosenOption, ContactAppointment, EngineAction, EngineContext, ReplyChoices } from '../types.ts';
import { bookingNoun, serviceFrom } from './booking-service.ts';
import type { BookingWording } from './booking-wording.ts';
import { chosenSlot, offlineChoices, SLOT_CHOICES } from './choices.ts';
import type { Intents } from './intents.ts';
import { bareName } from './lead-capture.ts';
import type { OfflineState, PendingBooking } from './offline-state.ts';

export interface BookingTurn {
  replies: string[];
  actions: EngineAction[];
  /** Free times to tap, offered with the reply. */
  choices?: ReplyChoices;
  /** The booking still being settled, or undefined when it is done or dropped. */
  booking?: PendingBooking;
  /** A name read from a bare answer to "¿a nombre de quién?". */
  name?: string;
}

export interface BookingInput {
  context: EngineContext;
  /** The message without contact details. */
  text: string;
  intents: Intents;
  state: OfflineState;
  /** The contact's name, including one given in this message. */
  contactName: string;
  say: BookingWording;
  language: 'es' | 'en';
  /** What the customer asked about before ("¿cuánto cuesta la limpieza?"), to find the service in. */
  serviceHint?: string;
  /** The option the customer tapped: a free time offered earlier is taken as it is. */
  chosen?: ChosenOption;
}

/** Where each part of the day starts, local hour. */
const PART_START: Record<DayPart, number> = { morning: 6, afternoon: 12, evening: 18 };
const PART_END: Record<DayPart, number> = { morning: 12, afternoon: 19, evening: 24 };

const sameDay = (a: CalendarDate, b: CalendarDate) => compareDates(a, b) === 0;
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The customer's slot, read from their words; the appointment's own day is skipped in "cambiar mi cita del jueves al viernes". */
function readWhen(text: string, context: EngineContext, language: 'es' | 'en', skipDay?: CalendarDate): WhenResult | undefined {
  const tz = context.bot.timezone;
  const when = parseWhen(text, context.now, tz, language);
  if (when?.date && skipDay && sameDay(when.date, skipDay) && when.matched) {
    const rest = parseWhen(text.replace(when.matched, ' '), context.now, tz, language);
    if (rest?.date || rest?.time) return rest;
  }
  return when;
}

/**
 * One turn of booking or moving an appointment: reads the day, time and name the customer gave,
 * checks the slot, proposes the next free one when it is closed or taken, asks for what is
 * missing, and books only after the customer confirms the exact slot.
 */
export async function bookingTurn(input: BookingInput): Promise<BookingTurn> {
  const { context, text, intents, say } = input;
  const { bot } = context;
  const tz = bot.timezone;
  const b: PendingBooking = input.state.booking
    ? { ...input.state.booking }
    : { mode: 'book', noun: bookingNoun(text) ?? (bot.purpose === 'sales' ? 'visita' : 'cita'), step: 'when', idle: 0 };

  if (!b.service && b.mode === 'book') {
    const noun = bookingNoun(text);
    if (noun && !input.state.booking) b.noun = noun;
    let found = serviceFrom(text, await safeSearch(context, text), b.noun);
    if (!found && input.serviceHint) found = serviceFrom(input.serviceHint, await safeSearch(context, input.serviceHint), b.noun);
    if (found) b.service = found;
  }

  let name = input.contactName;
  let bare: string | undefined;
  if (!name && b.step === 'name') {
    bare = bareName(text);
    if (bare) name = bare;
  }

  // A tapped free time names its exact start: taking it is the customer's confirmation.
  const picked = chosenSlot(input.chosen);
  const when = picked ? undefined : readWhen(text, context, input.language, b.previous ? localParts(new Date(b.previous), tz) : undefined);
  let accepted = false;
  if (picked) {
    const local = localParts(picked, tz);
    b.date = { year: local.year, month: local.month, day: local.day };
    b.time = { hour: local.hour, minute: local.minute };
    delete b.part;
    delete b.start;
    delete b.offered;
  } else if (when && (when.date || when.time || when.approximate)) {
    if (when.date) b.date = when.date;
    if (when.time) {
      b.time = when.time;
      delete b.part;
    } else if (when.approximate) {
      b.part = when.approximate;
      delete b.time;
    }
    // A time alone goes with the day already chosen, or the next day it is still ahead.
    if (!when.date && when.time && !b.date) {
      const today = localParts(context.now, tz);
      const atToday = zonedTimeToUtc({ ...today, ...when.time }, tz);
      b.date = atToday > context.now ? today : addDays(today, 1);
    }
    delete b.start;
    delete b.offered;
  } else if (b.step === 'offer' && b.offered && intents.confirm) {
    b.start = b.offered;
    delete b.offered;
    accepted = true;
  } else if (b.step === 'time' && b.offered && intents.confirm) {
    b.start = b.offered;
    delete b.offered;
  } else if (b.step === 'confirm' && b.start && intents.confirm && name) {
    return finish(input, b, name);
  } else if ((b.step === 'confirm' || b.step === 'offer') && intents.deny) {
    delete b.start;
    delete b.offered;
    delete b.time;
    b.step = 'when';
    return { replies: [say.anotherTime()], actions: [], booking: b };
  } else if (intents.deny && !input.intents.booking) {
    return { replies: [say.dropped()], actions: [] };
  }

  const settled = b.start;
  if (!b.start) {
    const outcome = await settleSlot(input, b);
    if (outcome) return outcome;
  }
  // "Sí, el jueves a las 4": the confirmation repeats the slot already offered.
  const before = input.state.booking;
  if (!settled && before?.step === 'confirm' && before.start === b.start && intents.confirm && name) return finish(input, b, name);
  if (!b.start) return { replies: [say.askWhen(b.noun, b.service)], actions: [], booking: { ...b, step: 'when' } };

  const start = new Date(b.start);
  if (!name) {
    b.step = 'name';
    b.idle = input.state.booking?.step === 'name' ? b.idle + 1 : 0;
    if (b.idle >= 3) return { replies: [say.dropped()], actions: [] };
    return { replies: [input.state.booking?.step === 'name' && !when && !picked ? say.askNameAgain() : say.askName(start)], actions: [], booking: b };
  }
  if (accepted || picked) return { ...(await finish(input, b, name)), ...(bare && { name: bare }) };
  b.step = 'confirm';
  const reply =
    b.mode === 'reschedule' && b.previous ? say.confirmMove(new Date(b.previous), start) : say.confirm(b.noun, b.service, start, name);
  return { replies: [reply], actions: [], booking: b, ...(bare && { name: bare }) };
}

async function safeSearch(context: EngineContext, text: string) {
  try {
    return await context.tools.search(text, 5);
  } catch {
    return [];
  }
}

/** Turns the chosen day and time into a free slot, or answers why not and what instead. */
async function settleSlot(input: BookingInput, b: PendingBooking): Promise<BookingTurn | undefined> {
  const { context, say } = input;
  const { tools, bot } = context;
  const tz = bot.timezone;
  if (!b.date) return undefined;

  if (!b.time) {
    // A day, maybe a part of it: the first free time from there.
    const from = zonedTimeToUtc({ ...b.date, hour: b.part ? PART_START[b.part] : 0, minute: 0 }, tz);
    const first = await tools.nextFree(from > context.now ? from : context.now);
    const local = first && localParts(first, tz);
    const fits = local && sameDay(local, b.date) && (!b.part || local.hour < PART_END[b.part]);
    if (!first || !fits) {
      b.step = first ? 'offer' : 'when';
      if (first) b.offered = first.toISOString();
      const closed = compareDates(b.date, localParts(context.now, tz)) < 0 ? say.past() : say.closedDay(b.date);
      return { replies: [first ? `${closed} ${say.offer(first)}` : `${closed} ${say.noFree()}`], actions: [], booking: b };
    }
    if (b.part) {
      b.offered = first.toISOString();
      b.step = 'offer';
      return { replies: [say.offer(first)], actions: [], booking: b };
    }
    // A few free times of that day to choose from, more to tap than to read; "sí" takes the first.
    const free = [first];
    while (free.length < SLOT_CHOICES) {
      const next = await tools.nextFree(new Date(free.at(-1)!.getTime() + 60_000));
      if (!next || !sameDay(localParts(next, tz), b.date)) break;
      free.push(next);
    }
    b.offered = first.toISOString();
    b.step = 'time';
    const choices = offlineChoices(bot, input.language).slots(free);
    return { replies: [say.askTime(b.date, free.slice(0, 3))], actions: [], booking: b, ...(choices && { choices }) };
  }

  const start = zonedTimeToUtc({ ...b.date, ...b.time }, tz);
  const status = await tools.isFree(start);
  if (status === 'free') {
    b.start = start.toISOString();
    return undefined;
  }
  if (status === 'past') {
    delete b.date;
    delete b.time;
    b.step = 'when';
    return { replies: [say.past()], actions: [], booking: b };
  }
  let reason = say.taken();
  if (status === 'closed') {
    const dayStart = zonedTimeToUtc({ ...b.date, hour: 0, minute: 0 }, tz);
    const firstThatDay = await tools.nextFree(dayStart > context.now ? dayStart : context.now);
    reason = firstThatDay && sameDay(localParts(firstThatDay, tz), b.date) ? say.closedHour() : say.closedDay(b.date);
  }
  const alternative = await tools.nextFree(start);
  if (!alternative) {
    b.step = 'when';
    delete b.time;
    return { replies: [`${reason} ${say.noFree()}`], actions: [], booking: b };
  }
  b.offered = alternative.toISOString();
  b.step = 'offer';
  return { replies: [`${reason} ${say.offer(alternative)}`], actions: [], booking: b };
}

/** The customer confirmed: check the slot once more and book or move the appointment. */
async function finish(input: BookingInput, b: PendingBooking, name: string): Promise<BookingTurn> {
  const { context, say } = input;
  const start = new Date(b.start!);
  const status = await context.tools.isFree(start);
  if (status !== 'free') {
    const alternative = await context.tools.nextFree(start);
    const reason = status === 'past' ? say.past() : say.justTaken();
    if (!alternative || status === 'past') return { replies: [alternative ? reason : `${reason} ${say.noFree()}`], actions: [], booking: { ...b, step: 'when', start: undefined } };
    return { replies: [`${reason} ${say.offer(alternative)}`], actions: [], booking: { ...b, step: 'offer', offered: alternative.toISOString(), start: undefined } };
  }
  const end = new Date(start.getTime() + Math.max(5, context.bot.appointmentMinutes || 30) * 60_000);
  if (b.mode === 'reschedule' && b.appointmentId) {
    return { replies: [say.moved(start)], actions: [{ type: 'reschedule', appointmentId: b.appointmentId, start, end }] };
  }
  const service = b.service ?? b.noun.charAt(0).toUpperCase() + b.noun.slice(1);
  return { replies: [say.booked(b.noun, b.service, start, firstName(name))], actions: [{ type: 'book', start, end, service }] };
}

/** The appointment a message points at: the one on the day it names, or the soonest. */
export function pickAppointment(appointments: ContactAppointment[], text: string, context: EngineContext): ContactAppointment | undefined {
  if (!appointments.length) return undefined;
  const sorted = [...appointments].sort((a, b) => a.start.getTime() - b.start.getTime());
  const when = parseWhen(text, context.now, context.bot.timezone);
  if (when?.date) {
    const onDay = sorted.find((a) => sameDay(localParts(a.start, context.bot.timezone), when.date!));
    if (onDay) return onDay;
  }
  return sorted[0];
}
