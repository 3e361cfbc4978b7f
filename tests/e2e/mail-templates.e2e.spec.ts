import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserPortal, fillLogin } from '../support/browser.js';

/** Issue 12 (slice A) end to end, at phone width: the operator edits a system mail with the palette, previews it, saves it, and opens the mail log. */
describe('system mails in Chromium', () => {
  const e2e = useBrowserPortal();

  it('the operator edits the invitation mail at 390 px: palette, preview with sample data, save; then the mail log', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Foperator%2Fmails`);
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/mails$/);

    await p.getByRole('row', { name: /^招待/ }).getByRole('button', { name: '編集' }).click();
    const dialog = p.getByRole('dialog');
    await dialog.getByLabel(/^件名\s*\*?$/).fill('{{company}}へようこそ');
    const body = dialog.getByLabel(/^本文\s*\*?$/);
    await body.fill('[[header]]\n\n');
    await dialog.getByRole('button', { name: '{{inviter}}' }).click();
    await expect.poll(() => body.inputValue()).toBe('[[header]]\n\n{{inviter}}');
    await body.press('End');
    await body.pressSequentially(' さんからの招待です。');
    await dialog.getByRole('button', { name: 'プレビュー' }).click();
    const preview = dialog.getByTestId('mail-preview');
    await preview.getByText('Sample Co., Ltd.へようこそ').waitFor();
    await preview.getByText(/Alex Smith さんからの招待です。/).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'mail-template-edit-phone-ja.png') });
    // A test send goes to the operator's own address (prefilled), through the queue.
    await dialog.getByRole('button', { name: 'テスト送信' }).click();
    await p.getByText('テストメールを operator@example.com に送信しました。').waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await e2e.portal.db.query("SELECT subject, edited FROM global_notification.mail_template_versions WHERE template = 'invitation' AND language = 'ja-jp'"))
      .toEqual([{ subject: '{{company}}へようこそ', edited: true }]);
    await p.getByRole('row', { name: /^招待/ }).getByText('日本語').waitFor();

    await p.goto(`${e2e.origin}/operator/mail_log`);
    await p.getByRole('heading', { name: 'メール送信ログ' }).waitFor();
    const logged = p.getByTestId(/^mail-/).filter({ hasText: 'operator@example.com' });
    await logged.getByText('Sample Co., Ltd.へようこそ').waitFor();
    await logged.getByText('送信済み').waitFor();
    await p.screenshot({ path: join(e2e.shots, 'mail-log-phone-ja.png'), fullPage: true });
    // The list on a desktop, for a look.
    await p.setViewportSize({ width: 1440, height: 900 });
    await p.goto(`${e2e.origin}/operator/mails`);
    await p.getByRole('row', { name: /^招待/ }).waitFor();
    await p.screenshot({ path: join(e2e.shots, 'mail-templates-desktop-ja.png') });
    await context.close();
  });
});
