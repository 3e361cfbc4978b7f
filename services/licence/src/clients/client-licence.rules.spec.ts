import { describe, expect, it } from 'vitest';
import { licenceTypeChangeRefusal, settableLicenceTypes } from './client-licence.rules.js';

const operator = { via: 'operator', partnerProxyAllowed: true, hasPartner: true } as const;
const support = { via: 'partner_support_login', partnerProxyAllowed: true, hasPartner: true } as const;
const partner = { via: 'partner', partnerProxyAllowed: true, hasPartner: true } as const;

describe('licence types (spec §3, §4, §6)', () => {
  it('lets an operator set test, demo, normal and special from the list', () => {
    for (const to of ['test', 'demo', 'normal', 'special'] as const) expect(licenceTypeChangeRefusal('normal', to, operator)).toBeNull();
  });
  it('never sets reviewing or rejected by hand (they come from review)', () => {
    expect(licenceTypeChangeRefusal('normal', 'reviewing', operator)).toBe('review_state');
    expect(licenceTypeChangeRefusal('normal', 'rejected', support)).toBe('review_state');
  });
  it('does not set in-house from the operator list: only a support login to the partner', () => {
    expect(licenceTypeChangeRefusal('normal', 'in_house', operator)).toBe('in_house_from_list');
    expect(licenceTypeChangeRefusal('normal', 'in_house', partner)).toBe('in_house_needs_support_login');
    expect(licenceTypeChangeRefusal('normal', 'in_house', support)).toBeNull();
  });
  it('needs the client\'s partner support login for in-house', () => {
    expect(licenceTypeChangeRefusal('normal', 'in_house', { ...support, partnerProxyAllowed: false })).toBe('in_house_needs_partner_proxy');
    expect(licenceTypeChangeRefusal('normal', 'in_house', { ...support, hasPartner: false })).toBe('not_own_partner');
  });
  it('refuses a demo licence becoming in-house, and back', () => {
    expect(licenceTypeChangeRefusal('demo', 'in_house', support)).toBe('demo_in_house');
    expect(licenceTypeChangeRefusal('in_house', 'demo', operator)).toBe('demo_in_house');
  });
  it('lets the support login take in-house back to normal, and nothing else', () => {
    expect(licenceTypeChangeRefusal('in_house', 'normal', support)).toBeNull();
    expect(licenceTypeChangeRefusal('normal', 'test', support)).toBe('support_login_in_house_only');
    expect(licenceTypeChangeRefusal('in_house', 'test', support)).toBe('support_login_in_house_only');
    expect(licenceTypeChangeRefusal('in_house', 'special', support)).toBe('support_login_in_house_only');
  });
  it('leaves test → normal and the like to the operator: the support login to the partner only moves in and out of in-house', () => {
    for (const [from, to] of [['test', 'normal'], ['special', 'normal'], ['demo', 'normal'], ['normal', 'special'], ['normal', 'demo']] as const) {
      expect(licenceTypeChangeRefusal(from, to, support), `${from} → ${to}`).toBe('support_login_in_house_only');
      expect(licenceTypeChangeRefusal(from, to, operator), `${from} → ${to}`).toBeNull();
    }
    expect(licenceTypeChangeRefusal('test', 'in_house', support)).toBeNull();
  });
  it('changes nothing from the partner\'s own session', () => {
    for (const [from, to] of [['test', 'normal'], ['normal', 'test'], ['in_house', 'normal']] as const) {
      expect(licenceTypeChangeRefusal(from, to, partner), `${from} → ${to}`).toBe('in_house_needs_support_login');
    }
    expect(settableLicenceTypes('test', partner)).toEqual(['test']);
  });
  it('offers the choices the rules allow', () => {
    expect(settableLicenceTypes('normal', operator)).toEqual(['normal', 'test', 'demo', 'special']);
    expect(settableLicenceTypes('demo', support)).toEqual(['demo']);
    expect(settableLicenceTypes('normal', support)).toEqual(['normal', 'in_house']);
    expect(settableLicenceTypes('in_house', support)).toEqual(['normal', 'in_house']);
    expect(settableLicenceTypes('test', support)).toEqual(['test', 'in_house']);
    expect(settableLicenceTypes('normal', { ...support, partnerProxyAllowed: false })).toEqual(['normal']);
    expect(settableLicenceTypes('reviewing', operator)).toEqual(['normal', 'test', 'demo', 'special', 'reviewing']);
  });
});
