export interface NormalizedText {
  /** Lower case, accents removed (ñ → n), runs of white space made one space. */
  text: string;
  /** The original text behind normalized positions [start, end). */
  original(start: number, end: number): string;
}

export function normalizeText(source: string): NormalizedText {
  let text = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const char of source) {
    const plain = /\s/.test(char) ? ' ' : char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    if (!(plain === ' ' && text.endsWith(' '))) {
      text += plain;
      for (let k = 0; k < plain.length; k++) {
        starts.push(index);
        ends.push(index + char.length);
      }
    }
    index += char.length;
  }
  return {
    text,
    original: (start, end) => (end > start ? source.slice(starts[start], ends[end - 1]) : ''),
  };
}
