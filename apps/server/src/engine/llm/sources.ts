import type { Passage } from '../ports.ts';

const STOPWORDS = new Set(
  (
    'para como este esta estos estas esos esas tiene tienen tenemos nuestro nuestra nuestros nuestras puede pueden usted ustedes ' +
    'desde hasta sobre cada todo todos toda todas tambien pero porque cuando donde mucho muchos otra otro otros otras solo ' +
    'with that this from your have will they their there what when which about also more only into than then them these those'
  ).split(' '),
);

const NO_INFORMATION = /no tengo esa informaci[oó]n|no cuento con esa informaci[oó]n|i don'?t have that information|i do not have that information/i;

/** Words (4+ letters, no stopwords) and numbers of two or more digits ("$2,500" → "2500", "9:00") of a text, accents folded. */
function tokens(text: string): { words: Set<string>; numbers: Set<string> } {
  const folded = text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  const words = new Set((folded.match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 4 && !STOPWORDS.has(w)));
  const numbers = new Set(
    (folded.match(/\d[\d,.:]*\d/g) ?? []).map((n) => n.replace(/[,.](?=\d{3}\b)/g, '')),
  );
  return { words, numbers };
}

/**
 * The passages a reply was built from, out of those the model was shown: each must lend the reply
 * a number or two words the customer did not say. A reply that admits not having the information
 * has no sources. When none qualifies (a reply paraphrased in another language), all shown count.
 */
export function usedSources(shown: Passage[], reply: string, question: string): Passage[] {
  if (shown.length === 0 || NO_INFORMATION.test(reply)) return [];
  const said = tokens(reply);
  const asked = tokens(question);
  const used = shown.filter((p) => {
    const own = tokens(`${p.heading} ${p.text}`);
    const numbers = [...own.numbers].filter((n) => said.numbers.has(n) && !asked.numbers.has(n));
    const words = [...own.words].filter((w) => said.words.has(w) && !asked.words.has(w));
    return numbers.length > 0 || words.length >= 2;
  });
  return used.length > 0 ? used : shown;
}
