import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { useBrowserPortal } from '../support/browser.js';

/**
 * Issue 25, point 5 in Chromium: the operator's client info page with the client's whole picture
 * (accounts, licences and contracts, invoices and the next billing date) on the Japanese, US and
 * Thai hosts, at 1280 and 390 px (screenshots, looked at), with nothing wider than a phone.
 */
describe('client picture in Chromium', () => {
  const hosts = ['portal.example.jp', 'portal.example.com', 'th.portal.example.com'];
  const e2e = useBrowserPortal(hosts);
  const cases = [
    { host: 'portal.example.jp', tag: 'ja', region: 'jpn', uuid: DEMO_IDS.client, accounts: 'アカウント' },
    { host: 'portal.example.com', tag: 'us', region: 'usa', uuid: DEMO_IDS.usClient, accounts: 'Accounts' },
    { host: 'th.portal.example.com', tag: 'th', region: 'tha', uuid: DEMO_IDS.thClient, accounts: 'บัญชี' },
  ] as const;

  it('shows each section at 1280 and 390 px on the Japanese, US and Thai hosts', async () => {
    for (const c of cases) {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const origin = `http://${c.host}:${e2e.port}`;
      const p = await context.newPage();
      // Logged in from the page itself (the host's cookies; each host's login form has its own labels).
      await p.goto(`${origin}/login`);
      const status = await p.evaluate(async () => (await fetch('/v1/login', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@example.com', password: 'Operator#2026', privacy_agreed: true }),
      })).status);
      expect(status).toBe(200);
      await p.goto(`${origin}/operator/clients/${c.region}/${c.uuid}`);
      await p.getByTestId('picture-accounts').getByRole('heading', { name: c.accounts }).waitFor();
      await p.getByTestId('picture-billing').locator('table, [data-testid="query-loading"]').first().waitFor({ state: 'attached' }).catch(() => undefined);
      await p.getByTestId('picture-licences').waitFor();
      await p.screenshot({ path: join(e2e.shots, `client-picture-${c.tag}-1280.png`), fullPage: true });
      await p.setViewportSize({ width: 390, height: 844 });
      await p.getByTestId('picture-accounts').waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await p.screenshot({ path: join(e2e.shots, `client-picture-${c.tag}-390.png`), fullPage: true });
      await context.close();
    }
  }, 120_000);
});
