import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { mailTo } from '../support/agent.js';
import { useBrowserPortal } from '../support/browser.js';

/**
 * Issue 25, point 5 in Chromium: on the Japanese host an operator edits the demo client's company
 * on its behalf from the client info page: the client's form in a dialog, the confirmation with
 * old → new, the new value on the page at once, the owner's mail. Screenshots at 1280 and 390 px.
 */
describe('company info on the client\'s behalf in Chromium', () => {
  const host = 'portal.example.jp';
  const e2e = useBrowserPortal([host]);

  it('edits, confirms and shows the new phone number at 1280 and 390 px', async () => {
    for (const width of [1280, 390] as const) {
      const context = await e2e.browser.newContext({ viewport: { width, height: width === 1280 ? 900 : 844 } });
      const origin = `http://${host}:${e2e.port}`;
      const p = await context.newPage();
      await p.goto(`${origin}/login`);
      const status = await p.evaluate(async () => (await fetch('/v1/login', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'operator@example.com', password: 'Operator#2026', privacy_agreed: true }),
      })).status);
      expect(status).toBe(200);
      await p.goto(`${origin}/operator/clients/jpn/${DEMO_IDS.client}`);
      await p.getByRole('button', { name: '編集' }).first().click();
      const dialog = p.getByRole('dialog', { name: /企業情報の代理編集/ });
      const phone = dialog.getByLabel(/電話番号/);
      await phone.waitFor();
      const next = width === 1280 ? '03-5555-1280' : '03-5555-0390';
      await phone.fill(next);
      await p.screenshot({ path: join(e2e.shots, `client-on-behalf-form-ja-${width}.png`), fullPage: width === 1280 });
      await dialog.getByRole('button', { name: '保存', exact: true }).click();
      const confirm = dialog.getByTestId('on-behalf-confirm');
      await confirm.getByText(next).waitFor();
      if (width === 390) expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await p.screenshot({ path: join(e2e.shots, `client-on-behalf-confirm-ja-${width}.png`), fullPage: width === 1280 });
      await confirm.getByRole('button', { name: '変更を保存' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The page shows the new value without a reload.
      await p.getByText(next, { exact: true }).waitFor();
      await p.screenshot({ path: join(e2e.shots, `client-on-behalf-saved-ja-${width}.png`), fullPage: true });
      const mail = await mailTo(e2e.portal, 'owner@example.com', new RegExp(next));
      expect(mail.subject).toBe('企業情報が代理で変更されました');
      await context.close();
    }
  }, 120_000);
});
