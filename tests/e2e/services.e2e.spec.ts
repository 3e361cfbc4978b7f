import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';
import { mailTo } from '../support/agent.js';

/**
 * Issue 10, slice A end to end in Chromium: a new company signs up, its owner starts a free
 * trial from the services list (agreeing to the terms) and opens the product by SSO.
 */
describe('services list in Chromium', () => {
  const e2e = useBrowserPortal();

  it('a new company signs up, starts a BowNow trial and opens it', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/user_signup_formonly`);
    await field(p, 'メールアドレス').fill('e2e-trial@example.jp');
    await p.getByText('利用規約とプライバシーポリシーに同意する').click();
    await p.getByRole('button', { name: '本登録用のURLを送信' }).click();
    await p.waitForURL(/\/temporalyregisterdone$/);
    const link = (await mailTo(e2e.portal, 'e2e-trial@example.jp', /signup\//)).text.match(/(http\S+signup\/\S+)/)![1]!;
    await p.goto(link.replace(/^http:\/\/[^/]+/, e2e.origin));
    await field(p, '会社名').fill('トライアル商事株式会社');
    await field(p, '電話番号').fill('03-1234-5678');
    await field(p, '姓').fill('試用');
    await field(p, '名').fill('花子');
    // Issue 22: the registration survey (spec §3 Client), every question required.
    for (const [label, option] of [['役職', '担当者'], ['部署', 'マーケティング'], ['業種', '製造業'], ['業種（小分類）', '電子部品・電気機械器具製造業'], ['従業員数', '11–30名'], ['年間販促予算', '100万〜1,000万円']] as const) {
      await field(p, label).and(p.locator('input')).click();
      await p.getByRole('option', { name: option, exact: true }).click();
    }
    await field(p, '新しいパスワード').fill('Trial#2026x');
    await field(p, '新しいパスワード（確認）').fill('Trial#2026x');
    await p.getByText('利用規約に同意する').click();
    await p.getByText('プライバシーポリシーに同意する').click();
    await p.getByRole('button', { name: '利用を開始する' }).click();
    await p.waitForURL(/\/product$/);

    // The services list offers the trial (Japan: the newer page with the suggestion tabs).
    await p.getByRole('tab', { name: 'すべて' }).waitFor();
    const card = p.getByTestId('service-bownow');
    await card.getByRole('button', { name: 'BowNowの無料トライアル（15日間）を開始' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText('利用規約に同意する').click();
    await p.screenshot({ path: join(e2e.shots, 'services-start-trial-ja.png'), fullPage: true });
    await dialog.getByRole('button', { name: '開始する' }).click();
    await dialog.waitFor({ state: 'detached' });
    const trial = p.getByTestId('service-bownow');
    await trial.getByText(/までトライアル/).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'services-trial-ja.png'), fullPage: true });

    // Opened from the account's list (or the trial's card until the list has it): one button either way.
    await p.getByRole('button', { name: 'BowNowを開く' }).click();
    await p.waitForURL(/\/dev\/product\/bownow\?token=/);
    expect(await p.getByRole('heading', { level: 1 }).textContent()).toBe('bownow: logged in');
    await context.close();
  });

  it('the operator opens the product catalogue from the menu and changes a trial length', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login`);
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/clients$/);
    await p.getByRole('link', { name: '製品カタログ' }).click();
    await p.waitForURL(/\/operator\/products$/);
    const row = p.getByTestId('catalogue-lpbuilder');
    await row.getByText('7日').waitFor();
    await row.getByRole('button', { name: 'LP Builderを編集' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'トライアル日数' }).fill('10');
    await p.screenshot({ path: join(e2e.shots, 'operator-catalogue-ja.png'), fullPage: true });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText('10日').waitFor();
    expect((await e2e.portal.db.query('SELECT trial_days FROM global_licence.products WHERE id = $1', ['lpbuilder']))[0]).toEqual({ trial_days: 10 });
    await context.close();
  });
});
