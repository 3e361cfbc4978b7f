import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mailTo } from '../support/agent.js';
import { field, logIn, useBrowserPortal } from '../support/browser.js';

/** Issue 14, slice B end to end: the operator creates a partner through the wizard, finds it in the list and suspends it. */
describe('partners in Chromium', () => {
  const e2e = useBrowserPortal();

  it('the operator registers a partner step by step (bad input refused, kept across a reload), sees it listed and suspends it', async () => {
    const p = await logIn(e2e, 'operator@example.com', 'Operator#2026', { target: '/operator/partners', locale: 'ja-JP' });
    const context = p.context();
    await p.waitForURL(/\/operator\/partners$/);
    await p.getByRole('link', { name: 'デモ代理店株式会社' }).waitFor();

    await p.getByRole('link', { name: '代理店を登録' }).click();
    await p.waitForURL(/\/operator\/partners\/new$/);
    // Step 1: licence info.
    await p.getByLabel('販売代理', { exact: true }).check();
    await p.getByRole('button', { name: '次へ' }).click();
    // Step 2: partner info; an empty company name is refused by the server, naming the field.
    await field(p, '代表者名').fill('桜 太郎');
    await field(p, '電話番号').fill('03-1234-5678');
    await field(p, '住所').fill('東京都千代田区1-1');
    await field(p, '最初のアカウントのメールアドレス').fill('owner@sakura-e2e.example');
    await field(p, '姓').fill('桜');
    await field(p, '名').fill('太郎');
    await p.getByRole('button', { name: '次へ' }).click();
    await p.getByText('会社名を入力してください。').waitFor();
    await field(p, '会社名').fill('さくら代理店株式会社');
    // A reload keeps what was entered.
    await p.reload();
    await expect.poll(() => field(p, '会社名').inputValue()).toBe('さくら代理店株式会社');
    await p.getByRole('button', { name: '次へ' }).click();
    // Step 3: billing and payment.
    await field(p, '請求先会社名').fill('さくら代理店株式会社');
    await field(p, '請求先メールアドレス').fill('billing@sakura-e2e.example');
    await field(p, '請求先電話番号').fill('0312345678');
    await field(p, '請求先住所').fill('東京都千代田区1-1');
    await p.getByRole('button', { name: '次へ' }).click();
    // Step 4: client registration; a URL with a path is not an origin.
    await p.getByLabel('登録フォームを埋め込むサイト').fill('https://www.sakura-e2e.example/form');
    await p.getByRole('button', { name: '次へ' }).click();
    await p.getByText(/オリジンのみで入力してください/).waitFor();
    await p.getByLabel('登録フォームを埋め込むサイト').fill('https://www.sakura-e2e.example');
    await p.getByRole('button', { name: '次へ' }).click();
    // Confirm: nothing was written before.
    await p.getByText('owner@sakura-e2e.example').waitFor();
    expect(await e2e.portal.db.query(`SELECT uuid FROM global_licence.partners WHERE name = 'さくら代理店株式会社'`)).toEqual([]);
    await p.screenshot({ path: join(e2e.shots, 'partner-wizard-confirm-ja.png'), fullPage: true });
    await p.getByRole('button', { name: '登録する' }).click();
    await p.waitForURL(/\/operator\/partners\/[0-9a-f-]{36}$/);
    await p.getByRole('heading', { name: 'さくら代理店株式会社' }).waitFor();
    expect(await e2e.portal.db.query(`SELECT grantable_contracts, is_primary FROM global_licence.partners WHERE name = 'さくら代理店株式会社'`))
      .toEqual([{ grantable_contracts: 'reseller', is_primary: false }]); // not primary unless switched on (issue 25 item 7)
    await mailTo(e2e.portal, 'owner@sakura-e2e.example', /\/invite\//);

    // Client registration switched off on the info page (its own card, the wizard's fields).
    const registration = p.getByRole('region', { name: 'クライアント登録' });
    await registration.getByText('有効', { exact: true }).waitFor();
    await registration.getByRole('button', { name: '編集' }).click();
    await registration.getByRole('switch', { name: /クライアントを自社で登録する/ }).click({ force: true });
    await registration.getByRole('button', { name: '保存' }).click();
    await registration.getByText('無効', { exact: true }).waitFor();
    expect(await e2e.portal.db.query(`SELECT client_registration, form_origins FROM global_licence.partners WHERE name = 'さくら代理店株式会社'`))
      .toEqual([{ client_registration: false, form_origins: ['https://www.sakura-e2e.example'] }]);

    // The list shows it.
    await p.goto(`${e2e.origin}/operator/partners`);
    await p.getByRole('link', { name: 'さくら代理店株式会社' }).click();

    // Suspend, confirmed in a dialog.
    await p.getByRole('button', { name: '停止する' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText(/直ちにログアウトされ/).waitFor();
    await dialog.getByRole('button', { name: '停止する' }).click();
    await dialog.waitFor({ state: 'detached' });
    await p.getByText('停止中').first().waitFor();
    await p.getByRole('button', { name: '再開する' }).waitFor();
    expect(await e2e.portal.db.query(`SELECT status FROM global_licence.partners WHERE name = 'さくら代理店株式会社'`)).toEqual([{ status: 'suspended' }]);
    await p.screenshot({ path: join(e2e.shots, 'partner-info-suspended-ja.png'), fullPage: true });

    // At phone width the list is one card per partner and nothing scrolls sideways.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${e2e.origin}/operator/partners`);
    await phone.getByRole('listitem').filter({ hasText: 'さくら代理店株式会社' }).getByText('停止中').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(e2e.shots, 'partners-phone-ja.png'), fullPage: true });
    // The partner's info page and the wizard fit too.
    await phone.getByRole('link', { name: 'さくら代理店株式会社' }).click();
    await phone.getByRole('heading', { name: 'さくら代理店株式会社' }).waitFor();
    await phone.getByText('owner@sakura-e2e.example').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.screenshot({ path: join(e2e.shots, 'partner-info-phone-ja.png'), fullPage: true });
    await phone.goto(`${e2e.origin}/operator/partners/new`);
    await phone.getByRole('button', { name: '次へ' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });

  it('the operator support-logs into the demo partner and sets its client in-house there (issue 14)', async () => {
    const partnerUuid = '0b9f3c5e-7a1d-4c2e-9f00-000000000001';
    const p = await logIn(e2e, 'operator@example.com', 'Operator#2026', { target: `/operator/partners/${partnerUuid}`, locale: 'ja-JP' });
    await p.getByRole('heading', { name: 'デモ代理店株式会社' }).waitFor();
    await p.getByRole('button', { name: '代理ログイン' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByText(/パートナー管理画面を新しいタブで開き/).waitFor();
    const [tab] = await Promise.all([p.context().waitForEvent('page'), dialog.getByRole('button', { name: 'パートナー管理画面を開く' }).click()]);
    await tab.waitForURL(/\/partner\/clients$/);
    await tab.getByText('デモ代理店株式会社のパートナー管理画面をサポートとして操作しています。作業が終わったらログアウトしてください。').waitFor();
    await tab.getByRole('link', { name: 'デモ商事株式会社' }).click();
    await tab.getByRole('heading', { name: 'デモ商事株式会社' }).waitFor();
    await field(tab, 'ライセンス種別').first().click();
    await tab.getByRole('option', { name: '社内利用' }).click();
    await tab.getByText('ライセンス種別を変更しました。').waitFor();
    expect(await e2e.portal.db.query(`SELECT licence_type FROM jpn_licence.clients WHERE uuid = '0b9f3c5e-7a1d-4c2e-9f00-000000000101'`)).toEqual([{ licence_type: 'in_house' }]);
    await tab.screenshot({ path: join(e2e.shots, 'partner-support-in-house-ja.png'), fullPage: true });
    await p.context().close();
  });
});
