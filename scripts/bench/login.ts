/**
 * Scenario `login`: POST /v1/login through gateway -> NATS -> identity (each its own process),
 * with the argon2id parameters the portal runs with. Reports the most logins per second the
 * machine gives, and the p95 latency at a steady 20 logins/s. Anchor: Keycloak's sizing guide,
 * 15 password logins/s per vCPU.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { NatsTransport } from '@portal/service-common/transport/nats.transport';
import { createBenchDatabase as createTestDatabase, TEST_NATS_URL } from './lib/database.js';
import { BENCH_ENV, benchDatabase, CpuMeter, fixedRate, natsServerPid, freePort, measure, spawnScript, stopChild, waitForStatus, type Scenario } from './lib/harness.js';

const BODY = JSON.stringify({ email: 'owner@example.com', password: 'Owner#2026', privacy_agreed: true });

export const login: Scenario = {
  name: 'login',
  description: 'POST /v1/login (argon2id m=19 MiB t=2 p=1): gateway -> NATS -> identity; max/s and p95 at 20/s',
  async run(load) {
    const t0 = performance.now();
    // The hash's own cost: the fastest of 20 (on a shared machine the mean mostly measures the
    // other processes; the fastest is the least disturbed, which makes the goal's bound the strictest).
    const samples: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await hash(`bench-${i}`, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
      samples.push(performance.now() - t);
    }
    const hashMs = Math.round(Math.min(...samples) * 10) / 10;
    const hashMeanMs = Math.round(((performance.now() - t0) / samples.length) * 10) / 10;
    // What hashing alone gives with one hash per core at once (the bound's premise): on a machine
    // whose cores share a cache, two 19 MiB hashes at once each run slower than one alone, so this
    // is below cores ÷ (one hash alone). Printed beside the goal, not used for it.
    const cores = cpus().length;
    const parallelHashes = 20 * cores;
    const tp = performance.now();
    let next = 0;
    await Promise.all(Array.from({ length: cores }, async () => {
      while (next < parallelHashes) await hash(`bench-p${next++}`, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
    }));
    const hashesPerSecond = Math.round((parallelHashes / ((performance.now() - tp) / 1000)) * 10) / 10;

    const db = await createTestDatabase();
    const namespace = `bench${randomBytes(4).toString('hex')}`;
    const port = await freePort();
    const env = {
      ...BENCH_ENV, TRANSPORT: 'nats', NATS_URL: process.env.NATS_URL ?? TEST_NATS_URL, NATS_NAMESPACE: namespace,
      DATABASE_URL: db.url, RATE_LIMIT_PER_MINUTE: '100000000', THROTTLE_MAX_FAILURES: '100000000', LOG_LEVEL: 'warn',
      PORT: String(port), HOST: '127.0.0.1', WEB_DIST: '',
    };
    const identity = spawnScript('scripts/run-service.ts', ['identity'], env, 'identity');
    const gateway = spawnScript('scripts/run-gateway.ts', [], env, 'gateway');
    try {
      const url = `http://127.0.0.1:${port}/v1/login`;
      await waitForStatus(`http://127.0.0.1:${port}/v1/maintenance/status`, 500, { timeoutMs: 90_000, child: [identity, gateway] }).catch(() => undefined);
      const spec = { method: 'POST' as const, body: BODY, headers: { 'content-type': 'application/json' } };
      // Wait until a login succeeds (the identity process is up).
      for (let i = 0; i < 120; i++) {
        const res = await fetch(url, spec).catch(() => undefined);
        if (res?.status === 200) break;
        await new Promise((r) => setTimeout(r, 500));
      }
      const cpu = new CpuMeter({ identity: identity.pid, gateway: gateway.pid, 'nats-server': natsServerPid() }, benchDatabase(db));
      const max = await measure(this.name, url, { ...load, connections: Math.min(load.connections, 16) }, spec, { beforeMeasure: () => cpu.start() });
      const perLogin = cpu.microsecondsPer(max.requests);
      const steady = await fixedRate(async () => (await fetch(url, spec)).status, 20, Math.max(10, load.durationSeconds));
      return {
        ...max,
        extra: {
          'argon2id hash (ms, one thread)': hashMs,
          'argon2id hash, mean of 20 (ms)': hashMeanMs,
          'argon2id hashes/s, one per core at once': hashesPerSecond,
          'p50 at 20 logins/s (ms)': steady.p50,
          'p95 at 20 logins/s (ms)': steady.p95,
          'p99 at 20 logins/s (ms)': steady.p99,
          'failed at 20 logins/s': steady.failed,
          'Keycloak anchor (logins/s on 2 vCPU)': 30,
          ...Object.fromEntries(Object.entries(perLogin).map(([k, v]) => [`cpu_us_per_login_${k}`, v])),
        },
      };
    } finally {
      await Promise.all([stopChild(gateway), stopChild(identity)]);
      const cleaner = await NatsTransport.connect(env.NATS_URL, 'bench-cleanup', namespace).catch(() => undefined);
      if (cleaner) {
        await cleaner.destroyStream();
        await cleaner.drain();
      }
      await db.drop();
    }
  },
};
