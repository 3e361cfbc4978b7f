import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useBrowserPortal, fillLogin } from '../support/browser.js';
import { expectAccessible } from '../support/axe.js';

/** Issue 10 item 9 end to end: the operator publishes terms in the rich-text editor; the login page links to them. */
describe('terms of use in Chromium', () => {
  const e2e = useBrowserPortal();

  it('publishes a new Japanese version in the tiptap editor; the login page links the terms and the public page shows them', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 1000 }, locale: 'ja-JP' });
    const p = await context.newPage();
    await p.goto(`${e2e.origin}/login?targetUrl=%2Foperator%2Fterms`);
    // The login page links to the current terms.
    await expectAccessible(p);
    expect(await p.getByRole('link', { name: '利用規約' }).getAttribute('href')).toBe('/terms');
    await fillLogin(p, 'operator@example.com', 'Operator#2026');
    await p.waitForURL(/\/operator\/terms$/);
    await p.getByRole('button', { name: '新しい版を作成' }).click();
    const editor = p.getByRole('textbox', { name: '規約本文' });
    await editor.click();
    await p.keyboard.type('第1条（目的）');
    await p.getByRole('button', { name: '太字' }).click();
    await p.keyboard.type(' 重要');
    await expectAccessible(p, 'new version');
    await p.screenshot({ path: join(e2e.shots, 'terms-editor-ja.png'), fullPage: true });
    await p.getByRole('button', { name: '公開', exact: true }).click();
    await p.getByRole('dialog').waitFor({ state: 'detached' });
    await p.getByText('第2版').waitFor();
    const [row] = await e2e.portal.db.query<{ content_html: string; version: number }>("SELECT content_html, version FROM global_licence.terms WHERE language = 'ja-jp' ORDER BY version DESC LIMIT 1");
    expect(row).toEqual({ version: 2, content_html: '<p>第1条（目的）<strong> 重要</strong></p>' });

    const visitor = await (await e2e.browser.newContext({ locale: 'ja-JP' })).newPage();
    await visitor.goto(`${e2e.origin}/terms`);
    await visitor.getByText('第2版（').waitFor();
    expect(await visitor.getByTestId('terms-content').innerHTML()).toBe('<p>第1条（目的）<strong> 重要</strong></p>');
    await expectAccessible(visitor);
    await visitor.screenshot({ path: join(e2e.shots, 'terms-public-ja.png'), fullPage: true });
    await context.close();
  });
});
