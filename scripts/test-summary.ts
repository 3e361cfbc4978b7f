/**
 * The end of `npm test` (scripts/test.sh): wall-clock time of each phase and of each tier, and the
 * slowest test files.
 *
 *   tsx scripts/test-summary.ts <start-ms> <phase>=<start-ms>:<end-ms> ...
 *
 * A tier's time runs from the moment a worker took its first file to the end of its last one. The
 * tiers run in one vitest run on a shared pool of workers, so they overlap: their times add up to
 * more than the run's.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { TestTiming } from './lib/timing-reporter.js';

const TIERS = ['unit', 'web', 'integration', 'e2e'];
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const [startArg, ...phaseArgs] = process.argv.slice(2);
const start = Number(startArg);
const end = Date.now();
const rows: [string, string, string?][] = [];

for (const arg of phaseArgs) {
  const [name, span] = arg.split('=') as [string, string];
  const [from, to] = span.split(':').map(Number) as [number, number];
  rows.push([name, seconds(to - from)]);
}

const timing: TestTiming | undefined = existsSync('.test-timing.json') ? JSON.parse(readFileSync('.test-timing.json', 'utf8')) : undefined;
if (timing) {
  const tierOf = (project: string) => project.replace(/-own-process$/, '');
  for (const tier of [...TIERS, ...timing.files.map((f) => tierOf(f.project))].filter((t, i, all) => all.indexOf(t) === i)) {
    const files = timing.files.filter((f) => tierOf(f.project) === tier);
    if (!files.length) continue;
    const span = Math.max(...files.map((f) => f.end)) - Math.min(...files.map((f) => f.start));
    rows.push([`  ${tier}`, seconds(span), `${files.length} files`]);
  }
  rows.push(['tests (one vitest run)', seconds(timing.run.end - timing.run.start), 'tiers overlap']);
}
rows.push(['total', seconds(end - start)]);

// Issue 24, item 8: the Node every step ran on (the pinned `node` devDependency's, through npm's PATH).
const out = ['', `[test] Node ${process.version} (${process.execPath})`, '', '[test] Wall-clock time'];
for (const [name, time, note] of rows) out.push(`  ${name.padEnd(26)} ${time.padStart(8)}${note ? `   (${note})` : ''}`);
if (timing) {
  out.push('', '[test] Slowest test files (from their worker taking them, imports included)');
  const slowest = [...timing.files].sort((a, b) => (b.end - b.start) - (a.end - a.start)).slice(0, 10);
  for (const f of slowest) out.push(`  ${seconds(f.end - f.start).padStart(8)}  ${f.project.padEnd(12)} ${f.file}`);
}
process.stdout.write(`${out.join('\n')}\n`);
