import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_IDS } from '../../scripts/seed.js';
import { fillLogin, logIn, useBrowserPortal } from '../support/browser.js';
import { expectAccessible } from '../support/axe.js';

const OWNER_UUID = '0b9f3c5e-7a1d-4c2e-9f00-00000000a003';

/**
 * Issue 10 item 9 and issue 25 point 3 end to end on the Japanese host: the operator edits a new
 * version of the terms as a draft in the rich-text editor and publishes it as a major change; the
 * versions list shows it with the diff; the client owner is asked to agree after login, at 1280
 * and 390 px, and the agreement is recorded with the version.
 */
describe('terms of use in Chromium', () => {
  const e2e = useBrowserPortal();
  const inViewport = async (p: Page, name: string, width: number) => {
    const box = await p.getByRole('button', { name, exact: true }).first().boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  };

  it('publishes a new version from a draft, lists the versions with the diff, and asks the client to agree after login', async () => {
    // The demo owner agreed to version 1 when the company signed up.
    await e2e.portal.db.query(
      "INSERT INTO jpn_licence.agreements (client_uuid, account_uuid, kind, language, version, occasion) VALUES ($1, $2, 'terms', 'ja-jp', 1, 'signup')", [DEMO_IDS.client, OWNER_UUID]);
    const [v1] = await e2e.portal.db.query<{ content_html: string }>("SELECT content_html FROM global_licence.terms WHERE language = 'ja-jp' AND version = 1");

    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Foperator%2Fterms`);
    // The login page links to the current terms.
    await expectAccessible(p);
    expect(await p.getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/terms');
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/terms$/);

    // A draft of version 2 starts from the current text.
    await p.getByRole('button', { name: '新しい版を作成' }).click();
    const editor = p.getByRole('textbox', { name: '規約本文' });
    await editor.getByText('第3条（契約期間）').waitFor();
    await editor.getByText('最低契約期間は課金開始から12か月').click();
    await p.keyboard.press('End');
    await p.keyboard.press('Enter');
    await p.keyboard.type('第4条（解約）解約は当月末日までに申し出るものとします。');
    await p.getByRole('button', { name: '太字' }).click();
    await p.keyboard.type(' 重要');
    await expectAccessible(p, 'new version');
    await p.screenshot({ path: join(e2e.shots, 'terms-editor-ja.png'), fullPage: true });
    await p.getByRole('button', { name: '下書きを保存' }).click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    const draftRow = p.getByTestId('terms-row-ja-jp-2');
    await draftRow.getByText('下書き').waitFor();
    // Clients still read version 1.
    expect((await e2e.portal.db.query<{ published_at: Date | null }>("SELECT published_at FROM global_licence.terms WHERE language = 'ja-jp' AND version = 2"))[0]!.published_at).toBeNull();

    // Publishing asks whether the change is major or minor.
    await draftRow.getByRole('button', { name: '公開' }).click();
    const publish = p.getByRole('dialog');
    await publish.getByRole('radio', { name: /重要な変更/ }).check();
    await p.screenshot({ path: join(e2e.shots, 'terms-publish-ja.png') });
    await publish.getByRole('button', { name: '公開', exact: true }).click();
    await publish.waitFor({ state: 'detached' });
    await draftRow.getByText('現行').waitFor();
    await draftRow.getByText('重要な変更').waitFor();
    const rows = await e2e.portal.db.query<{ version: number; content_html: string; change: string | null }>(
      "SELECT version, content_html, change FROM global_licence.terms WHERE language = 'ja-jp' ORDER BY version");
    expect(rows[0]).toEqual({ version: 1, content_html: v1!.content_html, change: null });
    expect(rows[1]!.change).toBe('major');
    expect(rows[1]!.content_html).toContain('<p>第4条（解約）解約は当月末日までに申し出るものとします。<strong> 重要</strong></p>');
    await p.screenshot({ path: join(e2e.shots, 'terms-versions-1280.png'), fullPage: true });

    // The diff from version 1.
    await draftRow.getByRole('button', { name: '表示・差分' }).click();
    const view = p.getByRole('dialog');
    await view.getByTestId('terms-diff').locator('ins').first().waitFor();
    expect(await view.getByTestId('terms-diff').locator('ins').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('解約')]));
    await p.screenshot({ path: join(e2e.shots, 'terms-diff-1280.png') });
    await context.close();

    // The versions list at 390 px: the row actions are on screen.
    const phone = await logIn(e2e, 'operator@example.com', 'Operator#2026', { target: '/operator/terms', width: 390, height: 844, locale: 'ja-JP' });
    await phone.getByTestId('terms-row-ja-jp-2').waitFor();
    await inViewport(phone, '表示・差分', 390);
    await phone.screenshot({ path: join(e2e.shots, 'terms-versions-390.png'), fullPage: true });
    await phone.context().close();

    // The owner is asked after login: at 390 px first (not agreeing), then at 1280 px.
    const owner390 = await logIn(e2e, 'owner@example.com', 'Owner#2026', { width: 390, height: 844, locale: 'ja-JP' });
    const gate390 = owner390.getByRole('dialog', { name: '規約が改定されました' });
    await gate390.getByTestId('revised-terms-content').waitFor();
    await inViewport(owner390, '同意して続ける', 390);
    await owner390.screenshot({ path: join(e2e.shots, 'terms-agreement-390.png') });
    await owner390.context().close();

    const owner = await logIn(e2e, 'owner@example.com', 'Owner#2026', { width: 1280, height: 900, locale: 'ja-JP' });
    const gate = owner.getByRole('dialog', { name: '規約が改定されました' });
    await gate.getByTestId('revised-terms-content').waitFor();
    await owner.screenshot({ path: join(e2e.shots, 'terms-agreement-1280.png') });
    await gate.getByRole('button', { name: '同意済みの第1版からの変更点を表示' }).click();
    await gate.getByTestId('terms-diff').locator('ins').first().waitFor();
    await owner.screenshot({ path: join(e2e.shots, 'terms-agreement-diff-1280.png') });
    await gate.getByRole('button', { name: '同意して続ける' }).click();
    await gate.getByText('改定後の内容に同意する場合はチェックを入れてください。').waitFor();
    await gate.getByText('改定後の内容を確認し、同意します').click();
    await gate.getByRole('button', { name: '同意して続ける' }).click();
    await gate.waitFor({ state: 'detached' });
    const agreed = await e2e.portal.db.query<{ version: number; occasion: string }>(
      "SELECT version, occasion FROM jpn_licence.agreements WHERE account_uuid = $1 AND kind = 'terms' ORDER BY agreed_at DESC LIMIT 1", [OWNER_UUID]);
    expect(agreed).toEqual([{ version: 2, occasion: 'update' }]);
    await owner.reload();
    await owner.waitForLoadState('networkidle');
    expect(await owner.getByRole('dialog', { name: '規約が改定されました' }).count()).toBe(0);
    await owner.context().close();

    const visitor = await (await e2e.browser.newContext({ locale: 'ja-JP' })).newPage();
    await visitor.goto(`${e2e.origin}/terms`);
    await visitor.getByText('第2版（').waitFor();
    expect(await visitor.getByTestId('terms-content').innerHTML()).toContain('第4条（解約）');
    await expectAccessible(visitor);
    await visitor.screenshot({ path: join(e2e.shots, 'terms-public-ja.png'), fullPage: true });
    await visitor.context().close();
  });
});
