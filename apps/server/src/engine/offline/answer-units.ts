import type { Passage } from '../ports.ts';
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
  /** Plain words of the FAQ question this unit answers, if any. */
  faq: string[];
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
function splitSentences(paragraph: string): string[] {
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

const isBullet = (line: string) => /^(?:[-•*·]|\d{1,2}[.)])\s+/.test(line);
const isHeadingLine = (line: string) => /^#{1,6}\s/.test(line);
/** A list item written without a bullet: a few words, no closing punctuation. */
const isShortLine = (line: string) => line.split(/\s+/).length <= 6 && !/[.!?;]$/.test(line) && !/:\s/.test(line);

interface Paragraph {
  text: string;
  /** A heading or a question this paragraph answers, inside the passage. */
  about?: string;
  /** The `about` is a FAQ question. */
  faq?: boolean;
}

/**
 * The paragraphs of a passage: lines cut by a PDF joined again, an intro ending in ":" kept with
 * the list that follows, a run of short lines read as one list, and Markdown headings and FAQ
 * questions kept as what the next paragraphs are about rather than as answers.
 */
function paragraphsOf(text: string, passage: Passage): Paragraph[] {
  const lines = text.split(/\n/).map((l) => l.trim());
  const joined: string[] = [];
  for (const line of lines) {
    const prev = joined.at(-1);
    const continues = prev && line && !/[.!?:;…]$/.test(prev) && /^\p{Ll}/u.test(line) && !isBullet(line) && !isShortLine(prev);
    if (continues) joined[joined.length - 1] = `${prev} ${line}`;
    else joined.push(line);
  }
  const out: Paragraph[] = [];
  let about: string | undefined;
  let faq = false;
  for (let i = 0; i < joined.length; i++) {
    const line = joined[i]!;
    if (!line) continue;
    if (isHeadingLine(line)) {
      about = line.replace(/^#+\s*/, '');
      faq = false;
      continue;
    }
    // "¿Tienen estacionamiento?" in a FAQ: the lines after it are the answer.
    if (/\?$/.test(line) && !isBullet(line)) {
      about = line.replace(/^(?:p|pregunta|q|question)\s*[:.-]\s*/i, '');
      faq = true;
      continue;
    }
    const items: string[] = [];
    let j = i + 1;
    const intro = /:$/.test(line);
    const listLike = (l: string | undefined) => l !== undefined && l !== '' && (isBullet(l) || isShortLine(l));
    if (intro || (isShortLine(line) && listLike(joined[j]))) {
      while (listLike(joined[j])) items.push(joined[j++]!.replace(/^(?:[-•*·]|\d{1,2}[.)])\s+/, '').replace(/[.;]$/, ''));
    }
    if (items.length && items.every((item) => item.split(/\s+/).length <= 12)) {
      // With an intro ("Requisitos:") the items follow it; a bare run of short lines is just a list.
      // Under a heading, a bare list says what it lists: "Requisitos de inscripción: acta, CURP…".
      const title = about ?? (passage.heading && !/\.(?:csv|txt|md|pdf|html?)$/i.test(passage.heading) ? passage.heading : undefined);
      const text = intro ? `${line.replace(/:$/, '')}: ${items.join(', ')}.` : `${title ? `${title}: ` : ''}${[line, ...items].join(', ')}.`;
      out.push({ text, ...(about && { about }) });
      i = j - 1;
      continue;
    }
    // "Financiamiento" above its paragraph: a heading, not an answer.
    const next = joined.slice(i + 1).find(Boolean);
    if (isShortLine(line) && next !== undefined && !listLike(next)) {
      about = line;
      faq = false;
      continue;
    }
    out.push({ text: line.replace(/^(?:r|respuesta|a|answer)\s*[:.-]\s+/i, ''), ...(about && { about }), ...(faq && { faq }) });
  }
  return out;
}

/**
 * Markdown tables ("| Prenda | Precio |") as rows written "Prenda: Camisa; Precio: $45", the way
 * CSV rows are indexed; the rest of the text without them.
 */
function splitTables(text: string): { rows: string[]; rest: string } {
  const rows: string[] = [];
  const rest: string[] = [];
  let header: string[] | undefined;
  const cells = (line: string) => line.replace(/^\s*\|/, '').replace(/\|\s*$/, '').split('|').map((c) => c.trim());
  for (const line of text.split('\n')) {
    if (!/^\s*\|.*\|\s*$/.test(line)) {
      header = undefined;
      rest.push(line);
      continue;
    }
    if (/^\s*\|?[\s:|-]+\|?\s*$/.test(line) && line.includes('-')) continue;
    const values = cells(line);
    if (!header) {
      header = values;
      continue;
    }
    const pairs = values.map((v, i) => (v && header![i] ? `${header![i]}: ${v}` : '')).filter(Boolean);
    if (pairs.length >= 2) rows.push(pairs.join('; '));
  }
  return { rows, rest: rest.join('\n') };
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
      // The row's column names count as its words ("Agotado" is read as "Disponibles: 0").
      const words = [...wordsOf(passage.text), ...row.fields.flatMap((f) => wordsOf(f.key))];
      units.push({ text: passage.text.trim(), words, context: [...heading, ...label], label, faq: [], passage, rank, order: 0, row });
      return;
    }
    let order = 0;
    const { rows, rest } = splitTables(passage.text);
    for (const text of rows) {
      const tableRow = parseRow(text);
      if (!tableRow) continue;
      const label = tableRow.name ? wordsOf(tableRow.name.value) : [];
      const words = [...wordsOf(text)];
      units.push({ text, words, context: [...heading, ...label], label, faq: [], passage, rank, order: order++, row: tableRow });
    }
    for (const paragraph of paragraphsOf(rest, passage)) {
      const bullet = paragraph.text.replace(/^(?:[-•*·]|\d{1,2}[.)])\s+/, '');
      const labelText = bullet.match(LABEL)?.[1];
      const label = [...(labelText && labelText.split(/\s+/).length <= 6 ? wordsOf(labelText) : []), ...(paragraph.about ? wordsOf(paragraph.about) : [])];
      for (const sentence of splitSentences(bullet)) {
        for (const text of bounded(sentence)) {
          const faqWords = paragraph.faq && paragraph.about ? wordsOf(paragraph.about) : [];
          units.push({ text, words: wordsOf(text), context: [...heading, ...label], label, faq: faqWords, passage, rank, order: order++ });
        }
      }
    }
  });
  return units;
}
