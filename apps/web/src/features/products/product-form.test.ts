import { describe, expect, it } from 'vitest';
import type { Product } from '@charla/shared';
import { attributeRow, createBody, emptyProductForm, formProblems, placeServerErrors, productFormFrom, updateBody } from './product-form.ts';
import { formatPrice, priceForServer } from './price.ts';

const product: Product = {
  id: '22222222-2222-4222-8222-222222222222',
  bot_id: '11111111-1111-4111-8111-111111111111',
  name: 'Sala modular Lisboa',
  description: 'Tres piezas, tela antimanchas.',
  price: '18500.00',
  currency: 'MXN',
  sku: 'SAL-LIS',
  stock: 4,
  url: 'https://muebles.mx/lisboa',
  image_url: '',
  attributes: { Color: 'Gris', Material: 'Tela' },
  createdAt: '2026-11-21T12:00:00.000Z',
  updatedAt: '2026-11-21T12:00:00.000Z',
};

describe('product form', () => {
  it('round-trips a product', () => {
    const values = productFormFrom(product);
    expect(values).toMatchObject({ price: '18500.00', stock: '4', attributes: [{ key: 'Color', value: 'Gris' }, { key: 'Material', value: 'Tela' }] });
    const { botId: _botId, ...rest } = createBody(product.bot_id, values);
    expect(rest).toEqual({
      name: product.name,
      description: product.description,
      price: '18500.00',
      currency: 'MXN',
      sku: 'SAL-LIS',
      stock: 4,
      url: product.url,
      image_url: '',
      attributes: product.attributes,
    });
  });

  it('turns what people type into what the server stores', () => {
    const values = { ...emptyProductForm(), name: ' Comedor ', price: '$18,500', currency: 'usd', stock: '1,200', attributes: [attributeRow(' Color ', ' Nogal '), attributeRow('', '')] };
    expect(updateBody(values)).toMatchObject({ name: 'Comedor', price: '18500.00', currency: 'USD', stock: 1200, attributes: { Color: 'Nogal' } });
    expect(updateBody({ ...values, price: '', stock: '' })).toMatchObject({ price: null, stock: null });
    expect(updateBody({ ...values, currency: '' }).currency).toBe('MXN');
  });

  it('catches what it can before sending', () => {
    const a = attributeRow('Color', 'Gris');
    const b = attributeRow('color', 'Azul');
    const c = attributeRow('', 'sin clave');
    const problems = formProblems({ ...emptyProductForm(), stock: 'muchos', attributes: [a, b, c] });
    expect(problems).toEqual({ name: 'required', stock: 'stock', [`attributes.${b.id}`]: 'attributeDuplicate', [`attributes.${c.id}`]: 'attributeKey' });
    expect(formProblems(productFormFrom(product))).toEqual({});
  });

  it('places the server field messages on the fields and attribute rows', () => {
    const values = productFormFrom(product);
    const color = values.attributes[0]!;
    expect(placeServerErrors({ price: 'Escribe el precio con números.', 'attributes.Color': 'Muy largo.', attributes: 'Demasiados elementos.' }, values)).toEqual({
      price: 'Escribe el precio con números.',
      [`attributes.${color.id}`]: 'Muy largo.',
      attributes: 'Demasiados elementos.',
    });
  });
});

describe('prices', () => {
  it('are shown with Intl in their currency', () => {
    expect(formatPrice('18500.00', 'MXN', 'es')).toBe('$18,500.00');
    expect(formatPrice('18500.5', 'USD', 'es')).toMatch(/USD\s?18,500\.50/);
    expect(formatPrice('18500.00', 'MXN', 'en')).toMatch(/MX\$18,500\.00/);
    expect(formatPrice(null, 'MXN', 'es')).toBeNull();
    expect(formatPrice('10.00', 'ZZZ', 'es')).toMatch(/10\.00/);
  });

  it('are sent exact', () => {
    expect(priceForServer(' $18,500.00 ')).toBe('18500.00');
    expect(priceForServer('18.500,50')).toBe('18500.50');
    expect(priceForServer('')).toBeNull();
    expect(priceForServer('gratis')).toBe('gratis');
  });
});
