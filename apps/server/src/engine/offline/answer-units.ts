import type { Passage } from '../../modules/training/retrieval.ts';
import { wordsOf } from './plain-text.ts';
import { parseRow, type TableRow } from './table-row.ts';

/** One thing an answer can say: a sentence of a document, a list item, or a table row. */
export interface AnswerUnit {
  /** As it can be shown (bullet removed). */
  text: string;
  /** Plain words of the text. */
  words: string[];
  /** Plain words of what the unit is about: the passage heading and the paragraph's label. */
  context: string[];
  /** Plain words of the label ("Urgencias:", a list item's "Clase privada:", a row's name). */
  label: string[];
  passage: Passage;
  /** Rank of the passage in the search results. */
  rank: number;
  /** Order of the unit in its passage. */
  order: number;
  row?: TableRow;
}

/** Abbreviations after which a period does not end a sentence. */
const ABBREVIATIONS = new Set(
  (
    'av avda col dr dra drs sr sra srta sres lic ing arq mtro mtra no num núm tel cel ext esq int depto dpto mz lt etc ' +
    'vs aprox min max máx hrs pág pag art fracc blvd prol calz edif ofna ofic of s.a c.v km mts cp c.p st mr mrs ms inc co ' +
    'e.g i.e approx dept'
  ).split(' '),
);

const MAX_UNIT = 360;

/** Sentences of a paragraph, not cut after "Av.", "Dra.", initials or decimals. */
export function splitSentences(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?…]+(?=\s+[¿¡"“(]?[\p{Lu}\d])/gu;
  for (const m of paragraph.matchAll(re)) {
    const end = (m.index ?? 0) + m[0].length;
    const before = paragraph.slice(start, m.index ?? 0);
    const lastWord = (before.match(/([\p{L}.]+)$/u)?.[1] ?? '').toLowerCase();
    if (m[0] === '.' && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue;
    out.push(paragraph.slice(start, end).trim());
    start = end;
  }
  out.push(paragraph.slice(start).trim());
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Long sentences cut at semicolons so one answer does not carry a whole paragraph. */
function bounded(sentence: string): string[] {
  if (sentence.length <= MAX_UNIT) return [sentence];
  const parts = sentence.split(/(?<=;)\s+/);
  const out: string[] = [];
  let current = '';
  for (const part of parts) {
    if (current && current.length + part.length > MAX_UNIT) {
      out.push(current.trim());
      current = '';
    }
    current += `${part} `;
  }
  if (current.trim()) out.push(current.trim());
  return out.flatMap((p) => (p.length > MAX_UNIT * 2 ? [p.slice(0, MAX_UNIT * 2).replace(/\s+\S*$/, '…')] : [p]));
}

/** Lines of a passage joined where a line break cut a sentence (text from PDFs). */
function paragraphsOf(text: string): string[] {
  const lines = text.split(/\n/).map((l) => l.trim());
  const out: string[] = [];
  for (const line of lines) {
    if (!line) {
      out.push('');
      continue;
    }
    const prev = out.at(-1);
    const continues = prev && !/[.!?:;…]$/.test(prev) && /^\p{Ll}/u.test(line) && !/^[-•*]\s/.test(line);
    if (continues) out[out.length - 1] = `${prev} ${line}`;
    else out.push(line);
  }
  return out.filter(Boolean);
}

const LABEL = /^([^:.;!?\d]{2,48}):\s+(?=\S)/u;

/** Breaks the passages found for a question into the units an answer is made of. */
export function answerUnits(passages: Passage[]): AnswerUnit[] {
  const units: AnswerUnit[] = [];
  passages.forEach((passage, rank) => {
    const heading = wordsOf(passage.heading.replace(/\.(?:csv|txt|md|pdf|html?)$/i, ''));
    const row = parseRow(passage.text.trim());
    if (row) {
      const label = row.name ? wordsOf(row.name.value) : [];
      units.push({ text: passage.text.trim(), words: wordsOf(passage.text), context: [...heading, ...label], label, passage, rank, order: 0, row });
      return;
    }
    let order = 0;
    for (const paragraph of paragraphsOf(passage.text)) {
      const bullet = paragraph.replace(/^(?:[-•*·]|\d{1,2}[.)])\s+/, '');
      const labelText = bullet.match(LABEL)?.[1];
      const label = labelText && labelText.split(/\s+/).length <= 6 ? wordsOf(labelText) : [];
      for (const sentence of splitSentences(bullet)) {
        for (const text of bounded(sentence)) {
          units.push({ text, words: wordsOf(text), context: [...heading, ...label], label, passage, rank, order: order++ });
        }
      }
    }
  });
  return units;
}
