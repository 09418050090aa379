import { describe, expect, it } from 'vitest';
import { cardTemplates } from '@charla/shared/constants';
import { cardKeyOf, cardKeys, isCardTemplate } from './template-labels.ts';

describe('template cards', () => {
  it('has 18 cards, card1 … card18 in template order', () => {
    expect(cardKeys).toHaveLength(18);
    expect(cardTemplates).toHaveLength(18);
    expect(cardKeyOf('creative')).toBe('card1');
    expect(cardKeyOf('doctor_appointment')).toBe('card4');
    expect(cardKeyOf('financial_services')).toBe('card18');
  });

  it('has no card for the keys without a label', () => {
    expect(cardKeyOf('autonomous')).toBeNull();
    expect(isCardTemplate('construction_material')).toBe(false);
    expect(isCardTemplate(null)).toBe(false);
    expect(isCardTemplate('beauty_spa')).toBe(true);
  });
});
