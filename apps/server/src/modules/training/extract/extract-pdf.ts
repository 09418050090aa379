import { getDocumentProxy } from 'unpdf';
import { ExtractError } from './extract-error.ts';
import { joinHyphenatedLines, normalizeText } from './normalize.ts';

export interface ExtractedPdf {
  /** Every page with text, separated by a blank line. */
  text: string;
  /** One entry per page of the document (empty text for a page without any). */
  pages: string[];
}

/**
 * Text of a PDF, page by page, with hyphenated line breaks joined, whitespace normalized and
 * running headers/footers (page numbers, a title repeated on every page) removed.
 * NOT_A_PDF when the bytes are not a PDF; PDF_NO_TEXT when it is password-protected or only
 * has images (scanned); PDF_DAMAGED when it cannot be parsed.
 */
export async function extractPdf(bytes: Uint8Array): Promise<ExtractedPdf> {
  if (!hasPdfHeader(bytes)) throw new ExtractError('NOT_A_PDF');

  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js may take ownership of the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  } catch (error) {
    const name = (error as { name?: string } | null)?.name;
    if (name === 'PasswordException') throw new ExtractError('PDF_NO_TEXT', {}, { cause: error });
    throw new ExtractError('PDF_DAMAGED', {}, { cause: error });
  }

  const raw: string[] = [];
  try {
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      raw.push(text);
      page.cleanup();
    }
  } catch (error) {
    throw new ExtractError('PDF_DAMAGED', {}, { cause: error });
  } finally {
    void pdf.loadingTask.destroy();
  }

  const pages = dropRunningLines(raw.map((text) => normalizeText(joinHyphenatedLines(normalizeText(text)))));
  const text = pages.filter((page) => page !== '').join('\n\n');
  if (!/[\p{L}\p{N}]/u.test(text)) throw new ExtractError('PDF_NO_TEXT');
  return { text, pages };
}

/** "%PDF-" at the start, or within the first KiB as readers tolerate. */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024));
  return head.indexOf('%PDF-', 0, 'latin1') !== -1;
}

/**
 * Removes lines that are only a page number, and first/last lines repeated on most pages of a
 * document of four or more pages: running headers and footers. A line repeated with other
 * digits ("Página 3 — Catálogo") only counts when it speaks of pages, so that a price list
 * whose every page starts alike keeps its rows.
 */
function dropRunningLines(pages: string[]): string[] {
  const pageNumber = /^(?:(?:p[áa]g(?:ina)?|page|hoja)\.?\s*)?\d{1,4}(?:\s*(?:\/|de|of)\s*\d{1,4})?$/i;
  const mentionsPage = /\b(?:p[áa]g(?:ina)?|page)\b|\b\d{1,4}\s*(?:\/|de|of)\s*\d{1,4}\s*$/i;
  const key = (line: string) => (mentionsPage.test(line) ? line.replace(/\d+/g, '#') : line).toLowerCase();
  const split = pages.map((page) => (page === '' ? [] : page.split('\n')));
  const counts = new Map<string, number>();
  if (pages.length >= 4) {
    for (const lines of split) {
      const edges = new Set([lines[0], lines.at(-1)].filter((l) => l !== undefined).map(key));
      for (const edge of edges) counts.set(edge, (counts.get(edge) ?? 0) + 1);
    }
  }
  const running = (line: string) => (counts.get(key(line)) ?? 0) >= Math.max(3, pages.length * 0.6);
  return split.map((lines) =>
    lines
      .filter((line, i) => {
        const edge = i === 0 || i === lines.length - 1;
        return !(edge && (pageNumber.test(line) || running(line)));
      })
      .join('\n')
      .trim(),
  );
}
