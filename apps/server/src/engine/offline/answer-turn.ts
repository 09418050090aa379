import type { EngineResult } from '../types.ts';
import { offlineChoices } from './choices.ts';
import { finishTurn, firstName, hasReplied, type Turn } from './engine-turn.ts';
import { openingHoursSentence } from './opening-hours.ts';
import { answerFromKnowledge } from './knowledge-answer.ts';
import type { OfflineState, PendingBooking } from './offline-state.ts';
import { plainText, wordsOf } from './plain-text.ts';
import { sameWord } from './word-match.ts';
import { analyzeQuestion, splitQuestions, topicOf, type Question, type Topic } from './question.ts';
import type { GroundedAnswer, Length } from './answer.ts';
import { canHandOff } from './wording.ts';

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

/** A word of the question as the customer wrote it ("metlife" → "MetLife"). */
function asWritten(text: string, word: string): string {
  return text.match(/[\p{L}\p{N}]+/gu)?.find((w) => plainText(w) === word) ?? word;
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
  const options = {
    length: context.bot.responseLength,
    language: turn.language,
    business: `${context.bot.businessDesc} ${context.bot.template.replace(/_/g, ' ')}`,
  };
  // "¿Qué horario tienen? ¿Abren los sábados?": each question answered from its own passages.
  const parts = splitQuestions(text);
  const several = parts.length > 1 ? await answerEach(turn, parts, options) : undefined;
  let answer = several ? several.answer : await answerFromKnowledge(question, context.tools.search, options);
  next.topic = several ? several.topic : topicOf(question);
  // "Me interesa el Jetta" / "¿Cuántos kilómetros tiene?": a short question the knowledge does
  // not answer alone is asked again of the previous turn's subject, said explicitly; the answer
  // counts only when its passages also say a word of this question.
  // The same when the question alone lists several rows ("¿Cuántos kilómetros tiene?" over every
  // car): the previous turn's subject picks its row.
  const listed = answer.type === 'answer' && answer.fromRows && answer.sources.length > 1;
  if (!several && (answer.type !== 'answer' || listed)) {
    const carried = await aboutPreviousSubject(turn, text, question, options);
    if (carried && (answer.type !== 'answer' || carried.answer.sources.length < answer.sources.length)) {
      answer = carried.answer;
      next.topic = carried.topic;
    }
  }
  // A greeting already thanked the customer by name.
  const noted = lead.name && !turn.opening ? say.noted(firstName(lead.name)) : '';
  if (answer.type === 'answer') {
    const opener = turn.opening && !intents.distress ? '' : say.opener(intents.distress);
    const head = [noted, opener].filter(Boolean).join(' ');
    // "¿Aceptan el seguro de MetLife?": what is not known is said first, then what is.
    const missing = answer.missing?.length ? say.notKnown(answer.missing.map((w) => asWritten(turn.raw, w))) : '';
    const first = [missing, answer.sentences[0] ?? ''].filter(Boolean).join(' ');
    const verdict = answer.verdict && !missing && !/^(?:s[ií]|no|yes)\b/i.test(first) ? say.verdict(answer.verdict) : '';
    const body = [verdict, first].filter(Boolean).join(' ');
    const rest = [...answer.sentences.slice(1), ...(several?.unknown.length ? [say.partlyUnknown(several.unknown)] : [])];
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
  if (canHandOff(context.bot)) next.offer = 'handoff';
  return finishTurn(turn, [[noted, say.fallback(intents.distress), opts.reminder].filter(Boolean).join(' ')], { ...offerChoices(), unanswered: true }, next);
}


/**
 * Several questions in one message: each is read with the one before it as its thread ("¿Cuánto
 * cuesta la mensualidad? ¿y la inscripción?"), answered from its own passages, and the answers
 * joined, a sentence said once. The questions the knowledge does not answer are named, so the
 * reply says what it knows and what it does not. Undefined when none is answered.
 */
async function answerEach(
  turn: Turn,
  parts: string[],
  options: { length: Length; language: 'es' | 'en'; business: string },
): Promise<{ answer: GroundedAnswer; topic: Topic; unknown: string[] } | undefined> {
  const { context, say } = turn;
  let previous = turn.state.topic;
  const found: GroundedAnswer[] = [];
  const unknown: string[] = [];
  for (const part of parts.slice(0, 4)) {
    const question = analyzeQuestion(part, { now: context.now, timeZone: context.bot.timezone, previous });
    if (!question.terms.length && !question.kinds.length) continue;
    const answer = await answerFromKnowledge(question, context.tools.search, options);
    previous = topicOf(question);
    if (answer.type === 'answer') found.push(answer);
    else if (answer.type === 'unknown') unknown.push(part);
  }
  if (!found.length || !previous) return undefined;
  const said = new Set<string>();
  const sentences: string[] = [];
  for (const answer of found) {
    const own = answer.sentences.filter((s) => {
      const key = plainText(s);
      if (said.has(key)) return false;
      said.add(key);
      return true;
    });
    // A list's intro stays only with its items.
    if (own.length === 1 && /:$/.test(own[0]!)) continue;
    const first = own[0];
    if (first && answer.verdict && !/^(?:s[ií]|no|yes)\b/i.test(first)) own[0] = `${say.verdict(answer.verdict)} ${first}`;
    sentences.push(...own);
  }
  if (!sentences.length) return undefined;
  const sources = [...new Map(found.flatMap((a) => a.sources).map((p) => [p.chunkId, p])).values()];
  return {
    answer: {
      type: 'answer',
      sentences,
      sources,
      fromRows: found.some((a) => a.fromRows),
      fromProducts: found.some((a) => a.fromProducts),
      ...(found.length === 1 && found[0]!.product && { product: found[0]!.product }),
      coverage: Math.min(...found.map((a) => a.coverage)),
      ...(found.some((a) => a.missing?.length) && { missing: found.flatMap((a) => a.missing ?? []) }),
    },
    topic: previous,
    unknown,
  };
}

/** Words of a question short enough to be a follow-up of the previous turn's subject. */
const FOLLOW_UP_WORDS = 9;

async function aboutPreviousSubject(
  turn: Turn,
  text: string,
  question: Question,
  options: { length: Length; language: 'es' | 'en'; business: string },
): Promise<{ answer: GroundedAnswer; topic: Topic } | undefined> {
  const previous = turn.state.topic;
  const own = question.terms.filter((t) => t.weight >= 0.6 && !t.entity);
  if (!previous?.words.length || question.followUp || !own.length || question.terms.some((t) => t.entity)) return undefined;
  if (plainText(text).split(' ').length > FOLLOW_UP_WORDS) return undefined;
  const subject = previous.words.filter((w) => !question.terms.some((t) => t.word === w));
  if (!subject.length) return undefined;
  const { context } = turn;
  const asked = analyzeQuestion(`${text} ${subject.join(' ')}`, { now: context.now, timeZone: context.bot.timezone });
  const answer = await answerFromKnowledge(asked, context.tools.search, options);
  if (answer.type !== 'answer') return undefined;
  const said = answer.sources.flatMap((p) => wordsOf(`${p.heading} ${p.text}`));
  if (!own.some((t) => t.alternatives.some((alt) => said.some((w) => sameWord(w, alt))))) return undefined;
  return { answer, topic: topicOf(asked) };
}
