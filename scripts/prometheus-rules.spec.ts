import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from './lib/root.js';

/**
 * Issue 24 item 6: the shipped alert rules parse as a Prometheus rule file, cover what the issue
 * asks (error rate, p99, dead letters, billing-run failure, NATS consumer lag), and query only
 * metrics that exist: the portal's own (as the collector names them) or the NATS exporter's.
 */
interface Rule { alert?: string; expr: string; for?: string; labels?: Record<string, string>; annotations?: Record<string, string> }

const PORTAL_METRICS = new Set([
  'http_server_request_duration_seconds_count', 'http_server_request_duration_seconds_bucket',
  'portal_events_dead_letters_total', 'portal_jobs_runs_total', 'portal_outbox_lag_seconds_bucket',
]);
const NATS_EXPORTER_METRICS = new Set(['jetstream_consumer_num_pending']);

describe('Prometheus alert rules (charts/portal/files/prometheus-rules.yaml)', () => {
  it('parse, cover the five asked alerts, and each has an expression, a severity and a summary', async () => {
    const file = parse(await readFile(path.join(ROOT, 'charts', 'portal', 'files', 'prometheus-rules.yaml'), 'utf8')) as { groups: Array<{ name: string; rules: Rule[] }> };
    const rules = file.groups.flatMap((g) => g.rules);
    expect(rules.map((r) => r.alert)).toEqual(expect.arrayContaining(['PortalHighErrorRate', 'PortalHighLatencyP99', 'PortalDeadLetters', 'PortalBillingRunFailed', 'PortalNatsConsumerLag']));
    for (const rule of rules) {
      expect(rule.expr.trim(), rule.alert).not.toBe('');
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels?.severity);
      expect(rule.annotations?.summary, rule.alert).toBeTruthy();
      if (rule.for) expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/);
      // Balanced parentheses and braces: a typo would make Prometheus refuse the whole file.
      for (const [open, close] of [['(', ')'], ['{', '}'], ['[', ']']] as const) {
        expect(rule.expr.split(open).length, `${rule.alert} ${open}${close}`).toBe(rule.expr.split(close).length);
      }
      const metrics = rule.expr.match(/\b[a-z_]+(?=\{|\[)/g)?.filter((m) => !['rate', 'increase', 'sum', 'max'].includes(m)) ?? [];
      expect(metrics.length, rule.alert).toBeGreaterThan(0);
      for (const m of metrics) expect(PORTAL_METRICS.has(m) || NATS_EXPORTER_METRICS.has(m), `${rule.alert}: ${m}`).toBe(true);
    }
    expect(rules.find((r) => r.alert === 'PortalBillingRunFailed')!.expr).toContain('billing-monthly-run');
  });

  it('name the billing jobs as billing registers them', async () => {
    const run = await readFile(path.join(ROOT, 'services', 'billing', 'src', 'invoices', 'billing-run.service.ts'), 'utf8');
    const charges = await readFile(path.join(ROOT, 'services', 'billing', 'src', 'invoices', 'charges.service.ts'), 'utf8');
    expect(run).toContain("BILLING_RUN_JOB = 'billing-monthly-run'");
    expect(charges).toContain("BILLING_CHARGE_JOB = 'billing-card-charges'");
  });
});
