import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { fillLogin, launchBrowser } from '../support/browser.js';
import { ROOT } from '../../scripts/lib/root.js';

const JA = { email: 'メールアドレス', password: 'パスワード', privacy: 'プライバシーポリシーに同意する', button: 'ログイン' };

/**
 * Issue 11, slice A end to end: an owner registers a card through the sandbox's 3-D Secure
 * challenge (at phone width), an admin edits the billing information, and a user reaches no
 * billing page or call.
 */
describe('billing info and card registration in Chromium', () => {
  let portal: TestPortal;
  let browser: Browser;
  let port: string;
  const shots = join(ROOT, 'test-results', 'screenshots');
  const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

  async function login(email: string, password: string, target: string, width = 1280) {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    await page.goto(`http://portal.example.jp:${port}/login?targetUrl=${encodeURIComponent(target)}`);
    await fillLogin(page, email, password, JA);
    await page.waitForURL(new RegExp(`${target}$`));
    return page;
  }

  async function choose(page: Page, label: string, option: string) {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', web: true });
    port = new URL(portal.url).port;
    browser = await launchBrowser(['portal.example.jp']);
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('lets an owner replace the card through the sandbox 3-D Secure challenge, at phone width', async () => {
    const owner = await login('owner@example.com', 'Owner#2026', '/payment', 390);
    await owner.getByText('411111******1111').waitFor();
    await owner.getByRole('link', { name: 'カードを変更' }).click();
    await owner.waitForURL(/\/paymentmethod_creditcard$/);
    await field(owner, 'カード番号').fill('4100000000000100');
    await field(owner, 'カード名義').fill('ICHIRO YAMADA');
    await choose(owner, '有効期限（月）', '12');
    await choose(owner, '有効期限（年）', String(new Date().getFullYear() + 3));
    await field(owner, 'セキュリティコード').fill('123');
    // No horizontal scrolling at 390 px.
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await owner.screenshot({ path: join(shots, 'paymentmethod-creditcard-390-ja.png'), fullPage: true });
    await owner.getByRole('button', { name: 'カードを登録する' }).click();

    await owner.waitForURL(/\/sandbox\/gmo\/challenge\?ret=.+&t=\w+$/);
    await owner.screenshot({ path: join(shots, 'sandbox-3ds-challenge.png'), fullPage: true });
    await owner.getByRole('link', { name: 'Authenticate' }).click();
    await owner.waitForURL(/\/paymentmethod_complete\?method=credit_card$/);
    await owner.getByRole('heading', { name: 'クレジットカードを登録しました' }).waitFor();
    await owner.getByRole('link', { name: 'お支払い方法へ' }).click();
    await owner.waitForURL(/\/payment$/);
    await owner.getByText('410000******0100').waitFor();
    expect(await owner.getByText('411111******1111').count()).toBe(0);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await owner.screenshot({ path: join(shots, 'payment-390-ja.png'), fullPage: true });
    // The number never reached the server: only the masked form is stored.
    const stored = JSON.stringify(await portal.db.query('SELECT * FROM jpn_billing.card_references'));
    expect(stored).toContain('410000******0100');
    expect(stored).not.toContain('4100000000000100');
  });

  it('lets an admin edit the billing information', async () => {
    const admin = await login('admin@example.com', 'Admin#2026', '/billing');
    await admin.getByText('billing@example.com').waitFor();
    await admin.getByRole('link', { name: '請求先情報を編集' }).click();
    await admin.waitForURL(/\/billing_edit$/);
    await field(admin, '部署名').fill('財務部');
    await field(admin, '請求先メールアドレス').fill('not-an-email');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.getByText('正しいメールアドレスを入力してください。').waitFor();
    expect(admin.url()).toMatch(/\/billing_edit$/);
    await field(admin, '請求先メールアドレス').fill('invoices@example.com');
    await admin.getByRole('button', { name: '保存' }).click();
    await admin.waitForURL(/\/billing$/);
    await admin.getByText('財務部').waitFor();
    await admin.getByText('invoices@example.com').waitFor();
    await admin.screenshot({ path: join(shots, 'billing-ja.png'), fullPage: true });
  });

  it('lets a user reach no billing or payment page, and no billing call', async () => {
    const user = await login('user@example.com', 'User#2026', '/product');
    for (const path of ['/billing', '/billing_edit', '/payment', '/paymentmethod_creditcard', '/paymentmethod_confirm?order=x']) {
      await user.goto(`http://portal.example.jp:${port}${path}`);
      await user.waitForURL(/\/404$/);
    }
    const statuses = await user.evaluate(async () => Promise.all(['/v1/client/billing', '/v1/payment', '/v1/gmo', '/v1/gmo_js'].map(async (p) => (await fetch(p)).status)));
    expect(statuses).toEqual([403, 403, 403, 403]);
  });
});
