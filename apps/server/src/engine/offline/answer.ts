import type { Passage } from '../ports.ts';
import { spanishClock } from '../dates/clock-style.ts';
import { answerUnits, type AnswerUnit } from './answer-units.ts';
import { plainText, wordsOf } from './plain-text.ts';
import { MEASURES, sameThingAs, type MeasureUnit, type Question, type QuestionTerm } from './question.ts';
import { renderRow } from './render-row.ts';
import { isNo, isYes } from './table-row.ts';
import { KIND_WORDS, LIGHT_WORDS, STOPWORDS, type FactKind } from './vocabulary.ts';
import { sameWord } from './word-match.ts';

export type Length = 'short' | 'normal' | 'long';

export interface GroundedAnswer {
  type: 'answer';
  /** Sentences built only from the passages. */
  sentences: string[];
  /** "yes" / "no" when the question opened with a verb the answer repeats ("¿Rentan…?" "Rentamos…"). */
  verdict?: 'yes' | 'no';
  sources: Passage[];
  /** The answer lists table rows or catalog products. */
  fromRows: boolean;
  /** The answer names catalog products. */
  fromProducts: boolean;
  /** The catalog product the answer is about, when it is one product's row (not a list). */
  product?: string;
  /** Share of the question's weight the answer covers (0..1). */
  coverage: number;
  /** The part of it the chosen passages say in their own text, not only by a heading or the business's description. */
  ownCoverage?: number;
  /** Share of the kinds of fact asked (a price, a duration…) the chosen passages state (1 when none is asked). */
  kindsHeld?: number;
  /** Names the customer asked about that the knowledge never mentions: said as not known. */
  missing?: string[];
  /** The answer is the business refusing the thing asked, or all of its kind ("No trabajamos con aseguradoras"). */
  refusal?: boolean;
}

export interface NoAnswer {
  /** `unknown`: the knowledge does not hold it. `vague`: nothing concrete was asked. `which`: a kind of fact without its subject. */
  type: 'unknown' | 'vague' | 'which';
}

const KIND_PATTERNS: Record<FactKind, RegExp> = {
  price: /\$\s?\d|\b\d[\d,.]*\s?(?:mxn|pesos|usd|dolares|dólares|eur)\b|\b(?:precio|costo|cuesta|cuestan|tarifa|gratis|gratuito|sin costo)\b/i,
  duration: /\b\d+\s?(?:minutos|min|horas?|hrs?|dias|días|semanas|meses|minutes|hours|days|weeks)\b|\bhora y media\b|\bmedia hora\b|\bdura(?:ci[oó]n)?\b/i,
  hours: /\b(?:opening hours|open from|hours)\b|\b\d{1,2}(?::\d{2})\s?(?:a\.?\s?m\.?|p\.?\s?m\.?|hrs?|h)?\b|\b\d{1,2}\s?(?:a\.?\s?m\.?|p\.?\s?m\.?|hrs)\b|\b(?:abrimos|abierto|abiertos|cerramos|cerrado|cerrados|cerrada|horario)\b/i,
  place:
    /\b(?:av|avenida|calle|col|colonia|blvd|boulevard|carretera|esquina|piso|local|plaza|ubicad[oa]s?|direcci[oó]n|estamos en|nos encontramos|street|st|avenue|ave|road|rd|suite|address|located|we are at)\b\.?|\bc\.?\s?p\.?\s?\d{5}\b|#\s?\d+/i,
  capacity: /\b(?:capacidad|cupo|aforo|hasta \d+ (?:personas|invitados|alumnos|autos|lugares)|\d+ (?:personas|invitados|alumnos|lugares))\b/i,
  who: /\b(?:dra?|lic|ing|arq|mtr[oa]|prof)\.\s|\b(?:doctor|doctora|licenciad[oa]|ingenier[oa]|maestr[oa]|profesora?|entrenador(?:es)?|instructor(?:es)?|especialista|equipo|director[a]?|gerente|dueñ[oa])\b/i,
  count: /(?!)/,
  requirements:
    /\b(?:identificaci[oó]n|ine|credencial|comprobantes?|acta|actas|curp|pasaporte|licencia|aval|fotograf[ií]as?|boleta|cartilla|rfc|requisitos?|documentos?|documentaci[oó]n)\b/i,
  when: /\b(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|cada|semanal|mensual|diario|\d{1,2}:\d{2})\b/i,
};

const holdsKind = (text: string, kind: FactKind): boolean => KIND_PATTERNS[kind].test(text);

const NUMBER_WORDS = 'dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|two|three|four|five|six|seven|eight|nine|ten';

/** "Tenemos 6 canchas techadas": a number right before the thing counted ("¿cuántas canchas?"). */
function countsNoun(text: string, noun: string | undefined): boolean {
  if (!noun) return false;
  // Not an amount ("$450 la cancha"): the number stands right before the noun or one adjective.
  const re = new RegExp(String.raw`(?<![$\d.,])\b(?:\d+|${NUMBER_WORDS})\s+([\p{L}]+)(?:\s+([\p{L}]+))?`, 'giu');
  return [...plainText(text).matchAll(re)].some(
    ([, first = '', second = '']) => sameWord(first, noun) || (!/^(?:la|el|los|las|de|del|por|en|a|al|y|o)$/.test(first) && sameWord(second, noun)),
  );
}

/** A clock time says more about opening hours than the bare word "horario". */
const STRONG_HOURS = /\b\d{1,2}(?::\d{2})\b|\b\d{1,2}\s?(?:a\.?\s?m\.?|p\.?\s?m\.?|hrs)\b/i;

/** Words that, as a paragraph's label, say it is about that kind of fact ("Horario:", "Dirección:"). */
const KIND_LABELS: Partial<Record<FactKind, string[]>> = {
  hours: ['horario', 'horarios', 'hours'],
  place: ['direccion', 'ubicacion', 'domicilio', 'address', 'location'],
  price: ['precio', 'precios', 'costo', 'costos', 'tarifa', 'tarifas', 'prices'],
  requirements: ['requisitos', 'documentos', 'requirements'],
  duration: ['duracion'],
  capacity: ['capacidad', 'cupo', 'aforo'],
};

const MINUTES = (h: string, m?: string) => Number(h) * 60 + (m ? Number(m) : 0);

/** Clock ranges a sentence states ("de 7:00 a 17:00", "17-23 h"), minutes from midnight. */
function rangesOf(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const m of text.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*(?:a|-|–|hasta|to)\s*(\d{1,2})(?::(\d{2}))?\s*(?:h|hrs|horas)?\b/gi)) {
    const [, h1 = '', m1, h2 = '', m2] = m;
    if (!m1 && !m2 && !/\b(?:de|from)\s*$/i.test(text.slice(0, m.index ?? 0))) continue;
    const from = MINUTES(h1, m1);
    let to = MINUTES(h2, m2);
    if (Number(h1) > 24 || Number(h2) > 24) continue;
    if (to <= from) to += 12 * 60;
    out.push([from, to]);
  }
  return out;
}

const WEEKDAY_SPANS: [RegExp, number[]][] = [
  [/\bentre semana\b|\blunes a viernes\b|\bweekdays?\b|\bmonday to friday\b/, [1, 2, 3, 4, 5]],
  [/\bfin(?:es)? de semana\b|\bweekends?\b/, [0, 6]],
  [/\btodos los dias\b|\bdiario\b|\bevery day\b|\bdaily\b/, [0, 1, 2, 3, 4, 5, 6]],
];

/** The ranges of a measure a text states: "de 10 a 25 kg", "hasta 10 kg", "más de 25 kg", "desde los 15 años". */
export function measureRanges(text: string, unit: MeasureUnit): [number, number][] {
  let plain = plainText(text).replace(/(\d),(\d)/g, '$1.$2');
  // "1 año 6 meses", "año y medio": one age in years.
  if (unit === 'anos') {
    plain = plain
      .replace(/\b(\d+)\s*anos?\s*(?:y\s*)?(\d+)\s*mes(?:es)?\b/g, (_, years: string, months: string) => `${(Number(years) + Number(months) / 12).toFixed(2)} anos`)
      .replace(/\b(?:un|1)\s*ano\s*y\s*medio\b/g, '1.5 anos');
  }
  const u = `(?:${MEASURES[unit]})`;
  const n = String.raw`(\d+(?:\.\d+)?)`;
  const out: [number, number][] = [];
  const covered: [number, number][] = [];
  const take = (re: RegExp, range: (m: RegExpMatchArray) => [number, number]) => {
    for (const m of plain.matchAll(re)) {
      const at = m.index ?? 0;
      if (covered.some(([a, b]) => at < b && at + m[0].length > a)) continue;
      covered.push([at, at + m[0].length]);
      out.push(range(m));
    }
  };
  take(new RegExp(String.raw`(?:de|entre)?\s*${n}\s*${u}?\s*(?:a|y|-|al)\s*${n}\s*${u}`, 'g'), (m) => [Number(m[1]), Number(m[2])]);
  take(new RegExp(String.raw`(?:hasta|menos de|menores de|maximo|max)\s+(?:los\s+|las\s+)?${n}\s*${u}`, 'g'), (m) => [0, Number(m[1])]);
  take(new RegExp(String.raw`(?:mas de|desde|a partir de|mayores de|minimo|min)\s+(?:los\s+|las\s+)?${n}\s*${u}`, 'g'), (m) => [Number(m[1]), Infinity]);
  return out;
}

/** A price stated by one of a measure: "por m²", "por mes", "al mes", "mensual", "por noche", "por persona". */
const PER_UNIT: Record<MeasureUnit, RegExp> = {
  kg: /\b(?:por|el|per)\s+(?:kg|kilo|kilogramo)\b/,
  anos: /\b(?:(?:por|al|per)\s+(?:ano|year)|anual|anuales)\b/,
  personas: /\b(?:por|per)\s+(?:persona|invitado|huesped|adulto|pax|person|guest)\b/,
  m2: /\b(?:por|el|per)\s+(?:m2|metro cuadrado|mt2|square meter)\b/,
  noches: /\b(?:por|la|per)\s+(?:noche|night)\b/,
  meses: /\b(?:(?:por|al|per)\s+(?:mes|month)|mensual|mensuales|mensualidad|monthly)\b/,
};

interface TermHit {
  body: boolean;
  context: boolean;
}

function hitOf(term: QuestionTerm, unit: AnswerUnit, plain: string, businessWords: string[]): TermHit {
  const inWords = (words: string[]) => term.alternatives.some((alt) => words.some((w) => sameWord(w, alt)));
  let body = inWords(unit.words);
  if (!body && term.destination) body = sendsEverywhere(unit.words, term.destination);
  if (!body && term.weekday !== undefined) body = WEEKDAY_SPANS.some(([re, days]) => re.test(plain) && days.includes(term.weekday!));
  // "quiero vender mi casa": the customer's own thing is not one of the catalog's rows; it may be
  // what a row is for ("esterilizar a mi gata" and "Esterilización de gata").
  if (term.own && unit.row) {
    const head = unit.label[0];
    return { body: body && head !== undefined && !inWords([head]), context: false };
  }
  // "¿Tienen autos automáticos?" at a car dealer: every row of its catalog is an "auto".
  const context = !body && (inWords(unit.context) || (unit.row !== undefined && inWords(businessWords)));
  return { body, context };
}

/**
 * "Enviamos a todo México", "hacemos envíos a toda la República": the unit sends (a word of the
 * question's verb of sending) to all of a place, so to any place in it the customer names.
 */
function sendsEverywhere(words: string[], sending: string[]): boolean {
  return words.some(
    (w, i) =>
      sending.some((alt) => sameWord(w, alt)) &&
      words.slice(i + 1, i + 6).some((p, j, after) => /^(?:a|al|en|hasta|por)$/.test(p) && /^(?:todo|toda|todos|todas|cualquier)$/.test(after[j + 1] ?? '')),
  );
}

interface Scored {
  unit: AnswerUnit;
  score: number;
  hits: TermHit[];
  kinds: FactKind[];
  topic: boolean;
  /** Share of a row's name the question says (1 for "el paquete plata" and "Paquete Plata"). */
  named: number;
}

function scoreUnits(question: Question, units: AnswerUnit[], topScore: number, businessWords: string[]): Scored[] {
  const allHits = units.map((unit) => question.terms.map((t) => hitOf(t, unit, plainText(unit.text), businessWords)));
  // A word every row holds ("perro" at a veterinary clinic) says less about which one is asked
  // than a word only one passage holds ("hospitalizar"): the inverse of how many units hold it.
  const rarity = question.terms.map((_, i) => {
    const n = allHits.filter((h) => h[i]!.body).length;
    return n === 0 ? 1 : n === 1 ? 1.3 : 1 / (1 + 0.5 * Math.log(n));
  });
  return units.map((unit, u) => {
    const hits = allHits[u]!;
    let score = 0;
    hits.forEach((h, i) => {
      const w = question.terms[i]!.weight;
      if (h.body) score += w * rarity[i]!;
      // Found by what the passage is about only: less when other passages say the word itself.
      else if (h.context) score += 0.6 * w * Math.min(1, rarity[i]!);
    });
    const kinds = question.kinds.filter((k) => (k === 'count' ? countsNoun(unit.text, question.countNoun) : holdsKind(unit.text, k)));
    for (const k of kinds) score += k === 'hours' && !STRONG_HOURS.test(unit.text) ? 0.35 : 0.7;
    if (question.kinds.some((k) => KIND_LABELS[k]?.some((w) => unit.label.includes(w) || unit.context.includes(w)))) score += 0.3;
    // The question names what the paragraph is about (its label or its section's heading).
    // A word every row's name holds ("perro") says little about which row this is.
    const topicTerms = question.terms.map((t, i) => (t.weight >= 0.6 && t.alternatives.some((alt) => unit.context.some((w) => sameWord(w, alt))) ? i : -1)).filter((i) => i >= 0);
    const topic = topicTerms.length > 0;
    if (topic) score += 0.3 * Math.max(...topicTerms.map((i) => Math.min(1, rarity[i]!)));
    if (question.window) {
      const ranges = rangesOf(unit.text);
      if (ranges.length) {
        const { from, to } = question.window;
        score += ranges.some(([a, b]) => a < to && b > from) ? 0.6 : -0.6;
      }
    }
    // "¿y para uno de 20 kilos?": of rows with ranges of that measure, the one it falls in; a
    // sentence with such a range is the rule that answers ("desde los 15 años").
    if (question.amount) {
      const ranges = measureRanges(unit.text, question.amount.unit);
      if (ranges.length) {
        const fits = ranges.some(([a, b]) => question.amount!.value >= a && question.amount!.value <= b);
        score += unit.row ? (fits ? 0.8 : -0.8) : 0.5;
      } else if (PER_UNIT[question.amount.unit].test(plainText(unit.text))) {
        // "de 2x1 metros" and "Lona impresa (por m²)", "un par de meses" and "Bodega por mes": priced by that measure.
        score += 0.6;
      }
    }
    // "el masaje relajante" is the row named just that, more than "paquete (masaje relajante para dos)".
    let named = 0;
    if (unit.row?.name) {
      const core = wordsOf(unit.row.name.value.replace(/\([^)]*\)/g, ' ')).filter((w) => !STOPWORDS.has(w));
      const saidBy = core.map((w) => question.terms.findIndex((t) => t.weight >= 1 && !t.own && t.alternatives.some((alt) => sameWord(w, alt))));
      if (core.length) named = saidBy.filter((i) => i >= 0).length / core.length;
      score += (0.5 * saidBy.reduce((sum, i) => sum + (i >= 0 ? Math.min(1, rarity[i]!) : 0), 0)) / Math.max(1, core.length);
    }
    // A yes/no column the question names ("¿tienen algo que acepte mascotas?") counts only when it
    // says yes, unless the customer asks about that very row.
    if (unit.row && named === 0) {
      for (const f of unit.row.fields) {
        if (f.role !== 'yesno') continue;
        const asked = question.terms.some((t) => t.weight >= 1 && t.alternatives.some((alt) => f.plainKey.split(' ').some((k) => sameWord(k, alt))));
        if (asked && isNo(f.value)) score -= 1.5;
        else if (asked && isYes(f.value)) score += 0.3;
      }
    }
    // "¿Qué masajes tienen?": the rows whose name says it are the options asked for.
    if (question.listing && unit.row?.name) {
      const nameWords = unit.label;
      if (question.terms.some((t) => t.weight >= 1 && t.alternatives.some((alt) => nameWords.some((w) => sameWord(w, alt))))) score += 0.5;
    }
    const prior = topScore > 0 ? 0.8 + (0.2 * unit.passage.score) / topScore : 1;
    return { unit, score: score * prior, hits, kinds, topic, named };
  });
}

const LIMITS: Record<Length, { units: number; bonus: number; rows: number; extra: number }> = {
  short: { units: 1, bonus: 1, rows: 2, extra: 0 },
  normal: { units: 2, bonus: 1, rows: 3, extra: 4 },
  long: { units: 4, bonus: 1, rows: 5, extra: 8 },
};

/** The unit states the question's measure: a range of it, or a price by it. */
const statesMeasure = (question: Question, s: Scored) =>
  question.amount !== undefined && (measureRanges(s.unit.text, question.amount.unit).length > 0 || PER_UNIT[question.amount.unit].test(plainText(s.unit.text)));

function coverage(question: Question, chosen: Scored[], own = false) {
  let total = 0;
  let covered = 0;
  const measured = chosen.some((s) => statesMeasure(question, s));
  question.terms.forEach((t, i) => {
    const hit = chosen.some((s) => s.hits[i]!.body || (!own && s.hits[i]!.context));
    // What the thing is for need not be said by the passage that has the thing, nor the words of
    // an amount ("3x2 metros") by one that states that measure ("por m²").
    if ((t.purpose || (t.measure && measured)) && !hit) return;
    total += t.weight;
    if (hit) covered += t.weight;
  });
  for (const k of question.kinds) {
    total += 0.5;
    if (chosen.some((s) => s.kinds.includes(k))) covered += 0.5;
  }
  return total > 0 ? covered / total : 0;
}

/**
 * "¿Aceptan seguro de gastos médicos?" and "No trabajamos con aseguradoras.": what the business
 * says it does not take or do at all it does not take or do of any kind, so that sentence answers a
 * question about one kind, though the kind is never named. Only a refusal of the thing itself:
 * "No tenemos clases los domingos" says nothing about swimming classes, so the words after the
 * thing, up to the end of its clause, must be the question's own.
 */
function refusalOfWhole(question: Question, scored: Scored[]): Scored | undefined {
  if (!question.strict || !question.yesNoVerb) return undefined;
  const asked = (w: string) => question.terms.some((t) => t.alternatives.some((alt) => sameWord(w, alt)));
  // The thing asked: the head of "seguro de gastos médicos", or a thing looked for by its kinds
  // ("No transportamos animales" refuses a dog).
  const heads = new Set([...question.narrowing.map(([head]) => head), ...question.terms.flatMap((t, i) => (t.kinds ? [i] : []))]);
  for (const head of heads) {
    const term = question.terms[head]!;
    if (term.weight < 1) continue;
    // The narrowing words come after the thing; a word naming something else before it is another question.
    if (question.terms.some((t, i) => i < head && t.weight >= 1 && !t.verb)) continue;
    for (const s of scored) {
      if (s.unit.row || !s.hits[head]!.body || s.score <= 0) continue;
      const clauses = s.unit.text.split(/[,;:()]|\s(?:ni|y|pero|o)\s/i).map(wordsOf);
      // In a list of things refused ("No transportamos plantas, animales ni dinero") the items
      // after the first have no verb of their own: the opening negation governs them.
      const listRefused = clauses.findIndex((words) => words.slice(0, 3).includes('no'));
      const refuses = clauses.some((words, c) => {
        const at = words.findIndex((w) => term.alternatives.some((alt) => sameWord(w, alt)));
        if (at < 0) return false;
        const negated = words.slice(Math.max(0, at - 4), at).some((w) => w === 'no' || w === 'nunca') || (listRefused >= 0 && c > listRefused && at === 0);
        return negated && words.slice(at + 1).every((w) => STOPWORDS.has(w) || asked(w));
      });
      if (refuses) return s;
    }
  }
  return undefined;
}

/** A chosen passage says "todos los", "todas las" or "cualquier" before a word the question names (not a name). */
function ofEveryOne(question: Question, chosen: Scored[]): boolean {
  const asked = question.terms.filter((t) => t.weight >= 1 && !t.entity);
  return chosen.some((s) =>
    s.unit.words.some(
      (w, i, words) => /^(?:todos|todas|cualquier)$/.test(w) && words.slice(i + 1, i + 5).some((after) => asked.some((t) => t.alternatives.some((alt) => sameWord(after, alt)))),
    ),
  );
}

/** "clases de natación" when only "clases" is known: the narrower thing asked is not there. */
function narrowedAway(question: Question, chosen: Scored[]): boolean {
  const found = (i: number) => chosen.some((s) => s.hits[i]!.body || s.hits[i]!.context);
  return question.narrowing.some(
    // What the thing is for ("una dirección para darme de alta") does not narrow it, nor its size ("una lona de 3x2 metros").
    ([head, narrower]) =>
      question.terms[head]!.weight >= 1 && question.terms[narrower]!.weight >= 1 && !question.terms[narrower]!.purpose && !question.terms[narrower]!.measure && found(head) && !found(narrower),
  );
}

const rowFocus = (question: Question, extra: number, language: 'es' | 'en') => ({
  price: question.kinds.includes('price'),
  duration: question.kinds.includes('duration'),
  keys: [...new Set(question.terms.filter((t) => t.weight >= 1).flatMap((t) => t.alternatives))],
  extra,
  language,
});

 /**
 * A FAQ answer opens with "Sí." or "No." to its own question; said to another question that
 * word is dropped ("¿Cuándo son las sesiones?" answered from "¿Tienen horario fijo? No. …").
 */
function faqText(unit: AnswerUnit, question: Question): string {
  const opening = unit.text.match(/^(?:s[ií]|no|yes)\b[,.]?\s+/i);
  if (!opening || !unit.faq.length) return unit.text;
  const theirs = unit.faq.filter((w) => !STOPWORDS.has(w) && !LIGHT_WORDS.has(w) && !KIND_WORDS.has(w));
  const shared = theirs.filter((w) => question.terms.some((t) => t.alternatives.some((alt) => sameWord(w, alt))));
  if (theirs.length && shared.length * 2 >= theirs.length) return unit.text;
  const rest = unit.text.slice(opening[0].length);
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

/** The price column of a row as a number. */
function priceOf(row: NonNullable<AnswerUnit['row']>): number | undefined {
  const field = row.fields.find((f) => f.role === 'price');
  const n = field ? Number(field.value.replace(/[^\d.]/g, '')) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** "No cobramos comisión…" / "Rentamos palas…": the answer repeats the question's verb, with or without "no". */
function verdictOf(question: Question, unit: AnswerUnit): 'yes' | 'no' | undefined {
  const verbs = question.yesNoVerb;
  if (!verbs || unit.row) return undefined;
  const words = unit.words;
  const at = words.findIndex((w) => verbs.some((v) => sameWord(w, v)));
  if (at < 0) return undefined;
  const before = words.slice(Math.max(0, at - 2), at);
  return before.includes('no') || before.includes('nunca') ? 'no' : 'yes';
}

/** The amounts a text states, as plain numbers ("$650.00 MXN" and "650" are one). */
function amountsOf(text: string): string[] {
  return [...plainText(text).matchAll(/\d+(?:\.\d+)?/g)].map((m) => m[0].replace(/\.0+$/, ''));
}

/** A later unit that says nothing new: the same thing named, and no amount the earlier one lacks. */
function sameFact(a: AnswerUnit, b: AnswerUnit): boolean {
  const named = (x: AnswerUnit, y: AnswerUnit) => {
    const name = (x.row?.name ? wordsOf(x.row.name.value) : x.label).filter((w) => !STOPWORDS.has(w) && !/^\d/.test(w));
    return name.length > 0 && name.every((w) => y.words.some((v) => sameWord(v, w)));
  };
  if (!named(a, b) && !named(b, a)) return false;
  const earlier = new Set(amountsOf(a.text));
  const later = amountsOf(b.text);
  return later.length > 0 && later.every((n) => earlier.has(n));
}

/** Yes-or-no verbs that ask whether the business offers a thing ("¿Tienen…?", "¿Venden…?"). */
const OFFER_VERBS = new Set(['tienen', 'hay', 'dan', 'ofrecen', 'venden', 'manejan', 'rentan', 'have', 'offer']);

/**
 * A grounded answer: the sentences, list items or table rows of the passages that hold what the
 * question asks, as many as the response length allows, or why there is none. It never says
 * anything the passages do not.
 */
export function buildAnswer(
  question: Question,
  passages: Passage[],
  options: { length: Length; language: 'es' | 'en'; /** What the business says it is: names what its catalog rows are. */ business?: string },
): GroundedAnswer | NoAnswer {
  const contentTerms = question.terms.filter((t) => t.weight >= 0.6 || t.weekday !== undefined);
  // "¿Me das informes?", "¿tienen?": nothing concrete to look for.
  if (!contentTerms.length && !question.kinds.length) return { type: 'vague' };
  // "¿Cuánto cuesta?" alone asks of which thing; "¿cuáles son sus precios?" asks for the list.
  if (!contentTerms.length && !question.plural && question.kinds.length && question.kinds.every((k) => k === 'price' || k === 'duration')) {
    return { type: 'which' };
  }
  const units = answerUnits(passages);
  if (!units.length) return { type: 'unknown' };
  const topScore = Math.max(...passages.map((p) => p.score));
  const businessWords = wordsOf(options.business ?? '').filter((w) => w.length > 3 && !STOPWORDS.has(w));
  const scored = scoreUnits(question, units, topScore, businessWords).sort((a, b) => b.score - a.score || a.unit.rank - b.unit.rank || a.unit.order - b.unit.order);
  const best = scored[0];
  if (!best || best.score <= 0) return { type: 'unknown' };

  const limit = LIMITS[options.length];
  const chosen: Scored[] = [best];
  const found = (i: number) => chosen.some((s) => s.hits[i]!.body || s.hits[i]!.context);

  if (best.unit.row) {
    // Several rows that fit equally well are listed ("¿tienen algo en renta que acepte mascotas?").
    for (const s of scored.slice(1)) {
      if (chosen.length >= limit.rows) break;
      // A row the customer named in full is the one asked about, not a list.
      if (best.named === 1 && s.named < 1) continue;
      // A row that lacks a word of the question the best one says, and says none it lacks ("el
      // de tres leches grande": not the small one), is another thing, not an equal option.
      // Even a light word ("grande", "chico") tells two rows apart when it is all that does.
      const holds = (x: Scored, i: number) => x.hits[i]!.body || x.hits[i]!.context;
      const asked = question.terms.map((t, i) => (t.own || t.verb ? -1 : i)).filter((i) => i >= 0);
      if (asked.some((i) => best.hits[i]!.body && !holds(s, i)) && !asked.some((i) => holds(s, i) && !holds(best, i))) continue;
      if (s.unit.row && s.score >= 0.9 * best.score && s.score > 0) chosen.push(s);
    }
  } else {
    let bonus = limit.bonus;
    for (const s of scored.slice(1)) {
      if (s.score <= 0 || s.unit.row) continue;
      const addsTerm = question.terms.some((t, i) => t.weight >= 0.5 && !found(i) && (s.hits[i]!.body || s.hits[i]!.context));
      const addsKind = question.kinds.some((k) => s.kinds.includes(k) && !chosen.some((c) => c.kinds.includes(k)));
      const close = s.score >= 0.75 * best.score && s.unit.passage.chunkId === best.unit.passage.chunkId;
      if (chosen.length < limit.units && (close || ((addsTerm || addsKind) && s.score >= 0.35 * best.score))) chosen.push(s);
      else if (bonus > 0 && (addsTerm || addsKind) && s.score >= 0.35 * best.score) {
        chosen.push(s);
        bonus--;
      }
      if (chosen.length >= limit.units + limit.bonus) break;
    }
  }

  const refusal = refusalOfWhole(question, scored);
  if (refusal) chosen.splice(0, chosen.length, refusal);
  const ratio = coverage(question, chosen);
  const topic = chosen.some((s) => s.topic);
  // A place, brand or name the customer wrote with a capital that the passages never mention:
  // what the knowledge says of the rest is still worth saying, with what it does not know
  // ("¿Aceptan el seguro de MetLife?" → about MetLife nothing; no direct agreements, an invoice
  // for reimbursement).
  // Unless a chosen passage speaks of every one of its kind ("Todos los cafés en grano se pueden
  // pedir molidos" to "el de Chiapas en grano, ¿me lo muelen?"), and another passage names it.
  const everyOne = ofEveryOne(question, chosen);
  const unfound = question.terms.filter((t, i) => t.entity && !found(i) && !(everyOne && scored.some((s) => s.hits[i]!.body)));
  if (unfound.length && !refusal) {
    // Named by a passage that was not chosen: the answer is about something else.
    const nowhere = unfound.filter((t) => !scored.some((s) => s.hits[question.terms.indexOf(t)]!.body));
    if (nowhere.length < unfound.length || nowhere.length > 1) return { type: 'unknown' };
    const missing = nowhere;
    const rest = question.terms.filter((t) => !missing.includes(t));
    const named = rest.filter((t) => t.weight >= 1 && !t.verb);
    if (!named.length && !question.kinds.length) return { type: 'unknown' };
    // "¿Cuánto tarda en llegar a Mérida?": the kind of fact asked is answered for the rest.
    const partial = buildAnswer({ ...question, terms: rest, narrowing: [], plural: true }, passages, options);
    // Rows of other things with their prices are no answer about a name the business never says.
    if (partial.type === 'answer' && partial.fromRows && !question.kinds.includes('price')) return { type: 'unknown' };
    return partial.type === 'answer' ? { ...partial, missing: missing.map((t) => t.word) } : { type: 'unknown' };
  }
  if (!refusal) {
    if (narrowedAway(question, chosen)) return { type: 'unknown' };
    if (!(ratio >= 0.5 || (topic && ratio >= 0.3))) return { type: 'unknown' };
    // Every word naming the thing asked is missing: what was found is only about the kind of fact.
    if (contentTerms.length && !contentTerms.some((t) => found(question.terms.indexOf(t)))) return { type: 'unknown' };
  }
  // "¿Aceptan pagos con bitcoin?": a yes or no is only given about what the passages name.
  // The opening verb need not be repeated when what it asks about is there ("¿Enseñan inglés?").
  const nouns = contentTerms.filter((t) => !t.verb && !t.purpose);
  const complete = (nouns.length ? nouns : contentTerms).every((t) => found(question.terms.indexOf(t)) || (/(?:ar|er|ir)$/.test(t.word) && !t.verb));
  // "¿Pasan a recoger la ropa a mi casa?" answered by "recogemos … a domicilio": of a yes-or-no
  // question that is not whether a thing is offered, one word may go unsaid when two others
  // naming the thing asked are there.
  const unsaid = nouns.filter((t) => !found(question.terms.indexOf(t)));
  const saidWeight = contentTerms.filter((t) => !t.verb && found(question.terms.indexOf(t))).reduce((sum, t) => sum + t.weight, 0);
  const offerAsked = question.yesNoVerb?.some((v) => OFFER_VERBS.has(v)) ?? false;
  // Never a table row then: its price would be quoted for a thing not asked about.
  const nearlyComplete = !offerAsked && unsaid.length === 1 && saidWeight >= 1.5 && !chosen.some((c) => c.unit.row);
  if (question.strict && !complete && !nearlyComplete && !refusal) return { type: 'unknown' };
  // "¿Dan tarjetas de crédito?": whether a thing is offered is said only by a passage naming that
  // thing (or a synonym, or a kind of it), not only the broader kind it belongs to: a sentence
  // about payments does not say whether cards are given.
  if (question.strict && !refusal && question.yesNoVerb?.some((v) => OFFER_VERBS.has(v))) {
    const named = (t: QuestionTerm) => {
      const own = sameThingAs(t.word);
      return [...chosen.flatMap((s) => [...s.unit.words, ...s.unit.context]), ...(best.unit.row ? businessWords : [])].some((w) => own.some((alt) => sameWord(w, alt)));
    };
    if (!nouns.every((t) => named(t) || (/(?:ar|er|ir)$/.test(t.word) && !t.verb))) return { type: 'unknown' };
  }

  // "¿Cuál es el más barato?": of the rows that fit, the one with the lowest (or highest) price.
  if (question.superlative && best.unit.row) {
    const priced = scored
      .filter((s) => s.unit.row && s.score >= 0.6 * best.score)
      .map((s) => ({ s, price: priceOf(s.unit.row!) }))
      .filter((p): p is { s: Scored; price: number } => p.price !== undefined);
    if (priced.length > 1) {
      priced.sort((a, b) => (question.superlative === 'min' ? a.price - b.price : b.price - a.price));
      chosen.splice(0, chosen.length, priced[0]!.s);
    }
  }
  // "¿Desde qué edad reciben niños?": of the passages that state ages and say what the best one
  // says (an aside in brackets apart: "Preescolar (Casa de Niños)"), the one that starts youngest
  // ("hasta qué edad": ends oldest).
  if (question.ageLimit) {
    const edge = (ranges: [number, number][]) =>
      question.ageLimit === 'min' ? -Math.min(...ranges.map(([from]) => from)) : Math.max(...ranges.map(([, to]) => to));
    const says = (s: Scored) => {
      const words = wordsOf(s.unit.text.replace(/\([^)]*\)/g, ' '));
      return question.terms.map((t) => t.weight >= 1 && t.alternatives.some((alt) => words.some((w) => sameWord(w, alt))));
    };
    const bestSays = says(best);
    const aged = scored
      .filter((s) => s.score > 0 && says(s).every((held, i) => held || !bestSays[i]))
      .map((s) => ({ s, edge: edge(measureRanges(s.unit.text, 'anos')) }))
      .filter((a) => a.edge > -Infinity);
    if (aged.length > 1) chosen.splice(0, chosen.length, aged.sort((a, b) => b.edge - a.edge)[0]!.s);
  }
  // One fact once: the catalog's product and the document's row or sentence that state the same
  // thing (same name, same amounts) are one, not two "options".
  for (let i = chosen.length - 1; i > 0; i--) {
    if (chosen.slice(0, i).some((earlier) => sameFact(earlier.unit, chosen[i]!.unit))) chosen.splice(i, 1);
  }
  const lead = chosen[0]!;
  const inOrder = lead.unit.row ? chosen : [...chosen].sort((a, b) => a.unit.rank - b.unit.rank || a.unit.order - b.unit.order);
  const rows = inOrder.filter((s) => s.unit.row);
  let sentences: string[];
  if (rows.length > 1) {
    const focus = rowFocus(question, Math.min(limit.extra, 2), options.language);
    const intro = options.language === 'es' ? 'Tenemos estas opciones:' : 'These are the options:';
    sentences = [intro, ...rows.map((s) => `- ${renderRow(s.unit.row!, focus)}`)];
  } else {
    sentences = inOrder.map((s) => (s.unit.row ? renderRow(s.unit.row, rowFocus(question, limit.extra, options.language)) : faqText(s.unit, question)));
  }

  // One way of writing a time in the whole conversation ("5:00 p. m."), as the bookings say it.
  if (options.language === 'es') sentences = sentences.map(spanishClock);
  // An answer that already opens with "Sí" or "No" needs no other.
  const verdict = complete && !/^(?:s[ií]|no|yes)\b/i.test(sentences[0] ?? '') ? verdictOf(question, lead.unit) : undefined;
  const sources = [...new Map(inOrder.map((s) => [s.unit.passage.chunkId, s.unit.passage])).values()];
  const product = rows.length === 1 && inOrder.length === 1 ? rows[0]!.unit.passage.productId : null;
  return {
    type: 'answer',
    sentences,
    ...(verdict && { verdict }),
    sources,
    fromRows: rows.length > 0,
    fromProducts: inOrder.some((s) => s.unit.passage.productId),
    ...(product && { product }),
    coverage: ratio,
    ownCoverage: coverage(question, chosen, true),
    kindsHeld: question.kinds.length ? question.kinds.filter((k) => chosen.some((c) => c.kinds.includes(k))).length / question.kinds.length : 1,
    ...(refusal && { refusal: true }),
  };
}
