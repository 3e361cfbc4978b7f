import { describe, expect, it } from 'vitest';
import { HLL_RELATIVE_ERROR, emptySketch, hllAdd, hllCount, hllMerge } from './hll.js';

describe('HyperLogLog (precision 14)', () => {
  it('counts 100,000 distinct users within 2 % of the exact count, and duplicates do not change it', () => {
    const sketch = emptySketch();
    const exact = new Set<string>();
    for (let i = 0; i < 100_000; i++) {
      const key = `user-${i}`;
      exact.add(key);
      hllAdd(sketch, key);
      if (i % 7 === 0) hllAdd(sketch, key);
    }
    const estimate = hllCount(sketch);
    expect(Math.abs(estimate - exact.size) / exact.size).toBeLessThan(0.02);
    expect(HLL_RELATIVE_ERROR).toBeCloseTo(0.0081, 4);
  });

  it('merges day sketches as a union, never a sum', () => {
    const days = [emptySketch(), emptySketch(), emptySketch()];
    // The same 3,000 users come back on each of three days; 1,000 new ones on the third.
    for (const day of days) for (let i = 0; i < 3000; i++) hllAdd(day, `u${i}`);
    for (let i = 3000; i < 4000; i++) hllAdd(days[2]!, `u${i}`);
    const week = days.reduce((acc, d) => hllMerge(acc, d), emptySketch());
    const estimate = hllCount(week);
    expect(Math.abs(estimate - 4000) / 4000).toBeLessThan(0.02);
  });

  it('is exact enough for small counts (linear counting)', () => {
    const sketch = emptySketch();
    for (let i = 0; i < 50; i++) hllAdd(sketch, `k${i}`);
    expect(hllCount(sketch)).toBe(50);
    expect(hllCount(emptySketch())).toBe(0);
  });
});
