import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const guards = fileURLToPath(new URL('./process-guards.ts', import.meta.url));
const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));

/** Runs a small program with the guards installed; returns its exit code and output. */
function run(body: string): Promise<{ code: number | null; out: string }> {
  const program = `
    import { installProcessGuards } from ${JSON.stringify(guards)};
    import { createLogger } from ${JSON.stringify(logger)};
    installProcessGuards(createLogger('test'), async (reason, code) => { console.log('stopping:' + reason + ':' + code); });
    ${body}`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => { out += c.toString(); });
    child.stderr.on('data', (c: Buffer) => { out += c.toString(); });
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe('process guards (issue 9, item 4)', () => {
  it('logs an unhandled rejection with its error, stops in order and exits 1', async () => {
    const { code, out } = await run(`Promise.reject(new Error('nobody caught me')); setTimeout(() => undefined, 10_000);`);
    expect(code).toBe(1);
    expect(out).toMatch(/"level":60.*nobody caught me.*"msg":"unhandled rejection"/);
    expect(out).toContain('stopping:unhandled rejection:1');
  }, 30_000);

  it('logs an uncaught exception, stops in order and exits 1', async () => {
    const { code, out } = await run(`setTimeout(() => { throw new Error('thrown in a timer'); }, 1); setTimeout(() => undefined, 10_000);`);
    expect(code).toBe(1);
    expect(out).toMatch(/"level":60.*thrown in a timer.*"msg":"uncaught exception"/);
    expect(out).toContain('stopping:uncaught exception:1');
  }, 30_000);
});
