import { parseWhen } from '../dates/parse-when.ts';
import { localParts } from '@charla/shared/dates';
import type { EngineResult } from '../types.ts';
import { bookingTurn, pickAppointment } from './booking.ts';
import { finishTurn, type Turn } from './engine-turn.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import type { OfflineState, PendingBooking } from './offline-state.ts';
import { analyzeQuestion } from './question.ts';

/** The last question the booking flow asked, to repeat after answering something else. */
export function bookingReminder(turn: Turn, b: PendingBooking): string {
  const s = turn.sayBooking;
  if (b.step === 'confirm' && b.start && turn.contactName) return s.confirm(b.noun, b.service, new Date(b.start), turn.contactName);
  if (b.step === 'name') return s.askNameAgain();
  if (b.step === 'offer' && b.offered) return s.offer(new Date(b.offered));
  if (b.step === 'time' && b.date) return s.askTime(b.date);
  return s.askWhen(b.noun, b.service);
}

/** A turn of booking or moving an appointment, with its actions and state. */
export async function bookingFlow(turn: Turn, state: OfflineState, serviceHint?: string): Promise<EngineResult> {
  const outcome = await bookingTurn({
    ...(serviceHint && { serviceHint }),
    context: turn.context,
    text: turn.lead.rest,
    intents: turn.intents,
    state,
    contactName: turn.contactName,
    say: turn.sayBooking,
    language: turn.language,
    ...(turn.context.chosen && { chosen: turn.context.chosen }),
  });
  const actions = [...outcome.actions];
  if (outcome.name && !turn.actions.some((a) => a.type === 'update_contact' && a.name)) actions.unshift({ type: 'update_contact', name: outcome.name });
  const next: OfflineState = { ...state };
  delete next.offer;
  if (outcome.booking) next.booking = outcome.booking;
  else delete next.booking;
  return finishTurn(turn, outcome.replies, { actions, ...(outcome.choices && { choices: outcome.choices }) }, next);
}

/** The price or duration asked in the same message as a booking, from the knowledge. */
export async function priceAlongBooking(turn: Turn): Promise<string | undefined> {
  const { context } = turn;
  const question = analyzeQuestion(turn.lead.rest, { now: context.now, timeZone: context.bot.timezone });
  if (!question.kinds.some((k) => k === 'price' || k === 'duration')) return undefined;
  const answer = await answerFromKnowledge(question, context.tools.search, { length: 'short', language: turn.language, business: context.bot.businessDesc });
  return answer.type === 'answer' && answer.sentences.length === 1 ? answer.sentences[0] : undefined;
}

/** "Quiero cancelar mi cita": finds it and asks to confirm. */
export async function cancelFlow(turn: Turn): Promise<EngineResult> {
  const { context, sayBooking } = turn;
  const upcoming = await context.tools.upcomingAppointments();
  const appointment = pickAppointment(upcoming, turn.lead.rest, context);
  const next: OfflineState = { ...turn.state };
  delete next.booking;
  if (!appointment) return finishTurn(turn, [sayBooking.noUpcoming()], {}, next);
  next.cancel = { appointmentId: appointment.id, start: appointment.start.toISOString(), service: appointment.service };
  return finishTurn(turn, [sayBooking.confirmCancel(appointment.start, appointment.service)], {}, next);
}

/** "Quiero cambiar mi cita": finds it, then settles the new slot like a booking. */
export async function rescheduleFlow(turn: Turn): Promise<EngineResult> {
  const { context, sayBooking } = turn;
  const upcoming = await context.tools.upcomingAppointments();
  const appointment = pickAppointment(upcoming, turn.lead.rest, context);
  const next: OfflineState = { ...turn.state };
  delete next.cancel;
  if (!appointment) {
    next.booking = { mode: 'book', noun: 'cita', step: 'when', idle: 0 };
    return finishTurn(turn, [sayBooking.noUpcoming()], {}, next);
  }
  const booking: PendingBooking = {
    mode: 'reschedule',
    noun: 'cita',
    step: 'when',
    idle: 0,
    appointmentId: appointment.id,
    previous: appointment.start.toISOString(),
    ...(appointment.service && { service: appointment.service }),
  };
  const when = parseWhen(turn.lead.rest, context.now, context.bot.timezone, turn.language);
  const own = localParts(appointment.start, context.bot.timezone);
  const newDay = when && (when.time || (when.date && !(when.date.year === own.year && when.date.month === own.month && when.date.day === own.day)));
  if (!newDay) return finishTurn(turn, [sayBooking.askNewWhen(appointment.start, appointment.service)], {}, { ...next, booking });
  return bookingFlow(turn, { ...next, booking });
}

