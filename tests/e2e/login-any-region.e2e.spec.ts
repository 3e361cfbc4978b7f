import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserPortal, fillLogin } from '../support/browser.js';
import { expectAccessible } from '../support/axe.js';

/**
 * Issue 9 item 9 in Chromium: an account of the usa shard logs in on the Japanese host and lands,
 * logged in, on the US host (both host names of the default host map, resolved to this machine).
 */
describe('login from any region\'s host in Chromium', () => {
  const e2e = useBrowserPortal(['portal.example.jp', 'portal.example.com']);

  it('logs a usa account in on the Japanese host and lands logged in on the US host', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } });
    const p = await context.newPage();
    await p.goto(`http://portal.example.jp:${e2e.port}/login?targetUrl=%2Fuser%2Flist`);
    await fillLogin(p, 'owner-us@example.com', 'OwnerUs#2026');
    await p.waitForURL(`http://portal.example.com:${e2e.port}/user/list`);
    // The US host speaks English; the owner's list shows its own company's accounts.
    await p.getByText('owner-us@example.com').first().waitFor();
    await expectAccessible(p);
    await p.screenshot({ path: join(e2e.shots, 'login-handoff-us.png'), fullPage: true });
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'sid' && c.domain === 'portal.example.com')?.value).toMatch(/^usa\./);
    expect(cookies.find((c) => c.name === 'sid' && c.domain === 'portal.example.jp')).toBeUndefined();
    await context.close();
  });

  it('answers a wrong password on the Japanese host as it always did', async () => {
    const context = await e2e.browser.newContext();
    const p = await context.newPage();
    await p.goto(`http://portal.example.jp:${e2e.port}/login`);
    await fillLogin(p, 'owner-us@example.com', 'Wrong#Pass1');
    await p.getByText('メールアドレスまたはパスワードが正しくありません', { exact: false }).first().waitFor();
    expect(new URL(p.url()).host).toBe(`portal.example.jp:${e2e.port}`);
    await context.close();
  });
});
