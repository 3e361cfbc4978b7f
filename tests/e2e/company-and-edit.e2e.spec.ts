import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { formatDateTime } from '@portal/proto';
import { fillLogin, launchBrowser } from '../support/browser.js';
import { mailTo } from '../support/agent.js';
import { ROOT } from '../../scripts/lib/root.js';

const JA = { email: 'メールアドレス', password: 'パスワード', privacy: 'プライバシーポリシーに同意する', button: 'ログイン' };
const EN = { email: 'Email address', password: 'Password', privacy: 'I agree to the privacy policy', button: 'Log in' };

/**
 * Issue 4 end to end: account edit with the email link, and company information with a cropped
 * logo; issue 8: names in the host region's order and times in its zone, on the Japanese and the
 * US host.
 */
describe('account edit and company information in Chromium', () => {
  let portal: TestPortal;
  let browser: Browser;
  let port: string;
  const shots = join(ROOT, 'test-results', 'screenshots');
  const field = (p: Page, label: string) => p.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

  async function login(host: string, email: string, password: string, target: string, labels: { email: string; password: string; privacy: string; button: string }) {
    // A browser in a third zone: no page may show its times in the browser's zone.
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Europe/Berlin' })).newPage();
    await page.goto(`http://${host}:${port}/login?targetUrl=${encodeURIComponent(target)}`);
    await fillLogin(page, email, password, labels);
    await page.waitForURL(new RegExp(`${target.replace(/[?]/g, '\\?')}$`));
    return page;
  }

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', web: true });
    port = new URL(portal.url).port;
    browser = await launchBrowser(['portal.example.jp', 'portal.example.com']);
    mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
  });

  it('changes an account\'s email: the link in the mail applies it and shows the success page', async () => {
    const owner = await login('portal.example.jp', 'owner@example.com', 'Owner#2026', '/user/list', JA);
    const row = owner.getByRole('row').filter({ hasText: 'user@example.com' });
    await row.getByRole('button', { name: '操作' }).click();
    await owner.getByRole('menuitem', { name: '編集' }).click();
    await owner.waitForURL(/\/user\/update\?uuid=/);
    await field(owner, 'メールアドレス').fill('moved@example.com');
    await owner.screenshot({ path: join(shots, 'user-edit-ja.png'), fullPage: true });
    await owner.getByRole('button', { name: '保存' }).click();
    await owner.waitForURL(/\/user\/list$/);
    await owner.getByRole('table').getByText('メール変更中').waitFor();
    // The pending address shows under the current one.
    await owner.getByText('moved@example.com に変更中').waitFor();
    await owner.screenshot({ path: join(shots, 'user-list-pending-ja.png'), fullPage: true });

    const link = (await mailTo(portal, 'moved@example.com', /account_mail_update/)).text.match(/(http\S+account_mail_update\/\S+)/)![1]!;
    const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await visitor.goto(link.replace(/^http:\/\/[^/]+/, `http://portal.example.jp:${port}`));
    await visitor.getByText('メールアドレスを変更しました').waitFor();
    await visitor.getByText('今後はmoved@example.comでログインしてください。').waitFor();
    await visitor.screenshot({ path: join(shots, 'mailchange-success-ja.png'), fullPage: true });
    expect(await portal.db.query("SELECT status FROM jpn_identity.accounts WHERE email = 'moved@example.com'")).toEqual([{ status: 'active' }]);
  });

  it('saves company information with a logo cropped in the browser and checked on the server', async () => {
    const owner = await login('portal.example.com', 'owner-us@example.com', 'OwnerUs#2026', '/company', EN);
    await field(owner, 'Phone number').fill('+1 415 555 0100');
    await field(owner, 'Address').fill('1 Market Street, San Francisco');
    await field(owner, 'Industry').first().click();
    await owner.getByRole('option', { name: 'IT and software' }).click();
    // A logo too small is refused in the browser with the spec's message.
    const tiny = await sharp({ create: { width: 120, height: 120, channels: 3, background: '#1c7ed6' } }).png().toBuffer();
    await owner.locator('input[type=file]').setInputFiles({ name: 'tiny.png', mimeType: 'image/png', buffer: tiny });
    await owner.getByText('The logo is too small: each side must be at least 160 pixels.').waitFor();
    const logo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#e8590c' } })
      .composite([{ input: Buffer.from('<svg width="900" height="600"><circle cx="450" cy="300" r="200" fill="#ffffff"/><circle cx="450" cy="300" r="60" fill="#1c7ed6"/></svg>') }])
      .png().toBuffer();
    await owner.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await owner.getByTestId('logo-preview').waitFor();
    await owner.screenshot({ path: join(shots, 'company-en.png'), fullPage: true });
    await owner.getByRole('button', { name: 'Save' }).click();
    await owner.getByText('Company information saved.').waitFor();
    const stored = (await portal.db.query<{ logo_data_url: string; logo_crop: unknown; industry: string }>(
      "SELECT logo_data_url, logo_crop, industry FROM usa_licence.clients WHERE company_name = 'Demo Corp.'"))[0]!;
    expect(stored.industry).toBe('it_software');
    // The crop box starts at the largest square in the middle of the 900 × 600 image (saved at 160 × 160).
    expect(stored.logo_crop).toEqual({ x: 150, y: 0, size: 600 });
    const png = Buffer.from(stored.logo_data_url.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(png).metadata()).toMatchObject({ width: 160, height: 160, format: 'png' });
    await owner.screenshot({ path: join(shots, 'company-saved-en.png'), fullPage: true });
  });

  /** Chromium may write a narrow no-break space before AM/PM; compare the words. */
  const words = (text: string) => text.replace(/\s+/g, ' ').trim();
  const zones = [
    { host: 'portal.example.jp', email: 'owner@example.com', password: 'Owner#2026', shard: 'jpn', name: '山田一郎', zone: 'Asia/Tokyo', suffix: /JST$/, language: 'ja-jp', labels: JA, menu: 'ユーザーメニュー', shot: 'ja' },
    { host: 'portal.example.com', email: 'owner-us@example.com', password: 'OwnerUs#2026', shard: 'usa', name: 'Alex Smith', zone: 'America/New_York', suffix: /E[SD]T$/, language: 'en-us', labels: EN, menu: 'User menu', shot: 'en-us' },
  ] as const;
  for (const c of zones) {
    it(`${c.host}: the header writes ${c.name}; the log and the sessions show one login at one time, in ${c.zone}`, async () => {
      const page = await login(c.host, c.email, c.password, '/log/list', c.labels);
      await page.getByRole('button', { name: c.menu }).getByText(c.name).waitFor();
      const newest = async (sql: string) => {
        for (let i = 0; i < 50; i++) {
          const rows = await portal.db.query<{ at: Date }>(sql, [c.email]);
          if (rows[0]) return rows[0].at;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`nothing for ${sql}`);
      };
      const login_ = await newest(`SELECT l.occurred_at AS at FROM ${c.shard}_usage_log.operation_logs l JOIN ${c.shard}_identity.accounts a ON a.uuid::text = l.account_uuid
        WHERE l.operation = 'login' AND a.email = $1 AND l.occurred_at > now() - interval '1 minute' ORDER BY l.occurred_at DESC LIMIT 1`);
      const session = await newest(`SELECT s.created_at AS at FROM ${c.shard}_identity.sessions s JOIN ${c.shard}_identity.accounts a ON a.uuid = s.account_uuid
        WHERE a.email = $1 ORDER BY s.created_at DESC LIMIT 1`);
      // The log's login and the session's start are the same instant, give or take the write.
      expect(Math.abs(session.getTime() - login_.getTime())).toBeLessThan(5_000);
      const logged = words(formatDateTime(login_, { language: c.language, timeZone: c.zone }));
      expect(logged).toMatch(c.suffix);
      await page.reload();
      await page.getByText(c.zone).first().waitFor();
      await page.getByRole('cell', { name: new RegExp(c.suffix.source) }).first().waitFor();
      expect((await page.getByRole('cell', { name: new RegExp(c.suffix.source) }).allInnerTexts()).map(words)).toContain(logged);
      await page.screenshot({ path: join(shots, `operation-log-zone-${c.shot}.png`), fullPage: true });
      await page.goto(`http://${c.host}:${port}/profile`);
      await page.getByRole('cell', { name: new RegExp(c.suffix.source) }).first().waitFor();
      const cells = (await page.getByRole('cell', { name: new RegExp(c.suffix.source) }).allInnerTexts()).map(words);
      expect(cells).toContain(words(formatDateTime(session, { language: c.language, timeZone: c.zone })));
      await page.screenshot({ path: join(shots, `profile-zone-${c.shot}.png`), fullPage: true });
      await page.context().close();
    });
  }

  it('lists the operation log with names, filters it by account and exports it as CSV; the profile edits the name', async () => {
    const owner = await login('portal.example.jp', 'owner@example.com', 'Owner#2026', '/profile', JA);
    await field(owner, '姓').fill('山田');
    await field(owner, '名').fill('一郎太');
    await owner.getByRole('button', { name: '保存' }).click();
    await owner.getByText('保存しました。').waitFor();
    await owner.screenshot({ path: join(shots, 'profile-ja.png'), fullPage: true });

    await owner.goto(`http://portal.example.jp:${port}/log/list`);
    await owner.getByRole('table').getByText('プロフィール変更').first().waitFor();
    await owner.getByText('名：一郎 → 一郎太').first().waitFor();
    await owner.getByText('山田一郎太').first().waitFor();
    await owner.getByLabel('対象操作').selectOption('profile');
    // Only the profile's target operation remains (no login rows).
    await expect.poll(() => owner.getByRole('cell', { name: 'ログイン', exact: true }).count(), { timeout: 10_000 }).toBe(0);
    await field(owner, 'アカウント').first().click();
    await owner.getByRole('option', { name: '山田一郎太 (owner@example.com)' }).click();
    await owner.screenshot({ path: join(shots, 'operation-log-ja.png'), fullPage: true });
    const download = owner.waitForEvent('download');
    await owner.getByRole('button', { name: 'CSVエクスポート' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^operation_log_\d{8}\.csv$/);
    const text = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8'); // path() is local-browser only
    expect(text.split('\r\n')[0]).toBe('\uFEFF日時（Asia/Tokyo）,アカウント,メールアドレス,対象操作,操作,詳細');
    // The same words as the page, not JSON.
    expect(text).toContain('プロフィール,プロフィール変更,名：一郎 → 一郎太');
    expect(text).not.toContain('ログイン,ログイン');
    expect(text).not.toContain('admin@example.com');
  });
});

