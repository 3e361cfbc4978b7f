import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { renderMessage } from '@portal/proto';
import { DEMO_IDS } from '../../scripts/seed.js';
import { field, fillLogin, useBrowserPortal, walkWidths } from '../support/browser.js';
import { mailTo } from '../support/agent.js';
import { expectAccessible } from '../support/axe.js';

const JA = { email: 'メールアドレス', password: 'パスワード', privacy: 'プライバシーポリシーに同意する', button: 'ログイン' };
const EN = { email: 'Email address', password: 'Password', privacy: 'I agree to the privacy policy', button: 'Log in' };
const TH = { email: 'อีเมล', password: 'รหัสผ่าน', privacy: 'ฉันยอมรับนโยบายความเป็นส่วนตัว', button: 'เข้าสู่ระบบ' };
const WIDTHS = [1280, 390] as const;

/** A Mantine Select's input by its label (its list of options is labelled by it too). */
const select = (p: Page, label: string) => field(p, label).and(p.locator('input'));
/** Chooses an option of a Mantine Select by the select's label. */
async function choose(p: Page, label: string, option: string) {
  await select(p, label).click();
  await p.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Issue 22 items 7, 9 and 10 in Chromium on the Japanese, US and Thai hosts at desktop and phone
 * width: the EU question at sign-up, the registration survey, the company page with the survey and
 * the postal code, the law page's link under the side menu, and the operator's GDPR mark.
 * Screenshots land in test-results/screenshots (eu-*, survey-*, company-survey-*).
 */
describe('EU rule, registration survey and company page in Chromium', () => {
  const e2e = useBrowserPortal(['portal.example.jp', 'portal.example.com', 'th.portal.example.com']);
  const at = (host: string) => `http://${host}:${e2e.port}`;
  const shot = async (p: Page, name: string) => {
    // From the top: a full-page capture of a scrolled page draws the fixed header in the middle.
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.screenshot({ path: join(e2e.shots, `${name}.png`), fullPage: true });
  };
  const open = async (width: number, locale: string) =>
    (await e2e.browser.newContext({ viewport: { width, height: width > 600 ? 900 : 844 }, locale })).newPage();
  async function login(host: string, email: string, password: string, target: string, labels: typeof EN, width = 1280) {
    const p = await open(width, labels === JA ? 'ja-JP' : labels === TH ? 'th-TH' : 'en-US');
    await p.goto(`${at(host)}/login?targetUrl=${encodeURIComponent(target)}`);
    await fillLogin(p, email, password, labels);
    await p.waitForURL(new RegExp(`${target}$`));
    return p;
  }

  it('asks the EU question at sign-up on the Thai host (not in Japan); "yes" shows the refusal', { timeout: 150_000 }, async () => {
    for (const width of WIDTHS) {
      const th = await open(width, 'th-TH');
      await th.goto(`${at('th.portal.example.com')}/user_signup_formonly`);
      await th.getByText(renderMessage('th-th', 'eu.question')).waitFor();
      await th.getByLabel(renderMessage('th-th', 'eu.answer_yes'), { exact: true }).check();
      await th.getByText(renderMessage('th-th', 'eu.registration_refused')).waitFor();
      await expectAccessible(th);
      await shot(th, `eu-signup-refused-th-${width}`);
      await th.context().close();

      const jp = await open(width, 'ja-JP');
      await jp.goto(`${at('portal.example.jp')}/user_signup_formonly`);
      await field(jp, 'メールアドレス').waitFor();
      expect(await jp.getByText(renderMessage('ja-jp', 'eu.question')).count()).toBe(0);
      await jp.context().close();
    }
  });

  it('asks it on the US host too; "no" goes on to full registration with the survey', { timeout: 150_000 }, async () => {
    const email = 'e2e-eu-no@example.com';
    const us = await open(1280, 'en-US');
    await us.goto(`${at('portal.example.com')}/user_signup_formonly`);
    await field(us, 'Email address').fill(email);
    await us.getByText('I agree to the terms of use and the privacy policy').click();
    await us.getByLabel('Yes', { exact: true }).check();
    await us.getByText(renderMessage('en-us', 'eu.registration_refused')).waitFor();
    expect(await us.getByRole('button', { name: 'Send the registration link' }).isDisabled()).toBe(true);
    await expectAccessible(us);
    await shot(us, 'eu-signup-refused-us-1280');
    await us.getByLabel('No', { exact: true }).check();
    await us.getByRole('button', { name: 'Send the registration link' }).click();
    await us.waitForURL(/\/temporalyregisterdone$/);

    const link = (await mailTo(e2e.portal, email, /signup\//)).text.match(/(http\S+signup\/\S+)/)![1]!;
    for (const width of WIDTHS) {
      const p = width === 1280 ? us : await open(width, 'en-US');
      await p.goto(link.replace(/^http:\/\/[^/]+/, at('portal.example.com')));
      await field(p, 'Company name').fill('Atlantic Widgets Inc.');
      await field(p, 'Phone number').fill('+1 212 555 0100');
      await field(p, 'Given name').fill('Jane');
      await field(p, 'Family name').fill('Doe');
      await choose(p, 'Position', 'Manager or executive');
      await choose(p, 'Division', 'Marketing');
      await choose(p, 'Industry', 'Retail and e-commerce');
      await choose(p, 'Sub-industry', 'Online retail');
      await choose(p, 'Number of employees', '11–30 people');
      await choose(p, 'Annual promotion budget', '50 – 100 hours');
      await expectAccessible(p);
      await shot(p, `survey-signup-us-${width}`);
      if (width !== 1280) await p.context().close();
    }
    await field(us, 'New password').fill('Widgets#2026');
    await field(us, 'Confirm the new password').fill('Widgets#2026');
    await us.getByText('I agree to the terms of use', { exact: true }).click();
    await us.getByText('I agree to the privacy policy', { exact: true }).click();
    await us.getByRole('button', { name: 'Start using' }).click();
    await us.waitForURL(/\/product$/);
    // Licence creates the client from identity's event (the outbox): a moment after the page.
    await expect.poll(async () => (await e2e.portal.db.query<Record<string, unknown>>(
      "SELECT position, division, industry, sub_industry, employees, budget, eu_declared_at IS NOT NULL AS declared FROM usa_licence.clients WHERE company_name = 'Atlantic Widgets Inc.'"))[0]).toEqual({ position: 'manager', division: 'marketing', industry: 'retail_ecommerce', sub_industry: 'ecommerce', employees: '11-30', budget: 'hours_50_100', declared: true });
    await us.context().close();
  });

  const owners = [
    { host: 'portal.example.jp', email: 'owner@example.com', password: 'Owner#2026', labels: JA, name: 'ja', zip: '100-0005', position: '役職', leader: '課長・リーダー', save: '保存', law: '特定商取引法に基づく表記' },
    { host: 'portal.example.com', email: 'owner-us@example.com', password: 'OwnerUs#2026', labels: EN, name: 'us', zip: '94105-1234', position: 'Position', leader: 'Team leader', save: 'Save', law: 'Legal notice (Specified Commercial Transactions Act)' },
    { host: 'th.portal.example.com', email: 'owner-th@example.com', password: 'OwnerTh#2026', labels: TH, name: 'th', zip: '10110', position: 'ตำแหน่ง', leader: 'หัวหน้าทีม', save: 'บันทึก', law: 'ประกาศตามกฎหมายว่าด้วยธุรกรรมการค้าเฉพาะ' },
  ] as const;
  for (const [index, o] of owners.entries()) {
    it(`${o.host}: edits the survey and the postal code on /company; the side menu links the law page`, async () => {
      for (const width of walkWidths(index)) {
        const p = await login(o.host, o.email, o.password, '/company', o.labels, width);
        await select(p, o.position).waitFor();
        if (width === 1280) {
          const law = p.getByRole('link', { name: o.law });
          expect(await law.getAttribute('href')).toBe('https://example.com/law');
          // The US demo company has no phone yet (its company page is filled in by the tests).
          if (o.name === 'us') await field(p, 'Phone number').fill('+1 415 555 0100');
          await choose(p, o.position, o.leader);
          await p.getByLabel(/郵便番号|Postal code|รหัสไปรษณีย์/).fill(o.zip);
          await p.getByRole('button', { name: o.save }).click();
          await p.getByRole('button', { name: o.save }).waitFor();
          await expect.poll(async () => (await e2e.portal.db.query<{ postal_code: string }>(
            `SELECT postal_code FROM ${o.name === 'ja' ? 'jpn' : o.name === 'us' ? 'usa' : 'tha'}_licence.clients WHERE postal_code = $1`, [o.zip])).length).toBe(1);
        }
        await shot(p, `company-survey-${o.name}-${width}`);
        await p.context().close();
      }
    });
  }

  it('lets an operator mark the US demo client as subject to GDPR; its owner\'s product login is then refused', async () => {
    for (const width of WIDTHS) {
      const op = await login('portal.example.jp', 'operator@example.com', 'Operator#2026', `/operator/clients/usa/${DEMO_IDS.usClient}`, JA, width);
      await op.getByRole('heading', { name: 'EUデータ保護規則' }).waitFor();
      if (width === 1280) {
        await op.getByRole('button', { name: 'GDPR適用対象に設定' }).click();
        const dialog = op.getByRole('dialog');
        await dialog.getByRole('button', { name: 'GDPR適用対象に設定' }).click();
        await dialog.waitFor({ state: 'detached' });
        await op.getByText('GDPR適用対象', { exact: true }).waitFor();
      }
      await shot(op, `eu-operator-mark-${width}`);
      await op.context().close();
    }
    const owner = await login('portal.example.com', 'owner-us@example.com', 'OwnerUs#2026', '/product', EN);
    await owner.getByRole('button', { name: 'Open BowNow' }).first().click();
    await owner.getByText(renderMessage('en-us', 'licence.eu_restricted')).first().waitFor();
    await shot(owner, 'eu-restricted-sso-us-1280');
    await owner.context().close();
  });
});
