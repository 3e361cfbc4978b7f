import { describe, expect, it } from 'vitest';
import { API_ROUTE_LIST } from './api-routes.js';
import { evaluatePolicy, type TPrincipal } from './policy.js';
import { SPA_ROUTES } from './spa-routes.js';

const client = (over: Partial<TPrincipal> = {}): TPrincipal => ({
  account_uuid: 'a', context: 'client', client_uuid: 'c', partner_uuid: null, level: 3, contract_type: 'none',
  proxy: false, partner_in_client_area: false, region: 'jpn', language: 'ja-jp', home_shard: 'jpn', session_id: 's', ...over,
});
const route = (path: string) => {
  const found = SPA_ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found.policy;
};

describe('route policy (spec §6)', () => {
  it('lets level 3 reach the account pages and levels 6 and 9 not', () => {
    for (const path of ['/user/list', '/user/invite', '/user/invite_csv', '/user/update', '/plan/bownowinquiry']) {
      expect(evaluatePolicy(route(path), client({ level: 3 }))).toBe('allow');
      expect(evaluatePolicy(route(path), client({ level: 6 }))).toBe('forbidden');
      expect(evaluatePolicy(route(path), client({ level: 9 }))).toBe('forbidden');
    }
  });

  it('lets levels 3 and 6 reach company, billing, payment, billing list and system settings, level 9 none', () => {
    for (const path of ['/company', '/billing', '/payment', '/billing/list', '/user_system_settings']) {
      expect(evaluatePolicy(route(path), client({ level: 3 }))).toBe('allow');
      expect(evaluatePolicy(route(path), client({ level: 6 }))).toBe('allow');
      expect(evaluatePolicy(route(path), client({ level: 9 }))).toBe('forbidden');
    }
  });

  it('lets owners and admins change plans and keeps users (level 9) out of every plan-change page', () => {
    const changePages = SPA_ROUTES.filter((r) => r.path.startsWith('/plan/') && !['/plan/list', '/plan/underreview', '/plan/rejected'].includes(r.path));
    expect(changePages.map((r) => r.path)).toEqual(expect.arrayContaining(['/plan/update', '/plan/options', '/plan/confirm', '/plan/complete']));
    for (const r of changePages) expect(evaluatePolicy(r.policy, client({ level: 9 })), r.path).toBe('forbidden');
    for (const path of ['/plan/update', '/plan/inquiry', '/plan/options', '/plan/paymentinfo', '/plan/contractinfo', '/plan/options_inquiry', '/plan/complete']) {
      expect(evaluatePolicy(route(path), client({ level: 3 })), path).toBe('allow');
      expect(evaluatePolicy(route(path), client({ level: 6 })), path).toBe('allow');
    }
    // Users still see their contracts.
    expect(evaluatePolicy(route('/plan/list'), client({ level: 9 }))).toBe('allow');
  });

  it('keeps a client under a reseller contract ("contract type 2") out of billing and plan pages', () => {
    const reseller = client({ contract_type: 'reseller' });
    for (const path of ['/billing', '/payment', '/billing/list', '/plan/list', '/plan/update', '/plan/inquiry', '/plan/options', '/plan/paymentinfo', '/plan/confirm', '/plan/complete']) {
      expect(evaluatePolicy(route(path), reseller), path).toBe('forbidden');
    }
    expect(evaluatePolicy(route('/company'), reseller)).toBe('allow');
  });

  it('keeps a partner acting in the client area ("operator type 1") out of plan, billing and payment pages', () => {
    const partner = client({ partner_in_client_area: true });
    for (const path of ['/plan/list', '/plan/update', '/billing', '/payment', '/billing/list']) {
      expect(evaluatePolicy(route(path), partner), path).toBe('forbidden');
    }
  });

  it('keeps a support login out of the profile, and out of plan changes when a contract type is set', () => {
    expect(evaluatePolicy(route('/profile'), client({ proxy: true }))).toBe('forbidden');
    expect(evaluatePolicy(route('/profile'), client())).toBe('allow');
    const proxyWithContract = client({ proxy: true, contract_type: 'referral' });
    for (const path of ['/plan/update', '/plan/inquiry', '/plan/options', '/plan/paymentinfo', '/plan/options_inquiry', '/plan/confirm', '/plan/complete']) {
      expect(evaluatePolicy(route(path), proxyWithContract), path).toBe('forbidden');
      expect(evaluatePolicy(route(path), client({ proxy: true })), path).toBe('allow');
    }
  });

  it('lets a support login read the system settings but not change them', () => {
    const api = (path: string) => API_ROUTE_LIST.find((r) => r.path === path)!.policy;
    expect(evaluatePolicy(api('/systemSetting'), client({ proxy: true }))).toBe('allow');
    for (const path of ['/ipSetting', '/mfaSetting', '/proxyLoginSetting']) {
      expect(evaluatePolicy(api(path), client({ proxy: true })), path).toBe('forbidden');
      expect(evaluatePolicy(api(path), client({ proxy: true, partner_in_client_area: true })), path).toBe('forbidden');
      expect(evaluatePolicy(api(path), client({ level: 6 })), path).toBe('allow');
      expect(evaluatePolicy(api(path), client({ level: 9 })), path).toBe('forbidden');
    }
  });

  it('asks anonymous visitors to log in for protected pages and lets them see public ones', () => {
    expect(evaluatePolicy(route('/product'), null)).toBe('unauthenticated');
    expect(evaluatePolicy(route('/login'), null)).toBe('allow');
    expect(evaluatePolicy(route('/maintenance'), null)).toBe('allow');
  });

  it('separates the operator, partner and client areas', () => {
    const operator = client({ context: 'operator', client_uuid: null });
    const partner = client({ context: 'partner', client_uuid: null, partner_uuid: 'p' });
    expect(evaluatePolicy(route('/operator/clients'), operator)).toBe('allow');
    expect(evaluatePolicy(route('/operator/clients'), partner)).toBe('forbidden');
    expect(evaluatePolicy(route('/operator/clients'), client())).toBe('forbidden');
    expect(evaluatePolicy(route('/partner/clients'), partner)).toBe('allow');
    expect(evaluatePolicy(route('/user/list'), operator)).toBe('forbidden');
  });

  it('gives every SPA route and every API route a policy, and each path once', () => {
    for (const r of [...SPA_ROUTES, ...API_ROUTE_LIST]) expect(r.policy, r.path).toBeDefined();
    const paths = SPA_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    const names = SPA_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
