import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/build.js';
import { ROOT } from '../../scripts/lib/root.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

const DIST = join(ROOT, 'web', 'dist');

interface Raw { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }

/** One request with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(base: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Issue 9 §8: the gateway serves the SPA's build precompressed (brotli, else gzip, by
 * Accept-Encoding) with Vary and Content-Encoding, hashed files cached for a year as immutable,
 * index.html revalidated on every use; maps and the manifest are not served.
 */
describe('static assets from the gateway', () => {
  let portal: TestPortal;
  let script: string;
  let stylesheet: string;

  beforeAll(async () => {
    await buildWeb(); // nothing to do when the build is current (npm test builds first)
    portal = await startTestPortal({ transport: 'in-process', web: true });
    const index = await get(portal.url, '/login', { 'accept-encoding': 'br, gzip' });
    script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString())![1]!;
    stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(index.body.toString())![1]!;
  });
  afterAll(async () => {
    await portal?.close();
  });

  const onDisk = (path: string) => readFileSync(join(DIST, path));

  it('renders index.html with the locale for every SPA path, revalidated on every use', async () => {
    for (const path of ['/', '/login', '/user/list']) {
      const res = await get(portal.url, path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body.toString()).toContain('<meta name="portal-locale"');
    }
    // The template itself is never served as a file (it would lack the locale, cached as a file).
    const file = await get(portal.url, '/index.html');
    expect(file.body.toString()).toContain('<meta name="portal-locale"');
    expect(file.headers['cache-control']).toBe('no-cache');
  });

  it('answers brotli to a browser that accepts it, with Vary and a year of immutable caching', async () => {
    for (const path of [script, stylesheet]) {
      const res = await get(portal.url, path, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type']).toMatch(path.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(onDisk(path).length / 2);
      expect(brotliDecompressSync(res.body).equals(onDisk(path))).toBe(true);
    }
  });

  it('answers gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await get(portal.url, script, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toMatch(/accept-encoding/i);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.body).equals(onDisk(script))).toBe(true);

    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const plain = await get(portal.url, script, headers);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.body.equals(onDisk(script))).toBe(true);
    }
  });

  it('revalidates by ETag per encoding and answers HEAD', async () => {
    const first = await get(portal.url, script, { 'accept-encoding': 'br' });
    const etag = first.headers['etag'] as string;
    expect(etag).toBeTruthy();
    const again = await get(portal.url, script, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    // The gzip twin is another representation: its own ETag.
    expect((await get(portal.url, script, { 'accept-encoding': 'gzip' })).headers['etag']).not.toBe(etag);
    const head = await get(portal.url, script, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('serves no source maps, compressed twins by name, manifest or build stamp, and 404s a missing asset', async () => {
    expect(existsSync(join(DIST, `${script}.map`))).toBe(true);
    for (const path of [`${script}.map`, `${script}.br`, `${script}.gz`, '/assets/index-gone.js']) {
      const res = await get(portal.url, path, { 'accept-encoding': 'br, gzip' });
      expect(res.status, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString()).result.access_status, path).toHaveProperty('code');
    }
    for (const path of ['/.vite/manifest.json', '/.build-hash']) {
      const res = await get(portal.url, path);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/); // the SPA's own not-found page
    }
  });
});
