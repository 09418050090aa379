import { parseWhen } from '../dates/parse-when.ts';
import type { Engine, EngineContext, EngineResult } from '../types.ts';
import { answerTurn } from './answer-turn.ts';
import { bookingFlow, bookingReminder, cancelFlow, priceAlongBooking, rescheduleFlow } from './appointment-flows.ts';
import { bookingWording } from './booking-wording.ts';
import { chosenSlot, offlineChoices } from './choices.ts';
import { contactUpdate } from './contact-update.ts';
import { finishTurn, firstName, hasReplied, type Turn } from './engine-turn.ts';
import { handOff } from './hand-off.ts';
import { detectIntents } from './intents.ts';
import { replyLanguage } from './language.ts';
import { bareName, captureLead } from './lead-capture.ts';
import { readState, writeState, type OfflineState, type PendingBooking } from './offline-state.ts';
import { hasContent, plainText } from './plain-text.ts';
import { analyzeQuestion, splitQuestions } from './question.ts';
import { canHandOff, wording } from './wording.ts';

/** The words of "¿eres un bot?", "¿con quién hablo?": they ask who answers, not about the business. */
const IDENTITY_WORDS = new Set(
  'eres sera seras hablo hablando estoy quien atiende contesta responde bot robot chatbot maquina ia inteligencia artificial humano humana persona real ai human person programa asistente virtual computadora talking chatting'.split(' '),
);

/** Questions that ask what, how much, which, where or when. */
const WH_QUESTION = /^(?:y\s+)?(?:hola\s+)?(?:con\s+|hasta\s+|desde\s+|de\s+|en\s+|a\s+|para\s+|por\s+)?(?:cuant[oa]s?|que|cual(?:es)?|donde|por que|cuando|how much|how long|what|which|where|when)\b/;

/** Longer messages are read up to here: enough for any question. */
const READ_CHARS = 1500;

async function respond(context: EngineContext): Promise<EngineResult> {
  const state = readState(context.state);
  const raw = context.incoming.join('\n').slice(0, READ_CHARS);
  const language = replyLanguage(raw, context.bot.language);
  const say = wording(context.bot, language);
  const lead = captureLead(raw);
  const intents = detectIntents(lead.rest || raw);
  const update = contactUpdate(context, lead);
  const contactName = lead.name ?? context.contact.name;
  const firstReply = state.turns === 0 && !hasReplied(context);
  const turn: Turn = {
    context,
    state,
    raw,
    lead,
    intents,
    say,
    sayBooking: bookingWording(context.bot, language),
    language,
    contactName,
    actions: update ? [update] : [],
    opening: '',
  };

  if (!hasContent(raw) && !intents.confirm) return finishTurn(turn, [raw.trim() ? say.notUnderstood() : say.help()]);

  // Asking for a person wins over everything; so does "sí" to the offer of one.
  const accepts = intents.confirm && !intents.question && !intents.deny;
  // Hand-off off: nobody to pass the conversation to; say so and keep helping.
  if (intents.handoff && !canHandOff(context.bot)) return finishTurn(turn, [say.noHandoff()]);
  if (intents.handoff || (state.offer === 'handoff' && accepts) || (state.offer === 'purchase' && accepts)) {
    const buying = !intents.handoff && state.offer === 'purchase';
    const why = buying ? (language === 'es' ? 'El cliente quiere comprar' : 'The customer wants to buy') : undefined;
    const { reply, action } = handOff(context.bot, say, buying && state.topic ? `${state.topic.query} → ${raw}` : raw, why);
    const next: OfflineState = { ...state };
    delete next.booking;
    delete next.cancel;
    delete next.offer;
    const phone = context.bot.redirectionEnabled && context.bot.redirectionPhone.trim() ? context.bot.redirectionPhone.trim() : undefined;
    const text = buying ? say.purchase(phone) : reply;
    return finishTurn(turn, [text], { actions: [action], handoff: true }, next);
  }
  // "Sí" to "¿Te gustaría agendar una cita?".
  if (state.offer === 'booking' && accepts && !state.booking) {
    const next: OfflineState = { ...state };
    delete next.offer;
    return bookingFlow(turn, next, state.topic?.query);
  }

  // The answer to a reminder: "confirmo" confirms it, "no puedo" or "cancelar" cancels it; "cambiarla al viernes" moves it below.
  if (state.reminded && !state.booking && !state.cancel) {
    const reminded = state.reminded;
    const next: OfflineState = { ...state };
    delete next.reminded;
    const start = new Date(reminded.start);
    const stillBooked = (await context.tools.upcomingAppointments()).some((a) => a.id === reminded.appointmentId);
    if (stillBooked && !intents.reschedule && !intents.question) {
      if (accepts && !intents.cancel) return finishTurn(turn, [turn.sayBooking.attending(start)], { actions: [{ type: 'confirm', appointmentId: reminded.appointmentId }] }, next);
      if (intents.cancel || intents.deny) return finishTurn(turn, [turn.sayBooking.cancelled(start)], { actions: [{ type: 'cancel', appointmentId: reminded.appointmentId }] }, next);
    }
    if (!stillBooked || intents.reschedule || intents.cancel) turn.state = next;
  }

  const greets = intents.greeting && !state.booking && !state.cancel;
  if (greets) turn.opening = say.greeting(raw, firstReply, lead.name && firstName(lead.name));

  if (state.cancel) {
    const pending = state.cancel;
    const next: OfflineState = { ...state };
    delete next.cancel;
    if (intents.confirm && !intents.question) {
      return finishTurn(turn, [turn.sayBooking.cancelled(new Date(pending.start))], { actions: [{ type: 'cancel', appointmentId: pending.appointmentId }] }, next);
    }
    if (intents.deny && !intents.reschedule) return finishTurn(turn, [turn.sayBooking.kept()], {}, next);
    turn.state = next;
  }

  if (intents.reschedule) return rescheduleFlow(turn);
  if (intents.cancel) {
    const upcoming = state.booking ? [] : await context.tools.upcomingAppointments();
    if (state.booking && !intents.question) {
      const next: OfflineState = { ...turn.state };
      delete next.booking;
      return finishTurn(turn, [turn.sayBooking.dropped(), say.help()], {}, next);
    }
    if (upcoming.length || !intents.question) return cancelFlow(turn);
  }

  const when = parseWhen(lead.rest, context.now, context.bot.timezone, language);
  const pending = turn.state.booking;
  if (pending) {
    const wantsOther = intents.question && !when && !intents.confirm && !intents.deny && !intents.booking;
    const namesSelf = pending.step === 'name' && Boolean(lead.name || bareName(lead.rest));
    if (!wantsOther || namesSelf) return bookingFlow(turn, turn.state);
    return answerTurn(turn, lead.rest, { bookingOpen: pending, reminder: bookingReminder(turn, pending) });
  }
  // "Quiero una prueba de manejo el viernes a las 11": a wish with a day and a time is a booking.
  const wish = /\b(?:quiero|quisiera|me gustaria|necesito|ocupo|deseo|i want|i would like|i'd like)\b/.test(plainText(lead.rest));
  // "¿Con cuánta anticipación puedo reservar?", "¿qué necesito para reservar?": a question about
  // booking, unless it names a day or time.
  // The question may follow what it is about: "Para apartar la habitación, ¿cuánto tengo que pagar?".
  const asked = lead.rest.includes('¿') ? lead.rest.slice(lead.rest.lastIndexOf('¿')) : lead.rest;
  // Or among others: "Me cambio a Querétaro, ¿cuánto sería? ¿y cuánto dejo para apartar?".
  const askedPart = splitQuestions(lead.rest).some((p) => WH_QUESTION.test(plainText(p)) && detectIntents(p).booking);
  const aboutBooking = intents.question && (WH_QUESTION.test(plainText(lead.rest)) || WH_QUESTION.test(plainText(asked)) || askedPart) && !when?.date && !when?.time;
  const wantsSlot = Boolean(when?.date && !when.past && ((intents.availability && !aboutBooking) || (wish && (when.time || when.approximate))));
  // A free time tapped from a list offered earlier, even after the booking was left aside.
  const tappedSlot = Boolean(chosenSlot(context.chosen));
  if ((intents.booking && !aboutBooking) || wantsSlot || tappedSlot) {
    // "Quiero agendar una limpieza, ¿cuánto cuesta?": the price first, then the booking.
    const asked = intents.question ? await priceAlongBooking(turn) : undefined;
    const booked = await bookingFlow(turn, turn.state);
    if (asked && booked.replies.length) booked.replies[0] = booked.replies[0]!.replace(/^((?:¡[^!]*!\s*)?(?:Soy [^.]*\.\s*)?)/, `$1${asked} `);
    return booked;
  }

  if (intents.botQuestion) {
    const question = analyzeQuestion(lead.rest, { now: context.now, timeZone: context.bot.timezone });
    if (!question.terms.some((t) => t.weight >= 1 && !IDENTITY_WORDS.has(t.word))) return finishTurn(turn, [say.identity()]);
  }

  return answerTurn(turn, lead.rest);
}

/**
 * The engine that answers without a language model: intents read from the words, answers built
 * from the business's own passages, a slot-filling booking flow, lead capture and hand-off.
 */
export function offlineEngine(): Engine {
  return {
    name: 'offline',
    async respond(context) {
      try {
        return await respond(context);
      } catch {
        // Never leave a customer without a reply: say so and keep what the conversation had.
        let reply = 'Perdón, no te entendí bien. ¿Me lo puedes escribir de otra forma?';
        try {
          reply = wording(context.bot, context.bot.language === 'en' ? 'en' : 'es').notUnderstood();
        } catch {
          // The bot's settings themselves are unreadable: the plain Spanish sentence stands.
        }
        return { replies: [reply], actions: [], sources: [], handoff: false, state: context.state ?? {} };
      }
    },
    bookingConflict(context, alternative) {
      const state = readState(context.state);
      const language = replyLanguage(context.incoming.join('\n').slice(0, READ_CHARS), context.bot.language);
      const say = bookingWording(context.bot, language);
      const booking: PendingBooking = { ...(state.booking ?? { mode: 'book', noun: 'cita', idle: 0 }), step: alternative ? 'offer' : 'when' } as PendingBooking;
      delete booking.start;
      if (alternative) booking.offered = alternative.toISOString();
      else delete booking.offered;
      const replies = [alternative ? `${say.justTaken()} ${say.offer(alternative)}` : `${say.justTaken()} ${say.noFree()}`];
      const next: OfflineState = { ...state, booking, turns: state.turns + 1 };
      const choices = offlineChoices(context.bot, language).forState(next);
      return { replies, state: writeState(next), ...(choices && { choices }) };
    },
  };
}
