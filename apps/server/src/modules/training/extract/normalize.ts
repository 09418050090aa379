/**
 * Text clean-up shared by every extractor: Unicode NFC, one kind of line break, no control
 * or invisible characters, runs of spaces made one, at most one blank line in a row.
 * Line structure is kept: it is what tells the chunker where lists and tables are.
 */
export function normalizeText(input: string): string {
  return (
    input
      .normalize('NFC')
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
      .replace(/\f/g, '\n\n')
      // control characters other than \n and \t
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F]/g, '')
      // invisible characters: zero-width spaces and joiners, BOM, soft hyphen, word joiner
      .replace(/[\u00AD\u200B-\u200D\u2060\uFEFF]/g, '')
      // every other kind of space (tab, no-break, thin, ideographic…) becomes a plain one
      .replace(/[\t\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g, ' ')
      .replace(/ {2,}/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** Joins words a line break hyphenated ("informa-\nción" → "información"). */
export function joinHyphenatedLines(text: string): string {
  return text.replace(/(\p{Ll})-\n(\p{Ll})/gu, '$1$2');
}
