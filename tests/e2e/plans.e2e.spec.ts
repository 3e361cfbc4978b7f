import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { renderMessage } from '@portal/proto';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';
import { mailTo } from '../support/agent.js';

/**
 * Issue 10, slice C end to end in Chromium: the owner applies for a paid plan through every step
 * (plan, options, contract info with the corporate-number search, confirm with the API's terms),
 * an operator allows it, the owner sees the contract; a user (level 9) is refused.
 */
describe('plan application and review in Chromium', () => {
  const env = useBrowserPortal();

  async function login(email: string, password: string, target: string): Promise<Page> {
    const page = await (await env.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Berlin' })).newPage();
    await page.goto(`${env.origin}/login?targetUrl=${encodeURIComponent(target)}`);
    await fillLogin(page, email, password);
    await page.waitForURL(new RegExp(`${target}$`));
    return page;
  }

  it('owner applies for a paid plan, the operator allows it, and the owner sees the contract', async () => {
    const owner = await login('owner@example.com', 'Owner#2026', '/plan/list');
    await owner.getByTestId('contract-bownow_standard').getByText('契約中').waitFor();
    await owner.getByRole('link', { name: 'プランを変更' }).click();
    await owner.waitForURL(/\/plan\/update$/);
    await field(owner, '製品').first().click();
    await owner.getByRole('option', { name: 'BowNow' }).click();
    await owner.getByLabel(/^プロプラン —/).check();
    await owner.getByRole('button', { name: '次へ' }).click();
    await owner.waitForURL(/\/plan\/options$/);
    await owner.getByLabel(/^ユーザー追加（5アカウント） —/).check();
    // CRM basic and advanced cannot be combined: choosing one disables the other.
    await owner.getByLabel(/^CRM連携ベーシック —/).check();
    expect(await owner.getByLabel(/^CRM連携アドバンス —/).isDisabled()).toBe(true);
    await owner.getByLabel(/^CRM連携ベーシック —/).uncheck();
    await owner.getByRole('button', { name: '次へ' }).click();
    await owner.waitForURL(/\/plan\/contractinfo$/);
    await field(owner, '法人名').fill('デモ商事');
    await owner.getByRole('button', { name: '検索' }).click();
    await owner.getByText('デモ商事株式会社（6010001000001）').click();
    await owner.getByTestId('chosen-corporation').getByText('東京都千代田区丸の内１－１－１', { exact: false }).waitFor();
    await field(owner, '代表者名').fill('山田 一郎');
    await owner.screenshot({ path: join(env.shots, 'plan-contractinfo-ja.png'), fullPage: true });
    await owner.getByRole('button', { name: '次へ' }).click();
    // Issue 22: the demo company has billing info and a card on file, so the payment step is passed over, and shown as skipped.
    await owner.waitForURL(/\/plan\/confirm$/);
    await owner.getByTestId('effective-from').waitFor();
    expect(await owner.getByTestId('plan-step-payment').getAttribute('data-skipped')).not.toBeNull();
    await owner.getByTestId('plan-step-payment').getByText('スキップ').waitFor();
    expect(await owner.getByTestId('minimum-term-end').textContent()).toContain('2027/03/31');
    await owner.getByText('利用規約に同意する').click();
    await owner.getByText('プライバシーポリシーに同意する').click();
    await owner.screenshot({ path: join(env.shots, 'plan-confirm-ja.png'), fullPage: true });
    await owner.getByRole('button', { name: '申し込む' }).click();
    await owner.waitForURL(/\/plan\/complete_reviewing$/);
    await mailTo(env.portal, 'owner@example.com', /プロプラン/);

    const operator = await login('operator@example.com', 'Operator#2026', '/operator/plan_applications');
    const row = operator.getByRole('row').filter({ hasText: 'デモ商事株式会社' }).filter({ hasText: 'プロプラン' });
    await row.waitFor();
    await operator.screenshot({ path: join(env.shots, 'plan-review-ja.png'), fullPage: true });
    await row.getByRole('button', { name: '承認' }).click();
    // Issue 25 point 2: the server's preview, the plan now → the one applied for with prices, then confirmed.
    const allow = operator.getByRole('dialog');
    await allow.getByTestId('change-after').getByText(/^プロプラン（月額/).waitFor();
    await allow.getByTestId('change-before').getByText(/^スタンダードプラン（月額/).waitFor();
    await operator.screenshot({ path: join(env.shots, 'confirm-plan-allow-1280.png') });
    await allow.getByRole('button', { name: '承認' }).click();
    await row.waitFor({ state: 'detached' });
    await mailTo(env.portal, 'owner@example.com', /承認しました/);

    await owner.goto(`${env.origin}/plan/list`);
    const contract = owner.getByTestId('contract-bownow_pro');
    await contract.getByText('適用予定').waitFor();
    await contract.getByText('ユーザー追加（5アカウント）').waitFor();
    await owner.screenshot({ path: join(env.shots, 'plan-list-ja.png'), fullPage: true });
  });

  it('refuses a user (level 9): no plan change page, and the list says why', async () => {
    const user = await login('user@example.com', 'User#2026', '/plan/list');
    await user.getByText(renderMessage('ja-jp', 'plan.user_level')).waitFor();
    expect(await user.getByRole('link', { name: 'プランを変更' }).count()).toBe(0);
    await user.goto(`${env.origin}/plan/update`);
    await user.waitForURL(/\/404$/);
    const refused = await user.evaluate(async () => {
      const csrf = document.cookie.match(/csrf_token=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/v1/plan/apply_info', { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: JSON.stringify({ product: 'bownow', plan_id: 'bownow_pro' }) });
      return res.status;
    });
    expect(refused).toBe(403);
  });
});
