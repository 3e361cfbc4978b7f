import { describe, expect, it } from 'vitest';
import { clientScope, writableScope } from './client-scope.js';

const P = '0b9f3c5e-7a1d-4c2e-9f00-000000000001';

describe('clientScope (spec §6 scopes)', () => {
  it('gives an operator every client', () => {
    expect(clientScope({ context: 'operator', partner_uuid: null })).toEqual({ all: true });
  });
  it('gives a sub-partner only its own clients', () => {
    expect(clientScope({ context: 'partner', partner_uuid: P })).toEqual({ partner: P, includeSubPartners: false });
  });
  it('gives a primary partner its own and its sub-partners\' clients', () => {
    expect(clientScope({ context: 'primary_partner', partner_uuid: P })).toEqual({ partner: P, includeSubPartners: true });
  });
  it('gives a client, or a partner session without a partner, nothing', () => {
    expect(clientScope({ context: 'client', partner_uuid: null })).toBeNull();
    expect(clientScope({ context: 'client', partner_uuid: P })).toBeNull();
    expect(clientScope({ context: 'partner', partner_uuid: null })).toBeNull();
  });
  it('narrows a primary partner\'s changes to its own clients (sub-partners\' are read-only)', () => {
    expect(writableScope({ partner: P, includeSubPartners: true })).toEqual({ partner: P, includeSubPartners: false });
    expect(writableScope({ all: true })).toEqual({ all: true });
  });
});
