import { describe, expect, it } from 'vitest';
import { partnerMayLogIn } from '@portal/proto';
import type { PartnerRow } from './partners.repository.js';
import { partnerChanged, partnerCsvCells, partnerDetail, partnerRow } from './partners.rules.js';

const row = (over: Partial<PartnerRow> = {}): PartnerRow => ({
  uuid: '00000000-0000-4000-8000-0000000000a1', name: 'Sakura Agency KK', region: 'jpn', parent_partner_uuid: null, parent_name: null, is_primary: true,
  grantable_contracts: 'reseller', review_state: 'approved', status: 'active', created_at: new Date('2026-11-20T00:00:00Z'), representative: 'Taro',
  phone: '03', address: 'Tokyo', owner_email: 'owner@sakura.example', owner_family_name: '桜', owner_given_name: '太郎', owner_language: 'ja-jp',
  billing_name: '', billing_email: '', billing_phone: '', billing_address: '', payment_method: null, client_registration: false, form_origins: [],
  notification_email: '', ...over,
});

describe('partner rules', () => {
  it('lets a partner log in only while active and approved', () => {
    expect(partnerMayLogIn({ status: 'active', review_state: 'approved' })).toBe(true);
    expect(partnerMayLogIn({ status: 'suspended', review_state: 'approved' })).toBe(false);
    expect(partnerMayLogIn({ status: 'active', review_state: 'pending' })).toBe(false);
    expect(partnerMayLogIn({ status: 'active', review_state: 'rejected' })).toBe(false);
  });

  it('tells identity the whole state with the first account, in a language the partner\'s region offers', () => {
    expect(partnerChanged(row())).toEqual({
      partner_uuid: row().uuid, region: 'jpn', name: 'Sakura Agency KK', status: 'active', review_state: 'approved', is_primary: true,
      parent_partner_uuid: null, owner: { email: 'owner@sakura.example', family_name: '桜', given_name: '太郎', language: 'ja-jp' },
    });
    // Thai is not offered in Japan: the region's default.
    expect(partnerChanged(row({ owner_language: 'th-th' })).owner?.language).toBe('ja-jp');
    expect(partnerChanged(row({ region: 'tha', owner_language: 'th-th' })).owner?.language).toBe('th-th');
    expect(partnerChanged(row({ owner_email: '' })).owner).toBeNull();
  });

  it('reads unknown stored values as the safe ones and writes names in region order', () => {
    expect(partnerRow(row({ status: 'odd', review_state: 'odd', grantable_contracts: 'odd', region: 'mars' }))).toMatchObject({
      status: 'suspended', review_state: 'pending', grantable_contracts: 'both', region: 'jpn',
    });
    expect(partnerDetail(row(), [], []).owner_name).toBe('桜太郎');
    expect(partnerDetail(row({ region: 'usa', owner_family_name: 'Smith', owner_given_name: 'Jane' }), [], []).owner_name).toBe('Jane Smith');
    expect(partnerCsvCells(partnerRow(row()))).toEqual([row().uuid, 'Sakura Agency KK', 'jpn', 'yes', '', 'reseller', 'active', 'approved', '2026-11-20T00:00:00.000Z']);
  });
});
