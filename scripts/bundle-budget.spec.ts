import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from './build.js';
import {
  INITIAL_JS_BUDGET, ROUTE_CHUNK_BUDGET, WEB_DIST, budgetViolations, fileSizes, measure, readManifest,
  type BundleReport, type Manifest, type SizeOf,
} from './lib/bundle-budget.js';

/** Sizes for a made-up manifest: a file's gzip size is the number in its name. */
const fakeSizes: SizeOf = (file) => {
  const n = Number(/(\d+)/.exec(file)?.[1] ?? 0);
  return { raw: n * 3, gzip: n, brotli: n };
};

describe('bundle budget: the measurement', () => {
  const manifest: Manifest = {
    'index.html': { file: 'assets/index-1000.js', isEntry: true, imports: ['_react'], dynamicImports: ['src/A.tsx', 'src/B.tsx'] },
    _react: { file: 'assets/react-150000.js', css: ['assets/ui-30000.css'] },
    _shared: { file: 'assets/shared-60000.js', imports: ['_react'] },
    'src/A.tsx': { file: 'assets/A-20000.js', isDynamicEntry: true, imports: ['_shared', '_react'] },
    'src/B.tsx': { file: 'assets/B-50000.js', isDynamicEntry: true, imports: ['_shared'] },
  };

  it('counts the entry with its static imports as initial, and a lazy chunk with what only it brings', () => {
    const report = measure(manifest, fakeSizes);
    expect(report.initial.js.gzip).toBe(151_000);
    expect(report.initial.css.gzip).toBe(30_000);
    expect(report.lazy.map((p) => [p.key, p.js.gzip])).toEqual([['src/A.tsx', 80_000], ['src/B.tsx', 110_000]]);
  });

  it('counts a component a page loads on demand with what the page has not loaded', () => {
    const withForm: Manifest = {
      ...manifest,
      'src/B.tsx': { ...manifest['src/B.tsx']!, dynamicImports: ['src/Form.tsx'] },
      _inputs: { file: 'assets/inputs-9000.js' },
      'src/Form.tsx': { file: 'assets/Form-3000.js', isDynamicEntry: true, imports: ['_shared', '_inputs'] },
    };
    expect(measure(withForm, fakeSizes).lazy.find((p) => p.key === 'src/Form.tsx')!.js.gzip).toBe(12_000);
  });

  it('names each chunk over its budget', () => {
    const report = measure(manifest, fakeSizes);
    expect(budgetViolations(report)).toEqual(['route chunk src/B.tsx is 110.0 KB gzip, over 100.0 KB']);
    expect(budgetViolations(report, { initial: 150_000, route: 120_000 })).toEqual(['initial JavaScript is 151.0 KB gzip, over 150.0 KB']);
  });
});

/**
 * Issue 9 §8 on the real build: initial JavaScript at most 170 KB gzip, each route chunk at most
 * 100 KB. Builds the SPA first when its sources changed since the last build (npm test has built
 * it already, then this is a hash check).
 */
describe('bundle budget: the SPA build', () => {
  let manifest: Manifest;
  let report: BundleReport;

  beforeAll(async () => {
    await buildWeb();
    manifest = readManifest();
    report = measure(manifest, fileSizes());
  }, 300_000);

  it(`keeps initial JavaScript within ${INITIAL_JS_BUDGET / 1000} KB gzip and each route chunk within ${ROUTE_CHUNK_BUDGET / 1000} KB`, () => {
    expect(budgetViolations(report)).toEqual([]);
    // The measurement saw the real thing: an entry with React in it, and lazy pages.
    expect(report.initial.js.gzip).toBeGreaterThan(50_000);
    expect(report.lazy.length).toBeGreaterThan(20);
  });

  it('loads every page, both layouts and every catalogue lazily', () => {
    const lazy = new Set(report.lazy.map((p) => p.key));
    const pages = Object.keys(manifest).filter((k) => /^src\/(features\/[^/]+|app)\/pages\/[^/]+\.tsx$/.test(k));
    expect(pages.length).toBeGreaterThan(20);
    for (const key of [...pages, 'src/app/layouts/ShellLayout.tsx', 'src/app/layouts/PublicLayout.tsx']) expect(lazy.has(key), key).toBe(true);
    const initial = new Set(report.initial.files);
    for (const key of pages) expect(initial.has(manifest[key]!.file), key).toBe(false);
    // One chunk per language, none of them in the initial load.
    const languages = Object.values(manifest).filter((c) => /^locale-[a-z]{2}-[a-z]{2}$/.test(c.name ?? ''));
    expect(languages).toHaveLength(7);
    for (const chunk of languages) expect(initial.has(chunk.file), chunk.file).toBe(false);
  });

  it('ships production code only: no React development build, no source map reference', () => {
    for (const file of report.initial.files.filter((f) => f.endsWith('.js'))) {
      const code = readFileSync(join(WEB_DIST, file), 'utf8');
      expect(code, file).not.toContain('react-dom.development');
      expect(code, file).not.toMatch(/is not a valid prop|Warning: Each child in a list/);
      expect(code, file).not.toContain('sourceMappingURL');
    }
  });

  it('has a brotli and a gzip twin, identical once decoded, for every script and stylesheet worth it', () => {
    const assets = Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]).filter((f) => /\.(js|css)$/.test(f));
    let twins = 0;
    for (const file of new Set(assets)) {
      const data = readFileSync(join(WEB_DIST, file));
      if (data.length < 512) continue;
      twins += 1;
      expect(brotliDecompressSync(readFileSync(join(WEB_DIST, `${file}.br`))).equals(data), file).toBe(true);
      expect(gunzipSync(readFileSync(join(WEB_DIST, `${file}.gz`))).equals(data), file).toBe(true);
    }
    expect(twins).toBeGreaterThan(20);
    expect(existsSync(join(WEB_DIST, 'index.html.br'))).toBe(true);
  });
});
