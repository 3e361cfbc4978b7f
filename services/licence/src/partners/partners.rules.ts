import {
  REGION_PROFILES, ZGrantableContracts, ZPartnerPaymentMethod, ZPartnerReviewState, ZPartnerStatus, ZRegion, formatPersonName,
  type TLanguage, type TPartnerChanged, type TPartnerDetail, type TPartnerRow, type TRegion,
} from '@portal/proto';
import type { ClientRow } from '../clients/clients.repository.js';
import type { PartnerRow } from './partners.repository.js';

/** The list row of a stored partner (unknown stored values read as the safe ones). */
export function partnerRow(r: PartnerRow): TPartnerRow {
  return {
    uuid: r.uuid,
    company_name: r.name,
    region: ZRegion.catch('jpn').parse(r.region),
    is_primary: r.is_primary,
    parent_name: r.parent_name,
    grantable_contracts: ZGrantableContracts.catch('both').parse(r.grantable_contracts),
    status: ZPartnerStatus.catch('suspended').parse(r.status),
    review_state: ZPartnerReviewState.catch('pending').parse(r.review_state),
    created_at: r.created_at.toISOString(),
  };
}

export function partnerDetail(r: PartnerRow, subs: readonly PartnerRow[], clients: readonly ClientRow[]): TPartnerDetail {
  const region = ZRegion.catch('jpn').parse(r.region);
  return {
    ...partnerRow(r),
    representative: r.representative,
    phone: r.phone,
    address: r.address,
    owner_email: r.owner_email,
    owner_name: formatPersonName(region, { family_name: r.owner_family_name, given_name: r.owner_given_name }),
    billing_name: r.billing_name,
    billing_email: r.billing_email,
    billing_phone: r.billing_phone,
    billing_address: r.billing_address,
    payment_method: ZPartnerPaymentMethod.nullable().catch(null).parse(r.payment_method),
    client_registration: r.client_registration,
    form_origins: r.form_origins,
    sub_partners: subs.map(partnerRow),
    clients: clients.map((c) => ({ uuid: c.uuid, company_name: c.company_name, region: ZRegion.catch(region).parse(c.region), contract_type: c.contract_type, status: c.status })),
  };
}

/**
 * What identity is told about a partner: its state, and the first account to invite. The owner
 * travels on every change so that a sub-partner's first account is invited when the operator
 * allows it (identity invites only once the tenant is active, and only if the tenant has no account).
 */
export function partnerChanged(r: PartnerRow): TPartnerChanged {
  const region = ZRegion.catch('jpn').parse(r.region);
  return {
    partner_uuid: r.uuid,
    region,
    name: r.name,
    status: ZPartnerStatus.catch('suspended').parse(r.status),
    review_state: ZPartnerReviewState.catch('pending').parse(r.review_state),
    is_primary: r.is_primary,
    parent_partner_uuid: r.parent_partner_uuid,
    owner: r.owner_email
      ? { email: r.owner_email, family_name: r.owner_family_name, given_name: r.owner_given_name, language: ownerLanguage(region, r.owner_language) }
      : null,
  };
}

/** The language the first account is mailed in: the one stored if its region offers it, else the region's default. */
function ownerLanguage(region: TRegion, stored: string): TLanguage {
  const profile = REGION_PROFILES[region];
  return profile.languages.find((l) => l === stored) ?? profile.defaultLanguage;
}

/** The CSV download's columns and one partner's cells. */
export const PARTNER_CSV_COLUMNS = ['partner_uuid', 'company_name', 'region', 'primary', 'parent', 'grantable_contracts', 'status', 'review_state', 'created_at'] as const;
export function partnerCsvCells(r: TPartnerRow): string[] {
  return [r.uuid, r.company_name, r.region, r.is_primary ? 'yes' : 'no', r.parent_name ?? '', r.grantable_contracts, r.status, r.review_state, r.created_at];
}
