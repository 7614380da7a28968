import { describe, expect, it } from 'vitest';
import { measureGrowth } from '../../helpers/cost-growth.js';

/** The tests that guard complexity rely on this helper telling linear work from quadratic work, on any machine. */
describe('measureGrowth', () => {
  const numbers = (scale: number) => Array.from({ length: 200_000 * scale }, (_, i) => i % 7);

  // A floor of 10 ms, so that the ratio is measured (by default, work under a second passes without it).
  const measured = { floorMs: 10 };

  it('passes linear work', async () => {
    const growth = await measureGrowth('sum', numbers, (list) => list.reduce((sum, n) => sum + n, 0), measured);
    expect(growth.problem).toBeUndefined();
  });

  it('names quadratic work, with its ratio', async () => {
    const pairs = (list: number[]) => {
      let equal = 0;
      for (let i = 0; i < list.length; i++) for (let j = 0; j < i; j++) if (list[i] === list[j]) equal++;
      return equal;
    };
    const growth = await measureGrowth('pairs', (scale) => numbers(scale).slice(0, 1_000 * scale), pairs, measured);
    expect(growth.ratio).toBeGreaterThan(30);
    expect(growth.problem).toMatch(/^pairs: 10x the input cost \d+x the CPU time \(.+ ms → \d+ ms; at most 30x\)$/);
  });

  it('lets work too cheap to measure pass', async () => {
    const growth = await measureGrowth(
      'nothing',
      (scale) => scale,
      () => undefined,
      measured,
    );
    expect(growth.problem).toBeUndefined();
  });

  it('lets work under the floor pass without running it on the small input', async () => {
    let smallRuns = 0;
    const growth = await measureGrowth(
      'sum',
      (scale) => (scale === 1 && smallRuns++, numbers(scale)),
      (list) => list.reduce((sum, n) => sum + n, 0),
    );
    expect(growth.problem).toBeUndefined();
    expect(smallRuns).toBe(0);
  });
});
