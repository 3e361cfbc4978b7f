import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { launchBrowser } from '../support/browser.js';
import { ROOT } from '../../scripts/lib/root.js';
import { expectAccessible } from '../support/axe.js';

/**
 * Issue 2 §9, end to end in headless Chromium against the all-in-one server: the SPA loads in
 * ja-jp under one host name and in th-th under another; an unknown path shows the not-found
 * page; a protected page redirects to login with targetUrl.
 */
describe('SPA shell in Chromium', () => {
  let portal: TestPortal;
  let browser: Browser;
  let port: string;
  const shots = join(ROOT, 'test-results', 'screenshots');

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', web: true });
    port = new URL(portal.url).port;
    browser = await launchBrowser(['portal.example.jp', 'th.portal.example.com']);
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  async function open(host: string, path: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://${host}:${port}${path}`);
    return page;
  }

  it('loads in Japanese on the Japanese host, sending the root to login for /product', async () => {
    const page = await open('portal.example.jp', '/');
    await page.waitForURL(/\/login\?targetUrl=%2Fproduct$/);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('ja-jp');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: join(shots, 'login-ja.png'), fullPage: true });
    await page.close();
  });

  it('loads in Thai on the Thai host', async () => {
    const page = await open('th.portal.example.com', '/login');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('th-th');
    await page.getByRole('heading', { name: 'เข้าสู่ระบบ' }).waitFor();
    await expectAccessible(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectAccessible(page);
    await page.screenshot({ path: join(shots, 'login-th.png'), fullPage: true });
    await page.close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await open('portal.example.jp', '/no/such/page');
    await page.getByText('ページが見つかりません').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    await expectAccessible(page);
    await page.screenshot({ path: join(shots, 'not-found-ja.png'), fullPage: true });
    await page.close();
  });

  it('sends an anonymous visit to a protected page to login with targetUrl', async () => {
    const page = await open('portal.example.jp', '/user/list?page=2');
    await page.waitForURL(/\/login\?targetUrl=/);
    expect(new URL(page.url()).searchParams.get('targetUrl')).toBe('/user/list?page=2');
    await page.close();
  });

  it('fetches the first visit to /login compressed, within 400 KB on the wire (issue 9 §8)', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const fetched: { url: string; bytes: number; body: number; encoding: string | undefined; accepted: string }[] = [];
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push((async () => {
        const [sizes, response, sent] = await Promise.all([request.sizes(), request.response(), request.allHeaders()]);
        const encoding = (await response?.allHeaders())?.['content-encoding'];
        fetched.push({ url: new URL(request.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize, body: sizes.responseBodySize, encoding, accepted: sent['accept-encoding'] ?? '' });
      })());
    });
    await page.goto(`http://portal.example.jp:${port}/login`);
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const assets = fetched.filter((f) => f.url.startsWith('/assets/'));
    expect(assets.length).toBeGreaterThan(5);
    // Every script and stylesheet worth compressing came compressed (under 512 bytes they are sent
    // as they are): brotli where the browser offers it (Chromium does over HTTPS only), else gzip.
    for (const asset of assets.filter((a) => a.body >= 512)) expect(asset.encoding, asset.url).toBe(/\bbr\b/.test(asset.accepted) ? 'br' : 'gzip');
    const total = fetched.reduce((sum, f) => sum + f.bytes, 0);
    console.info(`first visit to /login: ${fetched.length} responses, ${(total / 1000).toFixed(1)} KB transferred`);
    // Headers included; gzip here (plain HTTP), brotli behind TLS is some 15% less.
    expect(total).toBeLessThan(400_000);
    await context.close();
  });

  it('serves the region in a meta tag and answers /v1 from the same origin', async () => {
    const page = await open('th.portal.example.com', '/login');
    const meta = await page.locator('meta[name="portal-locale"]').getAttribute('content');
    expect(JSON.parse(meta!)).toEqual({ region: 'tha', language: 'th-th', languages: ['th-th', 'en-us'] });
    const status = await page.evaluate(async () => (await fetch('/v1/maintenance/status')).json());
    expect(status.result.access_status).toEqual({ code: 20000, message: 'สำเร็จ' });
    await page.close();
  });
});
