import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { ExtractError } from './extract-error.ts';
import { normalizeText } from './normalize.ts';

export interface HtmlSection {
  /** The h1–h4 this text sits under; for text before the first heading, the page title (or ''). */
  heading: string;
  /** 1–4 for a heading of the page, 0 for the text before the first one. */
  level: number;
  /** Paragraphs separated by a blank line; list items and table rows one per line. */
  text: string;
}

export interface ExtractedHtml {
  title: string;
  /** The sections as Markdown: "## Heading" lines, then their paragraphs. */
  text: string;
  sections: HtmlSection[];
}

/**
 * The readable text of a web page, by section. Readability picks the main content; when it
 * finds no article, or one holding less than half of the page's text (landing pages with
 * many blocks, where the prices are often outside the "article"), the whole body is used.
 * Scripts, styles, navigation, form controls and elements marked hidden (the hidden or
 * aria-hidden attribute) are dropped; footers too, except
 * their lines with contact details (phone, e-mail, address, hours), kept under "Contacto".
 * HTML_NO_TEXT when nothing readable is left.
 */
export function extractHtml(html: string, url?: string): ExtractedHtml {
  const pageTitle = titleOf(parse(html, url));

  const full = collect(bodyOf(parse(html, url)), { dropFooters: true });
  let blocks = full.blocks;
  let title = pageTitle;
  try {
    const article = new Readability<Element>(parse(html, url), { serializer: (node) => node as Element }).parse();
    if (article?.content) {
      const main = collect(article.content, { dropFooters: false }).blocks;
      if (textLength(main) >= textLength(full.blocks) * 0.5) {
        blocks = main;
        title = pageTitle || (article.title ?? '').trim();
      }
    }
  } catch {
    // Readability gave up on this page: the body text is used.
  }
  if (full.contact.length > 0 && !blocks.some((b) => full.contact.some((c) => c.text === b.text))) {
    blocks = [...blocks, { kind: 'heading', level: 2, text: 'Contacto' }, ...full.contact];
  }

  const sections = toSections(blocks, title);
  if (sections.length === 0) throw new ExtractError('HTML_NO_TEXT');
  const text = sections
    .map((s) => (s.heading && s.level > 0 ? `${'#'.repeat(s.level)} ${s.heading}\n\n${s.text}` : s.heading ? `# ${s.heading}\n\n${s.text}` : s.text))
    .join('\n\n')
    .trim();
  return { title, text, sections };
}

type Block = { kind: 'heading'; level: number; text: string } | { kind: 'para' | 'line'; text: string };

function parse(html: string, url?: string): Document {
  const { document } = parseHTML(html) as unknown as { document: Document };
  if (url) {
    // Readability resolves relative links against the document's URL.
    try {
      Object.defineProperty(document, 'documentURI', { value: url, configurable: true });
      Object.defineProperty(document, 'baseURI', { value: url, configurable: true });
    } catch {
      // read-only in this DOM: links stay relative, the text is the same
    }
  }
  return document;
}

function bodyOf(document: Document): Element {
  return document.body ?? document.documentElement;
}

function titleOf(document: Document): string {
  const title = document.querySelector('title')?.textContent ?? '';
  const h1 = document.querySelector('h1')?.textContent ?? '';
  return clean(title) || clean(h1);
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim();
const textLength = (blocks: Block[]) => blocks.reduce((n, b) => n + b.text.length, 0);

const skipped = new Set([
  'script', 'style', 'noscript', 'template', 'svg', 'canvas', 'iframe', 'object', 'embed', 'video',
  'audio', 'map', 'nav', 'button', 'select', 'input', 'textarea', 'label', 'head', 'link',
  'meta', 'dialog', 'menu', 'picture', 'img',
]);
const skippedRoles = new Set(['navigation', 'menu', 'menubar', 'search', 'dialog', 'alert', 'banner']);
const blockTags = new Set([
  'p', 'div', 'section', 'article', 'main', 'header', 'aside', 'blockquote', 'pre', 'figure',
  'figcaption', 'address', 'ul', 'ol', 'dl', 'dt', 'dd', 'li', 'table', 'hr', 'details', 'summary',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'footer', 'body', 'html', 'center', 'fieldset', 'caption',
]);
const contactLike =
  /(?:\+?\d[\d\s().-]{7,}\d)|[\w.+-]+@[\w-]+\.[\w.]+|\b(?:horario|direcci[óo]n|tel[ée]fono|tel\.|whatsapp|calle|avenida|av\.|col\.|colonia|c\.p\.|lunes|hours|address|phone)\b/i;

interface Collected {
  blocks: Block[];
  contact: Block[];
}

/** Walks the DOM into headings, paragraphs and lines (list items, table rows). */
function collect(root: Element, options: { dropFooters: boolean }): Collected {
  const blocks: Block[] = [];
  const contact: Block[] = [];
  let out = blocks;
  let inline = '';

  const flush = (kind: 'para' | 'line' = 'para') => {
    const text = normalizeText(inline);
    inline = '';
    if (text) out.push({ kind, text });
  };

  const walk = (node: Node): void => {
    if (node.nodeType === 3) {
      inline += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== 1) return;
    const el = node as Element;
    const tag = el.localName.toLowerCase();
    if (skipped.has(tag) || isHidden(el)) return;
    if (tag === 'br') {
      inline += '\n';
      return;
    }
    if (!blockTags.has(tag) && el.getAttribute('role') !== 'contentinfo') {
      el.childNodes.forEach(walk);
      if (tag === 'td' || tag === 'th') inline += ' ';
      return;
    }
    flush();
    if ((tag === 'footer' || el.getAttribute('role') === 'contentinfo') && options.dropFooters) {
      const saved = out;
      out = [];
      el.childNodes.forEach(walk);
      flush();
      for (const block of out) {
        for (const line of block.text.split('\n')) {
          if (contactLike.test(line) && line.length < 300) contact.push({ kind: 'line', text: line });
        }
      }
      out = saved;
      return;
    }
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      const text = clean(el.textContent ?? '');
      const level = Number(heading[1]);
      if (text) out.push(level <= 4 ? { kind: 'heading', level, text } : { kind: 'para', text });
      return;
    }
    if (tag === 'table') {
      table(el).forEach((row) => out.push({ kind: 'line', text: row }));
      return;
    }
    if (tag === 'pre') {
      const text = normalizeText(el.textContent ?? '');
      if (text) out.push({ kind: 'para', text });
      return;
    }
    if (tag === 'li' || tag === 'dt' || tag === 'dd') {
      el.childNodes.forEach((child) => {
        const childTag = child.nodeType === 1 ? (child as Element).localName.toLowerCase() : '';
        if (childTag === 'ul' || childTag === 'ol' || childTag === 'dl') {
          flush('line');
          walk(child);
        } else walk(child);
      });
      flush('line');
      return;
    }
    el.childNodes.forEach(walk);
    flush();
  };

  walk(root);
  flush();
  return { blocks, contact };
}

function isHidden(el: Element): boolean {
  if (el.hasAttribute('hidden') || el.getAttribute('aria-hidden') === 'true') return true;
  const role = el.getAttribute('role');
  if (role && skippedRoles.has(role)) return true;
  // Inline display:none is kept on purpose: accordions (FAQ answers) hide their text that way.
  return false;
}

/** A table as lines: "Header: value; Header: value" when it has a header row, else "a | b". */
function table(el: Element): string[] {
  const rows = Array.from(el.querySelectorAll('tr')).map((tr) =>
    Array.from(tr.children)
      .filter((cell) => /^t[dh]$/i.test(cell.localName))
      .map((cell) => ({ header: cell.localName.toLowerCase() === 'th', text: clean(cell.textContent ?? '') })),
  );
  const first = rows[0];
  const headed = first !== undefined && first.length > 1 && first.every((c) => c.header);
  const names = headed ? first.map((c) => c.text) : [];
  const lines: string[] = [];
  const caption = clean(el.querySelector('caption')?.textContent ?? '');
  if (caption) lines.push(caption);
  for (const row of headed ? rows.slice(1) : rows) {
    const cells = row.filter((c) => c.text !== '');
    if (cells.length === 0) continue;
    lines.push(
      headed && row.length <= names.length
        ? row
            .map((c, i) => (c.text ? (names[i] ? `${names[i]}: ${c.text}` : c.text) : ''))
            .filter(Boolean)
            .join('; ')
        : cells.map((c) => c.text).join(' | '),
    );
  }
  return lines;
}

function toSections(blocks: Block[], title: string): HtmlSection[] {
  const sections: HtmlSection[] = [];
  const firstHeading = blocks.find((b) => b.kind === 'heading');
  let current: { heading: string; level: number; parts: Block[] } = {
    heading: firstHeading && firstHeading.text.toLowerCase() === title.toLowerCase() ? '' : title,
    level: 0,
    parts: [],
  };
  const close = () => {
    let text = '';
    current.parts.forEach((part, i) => {
      const previous = current.parts[i - 1];
      if (i > 0) text += part.kind === 'line' && previous?.kind === 'line' ? '\n' : '\n\n';
      text += part.text;
    });
    if (text.trim()) sections.push({ heading: current.heading, level: current.level, text: text.trim() });
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      close();
      current = { heading: block.text, level: block.level, parts: [] };
    } else current.parts.push(block);
  }
  close();
  return sections;
}
