import { spellingVariants } from '../../engine/offline/word-match.ts';

/**
 * The form text is searched in: lower case, no accents, thousands separators between digits
 * removed ("18,500" and "18.500" become "18500"), anything but letters and digits a space.
 * Indexing and queries both go through it, so "Narvarte", "narvarte" and "NÁRVARTE" are one word.
 */
export function searchText(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\d)[,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const stopwords = new Set(
  (
    'a al algo algun alguna alguno como con cual cuales de del donde el ella ellos en es esa ese eso esta este esto estos ' +
    'ha hay la las le les lo los me mi mis muy no nos o os para pero por que quien se si sin sobre su sus te ti tu tus un una ' +
    'uno unos usted ustedes y ya yo hola buenas buenos dias tardes noches gracias favor quiero quisiera necesito saber puedo ' +
    'pueden tienen tiene tengo me gustaria informacion hasta desde tambien mas menos ser estar soy llamo ' +
    'the and or of to in is are do does you your i we what how can for on with at it my our'
  ).split(' '),
);

export type FactKind = 'price' | 'time' | 'place' | 'duration';

/**
 * Words that say what kind of fact is asked (a price, a time, a place) but not which one. They
 * weigh little as words; a passage holding that kind of fact (an amount, a time of day, an
 * address) counts as matching them.
 */
const kindWords: Record<string, FactKind> = Object.fromEntries([
  ...'cuanto cuanta cuantos cuantas cuesta cuestan costo costos precio precios cobran cobrarian cobra vale valen tarifa tarifas pagar much cost price'
    .split(' ')
    .map((w) => [w, 'price' as const]),
  ...'hora horas horario horarios abren abre abierto abiertos cierran cierra cuando temprano tarde time open close'
    .split(' ')
    .map((w) => [w, 'time' as const]),
  ...'donde ubicados ubicacion ubicada direccion llegar where address located'.split(' ').map((w) => [w, 'place' as const]),
  ...'tiempo tarda tardan dura duran demora demoran anticipacion long'.split(' ').map((w) => [w, 'duration' as const]),
]);

/**
 * "¿Cuánto cuesta?", "¿cuánto me sale?" ask a price; "¿cuánto tiempo…?", "¿cuántos kilómetros…?"
 * ask the thing named after it.
 */
const PRICE_AFTER_HOW_MUCH = new Set(
  'cuesta cuestan costaria sale salen saldria es son seria serian cobran cobra cobrarian vale valen me te le les nos pago pagaria pagar'.split(' '),
);

/** Everyday words of a question and the words a business writes for the same thing. */
const expansions: Record<string, string[]> = {
  abren: ['abrimos', 'horario'],
  abre: ['abrimos', 'horario'],
  abierto: ['abrimos', 'horario'],
  abiertos: ['abrimos', 'horario'],
  cierran: ['cerramos', 'horario'],
  cierra: ['cerramos', 'horario'],
  hora: ['horario'],
  donde: ['ubicados', 'direccion', 'estamos', 'calle', 'av', 'avenida', 'blvd', 'oficina'],
  ubicados: ['direccion', 'estamos'],
  direccion: ['ubicados', 'estamos'],
  documentos: ['requisitos'],
  papeles: ['requisitos', 'documentos'],
  requisitos: ['documentos', 'necesitas'],
  pagar: ['pago', 'pagos', 'tarjeta'],
  pago: ['tarjeta', 'efectivo'],
  estacionar: ['estacionamiento'],
  parking: ['estacionamiento'],
  agendar: ['cita', 'reserva'],
  reservar: ['reserva'],
  ninos: ['infantil', 'pediatria', 'odontopediatria'],
  urgencia: ['emergencia', 'urgencias'],
  emergencia: ['urgencia', 'urgencias'],
};

export interface QueryTerm {
  term: string;
  /** 1 for a word that names the thing asked about, less for kind words and added related words. */
  weight: number;
  kind?: FactKind;
}

/** Contact details a customer may write in the same message: not part of the question. */
const contactDetails = /[\w.+-]+@[\w-]+\.[\w.-]+|https?:\/\/\S+|\+?\d[\d\s().-]{7,}\d/g;

/** The words of a question worth searching for, with their weight; at most 16. */
export function queryTerms(question: string): QueryTerm[] {
  const words = searchText(question.replace(contactDetails, ' ')).split(' ');
  const terms = new Map<string, QueryTerm>();
  const add = (term: string, weight: number, kind?: FactKind) => {
    const known = terms.get(term);
    if (!known || known.weight < weight) terms.set(term, { term, weight, ...(kind ? { kind } : {}) });
  };
  words.forEach((w, i) => {
    if (w.length < 2) return;
    const next = words[i + 1];
    if (/^cuant[oa]s?$/.test(w) && next && !PRICE_AFTER_HOW_MUCH.has(next)) return;
    const kind = kindWords[w];
    if (kind) add(w, 0.35, kind);
    else if (!stopwords.has(w)) add(w, 1);
    for (const related of expansions[w] ?? []) add(related, 0.6, kindWords[related]);
    // A verb's first person spelt apart: "recojo" is "recog-" in its other forms ("las prendas que
    // no se recogen").
    if (!kind && !stopwords.has(w) && w.endsWith('o')) for (const variant of spellingVariants(w)) add(variant, 0.9);
  });
  return [...terms.values()].slice(0, 16);
}

const kindPatterns: Record<FactKind, RegExp> = {
  price: /\$\s?\d|\b\d+\s?(mxn|pesos|usd|dolares)\b|\bprecio|\bcosto|\btarifa/i,
  time: /\b\d{1,2}:\d{2}\b|\b\d{1,2}\s?(am|pm|a\.\s?m|p\.\s?m|hrs)\b/i,
  place: /\b(av|avenida|calle|col|colonia|blvd|boulevard|carretera|esquina|piso)\b\.?\s|\bc\.?\s?p\.?\s?\d{5}\b/i,
  duration: /\b\d+\s?(min|minutos|horas?|hrs|dias|semanas?|meses|minutes|hours|days|weeks)\b/i,
};

/** Whether a passage holds a fact of this kind (an amount, a time of day, an address). */
export const holdsKind = (text: string, kind: FactKind) => kindPatterns[kind].test(text);
