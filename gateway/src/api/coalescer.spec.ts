import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<T>((res, rej) => { resolve = res; reject = rej; });
  return { promise, resolve, reject };
};

describe('Coalescer', () => {
  it('shares one call among identical concurrent callers, and only those', async () => {
    const c = new Coalescer<string>();
    let calls = 0;
    const d = deferred<string>();
    const call = () => { calls++; return d.promise; };
    const a = c.run('k', call);
    const b = c.run('k', call);
    const other = c.run('other', async () => { calls++; return 'x'; });
    expect(c.size).toBe(2);
    d.resolve('answer');
    expect(await Promise.all([a, b, other])).toEqual(['answer', 'answer', 'x']);
    expect(calls).toBe(2);
  });

  it('keeps nothing once a call settles: the next caller starts a new call, after a failure too', async () => {
    const c = new Coalescer<number>();
    let n = 0;
    await expect(c.run('k', async () => { n++; throw new Error('down'); })).rejects.toThrow('down');
    expect(c.size).toBe(0);
    expect(await c.run('k', async () => ++n)).toBe(2);
    expect(await c.run('k', async () => ++n)).toBe(3);
  });
});

describe('Coalescer after a failed round trip', () => {
  it('does not hand a failure to the callers that joined: they share a new round trip of their own', async () => {
    const c = new Coalescer<{ ok: boolean }>((a) => !a.ok);
    const first = deferred<{ ok: boolean }>();
    const second = deferred<{ ok: boolean }>();
    const calls = [first, second];
    let n = 0;
    const call = () => calls[n++]!.promise;
    const starter = c.run('k', call);
    const joinerA = c.run('k', call);
    const joinerB = c.run('k', call);
    first.resolve({ ok: false }); // e.g. the service restarted while this call waited
    expect(await starter).toEqual({ ok: false });
    second.resolve({ ok: true });
    expect(await Promise.all([joinerA, joinerB])).toEqual([{ ok: true }, { ok: true }]);
    expect(n).toBe(2); // one retry, shared by both joiners
  });

  it('retries a joiner after a rejected round trip too', async () => {
    const c = new Coalescer<string>();
    const first = deferred<string>();
    let n = 0;
    const starter = c.run('k', () => { n++; return first.promise; });
    const joiner = c.run('k', async () => { n++; return 'fresh'; });
    first.reject(new Error('No reply in time'));
    await expect(starter).rejects.toThrow('in time');
    expect(await joiner).toBe('fresh');
    expect(n).toBe(2);
  });
});

describe('assertCoalescible', () => {
  // Its first import of the gateway's route registrar takes seconds on a loaded machine.
  it('accepts the public maintenance status and refuses a route whose answer depends on the caller', { timeout: 30_000 }, async () => {
    const { API_ROUTES } = await import('@portal/proto');
    const { assertCoalescible } = await import('./route-registrar.js');
    expect(() => assertCoalescible(API_ROUTES.maintenanceStatus)).not.toThrow();
    expect(() => assertCoalescible({ ...API_ROUTES.maintenanceStatus, withCredentials: true })).toThrow(/coalesce/);
    expect(() => assertCoalescible({ ...API_ROUTES.maintenanceStatus, method: 'POST' })).toThrow(/coalesce/);
    const authRoute = Object.values(API_ROUTES).find((r) => r.method === 'GET' && r.policy.access === 'auth');
    expect(authRoute).toBeDefined();
    expect(() => assertCoalescible(authRoute!)).toThrow(/coalesce/);
  });
});
