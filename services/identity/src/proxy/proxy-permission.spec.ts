import { describe, expect, it } from 'vitest';
import type { Tenant } from '../db.js';
import { proxyRefusal, supportLoginRefusal } from './proxy-permission.js';

const PARTNER = '0b9f3c5e-7a1d-4c2e-9f00-0000000000p1';
const OTHER_PARTNER = '0b9f3c5e-7a1d-4c2e-9f00-0000000000p2';
const client = (over: Partial<Tenant> = {}): Tenant => ({
  uuid: 'c1', kind: 'client', name: 'Client KK', contractType: 'referral', partnerUuid: PARTNER, licenceType: 'normal', status: 'active',
  mfaEnabled: false, mfaValidity: '24h', ipRestrictionEnabled: false, ipAllowlist: [], partnerProxyAllowed: true, operatorProxyAllowed: true, euRestricted: false,
  createdAt: new Date(0), updatedAt: new Date(0), ...over,
});

describe('starting a support login', () => {
  it('lets the client\'s own partner in when permitted', () => {
    expect(supportLoginRefusal(client(), 'partner', PARTNER, '127.0.0.1')).toBeNull();
  });

  it('answers another partner\'s client exactly as a client that does not exist (issue 21, item 6)', () => {
    const unknown = supportLoginRefusal(null, 'partner', OTHER_PARTNER, '127.0.0.1');
    expect(unknown).toBe('cannot');
    // Whatever the other partner's client's contract, permission or IP list says.
    for (const over of [{}, { contractType: 'reseller' }, { partnerProxyAllowed: false }, { ipRestrictionEnabled: true, ipAllowlist: ['10.0.0.0/8'] }]) {
      expect(supportLoginRefusal(client(over), 'partner', OTHER_PARTNER, '127.0.0.1')).toBe(unknown);
    }
    expect(supportLoginRefusal(client({ partnerUuid: null }), 'partner', PARTNER, '127.0.0.1')).toBe(unknown);
    expect(supportLoginRefusal(client(), 'partner', null, '127.0.0.1')).toBe(unknown);
  });

  it('still tells the client\'s own partner why (contract, permission, IP)', () => {
    expect(supportLoginRefusal(client({ contractType: 'reseller' }), 'partner', PARTNER, '127.0.0.1')).toBe('not_available');
    expect(supportLoginRefusal(client({ partnerProxyAllowed: false }), 'partner', PARTNER, '127.0.0.1')).toBe('denied');
    expect(supportLoginRefusal(client({ ipRestrictionEnabled: true, ipAllowlist: ['10.0.0.0/8'] }), 'partner', PARTNER, '127.0.0.1')).toBe('ip_denied');
  });

  it('lets operators into any active client they are permitted into', () => {
    expect(supportLoginRefusal(client({ partnerUuid: null }), 'operator', null, '127.0.0.1')).toBeNull();
    expect(supportLoginRefusal(client({ operatorProxyAllowed: false }), 'operator', null, '127.0.0.1')).toBe('denied');
    expect(supportLoginRefusal(client({ status: 'inactive' }), 'operator', null, '127.0.0.1')).toBe('cannot');
  });

  it('keeps the live session\'s re-check as it was', () => {
    expect(proxyRefusal(client(), 'partner', OTHER_PARTNER, '127.0.0.1')).toBe('not_available');
  });
});
