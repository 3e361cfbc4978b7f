import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT } from './root.js';

/** The all-in-one process's ready line; its URL is the first group. */
export const READY = /Portal ready in [\d.]+ s: (http:\/\/\S+)/;

export interface AllInOneRun {
  child: ChildProcess;
  /** Everything it wrote so far (stdout and stderr). */
  output: () => string;
  readyLine: string;
  /** From spawn to the ready line. */
  ms: number;
}

/**
 * `npm start`'s script as a user runs it (tests/integration/all-in-one.int, the bench's start-up
 * scenario): in its own process group like a terminal's foreground job, on its embedded database
 * and mail sink (DATABASE_URL and SMTP_URL of this process are not passed on). Resolves at the
 * ready line, the process left running; rejects when it exits first or is not ready in time.
 */
export async function startAllInOne(env: Record<string, string>, timeoutMs: number): Promise<AllInOneRun> {
  const t0 = performance.now();
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  delete childEnv.DATABASE_URL;
  delete childEnv.SMTP_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'start-all-in-one.ts')], {
    cwd: ROOT, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => { out += c.toString(); });
  child.stderr!.on('data', (c: Buffer) => { out += c.toString(); });
  const readyLine = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`all-in-one not ready in ${timeoutMs / 1000} s:\n${out}`)), timeoutMs);
    const check = () => {
      const line = out.split('\n').find((l) => READY.test(l));
      if (line) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        resolve(line);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`all-in-one exited (${code}) before ready:\n${out}`)); });
  });
  child.removeAllListeners('exit');
  return { child, output: () => out, readyLine, ms: Math.round(performance.now() - t0) };
}

/**
 * Ctrl-C in a terminal: SIGINT to every process of the foreground group; resolves with the exit
 * code. With `timeoutMs`, rejects (with the output) when the process has not stopped by then.
 */
export async function ctrlC(run: AllInOneRun, timeoutMs?: number): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => run.child.once('exit', (code) => resolve(code)));
  process.kill(-run.child.pid!, 'SIGINT');
  if (timeoutMs === undefined) return exited;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(`did not stop in ${timeoutMs / 1000} s:\n${run.output()}`)), timeoutMs); });
  try {
    return await Promise.race([exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
