import type { EngineResult } from '../types.ts';
import { offlineChoices } from './choices.ts';
import { finishTurn, firstName, hasReplied, type Turn } from './engine-turn.ts';
import { openingHoursSentence } from './opening-hours.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import type { OfflineState, PendingBooking } from './offline-state.ts';
import { plainText } from './plain-text.ts';
import { analyzeQuestion, topicOf } from './question.ts';

/** Questions about the business as a whole. */
const ABOUT_BUSINESS =
  /\b(?:a que se dedican|a que te dedicas|que hacen|que es lo que hacen|quienes son|que son|de que se trata|que tipo de negocio|que venden|que ofrecen|que servicios (?:tienen|ofrecen|manejan|dan)|what do you do|what is this|who are you)\b/;

/** A product's picture; a catalog that cannot be read leaves the reply without it. */
async function productImage(turn: Turn, productId: string): Promise<{ url: string } | undefined> {
  try {
    const url = await turn.context.tools.productImage(productId);
    return url ? { url } : undefined;
  } catch {
    return undefined;
  }
}

/** What the customer asked, answered from the knowledge or honestly not. */
export async function answerTurn(turn: Turn, text: string, opts: { bookingOpen?: PendingBooking; reminder?: string } = {}): Promise<EngineResult> {
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
    else if (intents.greeting) return finishTurn({ ...turn, opening: '' }, [say.welcome(turn.raw, turn.state.turns === 0 && !hasReplied(context))], {}, next);
    else if (intents.confirm || intents.deny) reply = say.help();
    else reply = say.notUnderstood();
    return finishTurn(turn, [reply], {}, next);
  }

  // "Sí" / "No" to the offer the reply ends with (not when it ends with the booking's question).
  const offerChoices = () => (next.offer && !opts.reminder ? { choices: offlineChoices(context.bot, turn.language).offer() } : {});
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
    // One product of the catalog: its picture goes with the reply.
    const image = answer.product ? await productImage(turn, answer.product) : undefined;
    return finishTurn(turn, [closer ? `${text}${list ? '\n' : ' '}${closer}` : text], { sources: answer.sources, ...offerChoices(), ...(image && { image }) }, next);
  }
  // "¿A qué se dedican?": what the owner wrote about the business.
  const description = context.bot.businessDesc.trim();
  if (answer.type !== 'which' && description && ABOUT_BUSINESS.test(plainText(text))) {
    const offered = say.closer({ fromProducts: false, bookingOpen: Boolean(opts.bookingOpen) });
    const closer = opts.reminder ?? offered.text;
    if (!opts.reminder && offered.offer) next.offer = offered.offer;
    return finishTurn(turn, [[noted, description.replace(/([^.!?])$/, '$1.'), closer].filter(Boolean).join(' ')], offerChoices(), next);
  }
  // "¿Qué horario tienen?" that no document answers: the opening hours of the bot's settings.
  const hours = question.kinds.includes('hours') ? openingHoursSentence(context.bot.openingHours, turn.language) : undefined;
  if (hours) {
    const offered = say.closer({ fromProducts: false, bookingOpen: Boolean(opts.bookingOpen) });
    const closer = opts.reminder ?? offered.text;
    if (!opts.reminder && offered.offer) next.offer = offered.offer;
    return finishTurn(turn, [[noted, hours, closer].filter(Boolean).join(' ')], offerChoices(), next);
  }
  if (answer.type === 'which' || answer.type === 'vague') return finishTurn(turn, [[noted, say.whichOne(), opts.reminder].filter(Boolean).join(' ')], {}, next);
  next.offer = 'handoff';
  return finishTurn(turn, [[noted, say.fallback(intents.distress), opts.reminder].filter(Boolean).join(' ')], { ...offerChoices(), unanswered: true }, next);
}

