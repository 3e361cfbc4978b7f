/** k6: check, group, sleep, fail. */
import { addSample, vu } from './state.js';

type Checkers<T> = Record<string, (value: T) => unknown>;

export function check<T>(value: T, checkers: Checkers<T>, tags?: Record<string, string>): boolean {
  let all = true;
  for (const [name, fn] of Object.entries(checkers)) {
    let ok: boolean;
    try {
      ok = Boolean(fn(value));
    } catch {
      ok = false;
    }
    addSample('checks', 'rate', ok, { check: name, group: vu.group, ...tags });
    if (!ok) {
      all = false;
      process.stderr.write(`k6-compat: check failed: ${vu.group ? `${vu.group} › ` : ''}${name}\n`);
    }
  }
  return all;
}

export function group<T>(name: string, fn: () => T): T {
  const outer = vu.group;
  vu.group = `${outer}::${name}`;
  try {
    return fn();
  } finally {
    vu.group = outer;
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** Blocks like k6's sleep (seconds); a journey's think time is 0 in the smoke run (THINK_TIME=0). */
export function sleep(seconds: number): void {
  if (seconds > 0) Atomics.wait(sleeper, 0, 0, seconds * 1000);
}

export function fail(message?: string): never {
  throw new Error(message ?? 'fail() called');
}

export default { check, group, sleep, fail };
