import { describe, expect, it } from 'vitest';
import { lexiconKindsOf } from './kinds.ts';

describe('the Spanish kinds lexicon', () => {
  it('gives a noun its broader kinds, as written or in the plural', () => {
    expect(lexiconKindsOf('perro')).toContain('animal');
    expect(lexiconKindsOf('perros')).toContain('animal');
    expect(lexiconKindsOf('lavadora')).toContain('electrodomestico');
  });

  it('leaves out a noun that reads as another without its accents', () => {
    // "años" and "anos" are one plain word: neither is given the other's kinds.
    expect(lexiconKindsOf('ano')).toEqual([]);
    expect(lexiconKindsOf('anos')).toEqual([]);
  });

  it('has nothing for a word that is not a noun it knows', () => {
    expect(lexiconKindsOf('xyzzy')).toEqual([]);
  });
});
