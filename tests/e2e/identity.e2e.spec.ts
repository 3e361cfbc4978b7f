import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';
import { mailTo } from '../support/agent.js';
import { expectAccessible } from '../support/axe.js';
import { choose, press, skipToContent, tick, typeInto } from '../support/keyboard.js';

/**
 * Issue 3 end to end in Chromium against the all-in-one server, reading mails from the SMTP sink:
 * log in with MFA, log out, reset the password, sign up through the mailed link.
 */
describe('identity in Chromium', () => {
  const e2e = useBrowserPortal();


  async function page(): Promise<Page> {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'ja-JP' });
    return context.newPage();
  }

  it('logs in with MFA using the mailed code, then logs out', async () => {
    const p = await page();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Fuser_system_settings`);
    await fillLogin(p, 'secure-owner@example.com', 'Secure#2026');
    await p.getByText('認証コード', { exact: true }).waitFor();
    await expectAccessible(p);
    // A new code can be asked for only after the server's cooldown: the button counts down.
    const resend = p.getByRole('button', { name: /認証コードを再送信（\d+秒）/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const code = (await mailTo(e2e.portal, 'secure-owner@example.com', /\d{6}/)).text.match(/(\d{6})/)![1]!;
    await p.screenshot({ path: join(e2e.shots, 'login-mfa-ja.png'), fullPage: true });
    // The code inputs take the whole code in the first box, as a one-time-code autofill does.
    await p.locator('input[autocomplete="one-time-code"]').first().fill(code);
    await p.getByRole('button', { name: 'ログイン' }).click();
    await p.waitForURL(/\/user_system_settings$/);
    await p.getByRole('heading', { name: 'IPアドレス制限' }).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'system-settings-ja.png'), fullPage: true });

    await p.getByRole('button', { name: 'ユーザーメニュー' }).click();
    await p.getByRole('menuitem', { name: 'ログアウト' }).click();
    await p.waitForURL(/\/login/);
    const cookies = await p.context().cookies();
    expect(cookies.find((c) => c.name === 'sid')).toBeUndefined();
    await p.goto(`${e2e.origin}/user_system_settings`);
    await p.waitForURL(/\/login\?targetUrl=%2Fuser_system_settings/);
    await p.context().close();
  });

  it('resets the password through the mailed link', async () => {
    const p = await page();
    await p.goto(`${e2e.origin}/password_reset`);
    await p.waitForLoadState('networkidle');
    await expectAccessible(p);
    await field(p, 'メールアドレス').fill('admin@example.com');
    await p.getByRole('button', { name: 'URLを送信' }).click();
    await p.getByText('パスワード再設定用のURLを送信しました', { exact: false }).waitFor();
    const link = (await mailTo(e2e.portal, 'admin@example.com', /password_reset\//)).text.match(/(http\S+password_reset\/\S+)/)![1]!;
    await p.goto(link.replace(/^http:\/\/[^/]+/, e2e.origin));
    await field(p, '新しいパスワード').fill('Reset#2026x');
    await field(p, '新しいパスワード（確認）').fill('Reset#2026x');
    await expectAccessible(p);
    await p.screenshot({ path: join(e2e.shots, 'password-reset-ja.png'), fullPage: true });
    await p.getByRole('button', { name: 'パスワードを設定' }).click();
    await p.getByText('パスワードを変更しました', { exact: false }).waitFor();
    await p.goto(`${e2e.origin}/login`);
    await fillLogin(p, 'admin@example.com', 'Reset#2026x');
    await p.waitForURL(/\/product$/);
    await p.context().close();
  });

  it('signs up through the mailed link and lands in the portal as the owner, with the keyboard alone (issue 26)', async () => {
    const p = await page();
    await p.goto(`${e2e.origin}/user_signup_formonly`);
    await field(p, 'メールアドレス').waitFor();
    await expectAccessible(p);
    await skipToContent(p, '本文へ移動');
    await typeInto(p, 'メールアドレス', 'e2e-signup@example.jp');
    await tick(p, '利用規約とプライバシーポリシーに同意する');
    await press(p, '本登録用のURLを送信');
    await p.waitForURL(/\/temporalyregisterdone$/);
    await expectAccessible(p);
    const link = (await mailTo(e2e.portal, 'e2e-signup@example.jp', /signup\//)).text.match(/(http\S+signup\/\S+)/)![1]!;
    await p.goto(link.replace(/^http:\/\/[^/]+/, e2e.origin));
    await field(p, '会社名').waitFor();
    await p.waitForLoadState('networkidle');
    await skipToContent(p, '本文へ移動');
    await typeInto(p, '会社名', 'イーツーイー株式会社');
    await typeInto(p, '電話番号', '03-1234-5678');
    await typeInto(p, '姓', '試験');
    await typeInto(p, '名', '太郎');
    // Issue 22: the registration survey (spec §3 Client), every question required.
    for (const [label, option] of [['役職', '担当者'], ['部署', 'マーケティング'], ['業種', '製造業'], ['業種（小分類）', '電子部品・電気機械器具製造業'], ['従業員数', '11–30名'], ['年間販促予算', '100万〜1,000万円']] as const) {
      await choose(p, label, option);
    }
    await typeInto(p, '新しいパスワード', 'Signup#2026');
    await typeInto(p, '新しいパスワード（確認）', 'Signup#2026');
    await tick(p, '利用規約に同意する');
    await tick(p, 'プライバシーポリシーに同意する');
    await expectAccessible(p);
    await p.screenshot({ path: join(e2e.shots, 'signup-ja.png'), fullPage: true });
    await press(p, '利用を開始する');
    await p.waitForURL(/\/product$/);
    const level = (await p.context().cookies()).find((c) => c.name === 'level');
    expect(level?.value).toBe('3');
    await p.context().close();
  });
});
