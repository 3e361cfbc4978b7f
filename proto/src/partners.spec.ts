import { describe, expect, it } from 'vitest';
import { ZPartnerLicenceStep } from './partners.js';

describe('partner creation defaults (issue 25 item 7)', () => {
  it('makes an ordinary partner when the primary flag is left out', () => {
    expect(ZPartnerLicenceStep.parse({ grantable_contracts: 'reseller' })).toEqual({ grantable_contracts: 'reseller', is_primary: false });
    expect(ZPartnerLicenceStep.parse({ grantable_contracts: 'both', is_primary: true }).is_primary).toBe(true);
  });
});
