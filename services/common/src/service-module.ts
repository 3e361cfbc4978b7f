import 'reflect-metadata';
import {
  Global, Inject, Injectable, Module,
  type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider, type Type,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Subjects, type THealth, type TServiceName, type TShard } from '@portal/proto';
import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { CLOCK, systemClock, type Clock } from './clock.js';
import { ZBaseConfig, loadConfig, principalSecret } from './config.js';
import { RegionRouter, type ShardConnection } from './db/region-router.js';
import { parseShardMap } from './db/shard-map.js';
import { OutboxRelay, type RawExecutor } from './db/outbox.js';
import { ConnectionBudget, createPool, preparedName } from './db/pool.js';
import { RetentionSweep, commonRetentionRules, retentionConfig, type RetentionRule, type TRetentionConfig } from './db/retention.js';
import { UnitOfWork, type TransactionalClient } from './db/unit-of-work.js';
import type { HealthChecks, HealthStats } from './health-server.js';
import { createLogger } from './logger.js';
import { assertProductionSafe } from './production-guard.js';
import { configurePublicUrls } from './public-url.js';
import { SERVICE_DB, type ServiceDb, type SqlStatement } from './service-db.js';
import { Handles, HandlerRegistry, HandlerRegistryModule, TRANSPORT } from './service-host.js';
import type { Transport } from './transport/transport.js';
import { JobRunner, JOBS_OPTIONS } from './jobs.js';
import { observePool } from './telemetry.js';

/** A generated Prisma client class (each service has its own). */
export type PrismaClientClass<C> = new (options: { adapter: PrismaPg }) => C;

export interface ServiceDefinition<C = unknown> {
  name: TServiceName;
  /** Directory holding prisma/migrations of this service. */
  migrationsDir: string;
  /** Feature modules (STYLE.md: one Nest module per feature). */
  features: Type<unknown>[];
  prismaClient: PrismaClientClass<C>;
  /** Extra process-wide providers built from the environment (e.g. the mailer). */
  providers?: (env: Record<string, string | undefined>) => Provider[];
  /** Retention rules of its own, besides the outbox and processed-event ids every service has. */
  retention?: (config: TRetentionConfig) => RetentionRule[];
}

export interface ServiceDeps {
  transport: Transport;
  env: Record<string, string | undefined>;
  clock?: Clock;
}

/**
 * Scheduled jobs (jobs.ts): JOBS_ENABLED=true|false; by default on, except under NODE_ENV=test,
 * where tests run jobs with runJob and a fake clock (and do not each create pg-boss's schema).
 */
const jobsEnabled = (env: Record<string, string | undefined>) => (env.JOBS_ENABLED ? env.JOBS_ENABLED === 'true' : env.NODE_ENV !== 'test');
const ZServiceDbConfig = ZBaseConfig.pick({ DB_POOL_MAX: true, DB_IDLE_TIMEOUT_MS: true, DB_MAX_CONNECTIONS: true, JOBS_LEASE_SECONDS: true, SERVICE_MAINTENANCE: true });

@Injectable()
class OutboxLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(RetentionSweep) private readonly retention: RetentionSweep,
    @Inject(SERVICE_DB) private readonly db: ServiceDb<unknown>,
  ) {}
  onApplicationBootstrap(): void {
    this.relay.start();
    this.retention.start();
  }
  async onApplicationShutdown(): Promise<void> {
    await this.retention.stop();
    await this.relay.stop();
    await this.db.router.disconnectAll();
  }
}

function healthHandler(name: TServiceName, maintenance: boolean): Type<unknown> {
  @Injectable()
  class HealthHandler {
    constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<unknown>) {}
    @Handles(Subjects.health(name))
    async check(): Promise<THealth> {
      return { service: name, database: (await this.db.ping()) ? 'ok' : 'down', ...(maintenance ? { maintenance } : {}) };
    }
  }
  return HealthHandler;
}

/** The root module of a service: the process-wide providers, then its feature modules. */
export function serviceModule<C>(definition: ServiceDefinition<C>, deps: ServiceDeps): DynamicModule {
  const { DB_POOL_MAX, DB_IDLE_TIMEOUT_MS, DB_MAX_CONNECTIONS, JOBS_LEASE_SECONDS, SERVICE_MAINTENANCE } = loadConfig(ZServiceDbConfig, deps.env);
  const shardMap = parseShardMap(deps.env);
  const dbLog = createLogger(`${definition.name}.db`);
  // One budget of physical connections for the whole service process: every shard's pool and the
  // outbox relay draw from it (db/pool.ts; the arithmetic is in docs/operations.md, "Connections").
  // Every pool and connection has an 'error' listener: a database restart is logged, never fatal.
  const budget = new ConnectionBudget(DB_MAX_CONNECTIONS, 5_000, dbLog);
  observePool(definition.name, () => ({ inUse: budget.inUse, max: budget.max }));
  const pools = new Map<TShard, pg.Pool>();
  const router = new RegionRouter<C & object>(shardMap, definition.name, ({ shard, url, schema }: ShardConnection) => {
    const pool = createPool({ connectionString: url, max: DB_POOL_MAX, idleTimeoutMs: DB_IDLE_TIMEOUT_MS, budget, log: dbLog, label: schema, applicationName: `portal-${definition.name}` });
    const adapter = new PrismaPg(pool, {
      schema,
      disposeExternalPool: true,
      onPoolError: (err: Error) => dbLog.warn({ err, schema }, 'idle database connection failed'),
      onConnectionError: (err: Error) => dbLog.warn({ err, schema }, 'database connection failed'),
    });
    pools.set(shard, pool);
    return new definition.prismaClient({ adapter }) as C & object;
  });
  const relay = new OutboxRelay({ service: definition.name, shardMap, transport: deps.transport, budget, poolMax: 1, idleTimeoutMs: DB_IDLE_TIMEOUT_MS });
  const db: ServiceDb<C> = {
    router,
    client: (shard) => router.client(shard),
    prepared: async <R>(shard: TShard, label: string, statement: SqlStatement) => {
      router.client(shard); // creates the shard's pool with its client
      const result = await pools.get(shard)!.query({ name: preparedName(label, statement.text), text: statement.text, values: [...statement.values] });
      return result.rows as R[];
    },
    kick: (shard) => relay.kick(shard),
    shards: () => router.shards(),
    ping: async () => {
      try {
        await (router.client('global') as unknown as { $queryRawUnsafe(q: string): Promise<unknown> }).$queryRawUnsafe('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
  };

  const extra = definition.providers?.(deps.env) ?? [];
  const retained = retentionConfig(deps.env);
  const retention = new RetentionSweep({
    service: definition.name,
    rules: [...commonRetentionRules(retained), ...(definition.retention?.(retained) ?? [])],
    shards: () => router.shards(),
    execute: (shard, sql, values) => (router.client(shard) as unknown as { $executeRawUnsafe(q: string, ...v: unknown[]): Promise<number> }).$executeRawUnsafe(sql, ...values),
    clock: deps.clock ?? systemClock,
    intervalSeconds: retained.RETENTION_SWEEP_SECONDS,
  });

  @Global()
  @Module({})
  class ServiceCoreModule {}

  const core: DynamicModule = {
    module: ServiceCoreModule,
    global: true,
    providers: [
      { provide: TRANSPORT, useValue: deps.transport },
      { provide: CLOCK, useValue: deps.clock ?? systemClock },
      { provide: SERVICE_DB, useValue: db },
      { provide: OutboxRelay, useValue: relay },
      { provide: RetentionSweep, useValue: retention },
      { provide: UnitOfWork, useValue: new UnitOfWork(db as unknown as ServiceDb<TransactionalClient<RawExecutor>>) },
      { provide: JOBS_OPTIONS, useValue: { service: definition.name, connectionString: shardMap.global, enabled: jobsEnabled(deps.env), leaseSeconds: JOBS_LEASE_SECONDS } },
      JobRunner,
      ...extra,
    ],
    exports: [TRANSPORT, CLOCK, SERVICE_DB, OutboxRelay, RetentionSweep, UnitOfWork, JobRunner, ...extra.map((p) => ('provide' in p ? p.provide : p))],
  };

  @Module({})
  class ServiceRootModule {}
  return {
    module: ServiceRootModule,
    imports: [core, HandlerRegistryModule, ...definition.features],
    providers: [healthHandler(definition.name, SERVICE_MAINTENANCE), OutboxLifecycle],
  };
}

export interface RunningService {
  name: TServiceName;
  /**
   * Stops the outbox relay (waits for a round under way). Call it on every service before the
   * transport drains, so that no relay publishes into a closing transport; unpublished rows stay
   * for the next start.
   */
  stopRelay(): Promise<void>;
  /** The service's outbox relay (tests flush it to settle: `tests/support/harness.ts`). */
  outbox: OutboxRelay;
  /** The service's retention sweep (`runNow()`: one pass as of the service's clock). */
  retention: RetentionSweep;
  /** Readiness: the database answers and the transport carries messages. */
  health(): Promise<HealthChecks>;
  /** Runs a scheduled job of this service now (jobs.ts; tests drive jobs with it and a fake clock). */
  runJob(name: string): Promise<unknown>;
  /** For /healthz: events dead-lettered by this process. */
  stats(): HealthStats;
  stop(): Promise<void>;
}

/** Starts one service on a transport: both runtime modes call this. */
export async function startService<C>(definition: ServiceDefinition<C>, deps: ServiceDeps): Promise<RunningService> {
  const log = createLogger(`service:${definition.name}`);
  // Issue 24: a production process refuses unsafe settings before it opens anything.
  assertProductionSafe(deps.env, definition.name);
  configurePublicUrls(deps.env);
  const app = await NestFactory.createApplicationContext(serviceModule(definition, deps), { logger: ['error', 'warn'], abortOnError: false });
  await app.init();
  // Outside production every reply is checked against its contract (a mismatch answers 50000).
  const config = loadConfig(ZBaseConfig.pick({ NODE_ENV: true, PRINCIPAL_SECRET: true, MAX_CONCURRENT_REQUESTS: true, SERVICE_MAINTENANCE: true }), deps.env);
  const subjects = await app.get(HandlerRegistry).register(deps.transport, definition.name, {
    checkReplies: config.NODE_ENV !== 'production',
    maintenance: config.SERVICE_MAINTENANCE,
    principalSecret: principalSecret(config),
    maxConcurrent: config.MAX_CONCURRENT_REQUESTS,
  });
  log.info({ subjects: subjects.length }, 'service started');
  return {
    name: definition.name,
    stopRelay: () => app.get(OutboxRelay).stop(),
    outbox: app.get(OutboxRelay),
    retention: app.get(RetentionSweep),
    health: async () => ({
      database: (await app.get<ServiceDb<unknown>>(SERVICE_DB).ping()) ? 'ok' : 'down',
      transport: deps.transport.isReady() ? 'ok' : 'down',
    }),
    runJob: (name) => app.get(JobRunner).runNow(name),
    stats: () => ({ dead_letters: deps.transport.deadLetterCount() }),
    stop: async () => {
      await app.close();
      log.info('service stopped');
    },
  };
}
