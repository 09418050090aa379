import type { Passage } from '../../modules/training/retrieval.ts';
import { buildAnswer, type GroundedAnswer, type Length, type NoAnswer } from './answer.ts';
import type { Question } from './question.ts';
import type { FactKind } from './vocabulary.ts';

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

/**
 * Searches the knowledge for a question and builds the grounded answer; a question that only
 * says which kind of fact it wants ("¿a qué hora abren?") is searched again with the words
 * businesses write for it when the first search finds nothing.
 */
export async function answerFromKnowledge(
  question: Question,
  search: (query: string, k?: number) => Promise<Passage[]>,
  options: { length: Length; language: 'es' | 'en'; business?: string },
): Promise<GroundedAnswer | NoAnswer> {
  const find = async (query: string) => {
    try {
      return await search(query.slice(0, 1500), 6);
    } catch {
      return [];
    }
  };
  const passages = await find(question.query);
  const answer = buildAnswer(question, passages, options);
  if (answer.type === 'answer' && answer.coverage >= 0.999) return answer;
  // Once more with the words a business may use instead ("carro" → "auto", "parking" →
  // "estacionamiento") and those it writes next to the kind of fact asked.
  const related = question.terms
    .filter((t) => t.weight >= 0.6)
    .flatMap((t) => t.alternatives.filter((a) => a !== t.word).slice(0, 12));
  const hints = question.terms.some((t) => t.weight >= 1) ? [] : question.kinds.map((k) => KIND_HINTS[k]);
  if (!related.length && !hints.length) return answer;
  const more = await find(`${question.query} ${[...related, ...hints].join(' ')}`);
  if (!more.length) return answer;
  const merged = [...new Map([...passages, ...more].map((p) => [p.chunkId, p])).values()];
  const second = buildAnswer(question, merged, options);
  if (answer.type !== 'answer') return second;
  return second.type === 'answer' && second.coverage > answer.coverage ? second : answer;
}
