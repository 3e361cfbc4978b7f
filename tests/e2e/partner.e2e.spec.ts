import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMessage } from '@portal/proto';
import { logIn, useBrowserPortal } from '../support/browser.js';
import { expectAccessible, walkMenu } from '../support/axe.js';

/**
 * The partner and operator areas and /product in Chromium against the all-in-one server: the
 * partner finds its client and starts a support login in a new tab, the support session is
 * refused the marketing-automation product, the owner opens a product through SSO.
 */
describe('client list, support login and product SSO in Chromium', () => {
  const e2e = useBrowserPortal();
  const loggedIn = (email: string, password: string) => logIn(e2e, email, password, { locale: 'ja-JP', height: 860 });

  it('the partner lands on its client list, starts a support login in a new tab and is refused the marketing-automation product there', async () => {
    const p = await loggedIn('partner@example.com', 'Partner#2026');
    await p.waitForURL(/\/partner\/clients$/);
    const demo = p.getByRole('row').filter({ hasText: 'デモ商事株式会社' });
    await demo.waitFor();
    // The secure client has not permitted its agency: its action is disabled, the reason written beside it.
    const secure = p.getByRole('row').filter({ hasText: 'セキュア工業株式会社' });
    expect(await secure.getByRole('button', { name: '代理ログイン' }).isDisabled()).toBe(true);
    await secure.getByTestId('support-login-unavailable').getByText(renderMessage('ja-jp', 'proxy.denied')).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'partner-clients-ja.png'), fullPage: true });

    await demo.getByRole('button', { name: '代理ログイン' }).click();
    const dialog = p.getByRole('dialog', { name: '代理ログインを開始' });
    await dialog.getByText('代理ログインはこのブラウザでのあなた自身のログインを置き換えます', { exact: false }).waitFor();
    await expectAccessible(p, 'support login dialog');
    const [support] = await Promise.all([
      p.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'クライアントのポータルを開く' }).click(),
    ]);
    await support.waitForURL(/\/product$/);
    await support.getByText('デモ商事株式会社のポータルをサポートとして操作しています', { exact: false }).waitFor();
    await support.getByRole('button', { name: 'BowNowを開く' }).click();
    const refusal = support.getByTestId('product-bownow').getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(renderMessage('ja-jp', 'proxy.product_forbidden'));
    expect(support.url()).toMatch(/\/product$/);
    await support.screenshot({ path: join(e2e.shots, 'support-product-ja.png'), fullPage: true });

    // The support session replaced the partner's in this browser: the partner's tab says so.
    await p.bringToFront();
    await p.getByRole('dialog', { name: '別のアカウントでログインされました' }).waitFor({ timeout: 10_000 });
    await p.context().close();
  });

  it('the operator sees the clients of every region in one list', async () => {
    const p = await loggedIn('operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/clients$/);
    const us = p.getByRole('row').filter({ hasText: 'Demo Corp.' });
    await us.waitFor();
    expect(await us.getByText('アメリカ合衆国').count()).toBe(1);
    await p.getByRole('row').filter({ hasText: 'デモ商事株式会社' }).waitFor();
    expect(await p.getByRole('row').filter({ hasText: 'บริษัท เดโม จำกัด' }).getByText('タイ').count()).toBe(1);
    expect(await p.getByText('4社').count()).toBe(1);
    await p.screenshot({ path: join(e2e.shots, 'operator-clients-ja.png'), fullPage: true });
    await p.context().close();
  });

  it('the demo owner opens a product from /product and reaches the sandbox product page logged in', async () => {
    const p = await loggedIn('owner@example.com', 'Owner#2026');
    await p.waitForURL(/\/product$/);
    await p.getByRole('heading', { name: 'ActiBook' }).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'product-ja.png'), fullPage: true });
    await p.getByRole('button', { name: 'ActiBookを開く' }).click();
    await p.waitForURL(/\/dev\/product\/actibook\?token=/);
    await p.getByRole('heading', { name: 'actibook: logged in' }).waitFor();
    expect(await p.locator('pre').textContent()).toContain('"email": "owner@example.com"');
    await p.context().close();
  });

  for (const [email, password, home] of [['partner@example.com', 'Partner#2026', /\/partner\/clients$/], ['operator@example.com', 'Operator#2026', /\/operator\/clients$/]] as const) {
    it(`${email.split('@')[0]} opens /profile: the profile and its own sessions, not the 403 page`, async () => {
      const p = await loggedIn(email, password);
      await p.waitForURL(home);
      const refused: string[] = [];
      p.on('response', (r) => { if (r.url().includes('/v1/') && r.status() === 403) refused.push(r.url()); });
      await p.goto(`${e2e.origin}/profile`);
      await p.getByRole('heading', { name: 'プロフィール', level: 2 }).waitFor();
      await p.getByRole('heading', { name: 'ログイン中のセッション' }).waitFor();
      await p.getByText('このセッション').waitFor();
      expect(new URL(p.url()).pathname).toBe('/profile');
      expect(new URL(p.url()).hash).toBe('');
      expect(refused).toEqual([]);
      await p.screenshot({ path: join(e2e.shots, `profile-${email.split('@')[0]}-ja.png`), fullPage: true });
      // Issue 26: every page of the side menu, checked by axe (at 1280 px; 390 px in usage and backoffice-embed).
      expect((await walkMenu(p)).length).toBeGreaterThan(5);
    }, 240_000);
  }
});
