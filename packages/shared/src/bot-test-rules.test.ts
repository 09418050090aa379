import { describe, expect, it } from 'vitest';
import { factsFromLines, factsProblem, linesFromFacts } from './bot-test-rules.ts';

describe('the facts of a saved test, as an owner writes them', () => {
  it('reads one fact per line and its spellings separated by " / " or "|"', () => {
    expect(factsFromLines('650 / seiscientos cincuenta\n\n  9:00/14:00 \n GNP|reembolso | GNP \n /  \n')).toEqual([
      ['650', 'seiscientos cincuenta'],
      ['9:00/14:00'],
      ['GNP', 'reembolso'],
    ]);
    expect(factsFromLines('   ')).toEqual([]);
    expect(linesFromFacts([['650', 'seiscientos cincuenta'], ['45 minutos']])).toBe('650 / seiscientos cincuenta\n45 minutos');
    expect(factsFromLines(linesFromFacts([['a', 'b'], ['c']]))).toEqual([['a', 'b'], ['c']]);
  });

  it('says what the server would refuse', () => {
    expect(factsProblem([], { required: true })).toBe('required');
    expect(factsProblem([], { required: false })).toBeUndefined();
    expect(factsProblem(Array.from({ length: 11 }, () => ['a']), { required: true })).toBe('too_many_groups');
    expect(factsProblem([Array.from({ length: 11 }, (_, i) => `a${i}`)], { required: true })).toBe('too_many_alternatives');
    expect(factsProblem([['x'.repeat(201)]], { required: true })).toBe('too_long');
    expect(factsProblem([['650']], { required: true })).toBeUndefined();
  });
});
