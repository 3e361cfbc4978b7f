import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { launchBrowser } from '../support/browser.js';
import { mailTo } from '../support/agent.js';
import { ROOT } from '../../scripts/lib/root.js';

/** Issue 4 end to end: account edit with the email link, and company information with a cropped logo. */
describe('account edit and company information in Chromium', () => {
  let portal: TestPortal;
  let browser: Browser;
  let port: string;
  const shots = join(ROOT, 'test-results', 'screenshots');
  const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

  async function login(host: string, email: string, password: string, target: string, labels: { email: string; password: string; privacy: string; button: string }) {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await page.goto(`http://${host}:${port}/login?targetUrl=${encodeURIComponent(target)}`);
    await field(page, labels.email).fill(email);
    await field(page, labels.password).fill(password);
    await page.getByText(labels.privacy).click();
    await page.getByRole('button', { name: labels.button }).click();
    await page.waitForURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
    return page;
  }

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

  it('changes an account\'s email: the link in the mail applies it and shows the success page', async () => {
    const ja = { email: 'メールアドレス', password: 'パスワード', privacy: 'プライバシーポリシーに同意する', button: 'ログイン' };
    const owner = await login('portal.example.jp', 'owner@example.com', 'Owner#2026', '/user/list', ja);
    const row = owner.getByRole('row').filter({ hasText: 'user@example.com' });
    await row.getByRole('button', { name: '操作' }).click();
    await owner.getByRole('menuitem', { name: '編集' }).click();
    await owner.waitForURL(/\/user\/update\?uuid=/);
    await field(owner, 'メールアドレス').fill('moved@example.com');
    await owner.screenshot({ path: join(shots, 'user-edit-ja.png'), fullPage: true });
    await owner.getByRole('button', { name: '保存' }).click();
    await owner.waitForURL(/\/user\/list$/);
    await owner.getByRole('table').getByText('メール変更中').waitFor();
    // The pending address shows under the current one.
    await owner.getByText('moved@example.com に変更中').waitFor();
    await owner.screenshot({ path: join(shots, 'user-list-pending-ja.png'), fullPage: true });

    const link = (await mailTo(portal, 'moved@example.com', /account_mail_update/)).text.match(/(http\S+account_mail_update\/\S+)/)![1]!;
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await visitor.goto(link.replace(/^http:\/\/[^/]+/, `http://portal.example.jp:${port}`));
    await visitor.getByText('メールアドレスを変更しました').waitFor();
    await visitor.getByText('今後はmoved@example.comでログインしてください。').waitFor();
    await visitor.screenshot({ path: join(shots, 'mailchange-success-ja.png'), fullPage: true });
    expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email = 'moved@example.com'")).toEqual([{ status: 'active' }]);
  });

  it('saves company information with a logo cropped in the browser and checked on the server', async () => {
    const en = { email: 'Email address', password: 'Password', privacy: 'I agree to the privacy policy', button: 'Log in' };
    const owner = await login('portal.example.com', 'owner-us@example.com', 'OwnerUs#2026', '/company', en);
    await field(owner, 'Phone number').fill('+1 415 555 0100');
    await field(owner, 'Address').fill('1 Market Street, San Francisco');
    await field(owner, 'Industry').first().click();
    await owner.getByRole('option', { name: 'IT and software' }).click();
    // A logo too small is refused in the browser with the spec's message.
    const tiny = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#1c7ed6' } }).png().toBuffer();
    await owner.locator('input[type=file]').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tiny });
    await owner.getByText('The logo is too small: each side must be at least 160 pixels.').waitFor();
    const logo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e8590c' } })
      .composite([{ input: Buffer.from('<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#ffffff"/><circle cx="450" cy="300" r="60" fill="#1c7ed6"/></svg>') }])
      .png().toBuffer();
    await owner.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await owner.getByTestId('logo-preview').waitFor();
    await owner.screenshot({ path: join(shots, 'company-en.png'), fullPage: true });
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Company information saved.').waitFor();
    const stored = (await portal.db.query<{ logo_data_url: string; logo_crop: unknown; industry: string }>(
      "SELECT logo_data_url, logo_crop, industry FROM usa_licence.clients WHERE company_name = 'Demo Corp.'"))[0]!;
    expect(stored.industry).toBe('it_software');
    // The crop box starts at 160 × 160 in the middle of the 900 × 600 image.
    expect(stored.logo_crop).toEqual({ x: 370, y: 220, size: 160 });
    const png = Buffer.from(stored.logo_data_url.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ width: 160, height: 160, format: 'png' });
    await owner.screenshot({ path: join(shots, 'company-saved-en.png'), fullPage: true });
  });

  it('lists the operation log with names, filters it by account and exports it as CSV; the profile edits the name', async () => {
    const ja = { email: 'メールアドレス', password: 'パスワード', privacy: 'プライバシーポリシーに同意する', button: 'ログイン' };
    const owner = await login('portal.example.jp', 'owner@example.com', 'Owner#2026', '/profile', ja);
    await field(owner, '姓').fill('山田');
    await field(owner, '名').fill('一郎太');
    await owner.getByRole('button', { name: '保存' }).click();
    await owner.getByText('保存しました。').waitFor();
    await owner.screenshot({ path: join(shots, 'profile-ja.png'), fullPage: true });

    await owner.goto(`http://portal.example.jp:${port}/log/list`);
    await owner.getByRole('table').getByText('プロフィール変更').first().waitFor();
    await owner.getByText('名: 一郎 → 一郎太').first().waitFor();
    await owner.getByText('山田 一郎太').first().waitFor();
    await owner.getByLabel('対象操作').selectOption('profile');
    // Only the profile's target operation remains (no login rows).
    await expect.poll(() => owner.getByRole('cell', { name: 'ログイン', exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await field(owner, 'アカウント').first().click();
    await owner.getByRole('option', { name: '山田 一郎太 (owner@example.com)' }).click();
    await owner.screenshot({ path: join(shots, 'operation-log-ja.png'), fullPage: true });
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'CSVエクスポート' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^operation_log_\d{8}\.csv$/);
    const text = (await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8'));
    expect(text.split('\r\n')[0]).toBe('\uFEFF日時（日本時間）,アカウント,メールアドレス,対象操作,操作,詳細');
    expect(text).toContain('プロフィール,プロフィール変更');
    expect(text).not.toContain('ログイン,ログイン');
    expect(text).not.toContain('admin@example.com');
  });
});
