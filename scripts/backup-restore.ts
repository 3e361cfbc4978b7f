/**
 * Backup of a portal database (every shard schema of every service) and a restore drill
 * (docs/operations.md, "Backups and restore"):
 *
 *   tsx scripts/backup-restore.ts backup  <DATABASE_URL> <file.dump>
 *   tsx scripts/backup-restore.ts restore <file.dump> <NEW_DATABASE_URL>
 *   tsx scripts/backup-restore.ts drill   <DATABASE_URL>   # dump, restore into a new database, compare row counts, drop it
 *
 * pg_dump / pg_restore in the custom format (-Fc: compressed, restorable table by table, in
 * parallel with -j). A shard on its own server (DATABASE_URL_<SHARD>) is backed up the same way
 * with its own URL. The drill exits 1 when any table's row count differs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export async function backup(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`], { maxBuffer: 16 * 1024 * 1024 });
}

export async function restore(file: string, newDatabaseUrl: string): Promise<void> {
  const url = new URL(newDatabaseUrl);
  const name = url.pathname.slice(1);
  const admin = new URL(newDatabaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${newDatabaseUrl}`, file], { maxBuffer: 16 * 1024 * 1024 });
}

/** Exact row counts of every table outside the system schemas, as `schema.table -> rows`. */
export async function rowCounts(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // One round trip: count(*) of each table through query_to_xml (hundreds of shard tables).
    const { rows } = await client.query<{ schema: string; name: string; n: string }>(
      `SELECT table_schema AS schema, table_name AS name,
              (xpath('/row/n/text()', query_to_xml(format('SELECT count(*) AS n FROM %I.%I', table_schema, table_name), false, true, '')))[1]::text AS n
         FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`);
    const counts = new Map<string, number>();
    for (const t of rows) counts.set(`${t.schema}.${t.name}`, Number(t.n));
    return counts;
  } finally {
    await client.end();
  }
}

export interface DrillResult { tables: number; rows: number; differences: string[]; dumpMs: number; restoreMs: number }

/** Dumps `databaseUrl`, restores it into `<name>_restore_<time>`, compares row counts, drops the copy. */
export async function drill(databaseUrl: string): Promise<DrillResult> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-backup-'));
  const file = join(dir, 'portal.dump');
  const target = new URL(databaseUrl);
  target.pathname = `${target.pathname}_restore_${Date.now().toString(36)}`;
  try {
    const t0 = performance.now();
    await backup(databaseUrl, file);
    const t1 = performance.now();
    await restore(file, target.toString());
    const t2 = performance.now();
    const [before, after] = await Promise.all([rowCounts(databaseUrl), rowCounts(target.toString())]);
    const differences: string[] = [];
    for (const [table, n] of before) if (after.get(table) !== n) differences.push(`${table}: ${n} -> ${after.get(table) ?? 'missing'}`);
    for (const table of after.keys()) if (!before.has(table)) differences.push(`${table}: only in the restore`);
    return { tables: before.size, rows: [...before.values()].reduce((a, b) => a + b, 0), differences, dumpMs: Math.round(t1 - t0), restoreMs: Math.round(t2 - t1) };
  } finally {
    await rm(dir, { recursive: true, force: true });
    const admin = new URL(databaseUrl);
    admin.pathname = '/postgres';
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${target.pathname.slice(1)}" WITH (FORCE)`).finally(() => client.end());
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, a, b] = process.argv.slice(2);
  if (command === 'backup' && a && b) await backup(a, b);
  else if (command === 'restore' && a && b) await restore(a, b);
  else if (command === 'drill' && a) {
    const result = await drill(a);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (result.differences.length) process.exit(1);
  } else {
    process.stderr.write('usage: backup <url> <file> | restore <file> <new-url> | drill <url>\n');
    process.exit(2);
  }
}
