import { parseWhen } from '../dates/parse-when.ts';
import { isFirstName } from './lead-capture.ts';
import { plainText } from './plain-text.ts';
import { KIND_PHRASES, KIND_WORDS, KINDS_OF, LIGHT_WORDS, PHRASE_TERMS, STOPWORDS, SYNONYMS, WEEKDAY_WORDS, YES_NO_VERBS, type FactKind } from './vocabulary.ts';
import { sameWord, spellingVariants } from './word-match.ts';

export interface QuestionTerm {
  word: string;
  /** 1 for a word naming the thing asked about, less for vague words and weekdays. */
  weight: number;
  /** The word and the words that name the same thing. */
  alternatives: string[];
  /** A weekday (0 = Sunday), matched also by "entre semana", "fin de semana", "todos los días". */
  weekday?: number;
  /** Written with a capital in mid-sentence: a place, brand or name the answer must hold. */
  entity?: boolean;
  /** "mi casa": the customer's own thing, not one the business offers. */
  own?: boolean;
  /** The verb a yes-or-no question opens with. */
  verb?: boolean;
  /** Broader kinds it is looked for by, when no passage names it ("perro" → "animal"); also in `alternatives`. */
  kinds?: string[];
  /** "¿Mandan a Cancún?": a place sent to, with the words of the verb of sending it follows. */
  destination?: string[];
  /** "… para darme de alta en el SAT": a word of the clause saying what the thing asked is for. */
  purpose?: boolean;
  /** "de 3x2 metros", "un par de meses": a word spelling the question's amount (see `Question.amount`). */
  measure?: boolean;
}

/** The part of the day asked about, minutes from midnight [from, to). */
export interface DayWindow {
  from: number;
  to: number;
}

export interface Question {
  terms: QuestionTerm[];
  kinds: FactKind[];
  window?: DayWindow;
  /** The verb a yes-or-no question opens with ("¿Aceptan…?"), with the words an answer uses for it. */
  yesNoVerb?: string[];
  /** "clases de natación": pairs of term indexes where the second narrows the first. */
  narrowing: [number, number][];
  /** The text to search the knowledge with. */
  query: string;
  /** Words or kind carried over from the previous question ("¿y la endodoncia?"). */
  followUp: boolean;
  /** "¿Qué masajes tienen?": asks for the options of a kind of thing. */
  listing: boolean;
  /** "¿Cuáles son sus precios?": asks for a list of facts, not one. */
  plural: boolean;
  /** "¿Cuántas canchas tienen?": the thing counted. */
  countNoun?: string;
  /** "el más barato" / "el más caro". */
  superlative?: 'min' | 'max';
  /** "¿Desde qué edad…?" / "¿Hasta qué edad…?": the youngest or oldest age the business takes. */
  ageLimit?: 'min' | 'max';
  /** A yes-or-no question ("¿Aceptan…?", "¿Es dolorosa…?"): only answered about what the passages name. */
  strict: boolean;
  /** "de 20 kilos", "13 años", "somos 4 personas": a quantity the answer's ranges are checked against. */
  amount?: Amount;
}

/** A quantity of one measure: kilos, years, people, square metres, nights, months. */
export interface Amount {
  value: number;
  unit: MeasureUnit;
}

export type MeasureUnit = 'kg' | 'anos' | 'personas' | 'm2' | 'noches' | 'meses';

/** How each measure is written, in plain form. */
export const MEASURES: Record<MeasureUnit, string> = {
  kg: 'kg|kgs|kilos?|kilogramos?',
  anos: 'anos?|years?',
  personas: 'personas?|invitados?|huespedes?|adultos|pax|people|guests',
  m2: 'm2|metros cuadrados|mts2',
  noches: 'noches?|nights?',
  meses: 'meses|months',
};

const MEASURE_WORD = new RegExp(`^(?:${Object.values(MEASURES).join('|')}|metros|cuadrados)$`);

/** Numbers customers write as words before a measure ("un par de meses", "tres noches"). */
const NUMBER_WORDS: Record<string, number> = { 'un par de': 2, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, doce: 12, quince: 15, veinte: 20 };
const NUMBER_WORD = new RegExp(String.raw`\b(${Object.keys(NUMBER_WORDS).join('|')})\s+(?=(?:${Object.values(MEASURES).join('|')})\b)`, 'g');

/** The quantity a question gives ("uno de 20 kilos" → 20 kg, "de 2x1 metros" → 2 m², "un par de meses" → 2 months). */
function amountOf(plain: string): Amount | undefined {
  const area = plain.match(/(?<![\d.])(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:m|mts?|metros?)\b/);
  if (area) return { value: Number(area[1]) * Number(area[2]), unit: 'm2' };
  const numbered = plain.replace(NUMBER_WORD, (_, word: string) => `${NUMBER_WORDS[word]} `);
  for (const [unit, words] of Object.entries(MEASURES) as [MeasureUnit, string][]) {
    const m = numbered.match(new RegExp(String.raw`(?<![\d.])(\d+(?:\.\d+)?)\s*(?:${words})\b`));
    if (m) return { value: Number(m[1]), unit };
  }
  return undefined;
}

/** What the previous question was about, kept between turns. */
export interface Topic {
  kinds: FactKind[];
  words: string[];
  query: string;
}

const WINDOWS: Record<string, DayWindow> = {
  morning: { from: 6 * 60, to: 12 * 60 },
  afternoon: { from: 12 * 60, to: 19 * 60 },
  evening: { from: 19 * 60, to: 24 * 60 },
};

const KIND_QUERY: Record<FactKind, string> = {
  price: 'cuánto cuesta',
  duration: 'cuánto dura',
  hours: 'horario',
  place: 'dónde',
  when: 'cuándo',
  requirements: 'requisitos',
  capacity: 'capacidad',
  who: 'quién',
  count: 'cuántos',
};

const synonymsOf = (word: string): string[] => {
  const out = new Set([word]);
  for (const group of SYNONYMS) if (group.some((g) => sameWord(g, word))) for (const g of group) out.add(g);
  return [...out];
};

/** The kinds a word is an instance of ("chihuahua" → "perro" → "mascota"), two levels up. */
function kindsAbove(word: string, depth = 2): string[] {
  if (depth === 0) return [];
  const kinds = Object.entries(KINDS_OF)
    .filter(([, instances]) => instances.some((i) => sameWord(i, word)))
    .map(([kind]) => kind);
  return kinds.flatMap((k) => [k, ...kindsAbove(k, depth - 1)]);
}

const alternativesKnown = new Map<string, string[]>();

/** The word, its synonyms, the kinds it is an instance of and, for a kind, its instances. */
function alternativesOf(word: string): string[] {
  let known = alternativesKnown.get(word);
  if (!known) {
    if (alternativesKnown.size > 5_000) alternativesKnown.clear();
    known = findAlternatives(word);
    alternativesKnown.set(word, known);
  }
  return known;
}

function findAlternatives(word: string): string[] {
  const out = new Set([...sameThingAs(word), ...spellingVariants(word)]);
  // A kind ("Europa") is looked for as itself and its instances, not as the kinds above it.
  const isKind = Object.keys(KINDS_OF).some((k) => sameWord(k, word));
  if (!isKind) for (const w of synonymsOf(word)) for (const kind of kindsAbove(w)) for (const k of synonymsOf(kind)) out.add(k);
  return [...out];
}

const sameThingKnown = new Map<string, string[]>();

/**
 * The words that name the thing itself or a kind of it: the word, its synonyms and, for a kind,
 * its instances, but not the broader kinds it belongs to ("tarjeta" is a payment, yet a
 * passage about payments does not say whether cards are offered).
 */
export function sameThingAs(word: string): string[] {
  let known = sameThingKnown.get(word);
  if (known) return known;
  const out = new Set(synonymsOf(word));
  for (const w of [...out]) {
    for (const [kind, instances] of Object.entries(KINDS_OF)) {
      if (!sameWord(kind, w)) continue;
      for (const i of instances) for (const k of synonymsOf(i)) out.add(k);
    }
  }
  known = [...out];
  if (sameThingKnown.size > 5_000) sameThingKnown.clear();
  sameThingKnown.set(word, known);
  return known;
}

/** Plain forms of the words written with a capital letter in mid-sentence. */
function capitalized(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/[\p{L}][\p{L}\p{N}]*/gu)) {
    const before = text.slice(0, m.index ?? 0).trimEnd();
    if (!before || /[.!?¿¡:;"“(\n-]$/.test(before)) continue;
    if (/^\p{Lu}/u.test(m[0]) && !/^\p{Lu}+$/u.test(m[0].slice(1) || 'x')) out.add(plainText(m[0]));
    else if (/^\p{Lu}{2,}$/u.test(m[0]) && m[0].length <= 6) out.add(plainText(m[0]));
  }
  return out;
}

const LISTING = /^(?:y\s+)?(?:que|cuales|which|what)\s+(?!hora|horario|dias?|pasa|tal|tan|necesito|debo|tengo|es|son|significa|incluye)[\p{L}]+\s+(?:tienen|manejan|ofrecen|venden|hay|dan|rentan|hacen|have|offer|sell)\b/u;

/** Words ending like a verb that open questions without being one. */
const NOT_VERBS = new Set(['examen', 'origen', 'imagen', 'volumen', 'joven', 'orden', 'resumen', 'plan', 'cuan', 'quien', 'bien', 'tambien', 'alguien', 'van', 'son', 'estan', 'dan', 'han']);

const FOLLOW_UP_START = /^(?:y|e|and|what about|how about|que tal|tambien|igual|entonces)\b/;

/**
 * The words, kind of fact and part of the day a customer asks about. `previous` is the last
 * question's topic: a short follow-up ("¿y la endodoncia?", "¿y cuánto cuesta?") borrows the
 * kind or the words it lacks.
 */
/** Short forms of chat Spanish: "q", "x", "xq", "d", "tmb". */
const SHORT_FORMS: Record<string, string> = { q: 'que', k: 'que', x: 'por', xq: 'porque', pq: 'porque', d: 'de', tmb: 'tambien', tb: 'tambien', pa: 'para', xfa: 'por favor' };

export function analyzeQuestion(text: string, options: { now: Date; timeZone: string; previous?: Topic }): Question {
  const plain = plainText(text)
    .split(' ')
    .map((w) => SHORT_FORMS[w] ?? w)
    .join(' ');
  // "ocupo una dirección": after an indefinite article a word of a kind of fact names a thing
  // wanted, not the kind asked; "un lugar donde dejar mis cosas" describes it, it does not ask where.
  // An amount still asks what it costs ("¿hay un costo extra?").
  const things = new Set<string>();
  const kindPlain = plain
    .replace(/\b(?:un|una|unos|unas)\s+(\p{L}+)/gu, (whole, word: string) => {
      if (!KIND_WORDS.has(word) || PRICE_PHRASE.test(word)) return whole;
      things.add(word);
      return '';
    })
    .replace(/\b((?:un|una|algun|alguna)\s+\p{L}+)\s+(?:en\s+)?(?:donde|adonde)\b/gu, '$1');
  const kinds = KIND_PHRASES.filter(([, re]) => re.test(kindPlain)).map(([kind]) => kind);
  // "¿cuánto tiempo dura?" asks a duration, not a price.
  if (kinds.includes('duration') && kinds.includes('price') && !/\b(?:cuesta|cuestan|precio|costo|cobran|cobra|tarifa)\b/.test(plain)) {
    kinds.splice(kinds.indexOf('price'), 1);
  }
  // "¿Qué día me cobran?" asks when, not how much.
  if (kinds.includes('when') && kinds.includes('price') && !/\b(?:cuanto|precio|precios|costo|costos|cuesta|cuestan|tarifa|how much|price|cost)\b/.test(plain)) {
    kinds.splice(kinds.indexOf('price'), 1);
  }
  const words = plain.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const entities = capitalized(text);
  // "¿Me pueden cuidar a mi perro mientras salgo de viaje?": a clause of why or while tells the
  // customer's circumstance, not the thing asked; its words weigh little.
  const aside = new Set(
    [...text.matchAll(/\b(?:mientras|porque|ya que)\b([^,.;:?!¿¡]*)/giu)].flatMap((m) => plainText(m[1] ?? '').split(' ').filter(Boolean)),
  );
  // "ocupo una dirección para darme de alta en el SAT": a clause of purpose (an infinitive after
  // "para", with a pronoun joined or words after it) says what the thing is for.
  const purpose = new Set(
    [...text.matchAll(PURPOSE)].flatMap((m) => plainText(m[1] ?? '').split(' ').filter(Boolean)),
  );

  const terms: QuestionTerm[] = [];
  const positions: number[] = [];
  // "el fin de semana", "entre semana": the weekdays they name.
  const span = /\bfin(?:es)? de semana\b|\bweekends?\b/.test(plain) ? [6, 0] : /\bentre semana\b|\bweekdays?\b/.test(plain) ? [1, 2, 3, 4, 5] : [];
  const spanWords = new Set(span.length ? ['fin', 'fines', 'semana', 'entre', 'weekend', 'weekends', 'weekday', 'weekdays'] : []);
  for (const day of span) {
    const word = Object.keys(WEEKDAY_WORDS).find((w) => WEEKDAY_WORDS[w] === day)!;
    terms.push({ word, weight: 0.5, alternatives: alternativesOf(word), weekday: day });
    positions.push(-1);
  }
  // "cargo automático" asks for "domiciliación": the phrase's words are that one term.
  for (const [re, words] of PHRASE_TERMS) {
    const found = plain.match(re);
    if (!found) continue;
    for (const w of found[0].split(' ')) spanWords.add(w);
    for (const word of words) {
      terms.push({ word, weight: 1, alternatives: alternativesOf(word) });
      positions.push(-1);
    }
  }
  words.forEach((word, position) => {
    if (spanWords.has(word)) return;
    if (word.length < 2 && !/\d/.test(word)) return;
    // "llegar tarde" is late, not the afternoon.
    const late = word === 'tarde' && !/^(?:la|las|esta|buenas|por|en|de|una)$/.test(words[position - 1] ?? '');
    // "por un solo día", "un pase de día": a day as a thing, not "buenos días" nor "qué días".
    const day = /^dias?$/.test(word) && /^(?:un|solo|por|de|del|1)$/.test(words[position - 1] ?? '');
    const thing = things.has(word) && /^(?:un|una|unos|unas)$/.test(words[position - 1] ?? '');
    if ((STOPWORDS.has(word) && !late && !day) || (KIND_WORDS.has(word) && !thing)) return;
    if (/^\d+$/.test(word) && word.length > 6) return;
    // Laughter and fillers: "jajaja", "jeje", "mmm", "xd".
    if (/^(?:(?:ja|je|ji|ha|he)+|m+|x+d+|lol|ok+)$/.test(word)) return;
    const known = terms.findIndex((t) => t.word === word);
    if (known >= 0) return;
    const weekday = WEEKDAY_WORDS[word];
    if (terms.length >= 24) return;
    // An infinitive ("rentar una cancha", "lavar un traje") names the thing less than its object.
    // "¿o las consigo yo?": the customer's own doing (a first person after an object pronoun) is
    // not the thing asked about; "¿en cuánto me lo entregan?" still asks of the delivery.
    const afterPronoun = /^(?:lo|la|los|las|le|les|me|te|se|nos)$/.test(words[position - 1] ?? '') && /\p{L}{2,}[^s]o$/u.test(word);
    const full =
      weekday !== undefined ? 0.5 : LIGHT_WORDS.has(word) || /^\d+$/.test(word) || afterPronoun ? 0.3 : /^\p{L}{3,}(?:ar|er|ir)$/u.test(word) ? 0.8 : 1;
    const weight = aside.has(word) && aside.size < words.length / 2 ? Math.min(full, 0.5) : full;
    const entity = weight >= 1 && entities.has(word) && !isFirstName(word);
    const own = /^(?:mi|mis|my|nuestro|nuestra|nuestros|nuestras)$/.test(words[position - 1] ?? '');
    terms.push({ word, weight, alternatives: alternativesOf(word), ...(weekday !== undefined && { weekday }), ...(entity && { entity }), ...(own && { own }) });
    positions.push(position);
  });

  // "X de Y", "X para Y": Y narrows X when they stand together.
  const narrowing: [number, number][] = [];
  for (let i = 0; i < positions.length - 1; i++) {
    if (positions[i]! < 0) continue;
    const between = words.slice(positions[i]! + 1, positions[i + 1]!);
    if (between.length === 0) continue;
    if (/^(?:de|del|para)$/.test(between[0]!) && between.slice(1).every((w) => /^(?:la|el|los|las|un|una|unos|unas)$/.test(w))) {
      narrowing.push([i, i + 1]);
    }
  }

  const first = words.find((w) => !/^(?:y|e|and|pero|entonces|oye|disculpa|disculpe|hola|buenas|buenos|dias|tardes|noches|ustedes|usted|tu|se|me|nos|le|les|te)$/.test(w));
  // "¿Aceptan…?", "¿Lavan alfombras?": a question that opens with a verb asks yes or no.
  const verbLike = first !== undefined && /^\p{L}{2,}(?:an|en)$/u.test(first) && !NOT_VERBS.has(first) && /\?/.test(text);
  const yesNoVerb = first ? (YES_NO_VERBS.find((group) => group.includes(first)) ?? (verbLike ? [first] : undefined)) : undefined;
  if (yesNoVerb && first) {
    // The verb says little about the thing asked: "¿Trabajan con aseguradoras?".
    // A verb of the general groups ("tienen", "aceptan") says nothing; another ("¿devuelven…?") is an action.
    const verb = terms.find((t) => t.word === first);
    const generic = YES_NO_VERBS.some((group) => group.includes(first));
    if (verb) {
      verb.weight = Math.min(verb.weight, generic ? 0.3 : 0.6);
      verb.verb = true;
    }
  }

  // The clause of purpose is the thing's circumstance only when the thing is named outside it.
  if (purpose.size && terms.some((t) => t.weight >= 1 && !purpose.has(t.word))) {
    for (const t of terms) {
      if (!purpose.has(t.word)) continue;
      t.purpose = true;
      delete t.entity;
    }
  }
  markDestinations(terms, positions, words);

  const countNoun = plain.match(/\bcuant[oa]s\s+(\p{L}+)/u)?.[1];
  if (countNoun && !kinds.includes('count')) kinds.push('count');
  const superlative = /\b(?:mas barat[oa]s?|mas economic[oa]s?|menor precio|mas accesibles?|cheapest)\b/.test(plain)
    ? ('min' as const)
    : /\b(?:mas car[oa]s?|mayor precio|most expensive)\b/.test(plain)
      ? ('max' as const)
      : undefined;

  const ageLimit = /\b(?:desde|a partir de)\s+(?:que|cual|cuantos)\s+(?:edad|anos)\b|\bedad\s+minima\b|\bminimo de edad\b|\bfrom what age\b|\bminimum age\b/.test(plain)
    ? ('min' as const)
    : /\bhasta\s+(?:que|cual|cuantos)\s+(?:edad|anos)\b|\bedad\s+maxima\b|\bup to what age\b|\bmaximum age\b/.test(plain)
      ? ('max' as const)
      : undefined;

  const when = parseWhen(text, options.now, options.timeZone);
  let window: DayWindow | undefined;
  if (when?.time) window = { from: when.time.hour * 60 + when.time.minute, to: when.time.hour * 60 + when.time.minute + 60 };
  else if (when?.approximate) window = WINDOWS[when.approximate];

  let followUp = false;
  // The words a phrase or a span of days stands for are searched too.
  const added = terms.filter((_, i) => positions[i]! < 0).map((t) => t.word);
  let query = added.length ? `${text} ${added.join(' ')}` : text;
  const previous = options.previous;
  const contentWords = terms.filter((t) => t.weight >= 1);
  const amount = amountOf(plain);
  if (amount) for (const t of terms) if (MEASURE_WORD.test(t.word) || /^\d/.test(t.word) || t.word === 'par') t.measure = true;
  // "¿y para uno de 20 kilos?", "¿hasta qué hora puedo ir con ese plan?": no new subject (only a
  // measure, or "ese"), so the thread's subject goes on.
  const subjects = contentWords.filter((t) => !MEASURE_WORD.test(t.word) && !/^\d/.test(t.word));
  const measureOnly = contentWords.length > 0 && subjects.length === 0 && (FOLLOW_UP_START.test(plain) || words.length <= 6);
  const pointsBack = /\b(?:ese|esa|esos|esas|dicho|dicha)\s+\p{L}+/u.test(plain);
  if (previous && previous.words.length && (measureOnly || pointsBack)) {
    const kept = previous.words.filter((w) => !terms.some((t) => t.word === w));
    for (const word of kept) terms.push({ word, weight: 1, alternatives: alternativesOf(word) });
    if (!kinds.length) kinds.push(...previous.kinds);
    query = `${kinds.length && measureOnly ? `${kinds.map((k) => KIND_QUERY[k]).join(' ')} ` : ''}${text} ${kept.join(' ')}`;
    followUp = true;
  } else if (previous) {
    // Only facts of a thing carry its name over; hours and addresses are the business's.
    const ofAThing = kinds.length > 0 && kinds.every((k) => k === 'price' || k === 'duration' || k === 'capacity' || k === 'requirements');
    if (!contentWords.length && ofAThing && previous.words.length) {
      // "¿y cuánto cuesta?": the thing is the one asked about before.
      for (const word of previous.words) {
        terms.push({ word, weight: 1, alternatives: alternativesOf(word) });
      }
      query = `${text} ${previous.words.join(' ')}`;
      followUp = true;
    } else if (!kinds.length && previous.kinds.length && contentWords.length && contentWords.length <= 3 && (FOLLOW_UP_START.test(plain) || words.length <= 4)) {
      // "¿y la endodoncia?": the same kind of fact, about another thing.
      kinds.push(...previous.kinds);
      query = `${previous.kinds.map((k) => KIND_QUERY[k]).join(' ')} ${text}`;
      followUp = true;
    }
  }

  return {
    terms,
    kinds,
    ...(window && { window }),
    ...(yesNoVerb && { yesNoVerb }),
    narrowing,
    query,
    followUp,
    listing: LISTING.test(plain),
    ...(countNoun && { countNoun }),
    ...(superlative && { superlative }),
    ...(ageLimit && { ageLimit }),
    strict: Boolean(yesNoVerb) || (first !== undefined && /^(?:es|son|esta|estan|is|are)$/.test(first) && /\?/.test(text)),
    plural: /\b(?:precios|costos|tarifas|lista de precios|prices|rates)\b/.test(plain),
    ...(amount && { amount }),
  };
}

const PRICE_PHRASE = KIND_PHRASES.find(([kind]) => kind === 'price')![1];

/** A clause of purpose: "para" and an infinitive, with a pronoun joined ("darme") or words after it. */
const PURPOSE = /(?<!\p{L})para\s+(\p{L}+(?:ar|er|ir)(?:me|te|se|nos|le|les|lo|la|los|las)(?!\p{L})[^,.;:?!¿¡]*|\p{L}+(?:ar|er|ir)\s+\p{L}[^,.;:?!¿¡]*)/giu;

/** Words of sending: "mandan", "envían", "entregan", "envíos". */
const sends = (word: string) => alternativesOf(word).some((w) => sameWord(w, 'envio'));

/**
 * "¿Mandan a Cancún?", "¿hacen envíos hasta Playa del Carmen?": the place after a verb of sending
 * and "a", "hasta" or "para" is where to; it is matched by a passage that sends to all of a
 * country, a region or a city (`destination` holds the verb's words).
 */
function markDestinations(terms: QuestionTerm[], positions: number[], words: string[]): void {
  let last = -10;
  terms.forEach((t, i) => {
    const at = positions[i]!;
    if (at < 0 || t.weight < 1 || sends(t.word)) return;
    // "Playa del Carmen": the words of one place name go on.
    const previous = terms.findIndex((_, j) => positions[j] === last);
    if (previous >= 0 && (at === last + 1 || (at === last + 2 && /^(?:de|del|la|el|los|las)$/.test(words[at - 1]!)))) {
      t.destination = terms[previous]!.destination;
      last = at;
      return;
    }
    let q = at - 1;
    while (q >= at - 3 && /^(?:la|el|los|las|otro|otra)$/.test(words[q] ?? '')) q--;
    if (!/^(?:a|al|hasta|para)$/.test(words[q] ?? '') || !words[q - 1] || !sends(words[q - 1]!)) return;
    t.destination = alternativesOf(words[q - 1]!);
    last = at;
  });
}

/** What to remember of a question for the next turn. */
export const topicOf = (question: Question): Topic => ({
  kinds: question.kinds,
  words: question.terms.filter((t) => t.weight >= 1).map((t) => t.word).slice(0, 6),
  query: question.query.slice(0, 300),
});

/** A question word opening the second half of "¿Dónde están y en qué horario atienden?". */
const SECOND_QUESTION = /^(?:(?:en|a|de|desde|hasta|con|por|para)\s+)?(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas|donde|cuando|como|quien|what|where|when|how|which)\b/;

/**
 * The questions of one message, each with the statements before it ("Estoy embarazada, ¿me
 * pueden dar un masaje?" stays one): "¿Qué horario tienen? ¿Abren los sábados?" is two, and so is
 * "¿Dónde están y en qué horario atienden?". A message with one question gives one part.
 */
export function splitQuestions(text: string): string[] {
  const pieces = text
    .split(/(?<=\?)|(?=¿)/)
    .map((p) => p.trim())
    .filter((p) => /[\p{L}\p{N}]/u.test(p));
  const parts: string[] = [];
  let pending = '';
  for (const piece of pieces) {
    // "¿Traen las cajas o las consigo yo? cuánto cuestan": a question after another, even unmarked.
    const asks = /\?$/.test(piece) || /^¿/.test(piece) || (parts.length > 0 && !pending && SECOND_QUESTION.test(plainText(piece)));
    if (!asks) {
      pending = `${pending} ${piece}`.trim();
      continue;
    }
    // "¿Dónde están y en qué horario atienden?": two questions joined by "y".
    // The first question may follow a statement after a comma: "quiero un pastel de 3 pisos, ¿con
    // cuánto tiempo lo pido y cuánto cuesta?".
    const halves = piece.split(/\s+y\s+/);
    const cut = halves.findIndex((h, i) => i > 0 && SECOND_QUESTION.test(plainText(h)));
    const lastClause = (h: string) => plainText(h.split(/[,;:]/).pop() ?? h).replace(/^(?:y|e|oye|hola|buenas)\s+/, '');
    const own =
      cut > 0 && SECOND_QUESTION.test(lastClause(halves.slice(0, cut).join(' y ')))
        ? [halves.slice(0, cut).join(' y '), halves.slice(cut).join(' y ')]
        : [piece];
    own[0] = `${pending} ${own[0]}`.trim();
    pending = '';
    parts.push(...own);
  }
  if (pending) {
    if (parts.length) parts[parts.length - 1] = `${parts[parts.length - 1]} ${pending}`;
    else parts.push(pending);
  }
  return parts.length ? parts : [text];
}
