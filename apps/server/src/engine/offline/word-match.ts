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

/**
 * Whether two plain words are the same word for a reader: equal stems, one stem the start of a
 * longer one of five letters or more ("hipoteca" / "hipotecarios"), or long words one typo apart.
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (/^\d+$/.test(a) || /^\d+$/.test(b)) return false;
  const sa = stemOf(a);
  const sb = stemOf(b);
  if (sa === sb) return true;
  const [short, long] = sa.length <= sb.length ? [sa, sb] : [sb, sa];
  if (short.length >= 5 && long.startsWith(short)) return true;
  // "inscribir" / "inscripción", "administración" / "administrador": long words that start alike.
  // Two different vowels right after the shared start mark two roots ("transporte" / "transparente").
  if (a.length >= 7 && b.length >= 7 && a.slice(0, 6) === b.slice(0, 6)) {
    let p = 6;
    while (p < a.length && p < b.length && a[p] === b[p]) p++;
    if (!(/[aeiou]/.test(a[p] ?? '') && /[aeiou]/.test(b[p] ?? ''))) return true;
  }
  if (a.length >= 6 && b.length >= 6 && nearlyEqual(a, b)) return true;
  // Written as it sounds: "avitacion" / "habitacion", "jeneral" / "general", "vicita" / "visita".
  return a.length >= 5 && b.length >= 5 && soundOf(a) === soundOf(b);
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
