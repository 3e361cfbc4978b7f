import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES, Events, INTERNAL_ROUTES, SERVICES } from '@portal/proto';
import { NATS_ACCESS, type TNatsUser } from '@portal/proto/nats-access';
import { CHART_PERMISSIONS, NATS_CONF, chartPermissions, withAuthorization } from './lib/nats-config.js';
import { ROOT } from './lib/root.js';

/**
 * Issue 24 item 4: the NATS permissions cannot drift. deploy/nats.conf and the chart's permissions
 * file are what `npm run generate:nats` writes from proto/src/nats-access.ts, and that table lists
 * every subject the code asks, emits or consumes (read from the sources).
 */
async function sources(dir: string): Promise<string> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) out.push(await readFile(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return out.join('\n');
}

const lookup = (table: Record<string, unknown>, dotted: string): string => {
  const value = dotted.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], table);
  if (typeof value === 'string') return value;
  return (value as { subject: string }).subject;
};

describe('NATS permissions generated from proto', () => {
  it('deploy/nats.conf and the chart carry exactly the generated permissions (npm run generate:nats)', async () => {
    const conf = await readFile(NATS_CONF, 'utf8');
    expect(conf, 'run npm run generate:nats').toBe(withAuthorization(conf));
    expect(await readFile(CHART_PERMISSIONS, 'utf8'), 'run npm run generate:nats').toBe(chartPermissions());
  });

  it.each(SERVICES)('%s: the table lists every subject its code asks, emits and consumes', async (service) => {
    const code = await sources(path.join(ROOT, 'services', service, 'src'));
    const access = NATS_ACCESS[service];
    const asked = [...code.matchAll(/ask\(\s*[\w.]+,\s*(INTERNAL_ROUTES|API_ROUTES)\.(\w+)/g)].map((m) => lookup(m[1] === 'API_ROUTES' ? API_ROUTES : INTERNAL_ROUTES, m[2]!));
    expect(asked.length).toBeGreaterThan(0);
    for (const subject of asked) expect(access.asks, subject).toContain(subject);
    const consumed = [...code.matchAll(/@OnEvent\(\s*Events\.([\w.]+)/g)].map((m) => lookup(Events, m[1]!));
    expect([...new Set(consumed)].sort()).toEqual([...access.consumes].sort());
    const emitted = [...code.matchAll(/enqueueEvent\([^,]+,\s*Events\.([\w.]+)/g)].map((m) => lookup(Events, m[1]!));
    if (/recordOperation\(|operationEvent\(/.test(code)) emitted.push(Events.usageLog.operationRecorded);
    if (/publishUsageEvents\(/.test(code)) emitted.push(Events.usage.eventsBatch);
    for (const subject of emitted) {
      if (!subject.startsWith(`events.${service}.`)) expect(access.emits, subject).toContain(subject);
    }
  });

  it('the gateway: every subject it asks is a route\'s, an internal one it lists, or a health check', async () => {
    const code = await sources(path.join(ROOT, 'gateway', 'src'));
    const used = [...code.matchAll(/(INTERNAL_ROUTES)\.(\w+)/g)].map((m) => lookup(INTERNAL_ROUTES, m[2]!));
    const gateway = NATS_ACCESS['gateway' satisfies TNatsUser];
    for (const subject of used) expect(gateway.asks, subject).toContain(subject);
    for (const route of Object.values(API_ROUTES)) expect(gateway.asks).toContain(route.subject);
    // No service's event but the product usage events.
    expect(gateway.emits).toEqual([Events.usage.eventsBatch]);
  });
});
