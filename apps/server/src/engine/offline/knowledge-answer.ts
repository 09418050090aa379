import type { Passage } from '../ports.ts';
import { buildAnswer, type GroundedAnswer, type Length, type NoAnswer } from './answer.ts';
import { lexiconKindsOf } from './kinds.ts';
import { wordsOf } from './plain-text.ts';
import { analyzeQuestion, splitQuestions, type Question, type QuestionTerm } from './question.ts';
import type { FactKind } from './vocabulary.ts';
import { sameWord } from './word-match.ts';

/** Words a business writes next to each kind of fact, to search with when the question has no others. */
const KIND_HINTS: Record<FactKind, string> = {
  price: 'precio costo price',
  duration: 'duración minutos duration',
  hours: 'horario abrimos hours open',
  place: 'dirección ubicación ubicados estamos calle avenida av blvd colonia oficina sucursal local address street',
  when: 'fecha',
  requirements: 'requisitos documentos',
  capacity: 'capacidad invitados personas',
  who: 'equipo',
  count: '',
};

/** The words a business may write instead of the question's ("pausar" → "congelar", a breed → "perro"). */
const RELATED_WORDS = 10;

export function relatedWords(question: Question): string[] {
  const lists = question.terms.filter((t) => t.weight >= 0.6).map((t) => t.alternatives.filter((a) => a !== t.word).slice(0, 12));
  // "¿Mandan a Cancún?": a passage sending to the whole country says the verb in its own words.
  const sending = question.terms.find((t) => t.destination)?.destination;
  if (sending) lists.push(sending.filter((a) => !question.terms.some((t) => t.word === a)));
  // Taken in turns, so every word of the question is looked for under its other names before a
  // search's word limit is reached.
  const out: string[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (i < l.length && !out.includes(l[i]!)) out.push(l[i]!);
  // A few words: each one the knowledge lacks costs a typo lookup.
  return out.slice(0, RELATED_WORDS);
}

/**
 * The passages for a question, searched as written and again with the words a business may use
 * instead, best first: how the LLM engine's knowledge tool finds what the offline engine finds.
 */
export async function searchWithRelated(
  text: string,
  search: (query: string, k?: number, also?: string) => Promise<Passage[]>,
  k: number,
  clock: { now: Date; timeZone: string },
): Promise<Passage[]> {
  // "¿Cuánto cuesta la sesión? ¿y tienen paquetes?": each question searched on its own, and
  // their passages taken in turns, so the second one's passage is not crowded out by the first's.
  const parts = splitQuestions(text);
  if (parts.length > 1) {
    const each = await Promise.all(parts.slice(0, 4).map((part) => searchWithRelated(part, search, k, clock)));
    const out = new Map<number, Passage>();
    for (let i = 0; out.size < k && each.some((list) => i < list.length); i++) {
      for (const list of each) if (i < list.length && out.size < k && !out.has(list[i]!.chunkId)) out.set(list[i]!.chunkId, list[i]!);
    }
    return [...out.values()];
  }
  const first = await search(text, k);
  const question = analyzeQuestion(text, clock);
  const related = relatedWords(question);
  const more = related.length ? await search(text.slice(0, 1500), k, related.join(' ')) : [];
  const found = unique([...first, ...more]);
  // A thing no passage names, looked for by its kinds ("perro" → "animales").
  const kinds = [...unsaidKinds(question, found).values()].flat();
  const wider = kinds.length ? await search(text.slice(0, 1500), k, kinds.join(' ')) : [];
  return unique([...found, ...wider])
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

const unique = (passages: Passage[]) => [...new Map(passages.map((p) => [p.chunkId, p])).values()];

/** The things the customer names that no passage says, with the kinds the Spanish lexicon gives them. */
function unsaidKinds(question: Question, passages: Passage[]): Map<QuestionTerm, string[]> {
  // The passages' words are read only when a word of the question has kinds at all.
  let said: string[] | undefined;
  const saysTerm = (t: QuestionTerm) => {
    said ??= [...new Set(passages.flatMap((p) => wordsOf(`${p.heading} ${p.text}`)))];
    return said.some((w) => t.alternatives.some((alt) => sameWord(w, alt)));
  };
  const out = new Map<QuestionTerm, string[]>();
  for (const t of question.terms) {
    if (t.weight < 1 || t.verb || t.entity) continue;
    const kinds = lexiconKindsOf(t.word).filter((k) => !t.alternatives.includes(k));
    if (kinds.length && !saysTerm(t)) out.set(t, kinds);
  }
  return out;
}

type Find = (query: string, also?: string) => Promise<Passage[]>;
type AnswerOptions = { length: Length; language: 'es' | 'en'; business?: string };

/**
 * Searches the knowledge for a question and builds the grounded answer; a question that only
 * says which kind of fact it wants ("¿a qué hora abren?") is searched again with the words
 * businesses write for it when the first search finds nothing.
 */
export async function answerFromKnowledge(
  question: Question,
  search: (query: string, k?: number, also?: string) => Promise<Passage[]>,
  options: AnswerOptions,
): Promise<GroundedAnswer | NoAnswer> {
  const find: Find = async (query, also) => {
    try {
      return await search(query.slice(0, 1500), 6, also);
    } catch {
      return [];
    }
  };
  const passages = await find(question.query);
  const answer = buildAnswer(question, passages, options);
  if (answer.type === 'answer' && answer.coverage >= 0.999 && (answer.kindsHeld ?? 1) === 1) return answer;
  // Once more with the words a business may use instead ("carro" → "auto", "parking" →
  // "estacionamiento") and those it writes next to the kind of fact asked.
  const related = relatedWords(question);
  const hints = question.terms.some((t) => t.weight >= 1) ? [] : question.kinds.map((k) => KIND_HINTS[k]);
  const more = related.length || hints.length ? await find(question.query, [...related, ...hints].join(' ')) : [];
  const merged = unique([...passages, ...more]);
  const best = more.length ? better(answer, buildAnswer(question, merged, options)) : answer;
  if (best.type === 'answer') return best;
  return (await byKinds(question, merged, find, options)) ?? best;
}

/** Of the answers without and with the related words, the one that answers more of the question. */
function better(answer: GroundedAnswer | NoAnswer, second: GroundedAnswer | NoAnswer): GroundedAnswer | NoAnswer {
  if (answer.type !== 'answer') return second;
  if (second.type !== 'answer') return answer;
  // "¿En cuánto tiempo me entregan un traje?": the passage that states a time answers, not the
  // suit's price row that names more of the question's words.
  const kindsOf = (a: GroundedAnswer) => a.kindsHeld ?? 1;
  if (kindsOf(second) !== kindsOf(answer) && Math.min(second.ownCoverage ?? 0, answer.ownCoverage ?? 0) > 0) return kindsOf(second) > kindsOf(answer) ? second : answer;
  // As much covered: the one that says the asked things in its own text (the "auto" credit, not
  // a row that only the business's description relates to cars).
  if (second.coverage === answer.coverage) return (second.ownCoverage ?? 0) > (answer.ownCoverage ?? 0) ? second : answer;
  return second.coverage > answer.coverage ? second : answer;
}

/**
 * "¿Me pueden llevar a mi perro?" where the business writes "No transportamos animales": when
 * nothing else answers, a thing the customer names that no passage found says is looked for by
 * the kinds it belongs to. Only a refusal of the kind answers: what is not done for any animal is
 * not done for a dog, but what is said of a kind need not hold for each thing of it.
 */
async function byKinds(question: Question, passages: Passage[], find: Find, options: AnswerOptions): Promise<GroundedAnswer | undefined> {
  const widened = unsaidKinds(question, passages);
  if (!widened.size) return undefined;
  const kinds = [...widened.values()].flat();
  const more = await find(question.query, kinds.join(' '));
  if (!more.length) return undefined;
  const wider: Question = { ...question, terms: question.terms.map((t) => (widened.has(t) ? { ...t, alternatives: [...t.alternatives, ...widened.get(t)!], kinds: widened.get(t)! } : t)) };
  const answer = buildAnswer(wider, unique([...passages, ...more]), options);
  return answer.type === 'answer' && answer.refusal ? answer : undefined;
}
