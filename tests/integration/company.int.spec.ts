import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../scripts/seed.js';
import { Agent, mailTo } from '../support/agent.js';
import { eventually, startTestPortal, type TestPortal } from '../support/harness.js';

const png = async (width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png') =>
  (await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })[format]().toBuffer()).toString('base64');

const base = {
  company_name: 'デモ商事株式会社', phone: '03-1234-5678', address: '東京都千代田区1-1', location: '東京都', representative: '代表 太郎',
  corporate_number: '7000012050002', industry: 'information_communications', sub_industry: 'software_it_services', employees: '31-50', budget: 'yen_1m_10m',
};

describe('company information (issue 4 §7)', () => {
  let portal: TestPortal;
  let owner: Agent;
  const clientRow = async () => (await portal.db.query<Record<string, unknown>>(
    'SELECT company_name, industry, sub_industry, logo_data_url, logo_crop, licence_type FROM jpn_licence.clients WHERE uuid = $1', [DEMO_IDS.client]))[0]!;

  beforeAll(async () => {
    portal = await startTestPortal({ transport: 'in-process' });
    owner = new Agent(portal);
    await owner.login('owner@example.com', 'Owner#2026');
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('shows the company to owners and admins of that company only', async () => {
    const res = await owner.call('GET', '/v1/client/company');
    expect(res.body.result).toMatchObject({ company_uuid: DEMO_IDS.client, company_name: 'デモ商事株式会社', region: 'jpn', locked: false, logo_url: null });
    const admin = new Agent(portal);
    await admin.login('admin@example.com', 'Admin#2026');
    expect((await admin.call('GET', '/v1/client/company')).body.result.company_uuid).toBe(DEMO_IDS.client);
    const user = new Agent(portal);
    await user.login('user@example.com', 'User#2026');
    expect((await user.call('GET', '/v1/client/company')).status).toBe(403);
    expect((await user.call('PUT', '/v1/client/company', base)).status).toBe(403);
    const us = new Agent(portal, { host: 'portal.example.com' });
    await us.login('owner-us@example.com', 'OwnerUs#2026');
    expect((await us.call('GET', '/v1/client/company')).body.result).toMatchObject({ company_uuid: DEMO_IDS.usClient, company_name: 'Demo Corp.' });
  });

  it('saves the fields with the domestic industry list and logs which fields changed', async () => {
    const res = await owner.call('PUT', '/v1/client/company', base);
    expect(res.body.result).toMatchObject({ ...base, locked: false });
    const log = await eventually(async () => (await portal.db.query<{ detail: { fields: string[] } }>(
      "SELECT detail FROM jpn_usage_log.operation_logs WHERE operation = 'company_changed'"))[0]);
    expect(log.detail.fields).toEqual(expect.arrayContaining(['phone', 'address', 'industry', 'sub_industry', 'employees', 'budget', 'corporate_number']));
    expect(log.detail.fields).not.toContain('company_name');
  });

  it('answers a save that changes nothing with 20000, without a write, a log entry or an event', async () => {
    const state = async () => ({
      outbox: (await portal.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jpn_licence.outbox'))[0]!.n,
      updated: (await portal.db.query<{ t: Date }>(`SELECT updated_at AS t FROM jpn_licence.clients WHERE uuid = '${DEMO_IDS.client}'`))[0]!.t.getTime(),
    });
    const before = await state();
    // The same values, one with spaces the schema trims, and no logo to remove.
    const same = await owner.call('PUT', '/v1/client/company', { ...base, phone: ` ${base.phone} `, remove_logo: true });
    expect(same.body.result).toMatchObject({ access_status: { code: 20000 }, ...base });
    expect(await state()).toEqual(before);
  });

  it('refuses a sub-industry of another industry, an overseas industry, an hour band and a bad corporate number, changing nothing', async () => {
    const before = await clientRow();
    const res = await owner.call('PUT', '/v1/client/company', {
      ...base, phone: '03-0000-0000', sub_industry: 'banking', budget: 'hours_under_50', corporate_number: '7000012050003',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.result.errors).sort()).toEqual(['corporate_number']);
    const second = await owner.call('PUT', '/v1/client/company', { ...base, sub_industry: 'banking', budget: 'hours_under_50' });
    expect(second.body.result.errors).toEqual({ sub_industry: ['選択した業種の小分類を選んでください。'], budget: ['予算は一覧から選択してください。'] });
    const overseas = await owner.call('PUT', '/v1/client/company', { ...base, industry: 'it_software', sub_industry: null });
    expect(overseas.body.result.errors.industry).toHaveLength(1);
    expect(await clientRow()).toEqual(before);
  });

  it('checks the logo on the server: every limit has its message and a refused logo changes nothing', async () => {
    const put = (logo: unknown) => owner.call('PUT', '/v1/client/company', { ...base, logo });
    const cases: [unknown, RegExp][] = [
      [{ content: await png(150, 400), crop: { x: 0, y: 0, size: 160 } }, /小さすぎます/],
      [{ content: await png(1300, 400), crop: { x: 0, y: 0, size: 400 } }, /大きすぎます/],
      [{ content: await png(100, 1300) }, /160〜1200/],
      [{ content: await png(400, 400, 'gif') }, /JPGまたはPNG/],
      [{ content: await png(400, 400) }, /160×160ピクセルちょうど/],
      [{ content: await png(400, 300), crop: { x: 200, y: 0, size: 250 } }, /トリミング範囲/],
      [{ content: Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64') }, /2MB/],
    ];
    for (const [logo, message] of cases) {
      const res = await put(logo);
      expect(res.status, String(message)).toBe(422);
      expect(String(res.body.result.errors?.logo?.[0]), JSON.stringify(res.body.result)).toMatch(message);
    }
    expect((await clientRow()).logo_data_url).toBeNull();
  });

  it('refuses a logo whose request body is over the gateway\'s limit with the logo message in the envelope', async () => {
    const res = await owner.call('PUT', '/v1/client/company', { ...base, logo: { content: Buffer.alloc(3_800_000, 1).toString('base64') } });
    expect(res.status).toBe(422);
    expect(res.body.result.access_status).toEqual({ code: 40011, message: 'ロゴのファイルサイズは2MB以下にしてください。' });
    expect(res.body.result.errors).toEqual({ logo: ['ロゴのファイルサイズは2MB以下にしてください。'] });
    // A route without its own message says the request is too large, still in the envelope.
    const profile = await owner.call('PUT', '/v1/profile', { action: 'update', family_name: 'x'.repeat(5 * 1024 * 1024), given_name: '', language: 'ja-jp' });
    expect(profile.body.result.access_status).toEqual({ code: 40011, message: 'リクエストのサイズが大きすぎます。' });
    expect((await clientRow()).logo_data_url).toBeNull();
  });

  it('crops an accepted logo to 160x160 and can remove it', async () => {
    const res = await owner.call('PUT', '/v1/client/company', { ...base, logo: { content: await png(1200, 800, 'jpeg'), crop: { x: 300, y: 100, size: 600 } } });
    expect(res.body.result.logo_crop).toEqual({ x: 300, y: 100, size: 600 });
    const stored = Buffer.from(String(res.body.result.logo_url).replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 160, height: 160 });
    // Saving without a logo keeps it; remove_logo clears it.
    expect((await owner.call('PUT', '/v1/client/company', base)).body.result.logo_url).toBe(res.body.result.logo_url);
    const removed = await owner.call('PUT', '/v1/client/company', { ...base, remove_logo: true });
    expect(removed.body.result).toMatchObject({ logo_url: null, logo_crop: null });
  });

  it('renames the company everywhere: invitation mails carry the new name', async () => {
    await owner.call('PUT', '/v1/client/company', { ...base, company_name: '新デモ商事株式会社' });
    await eventually(async () => (await portal.db.query<{ name: string }>('SELECT name FROM jpn_identity.tenants WHERE uuid = $1', [DEMO_IDS.client]))[0]!.name === '新デモ商事株式会社');
    await owner.call('POST', '/v1/user/invite', { users: [{ email: 'renamed@example.com', family_name: '新人', given_name: '花子', authority: 'user', products: [] }] });
    expect((await mailTo(portal, 'renamed@example.com', /invite\//)).subject).toBe('新デモ商事株式会社への招待');
  });

  it('locks the company information while the licence is under review', async () => {
    await portal.db.query("UPDATE jpn_licence.clients SET licence_type = 'reviewing' WHERE uuid = $1", [DEMO_IDS.client]);
    expect((await owner.call('GET', '/v1/client/company')).body.result.locked).toBe(true);
    const res = await owner.call('PUT', '/v1/client/company', { ...base, company_name: 'Changed during review' });
    expect(res.body.result.access_status).toEqual({ code: 40011, message: 'ライセンス審査中のため、企業情報は変更できません。' });
    expect((await clientRow()).company_name).toBe('新デモ商事株式会社');
    await portal.db.query("UPDATE jpn_licence.clients SET licence_type = 'normal' WHERE uuid = $1", [DEMO_IDS.client]);
  });

  describe('the registration survey and the postal code (issue 22 item 10)', () => {
    const survey = { position: 'leader', division: 'marketing', industry: 'manufacturing', sub_industry: 'electronics', employees: '51-100', budget: 'yen_10m_100m' };

    it('edits the survey and the postal code on /company, by the region\'s lists and zip rule, and logs the fields', async () => {
      const saved = await owner.call('PUT', '/v1/client/company', { ...base, ...survey, postal_code: '100-0005' });
      expect(saved.body.result).toMatchObject({ ...survey, postal_code: '100-0005' });
      expect((await portal.db.query('SELECT position, division, postal_code FROM jpn_licence.clients WHERE uuid = $1', [DEMO_IDS.client]))[0])
        .toEqual({ position: 'leader', division: 'marketing', postal_code: '100-0005' });
      const log = await eventually(async () => (await portal.db.query<{ detail: { fields: string[] } }>(
        "SELECT detail FROM jpn_usage_log.operation_logs WHERE operation = 'company_changed' AND detail->'fields' ? 'postal_code'"))[0]);
      expect(log.detail.fields).toEqual(expect.arrayContaining(['postal_code', 'position', 'division']));

      const bad = await owner.call('PUT', '/v1/client/company', { ...base, ...survey, postal_code: '100-000', position: 'ceo', division: 'sales_and_more' });
      expect(bad.status).toBe(422);
      expect(bad.body.result.errors).toEqual({
        postal_code: ['郵便番号は半角数字7桁で入力してください（例: 100-0005）。'], position: ['役職は一覧から選択してください。'], division: ['部署は一覧から選択してください。'],
      });
      // Full-width digits are not the spec's half-width zip.
      expect((await owner.call('PUT', '/v1/client/company', { ...base, ...survey, postal_code: '１００-０００５' })).body.result.errors.postal_code).toHaveLength(1);
      expect((await clientRow()).industry).toBe('manufacturing');
    });

    it('takes the overseas lists, their sub-industries, hour bands and a ZIP+4 for a US company', async () => {
      const us = new Agent(portal, { host: 'portal.example.com' });
      await us.login('owner-us@example.com', 'OwnerUs#2026');
      const body = { company_name: 'Demo Corp.', phone: '+1 415 555 0100', position: 'manager', division: 'executive', industry: 'it_software', sub_industry: 'it_hardware', employees: '11-30', budget: 'hours_100_500', postal_code: '94105-1234' };
      expect((await us.call('PUT', '/v1/client/company', body)).body.result).toMatchObject({ region: 'usa', sub_industry: 'it_hardware', postal_code: '94105-1234' });
      const wrong = await us.call('PUT', '/v1/client/company', { ...body, sub_industry: 'banking', budget: 'yen_1m_10m', postal_code: 'SW1A 1AA' });
      expect(Object.keys(wrong.body.result.errors).sort()).toEqual(['budget', 'postal_code', 'sub_industry']);
      expect(wrong.body.result.errors.postal_code).toEqual(['Please enter the postal code in half-width digits (one hyphen allowed), for example 10110.']);
    });

    it('asks every question at full registration and keeps the answers on the new client', async () => {
      const anon = new Agent(portal);
      expect((await anon.call('POST', '/v1/client', { email: 'survey-owner@example.jp', terms_agreed: true })).body.result.access_status.code).toBe(20000);
      const token = (await mailTo(portal, 'survey-owner@example.jp', /signup\//)).text.match(/signup\/([\w.-]+)\/1/)![1]!;
      const form = {
        access_token: token, company_name: 'アンケート株式会社', phone: '03-5555-0000', family_name: '調査', given_name: '花子',
        password: 'Survey#2026x', password_confirm: 'Survey#2026x', terms_agreed: true, privacy_agreed: true,
      };
      const missing = await anon.call('POST', '/v1/client/register', form);
      expect(missing.status).toBe(422);
      expect(Object.keys(missing.body.result.errors).sort()).toEqual(['budget', 'division', 'employees', 'industry', 'position', 'sub_industry']);
      expect(missing.body.result.errors.position).toEqual(['役職を選択してください。']);
      // The overseas hour bands are not Japan's.
      expect(Object.keys((await anon.call('POST', '/v1/client/register', { ...form, ...survey, budget: 'hours_50_100' })).body.result.errors)).toEqual(['budget']);
      const done = await anon.call('POST', '/v1/client/register', { ...form, ...survey });
      expect(done.body.result.access_status.code, JSON.stringify(done.body)).toBe(20000);
      const client = (await portal.db.query<{ tenant_uuid: string }>('SELECT tenant_uuid FROM jpn_identity.accounts WHERE email = $1', ['survey-owner@example.jp']))[0]!.tenant_uuid;
      const row = await eventually(async () => (await portal.db.query<Record<string, unknown>>(
        'SELECT position, division, industry, sub_industry, employees, budget, eu_declared_at FROM jpn_licence.clients WHERE uuid = $1', [client]))[0]);
      expect(row).toEqual({ ...survey, eu_declared_at: null });
      expect((await anon.call('GET', '/v1/client/company')).body.result).toMatchObject(survey);
    });
  });
});
