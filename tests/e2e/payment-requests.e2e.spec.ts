import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';

/**
 * Issue 11, slice B end to end: an owner files a bank-transfer request in three steps on a phone
 * (390 px), and an operator confirms it; the owner then sees it registered.
 */
describe('bank-transfer request in Chromium', () => {
  const e2e = useBrowserPortal();
  const login = async (p: Page, email: string, password: string, target: string) => {
    await p.goto(`${e2e.origin}/login?targetUrl=${encodeURIComponent(target)}`);
    await fillLogin(p, email, password);
    await p.waitForURL(new RegExp(`${target}$`));
  };

  it('an owner requests bank transfer (input → confirm → complete) and an operator confirms it', async () => {
    const phone = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const p = await phone.newPage();
    await login(p, 'owner@example.com', 'Owner#2026', '/paymentmethod_banktransfer');

    // Step 1: input. A malformed bank code is refused under its field, before anything is sent.
    for (const [label, value] of [
      ['会社名', 'デモ商事株式会社'], ['ご担当者名', '山田 一郎'], ['メールアドレス', 'keiri@example.com'], ['電話番号', '0312345678'],
      ['金融機関コード', '05'], ['金融機関名', '三菱ＵＦＪ銀行'], ['支店コード', '001'], ['支店名', '本店'], ['口座番号', '1234567'], ['口座名義', 'ﾃﾞﾓｼｮｳｼﾞ(ｶ'],
    ] as const) await field(p, label).fill(value);
    await p.getByRole('button', { name: '確認へ進む' }).click();
    await p.getByText('金融機関コードは半角数字4桁で入力してください。').waitFor();
    await field(p, '金融機関コード').fill('0005');
    await p.getByRole('button', { name: '確認へ進む' }).click();

    // Step 2: confirm, checked by the server; nothing written yet.
    const summary = p.getByTestId('request-summary');
    await summary.getByText('三菱ＵＦＪ銀行 (0005)').waitFor();
    await summary.getByText('ﾃﾞﾓｼｮｳｼﾞ(ｶ').waitFor();
    expect(await e2e.portal.db.query('SELECT id FROM jpn_billing.payment_requests WHERE client_uuid = $1', ['0b9f3c5e-7a1d-4c2e-9f00-000000000101'])).toEqual([]);
    await p.screenshot({ path: join(e2e.shots, 'payment-request-confirm-390.png'), fullPage: true });
    // The page fits the phone: no sideways scrolling.
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.getByRole('button', { name: '申し込む' }).click();

    // Step 3: complete, then the status page says it is being confirmed.
    await p.getByText('お申し込みを受け付けました').waitFor();
    await p.getByRole('link', { name: 'お申し込み状況を見る' }).click();
    await p.waitForURL(/\/paymentmethod_confirming$/);
    await p.getByText('確認中', { exact: true }).waitFor();
    const [filed] = await e2e.portal.db.query<{ id: string; status: string }>(
      'SELECT id, status FROM jpn_billing.payment_requests WHERE client_uuid = $1', ['0b9f3c5e-7a1d-4c2e-9f00-000000000101']);
    expect(filed?.status).toBe('pending');

    // The operator confirms it by hand.
    const desk = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
    const o = await desk.newPage();
    await login(o, 'operator@example.com', 'Operator#2026', '/operator/payment_requests');
    const row = o.getByTestId(`payment-request-${filed!.id}`);
    await row.getByText('デモ商事株式会社').waitFor();
    await row.getByRole('button', { name: '詳細' }).click();
    const dialog = o.getByRole('dialog');
    await dialog.getByText('ﾃﾞﾓｼｮｳｼﾞ(ｶ').waitFor();
    await o.screenshot({ path: join(e2e.shots, 'payment-request-operator-ja.png'), fullPage: true });
    await dialog.getByRole('button', { name: '承認して登録' }).click();
    // Issue 25 point 2: the approval shows what it replaces (no method yet → the bank account) and asks once more.
    const confirm = o.getByRole('dialog', { name: 'お申し込みの承認' });
    await confirm.getByTestId('change-after').getByText('銀行振込 三菱ＵＦＪ銀行 本店 ****567').waitFor();
    await confirm.getByRole('button', { name: '承認して登録' }).click();
    await expect.poll(() => o.getByRole('dialog').count()).toBe(0);
    await expect.poll(async () => (await e2e.portal.db.query<{ status: string }>('SELECT status FROM jpn_billing.payment_requests WHERE id = $1', [filed!.id]))[0]?.status).toBe('registered');
    expect(await e2e.portal.db.query('SELECT method FROM jpn_billing.payment_methods WHERE client_uuid = $1', ['0b9f3c5e-7a1d-4c2e-9f00-000000000101']))
      .toEqual([{ method: 'bank_transfer' }]);

    // The registration and CSV screen is one menu item away.
    await o.getByRole('link', { name: '支払方法の登録・CSV' }).click();
    await o.getByText('お客様に代わって登録').waitFor();
    await o.screenshot({ path: join(e2e.shots, 'payment-methods-operator-ja.png'), fullPage: true });

    // The owner now sees the method registered.
    await p.reload();
    await p.getByText('登録済み', { exact: true }).waitFor();
    // ... and on the payment page (slice A's), with the bank account.
    await p.goto(`${e2e.origin}/payment`);
    await p.getByText('三菱ＵＦＪ銀行', { exact: true }).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'payment-request-registered-390.png'), fullPage: true });
    await phone.close();
    await desk.close();
  });
});
