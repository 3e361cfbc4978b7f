/**
 * `npm run build`: what the portal needs before it starts. Generates the Prisma clients and builds
 * the SPA, each only when its inputs changed since the last build (a warm start stays fast).
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generateAll } from './generate.js';
import { ROOT } from './lib/root.js';

async function hashTree(paths: string[]): Promise<string> {
  const hash = createHash('sha256');
  const walk = async (path: string): Promise<void> => {
    if (!existsSync(path)) return;
    const entries = await readdir(path, { withFileTypes: true }).catch(() => null);
    if (!entries) {
      hash.update(relative(ROOT, path)).update(await readFile(path));
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.endsWith('.spec.ts') || e.name.endsWith('.spec.tsx')) continue;
      await walk(join(path, e.name));
    }
  };
  for (const p of paths) await walk(join(ROOT, p));
  return hash.digest('hex');
}

export async function buildWeb(options: { force?: boolean } = {}): Promise<boolean> {
  const stamp = join(ROOT, 'web', 'dist', '.build-hash');
  const hash = await hashTree(['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'proto/src']);
  if (!options.force && existsSync(stamp) && (await readFile(stamp, 'utf8')) === hash) return false;
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: join(ROOT, 'web'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('SPA build failed');
  await writeFile(stamp, hash);
  return true;
}

export async function build(options: { force?: boolean } = {}): Promise<void> {
  await generateAll({ force: options.force });
  await buildWeb(options);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await build({ force: process.argv.includes('--force') });
}
