import { describe, expect, it, vi } from 'vitest';
import { evalDataPresent } from './eval-data.ts';

describe('evalDataPresent', () => {
  it('fails under CI when the datasets are missing', () => {
    expect(() => evalDataPresent('no-such-dataset', { CI: 'true' })).toThrow(/evaluation datasets are missing.*CI runs every test/);
  });

  it('skips with a printed reason elsewhere', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(evalDataPresent('no-such-dataset', {})).toBe(false);
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^skipped: .*no-such-dataset.*EVAL_DIR/));
    } finally {
      warn.mockRestore();
    }
  });
});
