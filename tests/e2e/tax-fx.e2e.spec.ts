import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';

/** Issue 11, slice C1 end to end: the operator adds a scheduled tax rate and sets the standard USD→JPY rate. */
describe('tax rates and FX in Chromium', () => {
  const e2e = useBrowserPortal();

  it('the operator adds a tax rate from tomorrow (a rate with two decimals is refused) and sets a new standard rate', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Foperator%2Ftax_rates`);
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/tax_rates$/);
    await p.getByTestId('tax-row-jpn-standard-2019-10-01').getByText('適用中').waitFor();

    await p.getByRole('button', { name: '税率を追加' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel(/^税率/).fill('10.25');
    await dialog.getByRole('button', { name: '追加' }).click();
    await dialog.getByText('税率は小数点以下1桁までの数値で入力してください（例：10.0）。').waitFor();
    await dialog.getByLabel(/^税率/).fill('12.0');
    const from = await dialog.getByLabel(/^適用開始日/).inputValue();
    await p.screenshot({ path: join(e2e.shots, 'tax-rates-add-ja.png'), fullPage: true });
    await dialog.getByRole('button', { name: '追加' }).click();
    await dialog.waitFor({ state: 'detached' });
    await p.getByTestId(`tax-row-jpn-standard-${from}`).getByText('適用予定').waitFor();
    expect(await e2e.portal.db.query("SELECT rate_tenths, applies_from::text AS d FROM global_billing.tax_rates WHERE country = 'jpn' AND rate_tenths = 120")).toEqual([{ rate_tenths: 120, d: from }]);
    await p.screenshot({ path: join(e2e.shots, 'tax-rates-ja.png'), fullPage: true });
    // At phone width the page fits and the table scrolls sideways inside its card.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${e2e.origin}/operator/tax_rates`);
    await phone.getByTestId(`tax-row-jpn-standard-${from}`).getByText('適用予定').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(e2e.shots, 'tax-rates-phone-ja.png'), fullPage: true });
    await phone.close();

    await p.goto(`${e2e.origin}/operator/fx_rates`);
    await p.getByTestId('fx-current').getByText('1米ドル = 150.25円').waitFor();
    await field(p, '1米ドルあたりの円').fill('151.5');
    await p.getByRole('button', { name: '追加' }).click();
    await p.getByTestId('fx-current').getByText('1米ドル = 151.5円').waitFor();
    expect((await e2e.portal.db.query<{ rate: string }>("SELECT rate::text FROM global_billing.fx_rates ORDER BY applies_at DESC LIMIT 1"))[0]!.rate).toBe('151.500000');
    await p.screenshot({ path: join(e2e.shots, 'fx-rates-ja.png'), fullPage: true });
    await context.close();
  });
});
