/**
 * Compiles the distributed mode's processes to JavaScript for the images (issue 24, item 8: the
 * images run no tsx). `tsc -p tsconfig.build.json` writes build/app/ in the repository's layout
 * (proto/src/*.js, services/<name>/src/*.js, gateway/src/*.js, scripts/run-*.js, scripts/migrate.js,
 * the generated Prisma clients); each workspace's package.json is copied beside its output with
 * its exports pointing at the .js files, and the migrations (SQL) are copied. deploy/Dockerfile
 * installs the production dependencies over this tree; npm links the workspaces as usual.
 *
 *   tsx scripts/compile.ts        (after scripts/build.ts has generated the Prisma clients)
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib/root.js';

export const OUT = join(ROOT, 'build', 'app');
export const WORKSPACES = ['proto', 'services/common', 'services/identity', 'services/licence', 'services/billing', 'services/notification', 'services/usage-log', 'gateway'] as const;

type Exports = string | Record<string, string>;
/** `./src/*.ts` -> `./src/*.js` in a package's exports. */
export function compiledExports(exports: Exports): Exports {
  if (typeof exports === 'string') return exports.replace(/\.ts$/, '.js');
  return Object.fromEntries(Object.entries(exports).map(([k, v]) => [k, v.replace(/\.ts$/, '.js')]));
}

export async function compile(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  for (const ws of WORKSPACES) {
    const pkg = JSON.parse(await readFile(join(ROOT, ws, 'package.json'), 'utf8')) as { exports?: Exports; scripts?: unknown; devDependencies?: unknown };
    if (pkg.exports) pkg.exports = compiledExports(pkg.exports);
    delete pkg.scripts;
    delete pkg.devDependencies;
    await mkdir(join(OUT, ws), { recursive: true });
    await writeFile(join(OUT, ws, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
    // Migrations are read at run time (services/common/src/db/migrate.ts).
    await cp(join(ROOT, ws, 'prisma'), join(OUT, ws, 'prisma'), { recursive: true }).catch((e: NodeJS.ErrnoException) => { if (e.code !== 'ENOENT') throw e; });
  }
  // The proto's locale JSON and other non-TypeScript files the sources read at run time.
  await cp(join(ROOT, 'proto', 'src'), join(OUT, 'proto', 'src'), { recursive: true, filter: (src) => !src.endsWith('.ts') || src.endsWith('.d.ts') });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await compile();
  process.stdout.write(`compiled to ${OUT}\n`);
}
