import { describe, expect, it } from 'vitest';
import { clabeProblem, looksLikeEmail } from './join-checks.ts';

describe('the join form checks', () => {
  it('says how many digits a CLABE has, then whether its control digit matches', () => {
    expect(clabeProblem('0321 8000')).toEqual({ kind: 'length', count: 8 });
    expect(clabeProblem('032180000118359711')).toEqual({ kind: 'control' });
    expect(clabeProblem('0321-8000-0118-3597-19')).toBeNull();
  });

  it('takes a PayPal e-mail that looks like one', () => {
    expect(looksLikeEmail(' pagos@clinica.mx ')).toBe(true);
    expect(looksLikeEmail('pagos@clinica')).toBe(false);
  });
});
