import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, billingInfoSchema, billingKanaAsked, fieldMessages, type TBillingInfo, type TBillingInfoView, type TPrincipal, type TShard,
} from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { changedFields } from '@portal/service-common/changes';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import type { Tx } from '../db.js';
import { BillingInfoRepository, type BillingInfoRecord } from './billing-info.repository.js';

const FIELDS = ['company_name', 'company_kana', 'division', 'division_kana', 'phone', 'address', 'address_kana', 'email'] as const;

/** The tenant of a billing or payment call: the principal's client (never a parameter). */
export function tenant(principal: TPrincipal): { shard: TShard; clientUuid: string } {
  if (!principal.client_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
  return { shard: principal.region as TShard, clientUuid: principal.client_uuid };
}

/** /client/billing (spec §3 Billing info; issue 11 item 1). */
@Injectable()
export class BillingInfoService {
  constructor(
    @Inject(BillingInfoRepository) private readonly infos: BillingInfoRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  async get(principal: TPrincipal): Promise<TBillingInfoView> {
    const { shard, clientUuid } = tenant(principal);
    return view(principal, await this.infos.find(shard, clientUuid));
  }

  async update(principal: TPrincipal, input: TBillingInfo): Promise<TBillingInfoView> {
    const { shard, clientUuid } = tenant(principal);
    // The region's rule (issue 22): in Japan the kana are required and full-width katakana; the same schema as the SPA's form.
    const checked = billingInfoSchema(billingKanaAsked(principal.region)).safeParse(input);
    if (!checked.success) throw ServiceError.form(fieldMessages(checked.error.issues));
    const current = await this.infos.find(shard, clientUuid);
    const pick = (r: TBillingInfo) => Object.fromEntries(FIELDS.map((f) => [f, r[f]]));
    const changed = current ? changedFields(pick(current), pick(input)) : [...FIELDS].filter((f) => input[f] !== '');
    // A save that changes nothing writes and logs nothing (as the company page).
    if (current && !changed.length) return view(principal, current);
    const saved = await this.uow.run(shard, async (tx) => {
      const written = await this.infos.save(tx, clientUuid, input, principal.account_uuid);
      await recordOperation(tx, {
        shard, clientUuid, accountUuid: principal.account_uuid, operation: 'billing_info_changed',
        detail: { fields: changed, ...(current ? {} : { registered: true }) },
      });
      return written;
    });
    return view(principal, saved);
  }
}

function view(principal: TPrincipal, record: BillingInfoRecord | null): TBillingInfoView {
  const kana = billingKanaAsked(principal.region);
  if (!record) return { registered: false, billing_info: null, kana };
  const { updatedAt, ...info } = record;
  return { registered: true, billing_info: { ...info, updated_at: updatedAt.toISOString() }, kana };
}
