import { decodeBytes } from './decode-bytes.ts';

/**
 * The text of a fetched HTML page: the charset of the Content-Type header, else a byte order
 * mark, else a <meta charset> (or http-equiv) in the first 4 KiB, else UTF-8 when the bytes
 * are valid UTF-8, else windows-1252 (what "iso-8859-1" means on the web).
 */
export function decodeHtml(body: Uint8Array, contentType?: string): string {
  const bom = body[0] === 0xef || body[0] === 0xff || body[0] === 0xfe;
  const declared = (!bom && charsetOf(contentType ?? '')) || (!bom && metaCharset(body));
  if (declared) {
    try {
      return new TextDecoder(declared).decode(body);
    } catch {
      // unknown label: guess as if none were given
    }
  }
  return decodeBytes(body).text;
}

function charsetOf(value: string): string | undefined {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(value)?.[1]?.toLowerCase();
}

function metaCharset(body: Uint8Array): string | undefined {
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 4096)).toString('latin1');
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]?.toLowerCase();
  // a page that says UTF-16 in ASCII is not UTF-16
  return meta && !meta.startsWith('utf-16') ? meta : undefined;
}
