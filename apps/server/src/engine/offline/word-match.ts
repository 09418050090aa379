const SUFFIXES = [
  'aciones', 'iciones', 'amientos', 'imientos', 'amiento', 'imiento', 'acion', 'icion', 'mente', 'ando', 'iendo',
  'amos', 'emos', 'imos', 'aron', 'ieron', 'aban', 'aba', 'ados', 'adas', 'idos', 'idas', 'ado', 'ada', 'ido', 'ida',
  'ar', 'er', 'ir', 'an', 'en', 'as', 'os', 'es', 'ing', 'ed', 'a', 'o', 'e', 's',
];

const stems = new Map<string, string>();

/**
 * A rough Spanish (and English) stem of a plain word: the stem vowel change of verbs undone
 * ("atienden" and "atendemos", "cuesta" and "costo" meet) and common endings cut, keeping at
 * least three letters.
 */
function stemOf(word: string): string {
  const known = stems.get(word);
  if (known !== undefined) return known;
  let w = word.length > 4 ? word.replace(/ie/g, 'e').replace(/ue/g, 'o') : word;
  for (const suffix of SUFFIXES) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (stems.size > 20_000) stems.clear();
  stems.set(word, w);
  return w;
}

/** Edit distance of at most one (one letter changed, added or left out). */
export function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** What sameWord answered, by its first word and then its second (no key to build per call). */
const pairs = new Map<string, Map<string, boolean>>();
let pairCount = 0;

/**
 * Whether two plain words are the same word for a reader: equal stems, one stem the start of a
 * longer one of five letters or more ("hipoteca" / "hipotecarios"), or long words one typo apart.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // A reply compares the question's words with every word of its passages: the same pairs come
  // back from one reply to the next, so each answer is kept.
  let ofA = pairs.get(a);
  const known = ofA?.get(b);
  if (known !== undefined) return known;
  const same = compareWords(a, b);
  if (pairCount > 100_000) {
    pairs.clear();
    pairCount = 0;
    ofA = undefined;
  }
  if (!ofA) pairs.set(a, (ofA = new Map()));
  ofA.set(b, same);
  pairCount++;
  return same;
}

function compareWords(a: string, b: string): boolean {
  if (/^\d+$/.test(a) || /^\d+$/.test(b)) return false;
  const sa = stemOf(a);
  const sb = stemOf(b);
  if (sa === sb) return true;
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  // The longer stem may add an ending ("-ari", "-ez", "-ador"), not another root: "compr" of
  // "comprar" is not the start of "comprobable", nor when the words go on with two different vowels.
  if (short.length >= 5 && long.startsWith(short) && long.length - short.length <= 4 && !differentRoots(a, b, short.length)) return true;
  // "inscribir" / "inscripción", "administración" / "administrador": long words that start alike.
  // Two different vowels right after the shared start mark two roots ("transporte" / "transparente").
  if (a.length >= 7 && b.length >= 7 && a.slice(0, 6) === b.slice(0, 6)) {
    if (!differentRoots(a, b, 6)) return true;
  }
  if (a.length >= 6 && b.length >= 6 && nearlyEqual(a, b) && !otherDerivation(a, b)) return true;
  // A noun made from another word by a suffix: "kilometraje" is about "kilómetros", "hospedaje" about "hospedarse".
  if (derivedFrom(a, b) || derivedFrom(b, a)) return true;
  // Written as it sounds: "avitacion" / "habitacion", "jeneral" / "general", "vicita" / "visita".
  if (a.length >= 5 && b.length >= 5 && soundOf(a) === soundOf(b)) return true;
  // A verb's forms spelt apart to keep its sound: "recojo" / "recogen", "venzo" / "vence".
  if (a.length >= 5 && b.length >= 5 && stemOf(soundOf(a)) === stemOf(soundOf(b)) && stemOf(soundOf(a)).length >= 4) return true;
  // An irregular participle is its verb: "visto" is "ver", "impresa" is "imprimir".
  const verbA = participleVerb(a);
  const verbB = participleVerb(b);
  if ((verbA && sameWord(verbA, b)) || (verbB && sameWord(a, verbB))) return true;
  // A word made of a prefix and another word holds that word: "antirrábica" is about "rabia".
  return holdsWord(a, b) || holdsWord(b, a);
}

/**
 * Spanish verbs whose participle is not made with "-ado"/"-ido", as grammars list them: the
 * participle's root and the infinitive's. Their compounds follow them ("devuelto" →
 * "devolver", "inscrito" → "inscribir", "previsto" → "prever").
 */
const IRREGULAR_PARTICIPLES: [string, string][] = [
  ['abiert', 'abrir'],
  ['cubiert', 'cubrir'],
  ['dich', 'decir'],
  ['scrit', 'scribir'],
  ['hech', 'hacer'],
  ['impres', 'imprimir'],
  ['muert', 'morir'],
  ['puest', 'poner'],
  ['resuelt', 'resolver'],
  ['rot', 'romper'],
  ['vist', 'ver'],
  ['vuelt', 'volver'],
  ['frit', 'freir'],
];

/** The infinitive of an irregular participle ("vista" → "ver", "devueltos" → "devolver"), if the word is one. */
function participleVerb(word: string): string | undefined {
  const ending = word.match(/[oa]s?$/)?.[0];
  if (!ending) return undefined;
  const stem = word.slice(0, -ending.length);
  for (const [root, verb] of IRREGULAR_PARTICIPLES) {
    if (!stem.endsWith(root)) continue;
    const prefix = stem.slice(0, -root.length);
    // A short root takes no prefix: "derrota" is not a form of "romper".
    if (prefix && root.length < 4) continue;
    return `${prefix}${verb}`;
  }
  return undefined;
}

/** Prefixes that make a word about another one ("antirrábica", "multivitamínico", "posoperatorio"). */
const PREFIXES = ['anti', 'contra', 'multi', 'semi', 'post', 'pos'];

/** Whether `whole` is a prefix and a word of `part`'s root ("antirrabica" and "rabia"). */
function holdsWord(whole: string, part: string): boolean {
  const prefix = PREFIXES.find((p) => whole.startsWith(p) && whole.length - p.length >= 6);
  if (!prefix || part.length < 4) return false;
  // After a prefix an "r" is written double: "anti" + "rábica".
  const rest = whole.slice(prefix.length).replace(/^rr/, 'r');
  const stem = stemOf(part);
  return stem.length >= 4 && (sameWord(rest, part) || (rest.startsWith(stem) && !differentRoots(rest, part, stem.length)));
}

/**
 * Endings one letter apart that make another word of the same root, not a typo: the shop or
 * trade ("cafetería", "panadería", "lavandería") and the person or tool ("cafetera", "panadera").
 */
const DERIVATIONS: [string, string][] = [
  ['eria', 'era'],
  ['erias', 'eras'],
];

function otherDerivation(a: string, b: string): boolean {
  return DERIVATIONS.some(
    ([x, y]) => (a.endsWith(x) && b.endsWith(y) && a.slice(0, -x.length) === b.slice(0, -y.length)) || (b.endsWith(x) && a.endsWith(y) && b.slice(0, -x.length) === a.slice(0, -y.length)),
  );
}

/** Suffixes that make a noun of another word's root without changing what it is about. */
const NOUN_SUFFIXES = ['ajes', 'aje'];

/** Whether `derived` is `base`'s root (five letters or more) with a noun suffix ("kilometraje" of "kilometros"). */
function derivedFrom(derived: string, base: string): boolean {
  const suffix = NOUN_SUFFIXES.find((s) => derived.endsWith(s));
  if (!suffix) return false;
  const root = derived.slice(0, -suffix.length);
  return root.length >= 5 && stemOf(base) === root;
}

/** Whether two words that start alike for `from` letters go on with two different vowels (two roots). */
function differentRoots(a: string, b: string, from: number): boolean {
  let p = from;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  return /[aeiou]/.test(a[p] ?? '') && /[aeiou]/.test(b[p] ?? '');
}

const sounds = new Map<string, string>();

/** A plain Spanish word as it sounds: silent h, b/v, c/s/z, g/j before e and i, qu/k/c, ll/y. */
export function soundOf(word: string): string {
  const known = sounds.get(word);
  if (known !== undefined) return known;
  const sound = word
    .replace(/ch/g, '\u0001')
    .replace(/h/g, '')
    .replace(/v/g, 'b')
    .replace(/ll/g, 'y')
    .replace(/qu(?=[ei])/g, 'k')
    .replace(/c(?=[ei])/g, 's')
    .replace(/z/g, 's')
    .replace(/g(?=[ei])/g, 'j')
    .replace(/c/g, 'k')
    .replace(/(.)\1+/g, '$1');
  if (sounds.size > 20_000) sounds.clear();
  sounds.set(word, sound);
  return sound;
}

/**
 * The spellings a verb's other forms take to keep its sound: "recojo" is written with g in
 * "recoger", "venzo" with c in "vencer", "busqué" with c in "buscar". Searched too, so "¿si no
 * recojo mi ropa?" finds "las prendas que no se recogen".
 */
export function spellingVariants(word: string): string[] {
  if (word.length < 5) return [];
  const out = new Set<string>();
  const inner = (re: RegExp, to: string) => {
    const v = word.slice(0, 2) + word.slice(2).replace(re, to);
    if (v !== word) out.add(v);
  };
  inner(/j(?=[ao]$|[ao]s$|amos$|an$)/, 'g');
  inner(/z(?=[ao]$|[ao]s$|amos$|an$)/, 'c');
  inner(/qu(?=e$|es$|emos$|en$)/, 'c');
  inner(/gu(?=e$|es$|emos$|en$)/, 'g');
  return [...out];
}
