import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../scripts/lib/root.js';
import { field, launchBrowser } from '../support/browser.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';

/**
 * Issue 9 item 9 in Chromium: an account of the usa shard logs in on the Japanese host and lands,
 * logged in, on the US host (both host names of the default host map, resolved to this machine).
 */
describe('login from any region\'s host in Chromium', () => {
  let portal: TestPortal;
  let browser: Browser;
  let port: string;
  const shots = join(ROOT, 'test-results', 'screenshots');
  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', web: true });
    port = new URL(portal.url).port;
    browser = await launchBrowser(['portal.example.jp', 'portal.example.com']);
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('logs a usa account in on the Japanese host and lands logged in on the US host', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const p = await context.newPage();
    await p.goto(`http://portal.example.jp:${port}/login?targetUrl=%2Fuser%2Flist`);
    await field(p, 'メールアドレス').fill('owner-us@example.com');
    await field(p, 'パスワード').fill('OwnerUs#2026');
    await p.getByText('プライバシーポリシーに同意する').click();
    await p.getByRole('button', { name: 'ログイン' }).click();
    await p.waitForURL(`http://portal.example.com:${port}/user/list`);
    // The US host speaks English; the owner's list shows its own company's accounts.
    await p.getByText('owner-us@example.com').first().waitFor();
    await p.screenshot({ path: join(shots, 'login-handoff-us.png'), fullPage: true });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sid' && c.domain === 'portal.example.com')?.value).toMatch(/^usa\./);
    expect(cookies.find((c) => c.name === 'sid' && c.domain === 'portal.example.jp')).toBeUndefined();
    await context.close();
  });

  it('answers a wrong password on the Japanese host as it always did', async () => {
    const context = await browser.newContext();
    const p = await context.newPage();
    await p.goto(`http://portal.example.jp:${port}/login`);
    await field(p, 'メールアドレス').fill('owner-us@example.com');
    await field(p, 'パスワード').fill('Wrong#Pass1');
    await p.getByText('プライバシーポリシーに同意する').click();
    await p.getByRole('button', { name: 'ログイン' }).click();
    await p.getByText('メールアドレスまたはパスワードが正しくありません', { exact: false }).first().waitFor();
    expect(new URL(p.url()).host).toBe(`portal.example.jp:${port}`);
    await context.close();
  });
});
