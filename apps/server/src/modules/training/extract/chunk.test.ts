import { describe, expect, it } from 'vitest';
import { chunkCsvRows, chunkText, type Chunk } from './chunk.ts';
import { extractCsv } from './extract-csv.ts';
import { extractHtml } from './extract-html.ts';
import { extractText } from './extract-text.ts';
import { hasEvalFiles, knowledgeFile } from './test-support/eval-files.ts';

const read = (path: string) => {
  const [business = '', , file = ''] = path.split('/');
  return knowledgeFile(business, file);
};
const find = (chunks: Chunk[], needle: string) => chunks.filter((c) => c.text.includes(needle));

describe('chunkText', () => {
  it.skipIf(!hasEvalFiles)('keeps Markdown headings with their paragraphs and lists (club.md)', () => {
    const chunks = chunkText(extractText(read('padel-club-norte/knowledge/club.md')).text);
    const byHeading = (h: string) => chunks.filter((c) => c.heading === h);
    expect(byHeading('Padel Club Norte')[0]?.text).toContain('Av. Revolución 2500, Monterrey');
    expect(byHeading('Horario')).toEqual([{ heading: 'Horario', text: 'Abrimos todos los días de 7:00 a 23:00.' }]);
    const renta = byHeading('Renta de canchas')[0]?.text ?? '';
    expect(renta).toContain('- Horario valle, de 7:00 a 17:00 entre semana: $450 la cancha.');
    expect(renta).toContain('- Horario pico, de 17:00 a 23:00 entre semana y todo el día en fin de semana: $650 la cancha.');
    expect(byHeading('Membresía')[0]?.text).toContain('La membresía mensual cuesta $1,200.');
    expect(byHeading('Clases')[0]?.text).toContain('Clase privada: $700 por hora.');
    expect(chunks.some((c) => c.text.includes('#'))).toBe(false);
  });

  it.skipIf(!hasEvalFiles)('keeps every fact line of informacion-general.txt whole, under the heading-like first line', () => {
    const source = extractText(read('dental-sonrisa/knowledge/informacion-general.txt')).text;
    const chunks = chunkText(source);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Clínica Dental Sonrisa');
      expect(chunk.text.length).toBeLessThanOrEqual(900);
    }
    for (const line of source.split('\n').slice(1).filter(Boolean)) {
      expect(find(chunks, line).length, line).toBeGreaterThan(0);
    }
    expect(find(chunks, 'consulta de valoración cuesta $350')).toHaveLength(1);
  });

  it.skipIf(!hasEvalFiles)('chunks the sections of nosotros.html under their headings', () => {
    const page = extractHtml(read('inmobiliaria-horizonte/knowledge/nosotros.html').toString('utf8'));
    const chunks = chunkText(page.sections);
    expect(chunks.find((c) => c.heading === 'Comisiones')?.text).toContain('la comisión la paga el propietario');
    expect(chunks.find((c) => c.heading === 'Mascotas')?.text).toBe('Si una propiedad acepta mascotas se indica en su ficha.');
    expect(chunks.find((c) => c.heading === 'Visitas')?.text).toContain('de lunes a sábado de 10:00 a 18:00');
    expect(find(chunks, 'Masaryk 410')[0]?.heading).toContain('Inmobiliaria Horizonte');
    // the Markdown text of the page gives the same chunks
    expect(chunkText(page.text).map((c) => c.text)).toEqual(chunks.map((c) => c.text));
  });

  it('splits long prose at sentence ends, with a small overlap', () => {
    const sentences = Array.from({ length: 40 }, (_, i) => `La oración número ${i + 1} explica un detalle del servicio con calma y sin prisa.`);
    const chunks = chunkText(sentences.join(' '), { maxChars: 300, overlap: 100 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(300);
      expect(chunk.text).toMatch(/^La oración número \d+ .*\.$/s);
    }
    for (const sentence of sentences) expect(find(chunks, sentence).length, sentence).toBeGreaterThan(0);
    const [first, second] = chunks;
    const lastOfFirst = first?.text.split(/(?<=\.) /).at(-1) ?? '';
    expect(second?.text.startsWith(lastOfFirst)).toBe(true);
    expect(chunkText(sentences.join(' '), { maxChars: 300, overlap: 0 })[1]?.text.startsWith(lastOfFirst)).toBe(false);
  });

  it('never splits a line of a price list', () => {
    const lines = Array.from({ length: 80 }, (_, i) => `Producto ${i + 1} — mueble de roble, entrega gratis: $${(1000 + i * 37).toLocaleString('en-US')}`);
    const chunks = chunkText(`Lista de precios 2025\n\n${lines.join('\n')}`, { maxChars: 400 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Lista de precios 2025');
      for (const line of chunk.text.split('\n')) expect(lines).toContain(line);
    }
    for (const line of lines) expect(find(chunks, line).length).toBeGreaterThan(0);
  });

  it('repeats the header row of a Markdown table split across chunks', () => {
    const rows = Array.from({ length: 30 }, (_, i) => `| Tratamiento ${i + 1} | $${500 + i * 10} | ${30 + i} min |`);
    const table = ['| Tratamiento | Precio | Duración |', '| --- | --- | --- |', ...rows].join('\n');
    const chunks = chunkText(`## Precios\n\n${table}`, { maxChars: 350 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.heading).toBe('Precios');
      expect(chunk.text.startsWith('| Tratamiento | Precio | Duración |\n| --- | --- | --- |\n| Tratamiento')).toBe(true);
    }
    for (const row of rows) expect(find(chunks, row).length).toBeGreaterThan(0);
  });

  it('cuts a single sentence longer than a chunk between words', () => {
    const words = Array.from({ length: 400 }, (_, i) => `palabra${i}`);
    const chunks = chunkText(words.join(' '), { maxChars: 200 });
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(200);
      for (const word of chunk.text.split(' ')) expect(words).toContain(word);
    }
    expect(chunks.flatMap((c) => c.text.split(' '))).toEqual(words);
  });

  it('finds headings in plain text: setext, capitals, short titles; not "key: value" lines', () => {
    const text = [
      'Promociones',
      '===========',
      'Dos por uno los martes.',
      '',
      'HORARIO DE ATENCIÓN A CLIENTES Y PROVEEDORES DE LA EMPRESA',
      'Lunes a viernes de 9 a 18 h.',
      '',
      'Formas de pago',
      '',
      'Efectivo y tarjeta.',
      '',
      'Teléfono: 33 1234 5678',
      'Correo: hola@ejemplo.mx',
      '',
      'Servicios',
      'Limpieza',
      'Blanqueamiento',
    ].join('\n');
    const chunks = chunkText(text);
    expect(chunks.find((c) => c.text === 'Dos por uno los martes.')?.heading).toBe('Promociones');
    expect(chunks.find((c) => c.text === 'Lunes a viernes de 9 a 18 h.')?.heading).toBe('HORARIO DE ATENCIÓN A CLIENTES Y PROVEEDORES DE LA EMPRESA');
    const pago = chunks.find((c) => c.heading === 'Formas de pago')?.text;
    expect(pago).toContain('Efectivo y tarjeta.');
    expect(pago).toContain('Teléfono: 33 1234 5678\nCorreo: hola@ejemplo.mx');
    expect(pago).toContain('Servicios\nLimpieza\nBlanqueamiento');
  });

  it('joins lines a PDF wrapped in the middle of a sentence', () => {
    const text = 'Ofrecemos 3 y 6 meses sin intereses con tarjetas participantes en\ntratamientos mayores a $3,000 y aceptamos transferencias.\nVisa y Mastercard.';
    expect(chunkText(text)[0]?.text).toBe('Ofrecemos 3 y 6 meses sin intereses con tarjetas participantes en tratamientos mayores a $3,000 y aceptamos transferencias.\nVisa y Mastercard.');
  });

  it('takes sections and returns nothing for empty text', () => {
    expect(chunkText([{ heading: 'Envíos', text: 'Enviamos a todo México.' }, { heading: null, text: 'Sin título.' }, { text: '  ' }])).toEqual([
      { heading: 'Envíos', text: 'Enviamos a todo México.' },
      { text: 'Sin título.' },
    ]);
    expect(chunkText('')).toEqual([]);
    // a section that has its heading keeps it for a short first line
    expect(chunkText([{ heading: 'Menú', text: 'Tacos al pastor\n\nOrden de 5 tacos con piña.' }])).toEqual([
      { heading: 'Menú', text: 'Tacos al pastor\n\nOrden de 5 tacos con piña.' },
    ]);
  });
});

describe('chunkCsvRows', () => {
  it.skipIf(!hasEvalFiles)('makes one chunk per row of propiedades.csv, each value with its column name', () => {
    const csv = extractCsv(read('inmobiliaria-horizonte/knowledge/propiedades.csv'));
    const chunks = chunkCsvRows(csv.columns, csv.rows, { heading: 'propiedades.csv' });
    expect(chunks).toHaveLength(7);
    const narvarte = find(chunks, 'H-104');
    expect(narvarte).toHaveLength(1);
    expect(narvarte[0]).toEqual({
      heading: 'propiedades.csv',
      text: 'Clave: H-104; Titulo: Departamento en Narvarte; Operacion: renta; Colonia: Narvarte; Recamaras: 2; Banos: 1; Metros cuadrados: 78; Precio mxn: 18500; Estacionamientos: 1; Acepta mascotas: no',
    });
  });

  it.skipIf(!hasEvalFiles)('keeps a price list row whole and leaves empty values out (precios.csv)', () => {
    const csv = extractCsv(read('dental-sonrisa/knowledge/precios.csv'));
    const chunks = chunkCsvRows(csv.columns, csv.rows, { heading: 'precios.csv' });
    expect(chunks).toContainEqual({ heading: 'precios.csv', text: 'Servicio: Blanqueamiento en consultorio; Precio mxn: 3800; Duracion minutos: 90' });
    expect(chunkCsvRows(['Producto', 'Nota'], [{ Producto: 'Mesa', Nota: '' }, { Producto: '', Nota: '' }])).toEqual([{ text: 'Producto: Mesa' }]);
  });
});
