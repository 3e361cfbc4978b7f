import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ROOT } from './root.js';

/**
 * sha256 over the names and contents of files and folders (relative to the repository root),
 * skipping node_modules, dist and spec files: a build or a test database is redone when the hash
 * of its inputs changes.
 */
export async function hashTree(paths: readonly string[]): Promise<string> {
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
