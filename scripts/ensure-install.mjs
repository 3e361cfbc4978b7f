// `npm start` on a fresh clone: install dependencies first if they are missing.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(join(root, 'node_modules', '.package-lock.json')) || !existsSync(join(root, 'node_modules', 'tsx'))) {
  process.stdout.write('node_modules is missing: running npm ci\n');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
