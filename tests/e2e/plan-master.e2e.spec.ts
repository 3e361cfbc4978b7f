import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserPortal, fillLogin } from '../support/browser.js';

/** Issue 10 (slice B) end to end: the operator edits a plan in the plan master and reorders a product's rows by drag and drop. */
describe('plan master in Chromium', () => {
  const e2e = useBrowserPortal();

  it('the operator edits a plan\'s amount and reorders lpbuilder by dragging a row', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Foperator%2Fplans`);
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/plans$/);

    const row = p.getByTestId('plan-row-bownow_entry');
    await row.getByText('エントリープラン').waitFor();
    await row.getByRole('button', { name: '編集' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel('金額（円）').fill('5500');
    await p.screenshot({ path: join(e2e.shots, 'plan-master-edit-ja.png'), fullPage: true });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('￥5,500').or(row.getByText('¥5,500')).waitFor();
    expect(await e2e.portal.db.query("SELECT amount_jpy, amount_usd FROM global_licence.plans WHERE id = 'bownow_entry'")).toEqual([{ amount_jpy: 5500, amount_usd: 4900 }]);

    // One product chosen: its rows can be dragged into a new order, saved at once.
    await p.getByRole('combobox', { name: '製品' }).click();
    await p.getByRole('option', { name: 'LP Builder' }).click();
    await p.getByTestId('plan-row-lpbuilder_initial').waitFor();
    // The rows are the product's own (and orderable) once their move buttons show.
    await p.getByTestId('plan-row-lpbuilder_initial').getByRole('button', { name: /を上へ移動$/ }).waitFor();
    await expect.poll(() => p.locator('[data-testid^="plan-row-"]').count()).toBe(
      Number((await e2e.portal.db.query<{ n: string }>("SELECT count(*) AS n FROM global_licence.plans WHERE product = 'lpbuilder'"))[0]!.n));
    await p.getByTestId('plan-row-lpbuilder_initial').dragTo(p.getByTestId('plan-row-lpbuilder_free'));
    await expect.poll(async () => (await e2e.portal.db.query<{ id: string }>("SELECT id FROM global_licence.plans WHERE product = 'lpbuilder' ORDER BY sort_order")).map((r) => r.id)[0]).toBe('lpbuilder_initial');
    await p.screenshot({ path: join(e2e.shots, 'plan-master-order-ja.png'), fullPage: true });
    await context.close();
  });
});
