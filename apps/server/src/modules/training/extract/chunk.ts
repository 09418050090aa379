import { normalizeText } from './normalize.ts';

export interface Chunk {
  /** The heading the text sits under (Markdown #, an HTML h1–h4, a heading-like line, a file name). */
  heading?: string;
  text: string;
}

export interface TextSection {
  heading?: string | null;
  text: string;
}

export interface ChunkOptions {
  /** Target largest chunk, in characters. Default 900. */
  maxChars?: number;
  /** When a paragraph has to be cut between two sentences, its last whole sentences before the
   * cut are repeated at the start of the next chunk, up to this many characters. Default 150;
   * 0 for none. Lists and tables are cut between lines without overlap. */
  overlap?: number;
}

export const DEFAULT_CHUNK_CHARS = 900;
export const DEFAULT_CHUNK_OVERLAP = 150;

/**
 * Splits a document into chunks for retrieval: plain text or Markdown (cut at # headings and
 * at lines that look like headings), or sections (from extractHtml). A chunk never mixes two
 * sections, so every chunk carries the heading its text belongs to. Inside a section,
 * paragraphs are packed up
 * to `maxChars`; a split prefers, in order: a paragraph boundary, the end of a sentence or of
 * a line, and only for a single sentence longer than `maxChars`, a space. A line of a list or
 * a table (a price list row) is never split unless it alone exceeds `maxChars`; a Markdown
 * table split across chunks repeats its header row.
 */
export function chunkText(input: string | TextSection[], options: ChunkOptions = {}): Chunk[] {
  const maxChars = Math.max(100, options.maxChars ?? DEFAULT_CHUNK_CHARS);
  const overlap = Math.max(0, Math.min(options.overlap ?? DEFAULT_CHUNK_OVERLAP, Math.floor(maxChars / 3)));
  const given = typeof input === 'string' ? [{ heading: undefined, text: input }] : input;
  const chunks: Chunk[] = [];
  for (const section of given) {
    const heading = section.heading?.trim() || undefined;
    // A section that comes with its heading (an HTML h1–h4) is only cut at Markdown headings;
    // plain text is also cut at lines that look like headings.
    for (const part of splitSections(normalizeText(section.text), heading, heading === undefined)) {
      for (const text of pack(atomsOf(part.text, maxChars), maxChars, overlap)) {
        chunks.push(part.heading ? { heading: part.heading, text } : { text });
      }
    }
  }
  return chunks;
}

export interface CsvChunkOptions {
  /** Usually the file name. */
  heading?: string;
}

/**
 * One chunk per row, each value with its column name ("Colonia: Narvarte; Precio: 18500"),
 * empty values left out. A row is never split, whatever its length.
 */
export function chunkCsvRows(columns: string[], rows: Record<string, string>[], options: CsvChunkOptions = {}): Chunk[] {
  const labels = columns.map(columnLabel);
  const chunks: Chunk[] = [];
  for (const row of rows) {
    const text = columns
      .map((column, i) => {
        const value = normalizeText(row[column] ?? '').replace(/\n/g, ' ');
        return value ? `${labels[i]}: ${value}` : '';
      })
      .filter(Boolean)
      .join('; ');
    if (text) chunks.push(options.heading ? { heading: options.heading, text } : { text });
  }
  return chunks;
}

/** "precio_mxn" → "Precio mxn": readable for people and models, and split into words for search. */
function columnLabel(column: string): string {
  const label = column.replace(/[_\s]+/g, ' ').trim();
  return label === label.toLowerCase() ? label.charAt(0).toUpperCase() + label.slice(1) : label;
}

// ---------------------------------------------------------------------------------------------
// Sections

interface Part {
  heading?: string;
  text: string;
}

const markdownHeading = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const listItem = /^(?:[-*•·▪◦‣–]\s|\d{1,3}[.)]\s|[a-z][.)]\s)/;
const sentenceEnd = /[.!?…»"”)]$/;

/** Cuts text at Markdown headings (ATX and setext) and at lines that look like headings. */
function splitSections(text: string, heading: string | undefined, guessHeadings: boolean): Part[] {
  const lines = text.split('\n');
  const parts: Part[] = [];
  let current: Part = { heading, text: '' };
  let body: string[] = [];
  const close = () => {
    const joined = body.join('\n').trim();
    if (joined) parts.push({ heading: current.heading, text: joined });
    body = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const next = lines[i + 1] ?? '';
    const md = markdownHeading.exec(line);
    let title: string | undefined;
    if (md?.[2]) title = md[2].replace(/[*_`]/g, '').trim();
    else if (line && /^(?:=+|-{3,})$/.test(next) && !listItem.test(line) && line.length <= 120) {
      title = line.replace(/[*_`]/g, '').trim();
      i++;
    } else if (guessHeadings && looksLikeHeading(line, lines[i - 1], next, lines[i + 2])) title = line.replace(/:$/, '').trim();
    if (title) {
      close();
      current = { heading: title, text: '' };
    } else body.push(line);
  }
  close();
  return parts;
}

/**
 * A short line at the start of a paragraph, followed by text, that reads as a title: no
 * sentence punctuation, no "key: value", no list marker, no price, at most eight words (or
 * written in capitals).
 */
function looksLikeHeading(line: string, previous: string | undefined, next: string, afterNext: string | undefined): boolean {
  if (!line || (previous !== undefined && previous !== '')) return false;
  const following = next || afterNext || '';
  if (!following || markdownHeading.test(following)) return false;
  if (line.length > 80 || listItem.test(line) || /[|\t]/.test(line)) return false;
  if (/[.,;!?…]$/.test(line) || /:\s*\S/.test(line)) return false;
  if (/[$€£%]|\d[\d.,]*\s*(?:mxn|usd|pesos|dólares)\b/i.test(line)) return false;
  if (/\d{2,}$/.test(line) && !/\b(?:19|20)\d\d$/.test(line)) return false;
  if (!/^[\p{Lu}\p{N}¿¡"«]/u.test(line) || !/\p{L}/u.test(line)) return false;
  const words = line.split(' ').length;
  const capitals = line === line.toUpperCase() && /\p{Lu}/u.test(line);
  if (words > 8 && !capitals) return false;
  // A short line followed by more short lines is the first item of a list, not its title,
  // unless it ends with a colon.
  const nextIsShortItem =
    next.length < 60 && next.split(' ').length <= 8 && !sentenceEnd.test(next) && !listItem.test(next) && !/:\s*\S/.test(next);
  return !(next && !line.endsWith(':') && nextIsShortItem);
}

// ---------------------------------------------------------------------------------------------
// Atoms: the pieces a chunk is made of, each with how good a place to split there is.

interface Atom {
  text: string;
  /** What joins it to the atom before: paragraph, line or space. */
  join: '\n\n' | '\n' | ' ';
  /** How good a split right before this atom is: 3 paragraph, 2 sentence/line, 1 weak, 0 word. */
  quality: number;
  /** The header lines of the Markdown table this row belongs to. */
  tableHeader?: string;
}

function isStructured(line: string): boolean {
  return (
    listItem.test(line) ||
    line.startsWith('|') ||
    /\S\s\|\s\S/.test(line) ||
    /^[^:]{1,40}:\s\S/.test(line) ||
    /[$€]\s?\d|\d\s?(?:mxn|usd|pesos)\b/i.test(line) ||
    line.length < 50
  );
}

function atomsOf(text: string, maxChars: number): Atom[] {
  const atoms: Atom[] = [];
  const paragraphs = text.split(/\n{2,}/);
  let previousParagraph = '';
  for (const paragraph of paragraphs) {
    const lines = joinWrappedLines(paragraph.split('\n'));
    const tableHeader = lines.length > 2 && lines[0]?.startsWith('|') && /^\|?[\s:|-]+\|?$/.test(lines[1] ?? '') ? `${lines[0]}\n${lines[1]}` : undefined;
    lines.forEach((line, i) => {
      let quality: number;
      if (i === 0) quality = /[:?]$/.test(previousParagraph) ? 1 : 3;
      else {
        const before = lines[i - 1] ?? '';
        quality = before.endsWith(':') || (tableHeader && i <= 2) ? 1 : sentenceEnd.test(before) || isStructured(before) || isStructured(line) ? 2 : 1;
      }
      const join = i === 0 ? '\n\n' : '\n';
      const inTable = tableHeader && i >= 2 && line.startsWith('|') ? tableHeader : undefined;
      if (line.length <= maxChars) {
        atoms.push({ text: line, join, quality, ...(inTable ? { tableHeader: inTable } : {}) });
        return;
      }
      splitLongLine(line, maxChars).forEach((piece, k) => {
        atoms.push(k === 0 ? { text: piece.text, join, quality } : { text: piece.text, join: ' ', quality: piece.quality });
      });
    });
    previousParagraph = lines.at(-1) ?? '';
  }
  return atoms;
}

/**
 * Joins lines a PDF or an editor wrapped in the middle of a sentence: the previous one does
 * not end a sentence and the next one continues in lower case.
 */
function joinWrappedLines(lines: string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (last !== undefined && !/[.!?:;…]$/.test(last) && /^\p{Ll}/u.test(line) && !listItem.test(line) && !last.startsWith('|') && last.length >= 40) {
      out[out.length - 1] = `${last} ${line}`;
    } else out.push(line);
  }
  return out;
}

/** Sentences (quality 2), and for a sentence still too long, runs of words (quality 0). */
function splitLongLine(line: string, maxChars: number): { text: string; quality: number }[] {
  const sentences = line.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}¿¡"«(])/u);
  const pieces: { text: string; quality: number }[] = [];
  for (const sentence of sentences) {
    if (sentence.length <= maxChars) {
      pieces.push({ text: sentence, quality: 2 });
      continue;
    }
    let run = '';
    let first = true;
    for (const word of sentence.split(' ')) {
      if (run && run.length + 1 + word.length > maxChars * 0.8) {
        pieces.push({ text: run, quality: first ? 2 : 0 });
        first = false;
        run = '';
      }
      // a single "word" longer than a chunk (a URL, a hash) is cut where it must be
      for (let w = word; w.length > 0; ) {
        const room = maxChars - (run ? run.length + 1 : 0);
        if (w.length <= room) {
          run = run ? `${run} ${w}` : w;
          w = '';
        } else if (run) {
          pieces.push({ text: run, quality: first ? 2 : 0 });
          first = false;
          run = '';
        } else {
          pieces.push({ text: w.slice(0, maxChars), quality: first ? 2 : 0 });
          first = false;
          w = w.slice(maxChars);
        }
      }
    }
    if (run) pieces.push({ text: run, quality: first ? 2 : 0 });
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------------
// Packing

const sizeOf = (atoms: Atom[]) => atoms.reduce((n, a, i) => n + a.text.length + (i === 0 ? 0 : a.join.length), 0);
const render = (atoms: Atom[]) => atoms.map((a, i) => (i === 0 ? a.text : a.join + a.text)).join('');

function pack(atoms: Atom[], maxChars: number, overlap: number): string[] {
  const out: string[] = [];
  let current: Atom[] = [];
  const minFill = maxChars * 0.4;

  for (const atom of atoms) {
    while (current.length > 0 && sizeOf([...current, atom]) > maxChars) {
      // best split: highest quality, then latest, among those leaving a reasonably full chunk
      let cut = current.length;
      let best = -1;
      for (let j = 1; j <= current.length; j++) {
        const quality = j === current.length ? atom.quality : (current[j]?.quality ?? 0);
        if (sizeOf(current.slice(0, j)) < minFill && j < current.length) continue;
        if (quality >= best) {
          best = quality;
          cut = j;
        }
      }
      const emitted = current.slice(0, cut);
      out.push(render(emitted));
      const rest = current.slice(cut);
      const splitQuality = cut === current.length ? atom.quality : (current[cut]?.quality ?? 0);
      current = startAfter(emitted, rest[0] ?? atom, splitQuality, overlap);
      current.push(...rest);
      if (current.length > rest.length && sizeOf([...current, atom]) > maxChars) current = rest;
    }
    current.push(atom);
  }
  if (current.length > 0) out.push(render(current));
  return out.map((text) => text.trim()).filter(Boolean);
}

/**
 * What a new chunk starts with after a split: the header of the table being split, and
 * within a paragraph of prose, the last whole sentences of the previous chunk (overlap).
 */
function startAfter(emitted: Atom[], first: Atom, splitQuality: number, overlap: number): Atom[] {
  const start: Atom[] = [];
  if (first.tableHeader) start.push({ text: first.tableHeader, join: '\n\n', quality: 3 });
  // overlap only where prose was cut between sentences, not between lines of a list
  if (overlap > 0 && splitQuality < 3 && first.join === ' ' && !first.tableHeader) {
    const tail: Atom[] = [];
    for (let i = emitted.length - 1; i >= 0; i--) {
      const atom = emitted[i];
      if (!atom || atom.quality === 0 || sizeOf([atom, ...tail]) > overlap) break;
      tail.unshift(atom);
      if (atom.join === '\n\n') break;
    }
    start.push(...tail);
  }
  if (start[0]) start[0] = { ...start[0], join: '\n\n' };
  return start;
}
