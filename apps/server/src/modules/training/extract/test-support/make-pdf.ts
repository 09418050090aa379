/**
 * A tiny PDF writer for tests: text pages in Helvetica (WinAnsi, so "Año" and "¿" work),
 * pages with only an image, and a password-protected file. No PDF library is loaded.
 */

export interface MakePdfOptions {
  /** Pages drawn as an image with no text layer (a scanned document). */
  imageOnly?: boolean;
  /** Adds a standard security handler whose user password is not empty. */
  encrypted?: boolean;
  fontSize?: number;
}

/** Each page is a list of lines. */
export function makePdf(pages: string[][], options: MakePdfOptions = {}): Uint8Array {
  const fontSize = options.fontSize ?? 11;
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const image = add(stream('<< /Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8', '\x80\xff\x00\x80'));
  const kids: number[] = [];
  for (const lines of pages) {
    const content = options.imageOnly
      ? 'q 400 0 0 500 100 150 cm /Im1 Do Q'
      : [
          'BT',
          `/F1 ${fontSize} Tf`,
          `${fontSize + 3} TL`,
          '56 790 Td',
          ...lines.map((line) => `(${pdfString(line)}) Tj T*`),
          'ET',
        ].join('\n');
    const contentObj = add(stream('<<', content));
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Contents ${contentObj} 0 R ` +
          `/Resources << /Font << /F1 ${font} 0 R >> /XObject << /Im1 ${image} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let encrypt = '';
  if (options.encrypted) {
    const hex = (seed: number) => Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join('');
    const enc = add(`<< /Filter /Standard /V 1 /R 2 /O <${hex(11)}> /U <${hex(99)}> /P -44 >>`);
    encrypt = ` /Encrypt ${enc} 0 R /ID [<${hex(5).slice(0, 32)}> <${hex(5).slice(0, 32)}>]`;
  }

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R${encrypt} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

function stream(dict: string, data: string): string {
  return `${dict} /Length ${Buffer.byteLength(data, 'latin1')} >>\nstream\n${data}\nendstream`;
}

const winAnsi = new Map<string, number>([
  ['€', 0x80], ['‚', 0x82], ['„', 0x84], ['…', 0x85], ['‘', 0x91], ['’', 0x92], ['“', 0x93],
  ['”', 0x94], ['•', 0x95], ['–', 0x96], ['—', 0x97],
]);

/** A PDF literal string in WinAnsi bytes, with every non-ASCII byte as an octal escape. */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = winAnsi.get(ch) ?? ch.codePointAt(0) ?? 63;
    const byte = code > 255 ? 63 : code;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (byte < 32 || byte > 126) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += ch;
  }
  return out;
}
