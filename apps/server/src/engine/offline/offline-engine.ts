import { parseWhen } from '../dates/parse-when.ts';
import { localParts } from '../dates/zoned-time.ts';
import type { Engine, EngineAction, EngineContext, EngineResult } from '../types.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import { bookingTurn, pickAppointment } from './booking.ts';
import { bookingWording, type BookingWording } from './booking-wording.ts';
import { handOff } from './hand-off.ts';
import { detectIntents, type Intents } from './intents.ts';
import { replyLanguage } from './language.ts';
import { bareName, captureLead, type Lead } from './lead-capture.ts';
import { readState, writeState, type OfflineState, type PendingBooking } from './offline-state.ts';
import { hasContent, plainText } from './plain-text.ts';
import { analyzeQuestion, topicOf } from './question.ts';
import { wording, type Wording } from './wording.ts';

/** The words of "¿eres un bot?", "¿con quién hablo?": they ask who answers, not about the business. */
const IDENTITY_WORDS = new Set(
  'eres sera seras hablo hablando estoy quien atiende contesta responde bot robot chatbot maquina ia inteligencia artificial humano humana persona real ai human person programa asistente virtual computadora talking chatting'.split(' '),
);

/** Questions that ask what, how much, which, where or when. */
const WH_QUESTION = /^(?:y\s+)?(?:hola\s+)?(?:con\s+|hasta\s+|desde\s+|de\s+|en\s+|a\s+|para\s+|por\s+)?(?:cuant[oa]s?|que|cual(?:es)?|donde|por que|cuando|how much|how long|what|which|where|when)\b/;

/** Questions about the business as a whole. */
const ABOUT_BUSINESS =
  /\b(?:a que se dedican|a que te dedicas|que hacen|que es lo que hacen|quienes son|que son|de que se trata|que tipo de negocio|que venden|que ofrecen|que servicios (?:tienen|ofrecen|manejan|dan)|what do you do|what is this|who are you)\b/;

/** Longer messages are read up to here: enough for any question. */
const READ_CHARS = 1500;

interface Turn {
  context: EngineContext;
  state: OfflineState;
  raw: string;
  lead: Lead;
  intents: Intents;
  say: Wording;
  sayBooking: BookingWording;
  language: 'es' | 'en';
  contactName: string;
  actions: EngineAction[];
  /** A greeting (and on the first reply, who writes) to open the reply with. */
  opening: string;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0];

function result(turn: Turn, replies: string[], extra: Partial<EngineResult> = {}, state: OfflineState = turn.state): EngineResult {
  const texts = replies.filter((r) => r.trim());
  if (turn.opening && texts.length) texts[0] = `${turn.opening} ${texts[0]}`;
  else if (turn.opening) texts.push(turn.opening);
  return {
    replies: texts,
    actions: [...turn.actions, ...(extra.actions ?? [])],
    sources: extra.sources ?? [],
    handoff: extra.handoff ?? false,
    state: writeState({ ...state, turns: turn.state.turns + 1 }),
  };
}

/** The details the customer gave that the contact does not hold yet. */
function contactUpdate(context: EngineContext, lead: Lead): EngineAction | undefined {
  const fields: { name?: string; email?: string; phone?: string } = {};
  const same = (a: string, b: string) => plainText(a) === plainText(b);
  if (lead.name && !same(lead.name, context.contact.name)) fields.name = lead.name;
  if (lead.email && lead.email !== context.contact.email.toLowerCase()) fields.email = lead.email;
  if (lead.phone && lead.phone.replace(/\D/g, '') !== context.contact.phone.replace(/\D/g, '')) fields.phone = lead.phone;
  return Object.keys(fields).length ? { type: 'update_contact', ...fields } : undefined;
}

/** What the customer asked, answered from the knowledge or honestly not. */
async function answerTurn(turn: Turn, text: string, opts: { bookingOpen?: PendingBooking; reminder?: string } = {}): Promise<EngineResult> {
  const { context, say, state, intents, lead } = turn;
  const question = analyzeQuestion(text, { now: context.now, timeZone: context.bot.timezone, previous: state.topic });
  const nothingAsked = !question.terms.length && !question.kinds.length;
  const next: OfflineState = { ...state };
  delete next.offer;
  if (opts.bookingOpen) next.booking = opts.bookingOpen;
  else delete next.booking;

  if (nothingAsked) {
    const leadGiven = Boolean(lead.name || lead.email || lead.phone);
    let reply: string;
    if (opts.reminder) reply = opts.reminder;
    else if (intents.goodbye) reply = say.goodbye();
    else if (intents.thanks) reply = say.thanks();
    else if (leadGiven) reply = say.savedDetails(turn.contactName && !turn.opening ? firstName(turn.contactName) : undefined);
    else if (intents.greeting) return result({ ...turn, opening: '' }, [say.welcome(turn.raw, turn.state.turns === 0 && !hasReplied(context))], {}, next);
    else if (intents.confirm || intents.deny) reply = say.help();
    else reply = say.notUnderstood();
    return result(turn, [reply], {}, next);
  }

  const answer = await answerFromKnowledge(question, context.tools.search, {
    length: context.bot.responseLength,
    language: turn.language,
    business: `${context.bot.businessDesc} ${context.bot.template.replace(/_/g, ' ')}`,
  });
  next.topic = topicOf(question);
  // A greeting already thanked the customer by name.
  const noted = lead.name && !turn.opening ? say.noted(firstName(lead.name)) : '';
  if (answer.type === 'answer') {
    const opener = turn.opening && !intents.distress ? '' : say.opener(intents.distress);
    const head = [noted, opener].filter(Boolean).join(' ');
    const first = answer.sentences[0] ?? '';
    const verdict = answer.verdict && !/^(?:s[ií]|no|yes)\b/i.test(first) ? say.verdict(answer.verdict) : '';
    const body = [verdict, first].filter(Boolean).join(' ');
    const rest = answer.sentences.slice(1);
    const list = rest.some((s) => s.startsWith('- '));
    const offered = say.closer({ fromProducts: answer.fromProducts, bookingOpen: Boolean(opts.bookingOpen) });
    const closer = opts.reminder ?? offered.text;
    if (!opts.reminder && offered.offer) next.offer = offered.offer;
    const text = [[head, body].filter(Boolean).join(' '), ...rest].join(list ? '\n' : ' ');
    return result(turn, [closer ? `${text}${list ? '\n' : ' '}${closer}` : text], { sources: answer.sources }, next);
  }
  // "¿A qué se dedican?": what the owner wrote about the business.
  const description = context.bot.businessDesc.trim();
  if (answer.type !== 'which' && description && ABOUT_BUSINESS.test(plainText(text))) {
    const offered = say.closer({ fromProducts: false, bookingOpen: Boolean(opts.bookingOpen) });
    const closer = opts.reminder ?? offered.text;
    if (!opts.reminder && offered.offer) next.offer = offered.offer;
    return result(turn, [[noted, description.replace(/([^.!?])$/, '$1.'), closer].filter(Boolean).join(' ')], {}, next);
  }
  if (answer.type === 'which' || answer.type === 'vague') return result(turn, [[noted, say.whichOne(), opts.reminder].filter(Boolean).join(' ')], {}, next);
  next.offer = 'handoff';
  return result(turn, [[noted, say.fallback(intents.distress), opts.reminder].filter(Boolean).join(' ')], {}, next);
}

const hasReplied = (context: EngineContext) => context.history.some((h) => h.direction === 'out');

/** The last question the booking flow asked, to repeat after answering something else. */
function bookingReminder(turn: Turn, b: PendingBooking): string {
  const s = turn.sayBooking;
  if (b.step === 'confirm' && b.start && turn.contactName) return s.confirm(b.noun, b.service, new Date(b.start), turn.contactName);
  if (b.step === 'name') return s.askNameAgain();
  if (b.step === 'offer' && b.offered) return s.offer(new Date(b.offered));
  if (b.step === 'time' && b.date) return s.askTime(b.date);
  return s.askWhen(b.noun, b.service);
}

async function bookingFlow(turn: Turn, state: OfflineState, serviceHint?: string): Promise<EngineResult> {
  const outcome = await bookingTurn({
    ...(serviceHint && { serviceHint }),
    context: turn.context,
    text: turn.lead.rest,
    intents: turn.intents,
    state,
    contactName: turn.contactName,
    say: turn.sayBooking,
    language: turn.language,
  });
  const actions = [...outcome.actions];
  if (outcome.name && !turn.actions.some((a) => a.type === 'update_contact' && a.name)) actions.unshift({ type: 'update_contact', name: outcome.name });
  const next: OfflineState = { ...state };
  delete next.offer;
  if (outcome.booking) next.booking = outcome.booking;
  else delete next.booking;
  return result(turn, outcome.replies, { actions }, next);
}

/** The price or duration asked in the same message as a booking, from the knowledge. */
async function priceAlongBooking(turn: Turn): Promise<string | undefined> {
  const { context } = turn;
  const question = analyzeQuestion(turn.lead.rest, { now: context.now, timeZone: context.bot.timezone });
  if (!question.kinds.some((k) => k === 'price' || k === 'duration')) return undefined;
  const answer = await answerFromKnowledge(question, context.tools.search, { length: 'short', language: turn.language, business: context.bot.businessDesc });
  return answer.type === 'answer' && answer.sentences.length === 1 ? answer.sentences[0] : undefined;
}

async function cancelFlow(turn: Turn): Promise<EngineResult> {
  const { context, sayBooking } = turn;
  const upcoming = await context.tools.upcomingAppointments();
  const appointment = pickAppointment(upcoming, turn.lead.rest, context);
  const next: OfflineState = { ...turn.state };
  delete next.booking;
  if (!appointment) return result(turn, [sayBooking.noUpcoming()], {}, next);
  next.cancel = { appointmentId: appointment.id, start: appointment.start.toISOString(), service: appointment.service };
  return result(turn, [sayBooking.confirmCancel(appointment.start, appointment.service)], {}, next);
}

async function rescheduleFlow(turn: Turn): Promise<EngineResult> {
  const { context, sayBooking } = turn;
  const upcoming = await context.tools.upcomingAppointments();
  const appointment = pickAppointment(upcoming, turn.lead.rest, context);
  const next: OfflineState = { ...turn.state };
  delete next.cancel;
  if (!appointment) {
    next.booking = { mode: 'book', noun: 'cita', step: 'when', idle: 0 };
    return result(turn, [sayBooking.noUpcoming()], {}, next);
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
  if (!newDay) return result(turn, [sayBooking.askNewWhen(appointment.start, appointment.service)], {}, { ...next, booking });
  return bookingFlow(turn, { ...next, booking });
}

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

  if (!hasContent(raw) && !intents.confirm) return result(turn, [raw.trim() ? say.notUnderstood() : say.help()]);

  // Asking for a person wins over everything; so does "sí" to the offer of one.
  const accepts = intents.confirm && !intents.question && !intents.deny;
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
    return result(turn, [text], { actions: [action], handoff: true }, next);
  }
  // "Sí" to "¿Te gustaría agendar una cita?".
  if (state.offer === 'booking' && accepts && !state.booking) {
    const next: OfflineState = { ...state };
    delete next.offer;
    return bookingFlow(turn, next, state.topic?.query);
  }

  const greets = intents.greeting && !state.booking && !state.cancel;
  if (greets) turn.opening = say.greeting(raw, firstReply, lead.name && firstName(lead.name));

  if (state.cancel) {
    const pending = state.cancel;
    const next: OfflineState = { ...state };
    delete next.cancel;
    if (intents.confirm && !intents.question) {
      return result(turn, [turn.sayBooking.cancelled(new Date(pending.start))], { actions: [{ type: 'cancel', appointmentId: pending.appointmentId }] }, next);
    }
    if (intents.deny && !intents.reschedule) return result(turn, [turn.sayBooking.kept()], {}, next);
    turn.state = next;
  }

  if (intents.reschedule) return rescheduleFlow(turn);
  if (intents.cancel) {
    const upcoming = state.booking ? [] : await context.tools.upcomingAppointments();
    if (state.booking && !intents.question) {
      const next: OfflineState = { ...turn.state };
      delete next.booking;
      return result(turn, [turn.sayBooking.dropped(), say.help()], {}, next);
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
  const aboutBooking = intents.question && WH_QUESTION.test(plainText(lead.rest)) && !when?.date && !when?.time;
  const wantsSlot = (intents.availability || wish) && when?.date && (when.time || when.approximate) && !when.past;
  if ((intents.booking && !aboutBooking) || wantsSlot) {
    // "Quiero agendar una limpieza, ¿cuánto cuesta?": the price first, then the booking.
    const asked = intents.question ? await priceAlongBooking(turn) : undefined;
    const booked = await bookingFlow(turn, turn.state);
    if (asked && booked.replies.length) booked.replies[0] = booked.replies[0]!.replace(/^((?:¡[^!]*!\s*)?(?:Soy [^.]*\.\s*)?)/, `$1${asked} `);
    return booked;
  }

  if (intents.botQuestion) {
    const question = analyzeQuestion(lead.rest, { now: context.now, timeZone: context.bot.timezone });
    if (!question.terms.some((t) => t.weight >= 1 && !IDENTITY_WORDS.has(t.word))) return result(turn, [say.identity()]);
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
        const language = context.bot.language === 'en' ? 'en' : 'es';
        const say = wording(context.bot, language);
        return { replies: [say.notUnderstood()], actions: [], sources: [], handoff: false, state: context.state ?? {} };
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
      return { replies, state: writeState({ ...state, booking, turns: state.turns + 1 }) };
    },
  };
}
