import { describe, expect, it } from 'vitest';
import { isExtractError, type ExtractError } from './extract-error.ts';
import { extractCsv } from './extract-csv.ts';
import { hasEvalFiles, knowledgeFile } from './test-support/eval-files.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

function failure(run: () => unknown): ExtractError {
  try {
    run();
  } catch (error) {
    if (isExtractError(error)) return error;
    throw error;
  }
  throw new Error('expected an ExtractError');
}

describe('extractCsv', () => {
  it('reads UTF-8 with a comma', () => {
    const csv = extractCsv(utf8('servicio,precio_mxn\nLimpieza dental,650\n"Resina, empaste",900\n'));
    expect(csv).toEqual({
      columns: ['servicio', 'precio_mxn'],
      rows: [
        { servicio: 'Limpieza dental', precio_mxn: '650' },
        { servicio: 'Resina, empaste', precio_mxn: '900' },
      ],
      delimiter: ',',
      encoding: 'utf-8',
    });
  });

  it('reads UTF-8 with a BOM and CRLF line ends', () => {
    const csv = extractCsv(utf8('\uFEFFAño;Teléfono\r\n2024;33 1234 5678\r\n'));
    expect(csv.columns).toEqual(['Año', 'Teléfono']);
    expect(csv.rows).toEqual([{ Año: '2024', Teléfono: '33 1234 5678' }]);
    expect(csv.delimiter).toBe(';');
    expect(csv.encoding).toBe('utf-8');
  });

  it('reads windows-1252 as Excel in Mexico saves it, with a semicolon and decimal commas', () => {
    const csv = extractCsv(latin1('Año;Teléfono;Dirección;Precio\r\n2023;55 1111 2222;Peñón 4, Iztapalapa;1.250,50\r\n2024;55 3333 4444;Calzada Niños Héroes;980,00\r\n'));
    expect(csv.encoding).toBe('windows-1252');
    expect(csv.delimiter).toBe(';');
    expect(csv.columns).toEqual(['Año', 'Teléfono', 'Dirección', 'Precio']);
    expect(csv.rows[0]).toEqual({ Año: '2023', Teléfono: '55 1111 2222', Dirección: 'Peñón 4, Iztapalapa', Precio: '1.250,50' });
    expect(csv.rows[1]?.Dirección).toBe('Calzada Niños Héroes');
  });

  it('reads UTF-16 (Excel "Unicode text") with tabs', () => {
    const body = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Colonia\tPrecio\nNarvarte\t18500\n', 'utf16le')]);
    const csv = extractCsv(new Uint8Array(body));
    expect(csv.encoding).toBe('utf-16le');
    expect(csv.delimiter).toBe('\t');
    expect(csv.rows).toEqual([{ Colonia: 'Narvarte', Precio: '18500' }]);
  });

  it('detects tab and pipe delimiters, and an Excel sep= line', () => {
    expect(extractCsv(utf8('a\tb\n1\t2\n')).delimiter).toBe('\t');
    expect(extractCsv(utf8('a|b|c\n1|2|3\n4|5|6\n')).delimiter).toBe('|');
    const sep = extractCsv(utf8('sep=;\nnombre;nota\nAna;dice "hola, qué tal"\n'));
    expect(sep.delimiter).toBe(';');
    expect(sep.rows).toEqual([{ nombre: 'Ana', nota: 'dice "hola, qué tal"' }]);
  });

  it('trims headers and cells, skips empty lines, names blank and repeated headers', () => {
    const csv = extractCsv(utf8('  Nombre , Precio ,, precio ,Nombre\n\n  Mesa ,  1200 , x ,1300, y \n , , , , \n,,,,\nSilla,300\n\n'));
    expect(csv.columns).toEqual(['Nombre', 'Precio', 'columna 3', 'precio (2)', 'Nombre (2)']);
    expect(csv.rows).toEqual([
      { Nombre: 'Mesa', Precio: '1200', 'columna 3': 'x', 'precio (2)': '1300', 'Nombre (2)': 'y' },
      { Nombre: 'Silla', Precio: '300', 'columna 3': '', 'precio (2)': '', 'Nombre (2)': '' },
    ]);
  });

  it('keeps values past the header as extra columns', () => {
    const csv = extractCsv(utf8('producto,precio\nMesa,1200,oferta\n'));
    expect(csv.columns).toEqual(['producto', 'precio', 'columna 3']);
    expect(csv.rows[0]).toEqual({ producto: 'Mesa', precio: '1200', 'columna 3': 'oferta' });
  });

  it('keeps multi-line quoted cells on one line', () => {
    const csv = extractCsv(utf8('producto,descripcion\nMesa,"Roble macizo\r\npara 6 personas"\n'));
    expect(csv.rows[0]?.descripcion).toBe('Roble macizo para 6 personas');
  });

  it('says CSV_EMPTY for an empty file, blank lines or a header only', () => {
    expect(failure(() => extractCsv(new Uint8Array())).code).toBe('CSV_EMPTY');
    expect(failure(() => extractCsv(utf8('\n\n  \n'))).code).toBe('CSV_EMPTY');
    expect(failure(() => extractCsv(utf8('nombre,precio\n\n,\n'))).code).toBe('CSV_EMPTY');
  });

  it('says CSV_MALFORMED for binary data, a spreadsheet, a PDF or an unclosed quote', () => {
    const binary = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
    expect(failure(() => extractCsv(binary)).code).toBe('CSV_MALFORMED');
    const xlsx = failure(() => extractCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])));
    expect(xlsx.code).toBe('CSV_MALFORMED');
    expect(xlsx.reason.es).toContain('Excel');
    expect(failure(() => extractCsv(utf8('%PDF-1.4\n...'))).code).toBe('CSV_MALFORMED');
    const quote = failure(() => extractCsv(utf8('a,b\n1,2\n3,"sin cerrar\n5,6\n')));
    expect(quote.code).toBe('CSV_MALFORMED');
    expect(quote.details.row).toBe(3);
  });

  it('refuses more rows than the limit, naming the limit', () => {
    const error = failure(() => extractCsv(utf8('a,b\n1,2\n3,4\n5,6\n'), { maxRows: 2 }));
    expect(error.code).toBe('CSV_TOO_MANY_ROWS');
    expect(error.reason.es).toContain('2 filas');
    expect(extractCsv(utf8('a,b\n1,2\n3,4\n'), { maxRows: 2 }).rows).toHaveLength(2);
    const byDefault = failure(() => extractCsv(utf8(`a\n${'1\n'.repeat(50_001)}`)));
    expect(byDefault.reason.es).toContain('50,000');
    expect(byDefault.reason.en).toContain('50,000');
  });

  it('refuses a 200,000-row file and reads 50,000 rows', () => {
    const lines = ['clave,colonia,recamaras,precio_mxn,descripcion'];
    for (let i = 0; i < 200_000; i++) lines.push(`H-${i},Narvarte,2,${18_000 + i},"Departamento, luminoso, con balcón"`);
    const error = failure(() => extractCsv(utf8(lines.join('\n'))));
    expect(error.code).toBe('CSV_TOO_MANY_ROWS');
    expect(extractCsv(utf8(lines.slice(0, 50_001).join('\n'))).rows).toHaveLength(50_000);
  });

  it.skipIf(!hasEvalFiles)('reads the real knowledge files', () => {
    const precios = extractCsv(knowledgeFile('dental-sonrisa', 'precios.csv'));
    expect(precios.columns).toEqual(['servicio', 'precio_mxn', 'duracion_minutos']);
    expect(precios.rows).toContainEqual({ servicio: 'Blanqueamiento en consultorio', precio_mxn: '3800', duracion_minutos: '90' });
    const propiedades = extractCsv(knowledgeFile('inmobiliaria-horizonte', 'propiedades.csv'));
    expect(propiedades.rows).toHaveLength(7);
    expect(propiedades.rows.find((r) => r.clave === 'H-104')).toMatchObject({ colonia: 'Narvarte', precio_mxn: '18500', acepta_mascotas: 'no' });
  });
});
