import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logIn, useBrowserPortal } from '../support/browser.js';
import { walkMenu } from '../support/axe.js';

/**
 * Issue 11, slice C2 end to end in Chromium: the owner sees the next invoice on /billing/list and
 * downloads last month's invoice as a PDF (the seed's); a user (level 9) cannot reach the page.
 */
describe('invoices in Chromium', () => {
  const env = useBrowserPortal();
  const login = (email: string, password: string, target: string, width = 1280) => logIn(env, email, password, { target, width, acceptDownloads: true });

  it('an owner sees the next invoice and downloads a PDF, also at phone width', async () => {
    const owner = await login('owner@example.com', 'Owner#2026', '/billing/list', 390);
    await owner.waitForURL(/\/billing\/list$/);
    const next = owner.getByLabel('次回のご請求');
    await next.getByText('お支払日', { exact: true }).waitFor();
    // The demo contract priced with Japan's 10 %: a yen total is shown.
    expect(await next.textContent()).toMatch(/￥[\d,]+/);
    const row = owner.getByRole('listitem').filter({ hasText: '支払済み' }); // a card at phone width
    await row.waitFor();
    expect(await row.textContent()).toContain('BowNow');
    await owner.screenshot({ path: join(env.shots, 'invoices-list-ja-390.png'), fullPage: true });
    const [download] = await Promise.all([owner.waitForEvent('download'), row.getByRole('button', { name: 'PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^JPN-\d{6}-\d{6}\.pdf$/);
    const saved = join(env.shots, download.suggestedFilename());
    await download.saveAs(saved);
    const bytes = await readFile(saved);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('a user (level 9) cannot reach the invoice list', async () => {
    const user = await login('user@example.com', 'User#2026', '/product');
    await user.waitForURL(/\/product$/);
    expect(await user.getByRole('link', { name: '請求履歴' }).count()).toBe(0);
    await user.goto(`${env.origin}/billing/list`);
    await user.waitForURL(/\/404$/);
    const status = await user.evaluate(async () => (await fetch('/v1/billing/list')).status);
    expect(status).toBe(403);
    // Issue 26: the user's every menu page, checked by axe (390 px in notices-inquiries).
    await user.goto(`${env.origin}/product`);
    await walkMenu(user);
  }, 240_000);
});
