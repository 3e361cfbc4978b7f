import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { renderMessage } from '@portal/proto';
import { mailTo } from '../support/agent.js';
import { field, logIn, usePartnerSite, useBrowserPortal } from '../support/browser.js';

/**
 * Issue 14's journey across its three slices, in Chromium: an operator creates a partner; the
 * partner (from its invitation) places its registration form on its own site, served from another
 * origin, where a company registers; the operator finds that client, suspends it, and its owner
 * (who accepted the invitation the registration sent) can no longer log in.
 */
describe('back office journey in Chromium', () => {
  const e2e = useBrowserPortal();
  // The partner's own site: another origin, a page with the code pasted in.
  const site = usePartnerSite('Agency');

  const logInAs = (email: string, password: string, target: string) => logIn(e2e, email, password, { target, locale: 'ja-JP' });

  /** Opens the invitation mailed to `email` and sets its password; answers the logged-in page. */
  async function acceptInvitation(email: string, password: string): Promise<Page> {
    const link = (await mailTo(e2e.portal, email, /\/invite\//)).text.match(/(http\S+\/invite\/\S+)/)![1]!;
    const p = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' })).newPage();
    await p.goto(link.replace(/^https?:\/\/[^/]+/, e2e.origin));
    await field(p, '新しいパスワード').fill(password);
    await field(p, '新しいパスワード（確認）').fill(password);
    const terms = p.getByText('利用規約に同意する');
    if (await terms.count()) await terms.click();
    await p.getByText('プライバシーポリシーに同意する').click();
    await p.getByRole('button', { name: /パスワードを設定/ }).click();
    await p.waitForURL((url) => !url.pathname.startsWith('/invite'));
    return p;
  }

  it('operator creates a partner → its form on another origin registers a client → the operator suspends it → its owner cannot log in', async () => {
    // 1. The operator creates a partner through the wizard.
    const operator = await logInAs('operator@example.com', 'Operator#2026', '/operator/partners/new');
    await operator.waitForURL(/\/operator\/partners\/new$/);
    await operator.getByLabel('販売代理', { exact: true }).check();
    await operator.getByRole('button', { name: '次へ' }).click();
    await field(operator, '会社名').fill('旅路代理店株式会社');
    await field(operator, '代表者名').fill('旅路 一郎');
    await field(operator, '電話番号').fill('03-5555-0001');
    await field(operator, '住所').fill('東京都中央区1-1');
    await field(operator, '最初のアカウントのメールアドレス').fill('agent@journey-e2e.example');
    await field(operator, '姓').fill('旅路');
    await field(operator, '名').fill('一郎');
    await operator.getByRole('button', { name: '次へ' }).click();
    await field(operator, '請求先会社名').fill('旅路代理店株式会社');
    await field(operator, '請求先メールアドレス').fill('billing@journey-e2e.example');
    await field(operator, '請求先電話番号').fill('0355550001');
    await field(operator, '請求先住所').fill('東京都中央区1-1');
    await operator.getByRole('button', { name: '次へ' }).click();
    await operator.getByLabel('登録フォームを埋め込むサイト').fill(site.origin);
    await operator.getByRole('button', { name: '次へ' }).click();
    await operator.getByText('agent@journey-e2e.example').waitFor();
    await operator.getByRole('button', { name: '登録する' }).click();
    await operator.getByRole('heading', { name: '旅路代理店株式会社' }).waitFor();

    // 2. The partner's first account accepts its invitation and takes its embed code.
    const partner = await acceptInvitation('agent@journey-e2e.example', 'Journey#2026agent');
    await partner.goto(`${e2e.origin}/operator/embed_code`);
    const origins = partner.getByLabel(/^フォームを設置するサイト/);
    await origins.waitFor();
    if ((await origins.inputValue()).trim() !== site.origin) {
      await origins.fill(site.origin);
      await partner.getByRole('button', { name: 'サイトを保存' }).click();
    }
    const code = partner.getByTestId('embed-snippet');
    await code.waitFor();
    site.snippet = (await code.textContent()) ?? '';
    expect(site.snippet).toContain(`${e2e.origin}/embed.js`);

    // 3. A company registers through the form on the partner's own site (another origin).
    const visitor = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' })).newPage();
    await visitor.goto(`${site.origin}/`);
    await visitor.getByRole('heading', { name: '企業登録' }).waitFor();
    await visitor.getByLabel('メールアドレス').fill('owner@journey-client.example');
    await visitor.getByLabel('会社名').fill('旅路経由商事株式会社');
    await visitor.getByLabel('電話番号').fill('03-5555-0002');
    await visitor.getByLabel('姓', { exact: true }).fill('経由');
    await visitor.getByLabel('名', { exact: true }).fill('花子');
    // Issue 25 item 6: both agreements, as at sign-up.
    await visitor.getByLabel('利用規約に同意します').check();
    await visitor.getByLabel('プライバシーポリシーに同意します').check();
    await visitor.getByRole('button', { name: '登録する' }).click();
    await visitor.getByText('ご登録ありがとうございます。受け付けました。招待メールをお送りします。').waitFor();
    await visitor.screenshot({ path: join(e2e.shots, 'journey-partner-site-ja.png'), fullPage: true });
    await visitor.context().close();

    // The client is in the new partner's scope: its client list shows it.
    await partner.goto(`${e2e.origin}/partner/clients`);
    await partner.getByText('旅路経由商事株式会社').first().waitFor();
    await partner.context().close();

    // 4. The client's owner accepts the invitation the registration sent, and can work.
    const owner = await acceptInvitation('owner@journey-client.example', 'Journey#2026owner');
    await owner.context().close();

    // 5. The operator finds the client and suspends it, confirmed in a dialog.
    await operator.goto(`${e2e.origin}/operator/clients`);
    await operator.getByRole('link', { name: '旅路経由商事株式会社' }).click();
    await operator.getByRole('heading', { name: '旅路経由商事株式会社' }).waitFor();
    await operator.getByText('旅路代理店株式会社').first().waitFor();
    await operator.getByRole('button', { name: '停止' }).click();
    const dialog = operator.getByRole('dialog', { name: 'このクライアントを停止しますか？' });
    await dialog.getByRole('button', { name: '停止' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await operator.getByRole('button', { name: '再開' }).first().waitFor();
    await operator.screenshot({ path: join(e2e.shots, 'journey-client-suspended-ja.png'), fullPage: true });
    await operator.context().close();

    // 6. Its owner can no longer log in.
    const refused = await logInAs('owner@journey-client.example', 'Journey#2026owner', '/product');
    await refused.getByText(renderMessage('ja-jp', 'login.inactive')).waitFor();
    expect(new URL(refused.url()).pathname).toBe('/login');
    await refused.context().close();
  });
});
