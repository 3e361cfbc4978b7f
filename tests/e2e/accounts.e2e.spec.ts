import { join } from 'node:path';
import { expectAccessible } from '../support/axe.js';
import { press, skipToContent, tick, typeInto } from '../support/keyboard.js';
import { describe, expect, it } from 'vitest';
import { field, useBrowserPortal, fillLogin } from '../support/browser.js';
import { mailTo } from '../support/agent.js';

/** Issue 4 end to end: the owner invites from the screen; the invitee accepts from the mail and logs in. */
describe('accounts in Chromium', () => {
  const e2e = useBrowserPortal();

  it('invites from the screen; the invitee sets a password from the mail and logs in', async () => {
    const owner = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await owner.goto(`${e2e.origin}/login?targetUrl=%2Fuser%2Finvite`);
    await fillLogin(owner, 'owner@example.com', 'Owner#2026');
    await owner.waitForURL(/\/user\/invite$/);
    await field(owner, 'メールアドレス').fill('newcomer@example.com');
    // The Japanese host asks the family name first.
    const names = owner.getByRole('textbox', { name: /^(姓|名)/ });
    expect(await names.evaluateAll((els) => els.map((el) => el.getAttribute('autocomplete')))).toEqual(['family-name', 'given-name']);
    await field(owner, '姓').fill('新人');
    await field(owner, '名').fill('花子');
    // The products the company holds, by name.
    await owner.getByRole('combobox', { name: 'サービス' }).click();
    await owner.getByRole('option', { name: 'ActiBook' }).click();
    await owner.keyboard.press('Escape');
    await owner.screenshot({ path: join(e2e.shots, 'user-invite-ja.png'), fullPage: true });
    await owner.getByRole('button', { name: '招待メールを送信' }).click();
    await owner.waitForURL(/\/user\/list$/);
    await owner.getByText('newcomer@example.com').waitFor();
    expect(await e2e.portal.db.query("SELECT family_name, given_name, products FROM jpn_identity.accounts WHERE email = 'newcomer@example.com'"))
      .toEqual([{ family_name: '新人', given_name: '花子', products: ['actibook'] }]);
    await owner.screenshot({ path: join(e2e.shots, 'user-list-ja.png'), fullPage: true });
    // Issue 26: the delete dialog, opened from the row's menu with the keyboard, is checked by axe;
    // cancelled with Esc, it gives focus back to the row's menu button.
    const rowMenu = owner.getByRole('button', { name: '操作: newcomer@example.com' });
    await rowMenu.focus();
    await owner.keyboard.press('Enter');
    await owner.getByRole('menu').waitFor();
    await expectAccessible(owner, 'row menu');
    await owner.getByRole('menuitem', { name: '削除' }).focus();
    await owner.keyboard.press('Enter');
    await owner.getByRole('dialog').waitFor();
    await expectAccessible(owner, 'delete dialog');
    await owner.keyboard.press('Escape');
    await owner.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => rowMenu.evaluate((el) => el === document.activeElement)).toBe(true);

    const link = (await mailTo(e2e.portal, 'newcomer@example.com', /invite\//)).text.match(/(http\S+invite\/\S+)/)![1]!;
    const invitee = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await invitee.goto(link.replace(/^http:\/\/[^/]+/, e2e.origin));
    await invitee.waitForLoadState('networkidle');
    await expectAccessible(invitee);
    // Issue 26: the invitation is accepted with the keyboard alone.
    await skipToContent(invitee, '本文へ移動');
    await typeInto(invitee, '新しいパスワード', 'Newcomer#2026');
    await typeInto(invitee, '新しいパスワード（確認）', 'Newcomer#2026');
    await tick(invitee, '利用規約に同意する');
    await tick(invitee, 'プライバシーポリシーに同意する');
    await press(invitee, 'パスワードを設定して開始');
    await invitee.waitForURL(/\/product$/);

    // The same link again: already accepted, with the way to the login (not "expired, ask again").
    const again = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    await again.goto(link.replace(/^http:\/\/[^/]+/, e2e.origin));
    await again.getByText('この招待はすでに承諾されています。メールアドレスとパスワードでログインしてください。').waitFor();
    expect(await again.getByText(/期限/).count()).toBe(0);
    await again.screenshot({ path: join(e2e.shots, 'invite-already-accepted-ja.png'), fullPage: true });
    await again.getByRole('link', { name: 'ログイン' }).click();
    await again.waitForURL(/\/login$/);

    const fresh = await (await e2e.browser.newContext()).newPage();
    await fresh.goto(`${e2e.origin}/login`);
    await fillLogin(fresh, 'newcomer@example.com', 'Newcomer#2026');
    await fresh.waitForURL(/\/product$/);
    expect((await fresh.context().cookies()).find((c) => c.name === 'level')?.value).toBe('9');
  });

  it('imports a CSV with one bad row: the good rows are invited and the bad one is listed', async () => {
    const owner = await (await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await owner.goto(`${e2e.origin}/login?targetUrl=%2Fuser%2Finvite_csv`);
    await fillLogin(owner, 'owner@example.com', 'Owner#2026');
    await owner.waitForURL(/\/user\/invite_csv$/);
    // The page documents the columns and offers the template.
    await owner.getByTestId('csv-columns').getByText('family_name').waitFor();
    const template = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'テンプレートをダウンロード' }).click();
    const templateText = Buffer.concat(await (await (await template).createReadStream()).toArray()).toString('utf8'); // path() is local-browser only
    expect(templateText).toBe('\uFEFFemail,family_name,given_name\r\nsample@example.com,山田,太郎\r\n');
    const csv = 'email,family_name,given_name\r\ncsv-a@example.com,CSV,A\r\nnot-an-email,CSV,B\r\ncsv-c@example.com,CSV,C\r\n';
    await owner.locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await owner.getByRole('button', { name: 'ファイルをチェック' }).click();
    await owner.getByText('チェック結果：2件を招待できます。1件にエラーがあります。', { exact: false }).waitFor();
    // The page's progress is the browser's own: Chromium reports the whole file sent (the page
    // then says the server is working) before the answer arrives.
    await owner.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { phases: string[] }).phases = seen;
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body?: Document | XMLHttpRequestBodyInit | null) {
        this.upload.addEventListener('progress', (e) => seen.push(`progress ${e.loaded}/${e.total}`));
        this.upload.addEventListener('load', () => seen.push('sent'));
        this.addEventListener('load', () => seen.push(`answered ${this.status}`));
        return send.call(this, body);
      };
    });
    await owner.getByRole('button', { name: 'インポートして招待' }).click();
    await owner.getByText('完了：2件を招待しました。1件にエラーがありました。', { exact: false }).waitFor();
    const phases = await owner.evaluate(() => (window as unknown as { phases: string[] }).phases);
    expect(phases.slice(-2)).toEqual(['sent', 'answered 200']);
    expect(phases.some((p) => /^progress (\d+)\/\1$/.test(p))).toBe(true);
    await owner.getByRole('cell', { name: 'not-an-email' }).waitFor();
    await owner.screenshot({ path: join(e2e.shots, 'invite-csv-ja.png'), fullPage: true });
    await mailTo(e2e.portal, 'csv-c@example.com', /invite\//);
    await mailTo(e2e.portal, 'owner@example.com', /not-an-email/);
  });
});
