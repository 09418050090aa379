import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A loader that records each batch and answers after the test releases it. */
function gatedLoader() {
  const batches: string[][] = [];
  const gates: (() => void)[] = [];
  let version = 0;
  const load = async (keys: string[]) => {
    batches.push(keys);
    await new Promise<void>((resolve) => gates.push(resolve));
    version++;
    return new Map(keys.filter((k) => !k.startsWith('missing')).map((k) => [k, `${k}@${version}`]));
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((r) => setImmediate(r));
    gates.shift()!();
  };
  return { load, batches, release };
}

describe('coalesce', () => {
  it('answers the lookups of one event-loop turn with one load, duplicates included', async () => {
    const { load, batches, release } = gatedLoader();
    const find = coalesce(load);
    const answers = Promise.all([find('a'), find('b'), find('a'), find('missing-1')]);
    await release();
    expect(await answers).toEqual(['a@1', 'b@1', 'a@1', undefined]);
    expect(batches).toEqual([['a', 'b', 'missing-1']]);
  });

  it('never answers a lookup with a load that started before it was made', async () => {
    const { load, batches, release } = gatedLoader();
    const find = coalesce(load);
    const first = find('a');
    while (batches.length === 0) await new Promise((r) => setImmediate(r));
    const second = find('a');
    await release();
    expect(await first).toBe('a@1');
    await release();
    expect(await second).toBe('a@2');
    expect(batches).toEqual([['a'], ['a']]);
  });

  it('splits large batches and passes a failed load to its callers only', async () => {
    const batches: string[][] = [];
    const find = coalesce(async (keys) => {
      batches.push(keys);
      if (keys.includes('boom')) throw new Error('database down');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    }, 2);
    const results = await Promise.allSettled([find('boom'), find('x'), find('y'), find('z')]);
    expect(batches).toEqual([['boom', 'x'], ['y', 'z']]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'database down',
      'database down',
      'Y',
      'Z',
    ]);
  });
});
