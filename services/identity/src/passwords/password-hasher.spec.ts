import { describe, expect, it } from 'vitest';
import { Gate } from './password-hasher.js';

describe('Gate (argon2id computations at once)', () => {
  it('runs at most `limit` tasks at once, the rest in order, and passes on results and failures', async () => {
    const gate = new Gate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) => gate.run(async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i === 3) throw new Error('three');
      return i;
    });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 2, 'three', 4, 5, 6]);
    // Every slot was given back: the next tasks start at once.
    expect(await Promise.all([gate.run(async () => 'a'), gate.run(async () => 'b')])).toEqual(['a', 'b']);
  });
});
