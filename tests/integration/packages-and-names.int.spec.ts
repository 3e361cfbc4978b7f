import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@portal/service-common/clock';
import { defaultMigrationsDir, readMigrations } from '@portal/service-common/db/migrate';
import { singleDatabaseShardMap } from '@portal/service-common/db/shard-map';
import { renderMessage } from '@portal/proto';
import { repairContractItemNames } from '../../scripts/repair-contract-names.js';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { startTestPortal, type TestPortal } from '../support/harness.js';
import { BILLING_EN, registerPayment } from '../support/payment.js';

/** Hiragana, katakana or kanji anywhere in a text. */
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;

/**
 * Issue 22, points 5 and 6 through /v1: the plan master says which products a package plan grants
 * (operators edit it, with names per language), a package contract gives a live licence for each
 * granted product (SSO, the product list, the usage dashboards), and plan names reach a Thai
 * customer in Thai or English, never in Japanese. 10:00 JST on 2027-01-20: a change allowed now
 * applies from 2027-02-01.
 */
describe('packages and names in the customer\'s language (issue 22, points 5 and 6)', () => {
  let portal: TestPortal;
  let operator: Agent;
  const clock = new ManualClock(new Date('2027-01-20T10:00:00+09:00'));

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process', clock });
    operator = new Agent(portal);
    await operator.login('operator@example.com', 'Operator#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  const login = async (email: string, password: string, host?: string) => {
    const agent = new Agent(portal, host ? { host } : {});
    expect((await agent.login(email, password)).status).toBe(200);
    return agent;
  };
  const planRow = async (id: string) =>
    (await portal.db.query<{ grants: string[]; name: Record<string, string> }>('SELECT grants, name FROM global_licence.plans WHERE id = $1', [id]))[0];

  describe('point 5: packages', () => {
    const light = (extra: Record<string, unknown> = {}) => ({
      id: 'ccfme_light', product: 'ccfme', name: { 'ja-jp': 'メディアパック ライト', 'en-us': 'Media pack light', 'th-th': 'แพ็กสื่อ ไลต์' },
      type: 'plan', scheme: 'legacy', status: 'available', contract_kind: 'monthly', billing_type: 'fixed', amount_jpy: 20000, amount_usd: 19900,
      grants: ['actibook', 'cocoar'], ...extra,
    });

    it('an operator sets which products a package plan grants, with names per language; what cannot be sold is refused, changing nothing', async () => {
      const noEnglish = await operator.call('POST', '/v1/operator/plans', light({ name: { 'ja-jp': 'メディアパック ライト' } }));
      expect(noEnglish.status).toBe(422);
      expect(noEnglish.body.result.errors['name.en-us']).toEqual([renderMessage('ja-jp', 'plan.name_en_required')]);
      const nothing = await operator.call('POST', '/v1/operator/plans', light({ grants: [] }));
      expect(nothing.body.result.errors.grants).toEqual([renderMessage('ja-jp', 'plan.grants_required')]);
      // Sold in USD (overseas), it cannot grant a product not offered overseas.
      const overseas = await operator.call('POST', '/v1/operator/plans', light({ grants: ['actibook', 'cmp'] }));
      expect(overseas.body.result.errors.grants).toEqual([renderMessage('ja-jp', 'plan.grants_not_offered', { products: 'CMP' })]);
      // Only a package's plan grants products.
      const product = await operator.call('POST', '/v1/operator/plans', light({ id: 'actibook_bundle', product: 'actibook', grants: ['cocoar'] }));
      expect(product.body.result.errors.grants).toEqual([renderMessage('ja-jp', 'plan.grants_not_package')]);
      expect(await planRow('ccfme_light')).toBeUndefined();
      expect(await planRow('actibook_bundle')).toBeUndefined();

      const created = await operator.call('POST', '/v1/operator/plans', light());
      expect(created.body.result.access_status.code).toBe(20000);
      expect(created.body.result.plan).toMatchObject({ id: 'ccfme_light', product: 'ccfme', grants: ['actibook', 'cocoar'] });
      const edited = await operator.call('PUT', '/v1/operator/plans', {
        ...light({ grants: ['actibook', 'cocoar', 'lessar', 'cocoar'] }), expected_updated_at: created.body.result.plan.updated_at,
      });
      expect(edited.body.result.plan.grants).toEqual(['actibook', 'cocoar', 'lessar']);
      expect(await planRow('ccfme_light')).toEqual({
        grants: ['actibook', 'cocoar', 'lessar'], name: { 'ja-jp': 'メディアパック ライト', 'en-us': 'Media pack light', 'th-th': 'แพ็กสื่อ ไลต์' },
      });
      const listed = (await operator.call('GET', '/v1/operator/plans?product=ccfme')).body.result.plans as { id: string; grants: string[] }[];
      expect(listed.find((p) => p.id === 'ccfme_standard')!.grants).toEqual(['actibook', 'cocoar', 'lessar']);

      // The plan choice shows it with its products, in the customer's language.
      const thai = await login('owner-th@example.com', 'OwnerTh#2026', 'th.portal.example.com');
      const choice = (await thai.call('GET', '/v1/plan/base-list?product=ccfme')).body.result;
      expect(choice).toMatchObject({ product: 'ccfme', currency: 'USD' });
      expect(choice.plans.find((p: { id: string }) => p.id === 'ccfme_light')).toMatchObject({ name: 'แพ็กสื่อ ไลต์', amount: 19900, grants: ['actibook', 'cocoar', 'lessar'] });
      // A package plan granting products Japan alone offers is not offered overseas.
      const web = (await thai.call('GET', '/v1/plan/base-list?product=ccfwe')).body.result.plans.map((p: { id: string }) => p.id);
      expect(web).toEqual(['ccfwe_standard', 'ccfwe_premium']);
      const jp = await login('owner@example.com', 'Owner#2026');
      expect((await jp.call('GET', '/v1/plan/base-list?product=ccfwe')).body.result.plans.map((p: { id: string }) => p.id))
        .toEqual(['ccfwe_standard', 'ccfwe_premium', 'ccfwe_japan']);
    });

    it('a package contract gives a live licence for each product it grants, from its first day: SSO, the product list and the usage dashboards', async () => {
      const us = await login('owner-us@example.com', 'OwnerUs#2026', 'portal.example.com');
      // The US client holds neither IZANAI nor BlueMonkey.
      expect((await us.call('POST', '/v1/product/sso_login', { product: 'izanai' })).body.result.access_status.code).toBe(40400);
      const preview = (await us.call('POST', '/v1/plan/apply_info', { product: 'ccfwe', plan_id: 'ccfwe_standard', option_ids: [] })).body.result;
      expect(preview).toMatchObject({ product: 'ccfwe', plan_name: 'Standard plan', currency: 'USD', monthly_amount: 44900, grants: ['bownow', 'izanai', 'bluemonkey'] });
      await registerPayment(us, BILLING_EN);
      const applied = await us.call('POST', '/v1/plan/apply', {
        product: 'ccfwe', plan_id: 'ccfwe_standard', option_ids: [], terms_agreed: true, privacy_agreed: true,
        contract: { contract_kind: 'corporation', corporate_name: 'Demo Corp.', representative: 'Alex Smith' },
      });
      expect(applied.body.result.status).toBe('reviewing');
      const allowed = await operator.call('POST', '/v1/operator/plan_applications/allow', { id: applied.body.result.application_id, region: 'usa' });
      expect(allowed.body.result).toMatchObject({ status: 'allowed', effective_from: '2027-02-01', product: 'ccfwe' });
      await portal.settle();
      // Identity gave the applicant the products; the licence is not live before the contract's first day.
      const products = (await portal.db.query<{ products: string[] }>("SELECT products FROM usa_identity.accounts WHERE email = 'owner-us@example.com'"))[0]!.products;
      expect(products).toEqual(expect.arrayContaining(['bownow', 'izanai', 'bluemonkey']));
      expect((await us.call('POST', '/v1/product/sso_login', { product: 'izanai' })).body.result.access_status)
        .toEqual({ code: 40400, message: renderMessage('en-us', 'licence.not_held', { product: 'IZANAI' }) });

      clock.set(new Date('2027-02-01T10:00:00+09:00'));
      const later = await login('owner-us@example.com', 'OwnerUs#2026', 'portal.example.com');
      for (const product of ['izanai', 'bluemonkey']) {
        const sso = await later.call('POST', '/v1/product/sso_login', { product });
        expect({ product, code: sso.body.result.access_status.code }).toEqual({ product, code: 20000 });
        const dashboard = await later.call('POST', '/v1/logs/' + product, { from: '2027-01-01', to: '2027-01-31', unit: 'day' });
        expect({ product, status: dashboard.status }).toEqual({ product, status: 200 });
      }
      const list = (await later.call('GET', '/v1/product/list')).body.result.products as { id: string; plan: string }[];
      expect(list.filter((p) => ['izanai', 'bluemonkey'].includes(p.id))).toEqual([
        expect.objectContaining({ id: 'izanai', plan: 'paid' }), expect.objectContaining({ id: 'bluemonkey', plan: 'paid' }),
      ]);
      // The licence check identity asks (INTERNAL_ROUTES.licenceCheck) answers it as paid.
      expect((await later.call('GET', '/v1/client/products')).body.result.products).toEqual(expect.arrayContaining(['izanai', 'bluemonkey']));
      // A product the package does not grant stays closed.
      expect((await later.call('POST', '/v1/logs/creca', { from: '2027-01-01', to: '2027-01-31' })).status).toBe(404);
      const contracts = (await later.call('GET', '/v1/plan/client-list')).body.result.contracts as { product: string; status: string; grants: string[] }[];
      expect(contracts.find((c) => c.product === 'ccfwe')).toMatchObject({ status: 'active', grants: ['bownow', 'izanai', 'bluemonkey'] });
      const stored = await portal.db.query<{ grants: string[] }>("SELECT grants FROM usa_licence.contracts WHERE product = 'ccfwe'");
      expect(stored).toEqual([{ grants: ['bownow', 'izanai', 'bluemonkey'] }]);
      clock.set(new Date('2027-01-20T10:00:00+09:00'));
    });
  });

  describe('point 6: names in the customer\'s language', () => {
    const application = {
      product: 'bownow', plan_id: 'bownow_standard', option_ids: ['bownow_opt_crm_basic'], terms_agreed: true, privacy_agreed: true,
      contract: { contract_kind: 'corporation', corporate_name: 'บริษัท เดโม จำกัด', representative: 'Somchai Sukjai' },
    };

    it('previews a plan on the Thai host in Thai, or in English where the master has no Thai, never in Japanese', async () => {
      const thai = await login('owner-th@example.com', 'OwnerTh#2026', 'th.portal.example.com');
      const preview = (await thai.call('POST', '/v1/plan/apply_info', application)).body.result;
      expect(preview.plan_name).toBe('แผนมาตรฐาน');
      // The option has Japanese and English names only: English. The initial cost has a Thai name.
      expect(preview.items.map((i: { plan_id: string; name: string }) => [i.plan_id, i.name])).toEqual([
        ['bownow_standard', 'แผนมาตรฐาน'], ['bownow_opt_crm_basic', 'CRM link basic'], ['bownow_initial', 'ค่าแรกเข้า'],
      ]);
      expect(JSON.stringify(preview)).not.toMatch(JAPANESE);
      const choice = (await thai.call('GET', '/v1/plan/base-list?product=bownow')).body.result.plans;
      expect(choice.find((p: { id: string }) => p.id === 'bownow_standard')).toMatchObject({ name: 'แผนมาตรฐาน', initial_cost: { name: 'ค่าแรกเข้า' } });
      const options = (await thai.call('GET', '/v1/plan/option-list?product=bownow&plan_id=bownow_standard')).body.result.options;
      expect(JSON.stringify(options)).not.toMatch(JAPANESE);

      // A row whose Thai name an operator has not given (and an older one without English): English, else its id.
      await portal.db.query(`UPDATE global_licence.plans SET name = name - 'th-th' WHERE id = 'bownow_initial'`);
      await portal.db.query(`UPDATE global_licence.plans SET name = '{"ja-jp": "CRM連携ベーシック"}' WHERE id = 'bownow_opt_crm_basic'`);
      const fallback = (await thai.call('POST', '/v1/plan/apply_info', application)).body.result;
      expect(fallback.items.map((i: { name: string }) => i.name)).toEqual(['แผนมาตรฐาน', 'bownow_opt_crm_basic', 'Initial cost']);
      expect(JSON.stringify(fallback)).not.toMatch(JAPANESE);
      await portal.db.query(`UPDATE global_licence.plans SET name = '{"ja-jp": "CRM連携ベーシック", "en-us": "CRM link basic"}' WHERE id = 'bownow_opt_crm_basic'`);

      // The Japanese host still reads Japanese.
      const jp = await login('owner@example.com', 'Owner#2026');
      const japanese = (await jp.call('POST', '/v1/plan/apply_info', { ...application, plan_id: 'bownow_pro', option_ids: [] })).body.result;
      // The Japanese demo client already pays BowNow's initial cost: a plan change names it as not charged again (issue 22 point 2).
      expect(japanese.items.map((i: { name: string }) => i.name)).toEqual(['プロプラン']);
      expect(japanese.waived_initial_costs.map((i: { name: string }) => i.name)).toEqual(['初期費用']);
    });

    it('keeps every language of the items on the contract, and names them in Thai or English in the list and the mail', async () => {
      const thai = await login('owner-th@example.com', 'OwnerTh#2026', 'th.portal.example.com');
      await registerPayment(thai, BILLING_EN);
      const applied = await thai.call('POST', '/v1/plan/apply', application);
      expect(applied.body.result.status).toBe('reviewing');
      // The initial cost's snapshot has the master's languages (before, only the applicant's, holding the Japanese name).
      const items = await portal.db.query<{ plan_id: string; name: Record<string, string> }>(
        "SELECT i.plan_id, i.name FROM tha_licence.contract_items i JOIN tha_licence.contracts c ON c.id = i.contract_id WHERE c.client_uuid = $1 AND i.plan_id = 'bownow_initial'",
        [DEMO_IDS.thClient]);
      expect(items).toEqual([{ plan_id: 'bownow_initial', name: (await planRow('bownow_initial'))!.name }]);
      expect(items[0]!.name).toMatchObject({ 'ja-jp': '初期費用', 'en-us': 'Initial cost', 'vi-vn': 'Phí khởi tạo' });
      const contracts = (await thai.call('GET', '/v1/plan/client-list')).body.result;
      const contract = contracts.contracts.find((c: { plan_id: string }) => c.plan_id === 'bownow_standard');
      expect(contract.items.map((i: { name: string }) => i.name)).toEqual(['แผนมาตรฐาน', 'CRM link basic', 'Initial cost']);
      expect(contracts.pending_application.plan_name).toBe('แผนมาตรฐาน');
      const mail = await mailTo(portal, 'owner-th@example.com', /แผนมาตรฐาน/);
      expect(mail.text).not.toMatch(/スタンダード|初期費用/);
    });

    it('repairs the one-language initial-cost names stored before (Japanese under the applicant\'s language), once', async () => {
      const [contract] = await portal.db.query<{ id: string }>('SELECT id FROM tha_licence.contracts WHERE client_uuid = $1 LIMIT 1', [DEMO_IDS.thClient]);
      await portal.db.query(
        `INSERT INTO tha_licence.contract_items (id, contract_id, plan_id, type, name, amount) VALUES
           ('0b9f3c5e-7a1d-4c2e-9f00-0000000e2201', $1, 'cocoar_initial', 'initial_cost', '{"th-th": "初期費用"}', 49900),
           ('0b9f3c5e-7a1d-4c2e-9f00-0000000e2202', $1, 'fullstar_initial', 'initial_cost_plan', '{"th-th": "ค่าแรกเข้า (เดิม)"}', 49900)`, [contract!.id]);
      const shardMap = singleDatabaseShardMap(portal.db.url);
      expect(await repairContractItemNames(shardMap)).toBe(2);
      const names = await portal.db.query<{ plan_id: string; name: Record<string, string> }>(
        "SELECT plan_id, name FROM tha_licence.contract_items WHERE id IN ('0b9f3c5e-7a1d-4c2e-9f00-0000000e2201', '0b9f3c5e-7a1d-4c2e-9f00-0000000e2202') ORDER BY plan_id");
      expect(names[0]).toEqual({ plan_id: 'cocoar_initial', name: (await planRow('cocoar_initial'))!.name });
      // A real Thai text of the time stays; the other languages come from the master.
      expect(names[1]!.name).toMatchObject({ 'th-th': 'ค่าแรกเข้า (เดิม)', 'ja-jp': '初期費用', 'en-us': 'Initial cost' });
      expect(await repairContractItemNames(shardMap)).toBe(0);
    });

    it('migrates stored names into the per-language shape: a bare name is the Japanese one; blanks and unknown keys go', async () => {
      const schema = `i22_names_${Date.now()}`;
      const client = new pg.Client({ connectionString: portal.db.url });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA "${schema}"`);
        await client.query(`SET search_path TO "${schema}"`);
        const migrations = await readMigrations(defaultMigrationsDir('licence'));
        const index = migrations.findIndex((m) => m.name === '20261220100000_i22_packages_texts');
        expect(index).toBeGreaterThan(0);
        for (const m of migrations.slice(0, index)) await client.query(m.sql);
        await client.query(`INSERT INTO plans (id, product, name, type, explanation) VALUES
          ('bare', 'bownow', '"ベーシック"', 'plan', '"説明"'),
          ('messy', 'bownow', '{"ja-jp": " スタンダード ", "en-us": "  ", "th-th": "แผน", "xx": "y", "vi-vn": 3}', 'plan', '{}')`);
        await client.query(`INSERT INTO contracts (id, client_uuid, product, plan_id, currency, monthly_amount, status, effective_from)
          VALUES ('0b9f3c5e-7a1d-4c2e-9f00-0000000e2301', '0b9f3c5e-7a1d-4c2e-9f00-0000000e2302', 'bownow', 'bare', 'JPY', 0, 'scheduled', '2027-01-01')`);
        await client.query(`INSERT INTO contract_items (id, contract_id, plan_id, type, name, amount)
          VALUES ('0b9f3c5e-7a1d-4c2e-9f00-0000000e2303', '0b9f3c5e-7a1d-4c2e-9f00-0000000e2301', 'bare', 'plan', '"ベーシック"', 0)`);
        await client.query(migrations[index]!.sql);
        expect((await client.query('SELECT id, name, explanation, grants FROM plans ORDER BY id')).rows).toEqual([
          { id: 'bare', name: { 'ja-jp': 'ベーシック' }, explanation: { 'ja-jp': '説明' }, grants: [] },
          { id: 'messy', name: { 'ja-jp': 'スタンダード', 'th-th': 'แผน' }, explanation: {}, grants: [] },
        ]);
        expect((await client.query('SELECT name FROM contract_items')).rows).toEqual([{ name: { 'ja-jp': 'ベーシック' } }]);
        expect((await client.query('SELECT grants FROM contracts')).rows).toEqual([{ grants: [] }]);
      } finally {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
        await client.end();
      }
    });

    it('shows the terms of use outside Japan in the customer\'s language, else English, never Japanese', async () => {
      const thaiVisitor = new Agent(portal, { host: 'th.portal.example.com' });
      expect((await thaiVisitor.call('GET', '/v1/terms')).body.result.terms).toMatchObject({ language: 'en-us' });
      await portal.db.query("DELETE FROM global_licence.terms WHERE language = 'en-us'");
      expect((await thaiVisitor.call('GET', '/v1/terms')).body.result.terms).toBeNull();
      expect((await new Agent(portal).call('GET', '/v1/terms')).body.result.terms).toMatchObject({ language: 'ja-jp' });
    });
  });
});
