import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { field, logIn, useBrowserPortal } from '../support/browser.js';

/**
 * Issue 14, slice A in Chromium: the operator filters the client list, opens a client, suspends it
 * through the confirm dialog and its owner can no longer log in; the operator creates a client
 * through the wizard.
 */
describe('operator clients in Chromium', () => {
  const e2e = useBrowserPortal();
  const loggedIn = (email: string, password: string) => logIn(e2e, email, password, { locale: 'ja-JP' });

  it('filters the list, opens a client, suspends it with the confirm dialog, and its owner cannot log in', async () => {
    const p = await loggedIn('operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/clients$/);
    await p.getByRole('link', { name: 'Demo Corp.' }).waitFor();
    // Filter by contract type: only the referral client stays.
    await field(p, '契約形態').first().click();
    await p.getByRole('option', { name: '紹介' }).click();
    await p.getByText('1社').waitFor();
    expect(await p.getByRole('link', { name: 'Demo Corp.' }).count()).toBe(0);
    await p.screenshot({ path: join(e2e.shots, 'operator-clients-filtered-ja.png'), fullPage: true });
    await p.setViewportSize({ width: 390, height: 844 });
    await p.getByTestId('client-card').first().waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.screenshot({ path: join(e2e.shots, 'operator-clients-phone-ja.png'), fullPage: true });
    await p.setViewportSize({ width: 1280, height: 900 });

    await p.getByRole('link', { name: 'デモ商事株式会社' }).click();
    await p.getByRole('heading', { name: 'デモ商事株式会社' }).waitFor();
    await p.getByRole('button', { name: '停止' }).click();
    const dialog = p.getByRole('dialog', { name: 'このクライアントを停止しますか？' });
    await dialog.getByRole('button', { name: '停止' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await p.getByRole('button', { name: '再開' }).first().waitFor();
    await p.screenshot({ path: join(e2e.shots, 'operator-client-suspended-ja.png'), fullPage: true });

    const owner = await loggedIn('owner@example.com', 'Owner#2026');
    await owner.getByText(renderMessage('ja-jp', 'login.inactive')).waitFor();
    expect(owner.url()).toMatch(/\/login/);
    await owner.context().close();
    await p.context().close();
  });

  it('creates a client through the wizard, which keeps what was entered across a reload', async () => {
    const p = await loggedIn('operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/clients$/);
    await p.getByRole('link', { name: 'クライアント作成' }).click();
    await p.waitForURL(/\/operator_clientcreate_account$/);
    await p.getByRole('button', { name: '次へ' }).click();
    await field(p, '会社名').fill('ウィザード商会');
    await field(p, '電話番号').fill('03-0000-1111');
    await field(p, 'オーナーの姓').fill('山田');
    await field(p, 'オーナーの名').fill('花子');
    await field(p, 'オーナーのメールアドレス').fill('owner@example.com');
    await p.getByRole('button', { name: '次へ' }).click();
    // An existing email is refused with the spec's message, on its field.
    await p.getByText(renderMessage('ja-jp', 'signup.email_exists')).first().waitFor();
    await p.reload();
    expect(await field(p, '会社名').inputValue()).toBe('ウィザード商会');
    await field(p, 'オーナーのメールアドレス').fill('wizard-owner@example.com');
    await p.getByRole('button', { name: '次へ' }).click();
    await p.getByText('BowNow').click();
    await p.getByRole('button', { name: '次へ' }).click();
    // At phone width the confirm step and the list do not scroll sideways.
    await p.setViewportSize({ width: 390, height: 844 });
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.getByRole('button', { name: 'クライアントを作成する' }).click();
    await p.getByRole('heading', { name: 'ウィザード商会' }).waitFor();
    expect(p.url()).toMatch(/\/operator\/clients\/jpn\/[0-9a-f-]{36}$/);
    await p.screenshot({ path: join(e2e.shots, 'operator-client-created-ja.png'), fullPage: true });
    await p.context().close();
  });
});
