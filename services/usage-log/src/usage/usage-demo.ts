import { createHash } from 'node:crypto';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { INGEST_LATE_DAYS, INGEST_PRODUCT_IDS, PRODUCT_EVENT_TYPES, REGION_PROFILES, type TProductId, type TRegion, type TUsageEventType } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { TRANSPORT } from '@portal/service-common/service-host';
import { JobRunner } from '@portal/service-common/jobs';
import { createLogger } from '@portal/service-common/logger';
import type { Transport } from '@portal/service-common/transport/transport';
import { dayInZone, judgeUsageEvents, publishUsageEvents } from '@portal/service-common/usage-ingest';
import { addDays, dayDiff } from './buckets.js';
import { PgUsageStore } from './usage-store.pg.js';
import { USAGE_STORE, type UsageStore } from './usage-store.port.js';
import { ProductKeysService } from './product-keys.service.js';
import { USAGE_CONFIG, type TUsageConfig } from './usage.config.js';

const log = createLogger('usage-demo');
export const USAGE_DEMO_JOB = 'usage-log-demo-seed';

/**
 * The demo clients of scripts/seed.ts (DEMO_IDS, DEMO_CLIENT_PRODUCTS) and the products they hold:
 * the demo usage goes to these. A unit test checks they match the seed.
 */
export const DEMO_USAGE_CLIENTS: ReadonlyArray<{ region: TRegion; client: string; products: readonly TProductId[]; scale: number }> = [
  { region: 'jpn', client: '0b9f3c5e-7a1d-4c2e-9f00-000000000101', products: ['bownow', 'actibook', 'cocoar', 'izanai', 'lpbuilder'], scale: 1 },
  { region: 'jpn', client: '0b9f3c5e-7a1d-4c2e-9f00-000000000102', products: ['bownow', 'actibook'], scale: 0.4 },
  { region: 'usa', client: '0b9f3c5e-7a1d-4c2e-9f00-000000000201', products: ['bownow', 'actibook', 'lessar'], scale: 0.6 },
  { region: 'tha', client: '0b9f3c5e-7a1d-4c2e-9f00-000000000301', products: ['bownow', 'actibook', 'izanai'], scale: 0.5 },
];

/** Days of history the demo has. */
export const DEMO_DAYS = 365;

/** The development signing key of a product (NODE_ENV ≠ production only): documented, so a developer can sign requests to the sandbox. */
export const demoProductSecret = (product: string): string => createHash('sha256').update(`portal-demo-product-key:${product}`).digest('hex');

/** A small deterministic generator (mulberry32). */
function rng(seed: string) {
  let a = createHash('md5').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(r: () => number, items: readonly (readonly [T, number])[]): T => {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r() * total;
  for (const [v, w] of items) if ((x -= w) < 0) return v;
  return items[items.length - 1]![0];
};
const uuidFrom = (seed: string): string => {
  const h = createHash('sha1').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

const DEVICES = [['pc', 5], ['smartphone', 4], ['tablet', 1]] as const;
const OSES = [['windows', 4], ['macos', 2], ['ios', 3], ['android', 3]] as const;
const ROUTES = [['search', 5], ['direct', 3], ['social', 2], ['email', 1], ['ads', 1]] as const;
const GENDERS = [['female', 5], ['male', 5], ['unknown', 1]] as const;
const AREAS: Record<TRegion, readonly (readonly [string, number])[]> = {
  jpn: [['tokyo', 5], ['osaka', 3], ['aichi', 2], ['fukuoka', 1], ['hokkaido', 1]],
  usa: [['new_york', 3], ['california', 4], ['texas', 2], ['illinois', 1]],
  tha: [['bangkok', 5], ['chiang_mai', 2], ['phuket', 1]],
  mys: [['kuala_lumpur', 1]], chn: [['shanghai', 1]], twn: [['taipei', 1]], vnm: [['hanoi', 1]], phl: [['manila', 1]], sgp: [['singapore', 1]], idn: [['jakarta', 1]], other: [['other', 1]],
};
const PAGES = [
  ['/', 'Home'], ['/products', 'Products'], ['/pricing', 'Pricing'], ['/contact', 'Contact'], ['/blog/spring-campaign', 'Spring campaign'],
  ['/blog/how-to-start', 'How to start'], ['/case-studies', 'Case studies'], ['/about', 'About us'], ['/seminar', 'Seminar'], ['/download', 'Download'],
  ['/faq', 'FAQ'], ['/news', 'News'], ['/careers', 'Careers'], ['/support', 'Support'],
] as const;
const PAGE_WEIGHTS = PAGES.map((p, i) => [p, 1 / (i + 1)] as const);

/** One demo day of a client's product: deterministic, so a second run produces the same ids. */
export function demoDay(region: TRegion, client: string, product: TProductId, day: string, scale: number, dayIndex: number): unknown[] {
  const r = rng(`${client}:${product}:${day}`);
  const zoneNoon = new Date(`${day}T12:00:00Z`);
  const weekday = zoneNoon.getUTCDay();
  const weekly = weekday === 0 || weekday === 6 ? 0.55 : 1;
  const growth = 0.6 + 0.4 * (dayIndex / DEMO_DAYS);
  const users = Math.max(1, Math.round(40 * scale * weekly * growth * (0.85 + r() * 0.3)));
  const types = PRODUCT_EVENT_TYPES[product] ?? [];
  const out: unknown[] = [];
  let n = 0;
  // Times within the day in the region's zone (its offset at noon: close enough for a demo).
  const localHour = Number(new Intl.DateTimeFormat('en-US', { timeZone: REGION_PROFILES[region].timeZone, hour: '2-digit', hourCycle: 'h23' }).format(zoneNoon));
  const localOffset = ((localHour - 12 + 36) % 24 - 12) * 3_600_000;
  for (let u = 0; u < users; u++) {
    const userKey = `demo-user-${Math.floor(r() * users * 4)}`;
    const device = pick(r, DEVICES);
    const dims = { device, os: pick(r, OSES), region: pick(r, AREAS[region]), route: pick(r, ROUTES), ...(product === 'appgoose' ? { gender: pick(r, GENDERS) } : {}) };
    const perUser = 1 + Math.floor(r() * 4);
    for (let k = 0; k < perUser; k++) {
      const type: TUsageEventType = types.includes('page_view') && r() < 0.6 ? 'page_view' : types[Math.floor(r() * types.length)]!;
      if (type === 'conversion' && r() < 0.8) continue;
      const minute = 7 * 60 + Math.floor(r() * 15 * 60);
      const at = new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000 - localOffset);
      const page = pick(r, PAGE_WEIGHTS);
      out.push({
        id: uuidFrom(`${client}:${product}:${day}:${n++}`), client_uuid: client, product, type, occurred_at: at.toISOString(), user_key: userKey,
        session_key: `${userKey}:${day}`, dimensions: dims,
        ...(type === 'page_view' ? { url: page[0], title: page[1] } : {}),
        ...(type === 'api_call' ? { value: 10 + Math.floor(r() * 200) } : {}),
      });
    }
  }
  return out;
}

/**
 * The demo usage (issue 13): a year of events for the demo clients, generated in the background
 * after the portal is ready (a pg-boss job triggered at start-up, and daily), through the ingestion
 * path: the same judging and publishing as `POST /ingest/v1/events`. Idempotent: it continues
 * from each client and product's newest event, and event ids are derived from (client, product,
 * day, n), so a day generated twice is counted once (event-id de-duplication). Also gives each
 * product a development signing key (demoProductSecret) if it has none.
 */
@Injectable()
export class UsageDemoSeed implements OnApplicationBootstrap, BeforeApplicationShutdown {
  /** Set at shutdown: a run under way stops at its next chunk, so nothing uses the pools once they close. */
  private stopping = false;
  private current: Promise<number> | undefined;

  constructor(
    @Inject(JobRunner) private readonly jobs: JobRunner,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(USAGE_STORE) private readonly store: UsageStore,
    @Inject(ProductKeysService) private readonly keys: ProductKeysService,
    @Inject(USAGE_CONFIG) private readonly config: TUsageConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    if (this.enabled()) this.jobs.register({ name: USAGE_DEMO_JOB, cron: '10 0 * * *', tz: 'UTC', retryLimit: 2, retryDelaySeconds: 60, run: (signal) => this.run(signal) });
  }

  private enabled(): boolean {
    const setting = this.config.USAGE_DEMO_SEED ?? (this.config.NODE_ENV === 'development' ? 'on' : 'off');
    return setting === 'on' && this.config.NODE_ENV !== 'production';
  }

  /** Queues a run right after start-up (pg-boss runs it in the background; nothing waits for it). */
  onApplicationBootstrap(): void {
    if (!this.enabled()) return;
    void this.jobs.trigger(USAGE_DEMO_JOB).catch((err: unknown) => log.warn({ err }, 'demo usage not queued'));
  }

  /** Before the pools and the job runner close: a run under way ends at its next chunk (the next run continues it). */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.current?.catch(() => undefined);
  }

  /** Generates what is missing; answers the events published. `signal`: the job runner gave the run to another worker. */
  run(signal?: AbortSignal): Promise<number> {
    if (this.stopping) return Promise.resolve(0);
    const run = this.generate(signal);
    this.current = run;
    return run;
  }

  private async generate(signal?: AbortSignal): Promise<number> {
    const stop = () => this.stopping || signal?.aborted === true;
    const started = Date.now();
    for (const product of INGEST_PRODUCT_IDS) if (!(await this.keys.hasAny(product))) await this.keys.importDemo(product, demoProductSecret(product));
    const now = this.clock.now();
    let published = 0;
    for (const c of DEMO_USAGE_CLIENTS) {
      if (stop()) break;
      const store = (this.store as PgUsageStore).forShard?.(c.region) ?? this.store;
      const zone = REGION_PROFILES[c.region].timeZone;
      const today = dayInZone(now, zone);
      const first = addDays(today, -(DEMO_DAYS - 1));
      const last = await store.lastUse({ clients: [c.client], products: [...c.products], range: { from: today, to: today } });
      for (const product of c.products) {
        const lastAt = last.find((l) => l.product === product)?.lastAt ?? null;
        let from = first;
        if (lastAt) {
          const lastDay = dayInZone(lastAt, zone);
          // Within the de-duplication window the newest day is redone (its new events only); beyond it, the next day on.
          from = dayDiff(lastDay, today) < INGEST_LATE_DAYS ? lastDay : addDays(lastDay, 1);
          if (from < first) from = first;
        }
        let chunk: unknown[] = [];
        let part = 0;
        const flush = async (day: string) => {
          if (!chunk.length) return;
          // Judged as on the day after (the zone's evening may be the next UTC day), so the history passes the late-event check.
          const judged = judgeUsageEvents(product, chunk, c.region, new Date(`${addDays(day, 1)}T23:59:59Z`));
          const fresh = judged.events.filter((e) => Date.parse(e.occurred_at) <= now.getTime());
          await publishUsageEvents(this.transport, c.region, fresh, `usage-demo:${c.client}:${product}:${day}:${part++}`, 'usage-demo', true);
          published += fresh.length;
          chunk = [];
        };
        for (let day = from; day <= today && !stop(); day = addDays(day, 1)) {
          chunk.push(...demoDay(c.region, c.client, product, day, c.scale, DEMO_DAYS - dayDiff(day, today)));
          if (chunk.length >= 800 || dayDiff(from, day) % 4 === 3) await flush(day);
        }
        if (!stop()) await flush(today);
      }
    }
    log.info({ published, ms: Date.now() - started }, 'demo usage generated');
    return published;
  }
}
