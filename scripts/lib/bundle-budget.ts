/**
 * The SPA's size budget (issue 9 §8), measured on the build's manifest (web/dist/.vite/manifest.json):
 *
 * - initial JavaScript: the entry and everything it imports statically, what the browser must run
 *   before the app does anything: at most 170 KB gzip;
 * - a route chunk: a lazily loaded page, layout or catalogue with the chunks only it brings (its
 *   static imports not already loaded by the entry, or, for a component a page loads on demand,
 *   by the entry and that page): at most 100 KB gzip each.
 *
 * KB are 1,000 bytes; gzip is level 9, as the build writes the .gz files the gateway serves.
 * `npx tsx scripts/lib/bundle-budget.ts` prints the figures (docs/decisions.md, "Hardening: static assets").
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ROOT } from './root.js';

export const INITIAL_JS_BUDGET = 170_000;
export const ROUTE_CHUNK_BUDGET = 100_000;
/**
 * Chunks that are not pages but a heavy widget a page fetches on demand, each with its own budget
 * (issue 10, slice B): the rich-text editor loads when an operator opens a terms form, never with
 * a page. Measured 2026-11-24: 200 KB gzip with its closure, of which 140 KB are the editor itself
 * (tiptap and ProseMirror) and the rest Mantine parts (modal, popover, scroll area) that the
 * terms page has already loaded when the editor is fetched.
 */
export const WIDGET_CHUNK_BUDGETS: Readonly<Record<string, number>> = {
  'src/features/terms/components/TermsEditor.tsx': 210_000,
  // Issue 13, slice B: apexcharts core with line, bar, donut and the legend, fetched when a
  // dashboard draws its first chart (measured 2026-11-24: 194 KB gzip; the page itself is apart).
  'src/features/usage/components/ApexChart.tsx': 200_000,
};
export const WEB_DIST = join(ROOT, 'web', 'dist');

export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Sizes { raw: number; gzip: number; brotli: number }
export type SizeOf = (file: string) => Sizes;

export function readManifest(dist = WEB_DIST): Manifest {
  const path = join(dist, '.vite', 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: build the SPA first (npm run build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** Sizes of a build file as the gateway would send it: raw, gzip -9, brotli 11 (cached per file). */
export function fileSizes(dist = WEB_DIST): SizeOf {
  const cache = new Map<string, Sizes>();
  return (file) => {
    let sizes = cache.get(file);
    if (!sizes) {
      const data = readFileSync(join(dist, file));
      sizes = {
        raw: data.length,
        gzip: gzipSync(data, { level: 9 }).length,
        brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      cache.set(file, sizes);
    }
    return sizes;
  };
}

/** Manifest keys of `keys` and of everything they import statically. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest has no chunk ${key}`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const sum = (sizes: Sizes[]): Sizes => sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), { raw: 0, gzip: 0, brotli: 0 });

export interface Part { key: string; files: string[]; js: Sizes; css: Sizes }
export interface BundleReport {
  initial: Part;
  /** Every lazily loaded chunk (page, layout, catalogue, toasts) with what only it brings. */
  lazy: Part[];
}

function part(manifest: Manifest, key: string, keys: Set<string>, sizeOf: SizeOf): Part {
  const js = [...keys].map((k) => manifest[k]!.file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  return { key, files: [...js, ...css], js: sum(js.map(sizeOf)), css: sum(css.map(sizeOf)) };
}

export function measure(manifest: Manifest, sizeOf: SizeOf): BundleReport {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry, found ${entries.join(', ') || 'none'}`);
  const entry = entries[0]!;
  const initialKeys = staticClosure(manifest, [entry]);
  const lazyKeys = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
  const lazy = [...lazyKeys].sort().map((key) => {
    // A component a page fetches on demand (a form in a dialog) comes after its page: what the page
    // has loaded already is not what opening the form waits for. Its importers' closures, common to
    // all of them, count as loaded; a chunk the entry imports lazily (a page) counts from the entry.
    const importers = Object.keys(manifest).filter((k) => manifest[k]!.dynamicImports?.includes(key));
    const fromPages = importers.length > 0 && importers.every((k) => !initialKeys.has(k));
    const loaded = new Set(initialKeys);
    if (fromPages) {
      const closures = importers.map((k) => staticClosure(manifest, [k]));
      for (const k of closures[0]!) if (closures.every((c) => c.has(k))) loaded.add(k);
    }
    const own = new Set([...staticClosure(manifest, [key])].filter((k) => !loaded.has(k)));
    return part(manifest, key, own, sizeOf);
  });
  return { initial: part(manifest, entry, initialKeys, sizeOf), lazy };
}

/** What breaks the budget, in words; empty when the build keeps it. */
export function budgetViolations(report: BundleReport, budgets = { initial: INITIAL_JS_BUDGET, route: ROUTE_CHUNK_BUDGET }): string[] {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  const out: string[] = [];
  if (report.initial.js.gzip > budgets.initial) {
    out.push(`initial JavaScript is ${kb(report.initial.js.gzip)} gzip, over ${kb(budgets.initial)}`);
  }
  for (const chunk of report.lazy) {
    const widget = WIDGET_CHUNK_BUDGETS[chunk.key];
    const budget = widget ?? budgets.route;
    if (chunk.js.gzip > budget) out.push(`${widget ? 'widget' : 'route'} chunk ${chunk.key} is ${kb(chunk.js.gzip)} gzip, over ${kb(budget)}`);
  }
  return out;
}

/**
 * What a first visit to /login in `language` fetches, as the gateway sends it to a browser that
 * accepts brotli: index.html, the initial JavaScript and CSS, the language's catalogue (English
 * only when a key is missing: web/src/i18n/index.ts), the public layout and the login page.
 */
export function firstVisit(manifest: Manifest, report: BundleReport, sizeOf: SizeOf, language = 'ja-jp'): { files: string[]; raw: number; brotli: number; gzip: number } {
  const wanted = (key: string) => key === 'src/app/layouts/PublicLayout.tsx' || key === 'src/features/auth/pages/LoginPage.tsx'
    || key === 'src/app/components/Toasts.tsx' || manifest[key]?.name === `locale-${language}`;
  const files = new Set([...report.initial.files, ...report.lazy.filter((p) => wanted(p.key)).flatMap((p) => p.files), 'index.html']);
  const total = sum([...files].map(sizeOf));
  return { files: [...files], ...total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = readManifest();
  const sizeOf = fileSizes();
  const report = measure(manifest, sizeOf);
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`initial JS: ${kb(report.initial.js.gzip)} gzip, ${kb(report.initial.js.brotli)} brotli, ${kb(report.initial.js.raw)} raw; CSS ${kb(report.initial.css.gzip)} gzip`);
  const largest = [...report.lazy].sort((a, b) => b.js.gzip - a.js.gzip).slice(0, 5);
  for (const chunk of largest) console.log(`  lazy ${chunk.key}: ${kb(chunk.js.gzip)} gzip`);
  const visit = firstVisit(manifest, report, sizeOf);
  console.log(`first visit to /login: ${kb(visit.brotli)} brotli, ${kb(visit.gzip)} gzip, ${kb(visit.raw)} raw, ${visit.files.length} files`);
  const problems = budgetViolations(report);
  if (problems.length) {
    console.log(problems.join('\n'));
    process.exitCode = 1;
  }
}
