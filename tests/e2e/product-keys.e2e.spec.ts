import { createHmac, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { useBrowserPortal, fillLogin } from '../support/browser.js';

/** Issue 13, slice A end to end: an operator makes a product's signing key, sees it once, and the product's signed events are taken with it. */
describe('product keys in Chromium', () => {
  const e2e = useBrowserPortal();

  it('the operator makes a key for CMP, copies it from the one-time dialog, and a request signed with it is accepted', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Foperator%2Fproduct_keys`);
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/product_keys$/);
    const card = p.getByTestId('product-key-cmp');
    await card.getByText('キーなし').waitFor();
    await card.getByRole('button', { name: 'キーを作成' }).click();
    await p.getByRole('dialog').getByRole('button', { name: 'キーを作成' }).click();
    const secret = (await p.getByTestId('product-key-secret').textContent())!.trim();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    await p.getByText('再表示はできません').waitFor();
    await p.screenshot({ path: join(e2e.shots, 'product-keys-made-ja.png'), fullPage: true });
    await p.getByRole('button', { name: '完了' }).click();
    await card.getByText('キー設定済み').waitFor();
    expect(await card.textContent()).not.toContain(secret);

    const body = JSON.stringify({ events: [{ id: randomUUID(), client_uuid: DEMO_IDS.client, product: 'cmp', type: 'conversion', occurred_at: new Date().toISOString() }] });
    const ts = String(Math.floor(Date.now() / 1000));
    const res = await fetch(`${e2e.portal.url}/ingest/v1/events`, {
      method: 'POST', body,
      headers: { 'content-type': 'application/json', 'x-product': 'cmp', 'x-timestamp': ts, 'x-signature': createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex') },
    });
    expect(await res.json()).toEqual({ accepted: 1, rejected: [] });

    // At phone width: one card per product, nothing scrolls sideways.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${e2e.origin}/operator/product_keys`);
    await phone.getByTestId('product-key-cmp').getByText('キー設定済み').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(e2e.shots, 'product-keys-phone-ja.png'), fullPage: true });
    await context.close();
  });
});
