import { describe, expect, it } from 'vitest';
import { isExtractError } from './extract-error.ts';
import { extractHtml } from './extract-html.ts';
import { hasEvalFiles, knowledgeFile } from './test-support/eval-files.ts';

const article = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Muebles Roble — Catálogo</title>
<style>body { color: red } .precio { font-weight: bold }</style>
<script>window.dataLayer = [{ secreto: 'no debe salir' }];</script></head>
<body>
<header role="banner"><a href="/">Muebles Roble</a><nav><a href="/">Inicio</a> <a href="/blog">Blog</a></nav></header>
<main><article>
<h1>Muebles de roble macizo</h1>
<p>Fabricamos muebles de roble macizo en Guadalajara desde 1998. Cada pieza se hace
   a mano en nuestro taller y se entrega armada en toda la zona metropolitana sin costo adicional.</p>
<h2>Mesas</h2>
<p>Nuestras mesas de comedor se fabrican en tres medidas y llevan un acabado de aceite natural que resiste el agua y el calor de los platos.</p>
<table><tr><th>Modelo</th><th>Medida</th><th>Precio</th></tr>
<tr><td>Mesa Tapatía</td><td>160 × 90 cm</td><td>$12,500</td></tr>
<tr><td>Mesa Chapala</td><td>200 × 100 cm</td><td>$15,800</td></tr></table>
<h3>Sillas</h3>
<ul><li>Silla Cuadrada: $2,300</li><li>Silla <b>Curva</b>: $2,700<ul><li>Con cojín: $3,100</li></ul></li></ul>
<h4>Garantía</h4><p>Todas las piezas tienen 5 años de garantía contra defectos de fabricación.<br>No cubre golpes.</p>
<h5>Nota</h5><p>Los precios incluyen IVA.</p>
<div hidden>Texto oculto del menú</div><span aria-hidden="true">★★★</span>
<form><label>Correo</label><input value="x"><button>Enviar</button></form>
</article></main>
<aside><nav><a href="/a">Artículo relacionado</a></nav></aside>
<footer><p>© 2025 Muebles Roble · Aviso de privacidad</p><p>Tel. 33 3615 2200 · ventas@mueblesroble.mx</p><p>Horario: lunes a sábado de 10:00 a 19:00</p></footer>
</body></html>`;

describe('extractHtml', () => {
  it('keeps headings h1–h4 with their text, tables as rows and lists as lines', () => {
    const page = extractHtml(article, 'https://mueblesroble.mx/catalogo');
    expect(page.title).toBe('Muebles Roble — Catálogo');
    const byHeading = Object.fromEntries(page.sections.map((s) => [s.heading, s.text]));
    expect(byHeading.Mesas).toContain('Modelo: Mesa Tapatía; Medida: 160 × 90 cm; Precio: $12,500');
    expect(byHeading.Mesas).toContain('Modelo: Mesa Chapala; Medida: 200 × 100 cm; Precio: $15,800');
    expect(byHeading.Sillas).toBe('Silla Cuadrada: $2,300\nSilla Curva: $2,700\nCon cojín: $3,100');
    expect(byHeading['Garantía']).toContain('5 años de garantía contra defectos de fabricación.\nNo cubre golpes.');
    expect(byHeading['Garantía']).toContain('Nota');
    expect(page.sections.find((s) => s.heading === 'Sillas')?.level).toBe(3);
    expect(page.text).toContain('a mano en nuestro taller');
    expect(page.text).toMatch(/^#+ Mesas$/m);
  });

  it('drops scripts, styles, navigation, forms, hidden text and the footer apart from contact lines', () => {
    const page = extractHtml(article);
    for (const gone of ['secreto', 'font-weight', 'Inicio', 'Blog', 'Artículo relacionado', 'Texto oculto', '★', 'Enviar', 'Aviso de privacidad']) {
      expect(page.text).not.toContain(gone);
    }
    const contact = page.sections.find((s) => s.heading === 'Contacto');
    expect(contact?.text).toBe('Tel. 33 3615 2200 · ventas@mueblesroble.mx\nHorario: lunes a sábado de 10:00 a 19:00');
  });

  it('falls back to the body text when there is no article to find', () => {
    const html = `<html><head><title>Taquería El Güero</title></head><body>
      <div class="hero"><h1>Taquería El Güero</h1><span>Tacos al pastor desde 1985</span></div>
      <div class="grid"><div><h2>Menú</h2><div>Taco al pastor $25</div><div>Gringa $60</div></div>
      <div><h2>Pedidos</h2><div>WhatsApp 33 1111 2222</div></div></div>
      <nav>Inicio · Menú</nav></body></html>`;
    const page = extractHtml(html);
    expect(page.title).toBe('Taquería El Güero');
    const menu = page.sections.find((s) => s.heading === 'Menú');
    expect(menu?.text).toContain('Taco al pastor $25');
    expect(menu?.text).toContain('Gringa $60');
    expect(page.sections.find((s) => s.heading === 'Pedidos')?.text).toBe('WhatsApp 33 1111 2222');
    expect(page.sections.find((s) => s.heading === 'Taquería El Güero')?.text).toBe('Tacos al pastor desde 1985');
    expect(page.text).not.toContain('Inicio');
  });

  it('keeps the sections of a landing page that Readability would leave out', () => {
    const blocks = ['Paquetes', 'Horarios', 'Ubicación', 'Preguntas frecuentes'].map(
      (h, i) => `<section class="block-${i}"><h2>${h}</h2><p>${h}: ${'información importante del negocio. '.repeat(8)}Dato ${i}.</p></section>`,
    );
    const html = `<html><head><title>Spa Luna</title></head><body><article class="post"><h2>Bienvenida</h2><p>${'Un texto largo de bienvenida, con comas, que parece un artículo. '.repeat(12)}</p></article>${blocks.join('')}</body></html>`;
    const page = extractHtml(html);
    for (let i = 0; i < 4; i++) expect(page.text).toContain(`Dato ${i}.`);
  });

  it.skipIf(!hasEvalFiles)('reads nosotros.html with each heading and its paragraph', () => {
    const page = extractHtml(knowledgeFile('inmobiliaria-horizonte', 'nosotros.html').toString('utf8'), 'http://127.0.0.1/nosotros');
    expect(page.title).toContain('Inmobiliaria Horizonte');
    const byHeading = Object.fromEntries(page.sections.map((s) => [s.heading, s.text]));
    expect(byHeading.Comisiones).toBe('No cobramos comisión al comprador ni al inquilino: la comisión la paga el propietario del inmueble.');
    expect(byHeading['Crédito hipotecario']).toContain('Infonavit y Fovissste');
    expect(byHeading['Requisitos para rentar']).toContain('El depósito en garantía es de un mes de renta.');
    expect(page.text).toContain('Av. Presidente Masaryk 410, Polanco');
    expect(page.text).not.toContain('Propiedades ·');
    expect(page.text).not.toContain('Aviso de privacidad');
  });

  it('says HTML_NO_TEXT for a page without text', () => {
    let error: unknown;
    try {
      extractHtml('<html><head><script>var a = 1</script></head><body><nav>Inicio</nav><img src="x.png"></body></html>');
    } catch (e) {
      error = e;
    }
    expect(isExtractError(error, 'HTML_NO_TEXT')).toBe(true);
  });
});
