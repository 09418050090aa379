import { describe, expect, it } from 'vitest';
import { isExtractError } from './extract-error.ts';
import { extractPdf } from './extract-pdf.ts';
import { makePdf } from './test-support/make-pdf.ts';

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    if (isExtractError(error)) return error.code;
    throw error;
  }
  return undefined;
}

describe('extractPdf', () => {
  it('reads text pages, accents included, and joins hyphenated line breaks', async () => {
    const pdf = makePdf([
      ['Clínica Dental Sonrisa', 'Año de fundación: 2009. ¿Tiene dudas? Llámenos.', 'Ofrecemos una limpieza com-', 'pleta en 45 minutos.'],
      ['Precios', 'Limpieza dental    $650', 'Blanqueamiento    $3,800'],
    ]);
    const { text, pages } = await extractPdf(pdf);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Clínica Dental Sonrisa');
    expect(pages[0]).toContain('Año de fundación: 2009. ¿Tiene dudas? Llámenos.');
    expect(pages[0]).toContain('limpieza completa en 45 minutos');
    expect(pages[1]).toContain('Limpieza dental $650');
    expect(text).toBe(`${pages[0]}\n\n${pages[1]}`);
    expect(text).not.toMatch(/ {2}|\n{3}/);
  });

  it('refuses bytes that are not a PDF', async () => {
    expect(await codeOf(extractPdf(new TextEncoder().encode('hola, esto no es un pdf')))).toBe('NOT_A_PDF');
    expect(await codeOf(extractPdf(new Uint8Array()))).toBe('NOT_A_PDF');
    expect(await codeOf(extractPdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])))).toBe('NOT_A_PDF');
  });

  it('says there is no text in a scanned (image-only) or empty PDF', async () => {
    expect(await codeOf(extractPdf(makePdf([['x'], ['y']], { imageOnly: true })))).toBe('PDF_NO_TEXT');
    expect(await codeOf(extractPdf(makePdf([[]])))).toBe('PDF_NO_TEXT');
  });

  it('says there is no text in a password-protected PDF, with a reason in both languages', async () => {
    const error = await extractPdf(makePdf([['Secreto']], { encrypted: true })).catch((e: unknown) => e);
    expect(isExtractError(error, 'PDF_NO_TEXT')).toBe(true);
    if (!isExtractError(error)) return;
    expect(error.reason.es).toContain('No se pudo leer texto en este PDF');
    expect(error.reason.en).toContain('No text could be read');
  });

  it('reports a damaged PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\nthis is not really a pdf at all');
    expect(await codeOf(extractPdf(bytes))).toMatch(/PDF_DAMAGED|PDF_NO_TEXT/);
    const truncated = makePdf([['Hola']]).slice(0, 40);
    expect(await codeOf(extractPdf(truncated))).toMatch(/PDF_DAMAGED|PDF_NO_TEXT/);
  });

  it('drops page numbers and running headers', async () => {
    const pages = Array.from({ length: 5 }, (_, i) => ['Catálogo 2025 — Muebles Roble', `Mesa modelo ${i + 1}: $${1000 + i}`, `Página ${i + 1} de 5`]);
    const result = await extractPdf(makePdf(pages));
    expect(result.pages[2]).toBe('Mesa modelo 3: $1002');
    expect(result.text).not.toContain('Página');
  });

  it('keeps first and last lines that only look alike (a price list)', async () => {
    const pages = Array.from({ length: 5 }, (_, i) => [`Silla modelo ${i * 2 + 1}: $${500 + i}`, `Silla modelo ${i * 2 + 2}: $${600 + i}`]);
    const result = await extractPdf(makePdf(pages));
    expect(result.pages[4]).toBe('Silla modelo 9: $504\nSilla modelo 10: $604');
  });

  it('reads a 100-page PDF, every page', async () => {
    const pages = Array.from({ length: 100 }, (_, p) =>
      Array.from({ length: 45 }, (_, l) => `Hoja de precios ${p + 1}.${l + 1}: el producto ${p * 45 + l} cuesta $${(p * 45 + l) * 3} pesos.`),
    );
    const bytes = makePdf(pages);
    const result = await extractPdf(bytes);
    expect(result.pages).toHaveLength(100);
    expect(result.pages[99]).toContain('el producto 4499 cuesta $13497 pesos.');
  });
});
