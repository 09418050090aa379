import { plainText, wordsOf } from './plain-text.ts';
import { isNo, isYes, type RowField, type TableRow } from './table-row.ts';
import { sameWord } from './word-match.ts';

export interface RowFocus {
  price: boolean;
  duration: boolean;
  /** Plain keys of fields the question names ("recamaras", "acepta mascotas"). */
  keys: string[];
  /** How many other facts may be added: 0 for a short answer. */
  extra: number;
  language: 'es' | 'en';
}

/** Accents column names lose when they become identifiers. */
const ACCENTS: Record<string, string> = {
  recamara: 'recámara', recamaras: 'recámaras', bano: 'baño', banos: 'baños', anos: 'años', ano: 'año',
  habitacion: 'habitación', habitaciones: 'habitaciones', duracion: 'duración', operacion: 'operación',
  descripcion: 'descripción', telefono: 'teléfono', numero: 'número', categoria: 'categoría', credito: 'crédito',
  garantia: 'garantía', dias: 'días', ubicacion: 'ubicación', tamano: 'tamaño', jardin: 'jardín', pais: 'país', direccion: 'dirección', edicion: 'edición', version: 'versión', cocineta: 'cocineta',
  anio: 'año', anios: 'años', area: 'área', areas: 'áreas', transmision: 'transmisión', kilometros: 'kilómetros', medico: 'médico', ultimo: 'último', minimo: 'mínimo', maximo: 'máximo', energia: 'energía',
};
/** Column names lose their accents; "-cion" and "-sion" words always carry one. */
const accent = (text: string) => text.replace(/\p{L}+/gu, (w) => ACCENTS[w] ?? w.replace(/([cs])ion$/, '$1ión'));

/** Words a cell may start with that take no capital in mid-sentence ("Desde 10.5%" → "desde 10.5%"). */
const LOWER_STARTS = /^(?:De|Desde|Hasta|Entre|A|Al|Con|Sin|Para|Por|En|El|La|Los|Las|Un|Una|Unos|Unas|Más|Menos|Solo|Sólo|Aprox|Aproximadamente|From|Up|Between|With|Without)\b/;
/** A cell's value as it reads in the middle of a sentence. */
const inSentence = (value: string) => (LOWER_STARTS.test(value) ? value.charAt(0).toLowerCase() + value.slice(1) : value);

/** "4500" → "$4,500 MXN" (the currency from the column name); a value with its own sign stays as written. */
function money(field: RowField): string {
  const value = field.value.trim();
  if (/[$€£]|\b(?:mxn|usd|eur|pesos|dolares)\b/i.test(value)) return inSentence(value);
  const n = Number(value.replace(/,/g, ''));
  if (!Number.isFinite(n)) return value;
  const decimals = Math.round(n * 100) % 100 === 0 ? 0 : 2;
  const amount = n.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  const currency = /\busd\b|dolar/.test(field.plainKey) ? ' USD' : /\beur\b/.test(field.plainKey) ? ' EUR' : ' MXN';
  return `$${amount}${currency}`;
}

function durationText(field: RowField, language: 'es' | 'en'): string {
  const value = field.value.trim();
  if (!/^\d+(?:[.,]\d+)?$/.test(value)) return value;
  const unit = /\bhoras?\b|\bhrs?\b|\bhours?\b/.test(field.plainKey)
    ? language === 'es' ? 'horas' : 'hours'
    : /\bdias?\b|\bdays?\b/.test(field.plainKey)
      ? language === 'es' ? 'días' : 'days'
      : /\bsemanas?\b|\bweeks?\b/.test(field.plainKey)
        ? language === 'es' ? 'semanas' : 'weeks'
        : language === 'es' ? 'minutos' : 'minutes';
  return `${value} ${unit}`;
}

const FEMININE_ENDINGS = /(?:a|ion|dad|tad|tud|umbre|sis|ie)$/;
const MASCULINE_IN_A = new Set(['dia', 'mapa', 'problema', 'sistema', 'programa', 'tema', 'clima', 'plan', 'idioma', 'paquete']);

/** "Limpieza dental" → "la limpieza dental"; names that look like brands keep no article. */
function withArticle(name: string, language: 'es' | 'en'): { text: string; plural: boolean } {
  const [first = ''] = name.split(/\s+/);
  const plainFirst = plainText(first);
  const plural = /[^aeiu]s$/.test(plainFirst) || /(?:as|os|es)$/.test(plainFirst);
  // "Nissan Versa Sense": a name of capitalized words keeps them and takes no article ("la casa en Coyoacán" does).
  const [, second = ''] = name.split(/\s+/);
  const brandLike = /\d/.test(first) || /\p{Lu}/u.test(first.slice(1)) || !/^\p{L}/u.test(first) || /^[\p{Lu}\d]/u.test(second);
  if (language === 'en' || brandLike) return { text: name, plural };
  const lower = name.charAt(0).toLowerCase() + name.slice(1);
  const feminine = FEMININE_ENDINGS.test(plainFirst.replace(/s$/, '')) && !MASCULINE_IN_A.has(plainFirst.replace(/s$/, ''));
  const article = plural ? (feminine ? 'las' : 'los') : feminine ? 'la' : 'el';
  return { text: `${article} ${lower}`, plural };
}

function singular(word: string): string {
  if (/(?:ones|ores|ales|eles|ares)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** "Recamaras: 3" → "3 recámaras"; "Acepta mascotas: sí" → "acepta mascotas". */
function factOf(field: RowField, language: 'es' | 'en'): string | undefined {
  const key = accent(field.key.toLowerCase());
  switch (field.role) {
    case 'number': {
      const n = Number(field.value.replace(',', '.'));
      const shown = Number.isInteger(n) && Math.abs(n) >= 10_000 ? n.toLocaleString('en-US') : field.value;
      // "3 recámaras", but "kilometraje 41,000" and "año 2022" for a column that is no count.
      if (!/s$/.test(key.split(' ')[0] ?? '')) return `${key} ${shown}`;
      const noun = n === 1 ? key.split(' ').map((w, i) => (i === 0 ? singular(w) : w)).join(' ') : key;
      return `${shown} ${noun}`;
    }
    case 'yesno':
      if (isYes(field.value)) return key;
      return isNo(field.value) ? `${language === 'es' ? 'no' : 'not'} ${key}` : undefined;
    case 'stock': {
      const n = Number(field.value);
      if (Number.isFinite(n)) {
        if (n <= 0) return language === 'es' ? 'por ahora está agotado' : 'currently out of stock';
        return language === 'es' ? `hay ${n} disponible${n === 1 ? '' : 's'}` : `${n} available`;
      }
      return `${key}: ${field.value}`;
    }
    case 'text': {
      // "transmisión automática", "colonia Roma Norte"; a longer value keeps its label.
      const words = field.value.split(/\s+/);
      if (words.length > 3) return `${key}: ${inSentence(field.value)}`;
      return `${key} ${words.length === 1 ? field.value.toLowerCase() : inSentence(field.value)}`;
    }
    default:
      return undefined;
  }
}

/** Columns whose value reads well in parentheses after the name: "(venta)", "(renta)". */
const QUALIFIER_KEYS = /^(?:operacion|tipo|categoria|modalidad|operation|type|category|condicion)\b/;

/** "a, b y c"; items that hold commas or "y" themselves are kept apart with semicolons. */
const joinList = (items: string[], language: 'es' | 'en') => {
  if (items.length <= 1) return items[0] ?? '';
  if (items.some((i) => /,|\s(?:y|and)\s/.test(i))) return items.join('; ');
  return `${items.slice(0, -1).join(', ')} ${language === 'es' ? 'y' : 'and'} ${items.at(-1)}`;
};

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A row as a sentence, with the asked facts first: "La endodoncia cuesta $4,500 MXN y dura 90
 * minutos." Only values in the row are used.
 */
export function renderRow(row: TableRow, focus: RowFocus): string {
  const { language } = focus;
  const es = language === 'es';
  const name = row.name?.value ?? '';
  const subject = name ? withArticle(name, language) : { text: es ? 'esta opción' : 'this option', plural: false };
  const price = row.fields.find((f) => f.role === 'price');
  const duration = row.fields.find((f) => f.role === 'duration');
  const plainName = plainText(name);

  // Short text fields that qualify the name ("venta", "renta"), unless the name already says them.
  const qualifiers = row.fields
    .filter((f) => f.role === 'text' && QUALIFIER_KEYS.test(f.plainKey) && f.value.length <= 20 && !plainName.includes(plainText(f.value)))
    .slice(0, 1);
  // Columns the question names, by their name or their value ("¿automáticos?" → "Transmisión: Automática").
  const asked = row.fields.filter(
    (f) =>
      f !== row.name &&
      !qualifiers.includes(f) &&
      f !== price &&
      f !== duration &&
      f.role !== 'id' &&
      !(f.role === 'text' && plainName.includes(plainText(f.value))) &&
      focus.keys.some((k) => wordsOf(`${f.key} ${f.role === 'text' || f.role === 'yesno' ? f.value : ''}`).some((w) => sameWord(w, k))),
  );
  const others = row.fields.filter(
    (f) =>
      !asked.includes(f) &&
      !qualifiers.includes(f) &&
      f !== price &&
      f !== duration &&
      !['name', 'id', 'link', 'description'].includes(f.role) &&
      !(f.role === 'text' && plainName.includes(plainText(f.value))),
  );

  const verbs: string[] = [];
  const pricePhrase = price && (es ? `${subject.plural ? 'cuestan' : 'cuesta'} ${money(price)}` : `${subject.plural ? 'cost' : 'costs'} ${money(price)}`);
  const durationPhrase =
    duration && (es ? `${subject.plural ? 'duran' : 'dura'} ${durationText(duration, language)}` : `${subject.plural ? 'take' : 'takes'} ${durationText(duration, language)}`);
  if (focus.duration && durationPhrase) verbs.push(durationPhrase);
  if (pricePhrase && (focus.price || !focus.duration || focus.extra > 0)) verbs.push(pricePhrase);
  if (!focus.duration && durationPhrase && (focus.price || focus.extra > 0)) verbs.push(durationPhrase);

  const facts = [...asked, ...others.slice(0, focus.extra)]
    .map((f) => factOf(f, language))
    .filter((f): f is string => Boolean(f));
  const descriptionField = row.fields.find((f) => f.role === 'description');

  let sentence = capitalize(subject.text);
  if (qualifiers.length) sentence += ` (${qualifiers.map((q) => q.value.toLowerCase()).join(', ')})`;
  if (asked.length && !focus.price && !focus.duration) {
    // The column asked comes first: "Mazda 3 Sedán: kilometraje 41,000; cuesta $329,000 MXN."
    sentence += `: ${joinList(facts, language)}`;
    if (verbs.length) sentence += `; ${joinList(verbs, language)}`;
  } else {
    if (verbs.length) sentence += ` ${joinList(verbs, language)}`;
    if (facts.length) sentence += verbs.length ? `; ${joinList(facts, language)}` : `: ${joinList(facts, language)}`;
  }
  sentence += '.';
  if (descriptionField && focus.extra > 2) sentence += ` ${capitalize(descriptionField.value.trim()).replace(/\.?$/, '.')}`;
  return sentence;
}
