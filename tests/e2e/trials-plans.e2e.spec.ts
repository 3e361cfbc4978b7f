import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerPayment } from '../support/payment.js';
import { Agent, mailTo } from '../support/agent.js';
import { logIn, useBrowserPortal, walkWidths } from '../support/browser.js';
import { expectAccessible, walkMenu } from '../support/axe.js';

/**
 * Issue 22, points 3, 4 and 11 in Chromium: the services list's tabs and "more" view reach every
 * product and a trial started there shows without a reload; a client under review opening a plan
 * page lands on /plan/underreview and withdraws its application there; /plan/list at 390 and
 * 1280 px on the Japanese, US and Thai hosts (price excluding tax, dates, cancel in reach).
 */
describe('trials, the application under review and the plan list in Chromium (issue 22)', () => {
  const e2e = useBrowserPortal(['portal.example.jp', 'portal.example.com', 'th.portal.example.com']);
  const PASSWORD = 'Trial#2026x';

  /** A company that signs up now on the Japanese host. */
  async function signUp(email: string, company: string): Promise<void> {
    const owner = new Agent(e2e.portal);
    expect((await owner.call('POST', '/v1/signup/temporary', { email, terms_agreed: true })).body.result.access_status.code).toBe(20000);
    const token = (await mailTo(e2e.portal, email, /signup\//)).text.match(/signup\/([\w-]+)\/1/)![1]!;
    const done = await owner.call('POST', '/v1/client/register', {
      access_token: token, company_name: company, phone: '03-1234-5678', family_name: '試用', given_name: '花子',
      password: PASSWORD, password_confirm: PASSWORD, terms_agreed: true, privacy_agreed: true,
      // The registration survey (spec §3 Client), required at full registration since issue 22 item 10.
      position: 'manager', division: 'marketing', industry: 'information_communications', sub_industry: 'software_it_services', employees: '31-50', budget: 'yen_1m_10m',
    });
    expect(done.body.result.access_status.code).toBe(20000);
    // The company's registration reaches the other services by events: let them arrive before logging in.
    await e2e.portal.settle();
  }

  /** A paid application (BowNow Pro) put under review through the API, by the owner logged in there. */
  async function applyForPro(email: string, company: string): Promise<string> {
    const owner = new Agent(e2e.portal);
    expect((await owner.login(email, PASSWORD)).status).toBe(200);
    // Issue 22: a paid plan needs billing info and a usable method first.
    await registerPayment(owner);
    const search = await owner.call('POST', '/v1/plan/corporateNumberSearch', { corporate_name: 'デモ商事株式会社' });
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    const found = search.body.result;
    const applied = await owner.call('POST', '/v1/plan/apply', {
      product: 'bownow', plan_id: 'bownow_pro', option_ids: [], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: company, search_id: found.search_id, corporate_number: found.candidates[0].corporate_number, representative: '試用 花子' },
    });
    expect(applied.body.result.status).toBe('reviewing');
    return applied.body.result.application_id as string;
  }

  /** Nothing wider than the viewport (no page-level horizontal scroll). */
  async function fitsWidth(p: Page, width: number): Promise<void> {
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }

  it('the services list reaches every product through its tabs and "more" view; a trial started there shows without a reload', async () => {
    const email = 'e2e-tabs@example.jp';
    await signUp(email, 'タブ商事株式会社');
    // The phone first: the laptop then starts a trial, which leaves the available list.
    for (const width of [390, 1280]) {
      const p = await logIn(e2e, email, PASSWORD, { width, height: 900, target: '/product' });
      await p.waitForURL(/\/product$/);
      await p.getByRole('tab', { name: 'すべて' }).waitFor();
      await p.getByTestId('service-bownow').waitFor();
      expect(await p.getByTestId(/^service-/).count()).toBe(12);
      expect(await p.getByTestId('service-metabadge').count()).toBe(0);
      await p.getByRole('button', { name: 'ほかのサービス（3件）' }).click();
      for (const id of ['lpbuilder', 'crowdbooth', 'metabadge']) await p.getByTestId(`service-${id}`).waitFor();
      await fitsWidth(p, width);
      await p.screenshot({ path: join(e2e.shots, `services-more-ja-${width}.png`), fullPage: true });
      // A category tab reaches its own products (Metabadge is a fan-marketing one).
      await p.getByRole('tab', { name: 'ファンマーケティング' }).click();
      await p.getByTestId('service-metabadge').waitFor();
      await p.getByRole('tab', { name: 'すべて' }).click();

      if (width === 1280) {
        // Start LP Builder's trial from the "more" view: the list updates in place (no reload).
        await p.evaluate(() => { (window as unknown as { stayed: boolean }).stayed = true; });
        await p.getByRole('button', { name: 'ほかのサービス（3件）' }).click();
        await p.getByRole('button', { name: 'LP Builderの無料トライアル（7日間）を開始' }).click();
        const dialog = p.getByRole('dialog');
        await dialog.getByText('利用規約に同意する').click();
        await dialog.getByRole('button', { name: '開始する' }).click();
        await dialog.waitFor({ state: 'detached' });
        await p.getByTestId('service-lpbuilder').getByText(/までトライアル/).waitFor();
        // The account's own list gets it too once identity has given the owner the product, still without a reload.
        await p.getByTestId('product-lpbuilder').waitFor();
        expect(await p.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
        await p.screenshot({ path: join(e2e.shots, 'services-trial-started-ja-1280.png'), fullPage: true });
      }
      await p.context().close();
    }
  }, 120_000);

  it('a client under review opening a plan page lands on /plan/underreview and withdraws its application there (1280 and 390)', async () => {
    const email = 'e2e-withdraw@example.jp';
    await signUp(email, '撤回商事株式会社');
    for (const [width, target] of [[1280, '/plan/update'], [390, '/plan/options']] as const) {
      await applyForPro(email, '撤回商事株式会社');
      const p = await logIn(e2e, email, PASSWORD, { width, height: 900, target });
      await p.waitForURL(/\/plan\/underreview$/);
      const facts = p.getByTestId('pending-application');
      await facts.getByText('プロプラン').waitFor();
      await facts.getByText('BowNow').waitFor();
      await fitsWidth(p, width);
      await p.screenshot({ path: join(e2e.shots, `plan-underreview-ja-${width}.png`), fullPage: true });
      await p.getByRole('button', { name: 'お申し込みを取り下げる' }).click();
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('button', { name: '取り下げる' }).click();
      await p.waitForURL(/\/plan\/list$/);
      await p.getByRole('link', { name: 'プランを変更' }).waitFor();
      await p.context().close();
    }
    await e2e.portal.settle();
    const subject = 'プランのお申し込みを取り下げました（BowNow）';
    expect(e2e.portal.mailbox.messages({ to: email }).filter((m) => m.subject === subject)).toHaveLength(2);
    expect(await e2e.portal.db.query("SELECT count(*)::int AS n FROM jpn_usage_log.operation_logs WHERE operation = 'plan_application_withdrawn'")).toEqual([{ n: 2 }]);
  }, 120_000);

  it('an admin is not offered plan change and reads the explanation a user reads, on the list and at the first step', async () => {
    const explanation = 'プランの変更はオーナーのみが行えます。オーナーにご依頼ください。';
    const p = await logIn(e2e, 'admin@example.com', 'Admin#2026', { target: '/plan/list' });
    await p.waitForURL(/\/plan\/list$/);
    await p.getByText(explanation).waitFor();
    expect(await p.getByRole('link', { name: 'プランを変更' }).count()).toBe(0);
    await p.goto(`${e2e.origin}/plan/update`);
    await p.getByText(explanation).waitFor();
    expect(await p.getByRole('button', { name: '次へ' }).count()).toBe(0);
    await p.screenshot({ path: join(e2e.shots, 'plan-update-admin-ja.png'), fullPage: true });
    // Issue 26: the admin's every menu page, checked by axe.
    await walkMenu(p);
    await p.context().close();
  }, 240_000);

  it('/plan/list and /product at 1280 and 390 px on the Japanese, US and Thai hosts: price excluding tax, dates and the cancel action in reach', async () => {
    // The Thai company: a trial and an allowed paid plan, so that its list has both.
    const th = new Agent(e2e.portal, { host: 'th.portal.example.com' });
    await th.login('owner-th@example.com', 'OwnerTh#2026');
    expect((await th.call('POST', '/v1/product/start', { product: 'cocoar', kind: 'trial', terms_agreed: true })).status).toBe(200);
    await registerPayment(th, null);
    const applied = await th.call('POST', '/v1/plan/apply', {
      product: 'bownow', plan_id: 'bownow_entry', option_ids: [], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: 'Thai Demo Co., Ltd.', representative: 'Somchai Jaidee' },
    });
    expect(applied.body.result.status).toBe('reviewing');
    const operator = new Agent(e2e.portal);
    await operator.login('operator@example.com', 'Operator#2026');
    expect((await operator.call('POST', '/v1/operator/plan_applications/allow', { id: applied.body.result.application_id, region: 'tha' })).status).toBe(200);

    const accounts = [
      { region: 'ja', email: 'owner@example.com', password: 'Owner#2026', host: 'portal.example.jp', excl: '（税抜）', trial: 'ActiBook' },
      { region: 'us', email: 'owner-us@example.com', password: 'OwnerUs#2026', host: 'portal.example.com', excl: '(excl. tax)', trial: null },
      { region: 'th', email: 'owner-th@example.com', password: 'OwnerTh#2026', host: 'th.portal.example.com', excl: '(ไม่รวมภาษี)', trial: 'COCOAR' },
    ];
    for (const [index, a] of accounts.entries()) {
      for (const width of walkWidths(index)) {
        const p = await logIn(e2e, a.email, a.password, { width, height: 900, target: '/plan/list' });
        await p.waitForURL(new RegExp(`^http://${a.host.replace(/\./g, '\\.')}:\\d+/plan/list$`));
        const contract = p.getByTestId(/^contract-/).first();
        await contract.waitFor();
        if (a.trial) await p.getByTestId(/^trial-/).getByText(a.trial).waitFor();
        if (width === 390) {
          expect(await p.getByRole('table').count()).toBe(0);
          // The card's price says it excludes tax; its cancel action is within the screen.
          await contract.getByText(a.excl).waitFor();
          const cancel = contract.getByRole('button').last();
          const box = await cancel.boundingBox();
          expect(box).not.toBeNull();
          expect(box!.x + box!.width).toBeLessThanOrEqual(390);
        } else {
          await p.getByRole('columnheader', { name: new RegExp(a.excl.replace(/[()（）]/g, '.')) }).waitFor();
        }
        await fitsWidth(p, width);
        await expectAccessible(p);
        await p.screenshot({ path: join(e2e.shots, `plan-list-${a.region}-${width}.png`), fullPage: true });

        await p.goto(`http://${a.host}:${e2e.port}/product`);
        await p.getByTestId(/^service-/).first().waitFor();
        await fitsWidth(p, width);
        await expectAccessible(p);
        await p.screenshot({ path: join(e2e.shots, `services-${a.region}-${width}.png`), fullPage: true });
        // Issue 26: the owner's every menu page, checked by axe, at 1280 px on the Japanese host (the
        // phone's open side menu is checked in the user's walk at 390 px; every host and width with
        // E2E_WALK=full); the other hosts' /plan/list and /product above.
        if ((index === 0 && width === 1280) || process.env.E2E_WALK === 'full') await walkMenu(p);
        await p.context().close();
      }
    }
  }, 360_000);
});
