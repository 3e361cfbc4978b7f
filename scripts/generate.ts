/**
 * `prisma generate` for every service, offline (PRISMA_SCHEMA_ENGINE_BINARY=/bin/false: generation
 * needs no schema engine, and the CLI must never try to download one). A service whose schema (and
 * Prisma version) has not changed since its last generation is skipped, so a warm start stays fast.
 *
 *   tsx scripts/generate.ts [--force] [service...]
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PRISMA_SERVICES = ['identity', 'licence', 'billing', 'notification', 'usage-log'] as const;
export type TPrismaService = (typeof PRISMA_SERVICES)[number];

export interface GenerateResult {
  service: string;
  generated: boolean;
  ms: number;
}

async function schemaHash(serviceDir: string): Promise<string> {
  const h = createHash('sha256');
  h.update(await readFile(path.join(serviceDir, 'prisma', 'schema.prisma')));
  h.update(await readFile(path.join(serviceDir, 'prisma.config.ts')));
  const prismaPkg = JSON.parse(await readFile(path.join(ROOT, 'node_modules', 'prisma', 'package.json'), 'utf8')) as { version: string };
  const clientPkg = JSON.parse(await readFile(path.join(ROOT, 'node_modules', '@prisma', 'client', 'package.json'), 'utf8')) as { version: string };
  h.update(`prisma@${prismaPkg.version} client@${clientPkg.version}`);
  return h.digest('hex');
}

function run(cmd: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false',
        CHECKPOINT_DISABLE: '1',
        PRISMA_HIDE_UPDATE_MESSAGE: '1',
        PRISMA_GENERATE_NO_HINTS: '1',
      },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} in ${cwd} exited ${code}:\n${out}`))));
  });
}

/** Generates one service's client unless its schema hash matches src/generated/.schema-hash. */
export async function generateService(service: string, options: { force?: boolean } = {}): Promise<GenerateResult> {
  const started = Date.now();
  const serviceDir = path.join(ROOT, 'services', service);
  const hashFile = path.join(serviceDir, 'src', 'generated', '.schema-hash');
  const hash = await schemaHash(serviceDir);
  const clientEntry = path.join(serviceDir, 'src', 'generated', 'prisma', 'client.ts');
  if (!options.force && existsSync(clientEntry) && existsSync(hashFile) && (await readFile(hashFile, 'utf8')).trim() === hash) {
    return { service, generated: false, ms: Date.now() - started };
  }
  await run(process.execPath, [path.join(ROOT, 'node_modules', 'prisma', 'build', 'index.js'), 'generate'], serviceDir);
  await mkdir(path.dirname(hashFile), { recursive: true });
  await writeFile(hashFile, `${hash}\n`);
  return { service, generated: true, ms: Date.now() - started };
}

/** Generates every service's client (two at a time: the CLI is CPU-bound). */
export async function generateAll(options: { force?: boolean; services?: readonly string[] } = {}): Promise<GenerateResult[]> {
  const queue = [...(options.services ?? PRISMA_SERVICES)];
  const results: GenerateResult[] = [];
  const worker = async (): Promise<void> => {
    for (let s = queue.shift(); s; s = queue.shift()) results.push(await generateService(s, options));
  };
  await Promise.all([worker(), worker()]);
  return results;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const services = args.filter((a) => !a.startsWith('--'));
  const t0 = Date.now();
  generateAll({ force, services: services.length ? services : undefined }).then((results) => {
    for (const r of results) process.stdout.write(`${r.service}: ${r.generated ? 'generated' : 'up to date'} (${r.ms} ms)\n`);
    process.stdout.write(`prisma generate: ${Date.now() - t0} ms\n`);
  }, (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
