import { describe, expect, it } from 'vitest';
import { parsePrice } from './price.ts';
import { suggestMapping } from './products.ts';

describe('parsePrice', () => {
  it.each([
    ['$18,500.00', '18500.00'],
    ['18,500', '18500.00'],
    ['18.500', '18500.00'],
    ['18.500,50', '18500.50'],
    ['1,5', '1.50'],
    ['650', '650.00'],
    ['$ 1,234,567.8 MXN', '1234567.80'],
    ['0', '0.00'],
  ])('%s → %s', (input, expected) => expect(parsePrice(input)).toBe(expected));

  it.each(['', 'gratis', '-5', '1.2.3.4.5.6.7.8.9.0.1.2.3'])('refuses %s', (input) => expect(parsePrice(input)).toBeUndefined());
});

describe('suggestMapping', () => {
  it('guesses the catalog fields from Spanish and English column names', () => {
    expect(suggestMapping(['Nombre', 'Precio', 'Código', 'Existencias', 'Color', 'Imagen'])).toEqual({
      Nombre: 'name', Precio: 'price', Código: 'sku', Existencias: 'stock', Color: 'attribute', Imagen: 'image_url',
    });
    expect(suggestMapping(['Product', 'Price', 'Notes'])).toEqual({ Product: 'name', Price: 'price', Notes: 'attribute' });
  });
});
