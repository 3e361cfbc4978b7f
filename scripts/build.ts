/**
 * `npm run build`: what the portal needs before it starts. Generates the Prisma clients and builds
 * the SPA, each only when its inputs changed since the last build (a warm start stays fast).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { generateAll } from './generate.js';
import { hashTree } from './lib/hash-tree.js';
import { ROOT } from './lib/root.js';

export async function buildWeb(options: { force?: boolean } = {}): Promise<boolean> {
  const stamp = join(ROOT, 'web', 'dist', '.build-hash');
  const hash = await hashTree(['web/src', 'web/index.html', 'web/vite.config.ts', 'web/build', 'web/public', 'proto/src']);
  if (!options.force && existsSync(stamp) && (await readFile(stamp, 'utf8')) === hash) return false;
  // Always a production bundle: Vite takes NODE_ENV from the caller, and a build started by a test
  // (NODE_ENV=test) or a dev shell would ship React's development build, twice the size.
  const result = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(ROOT, 'web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' },
  });
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
