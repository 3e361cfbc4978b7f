import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, INTERNAL_ROUTES, billingInfoSchema, billingKanaAsked, fieldMessages, type TBillingInfo, type TBillingInfoView, type TClientBillingInfoOnBehalf,
  type TPrincipal, type TRegion, type TShard,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { recordOperation } from '@portal/service-common/audit';
import { changeDetail, changedFields } from '@portal/service-common/changes';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { clientOwners, mailOwnersOnBehalf, requireOperator } from '@portal/service-common/on-behalf';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
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
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(principal: TPrincipal): Promise<TBillingInfoView> {
    const { shard, clientUuid } = tenant(principal);
    return view(principal.region, await this.infos.find(shard, clientUuid));
  }

  async update(principal: TPrincipal, input: TBillingInfo): Promise<TBillingInfoView> {
    const { shard, clientUuid } = tenant(principal);
    return this.save(shard, clientUuid, input, principal.account_uuid, async (tx, current, changed) => {
      await recordOperation(tx, {
        shard, clientUuid, accountUuid: principal.account_uuid, operation: 'billing_info_changed',
        detail: { fields: changed, ...(current ? {} : { registered: true }) },
      });
    });
  }

  /** Issue 25, point 5: an operator reads a client's billing information to change it on its behalf. */
  async getOnBehalf(principal: TPrincipal, region: TRegion, uuid: string): Promise<TBillingInfoView> {
    const clientUuid = await this.addressed(principal, region, uuid);
    return view(region, await this.infos.find(region, clientUuid));
  }

  /**
   * Issue 25, point 5: an operator registers or changes a client's billing information on its
   * behalf, by the client's own rules (its region's kana). Logged with the values before and after,
   * and the client's owners are mailed what changed, in the same unit of work.
   */
  async updateOnBehalf(principal: TPrincipal, input: TClientBillingInfoOnBehalf): Promise<TBillingInfoView> {
    const { region, uuid, ...info } = input;
    const clientUuid = await this.addressed(principal, region, uuid);
    const owners = await clientOwners(this.transport, region, clientUuid);
    const operation = 'billing_info_changed_on_behalf';
    return this.save(region, clientUuid, info, principal.account_uuid, async (tx, current, changed) => {
      // A first registration has no values before: the log and the mail list the new ones.
      const { before, ...registered } = changeDetail(current ? pick(current) : pick(info), pick(info), changed);
      const detail = current ? { before, ...registered } : { ...registered, registered: true };
      await recordOperation(tx, { shard: region, clientUuid, accountUuid: principal.account_uuid, operation, detail });
      await mailOwnersOnBehalf(tx, region, { owners, section: 'billing_info', operation, detail, at: this.clock.now(), path: '/billing' });
    });
  }

  /** The client's rules for a billing-info save and the write; `log` writes the entry (and any mail) in its transaction. */
  private async save(
    shard: TShard, clientUuid: string, input: TBillingInfo, accountUuid: string | null,
    log: (tx: Tx, current: BillingInfoRecord | null, changed: string[]) => Promise<void>,
  ): Promise<TBillingInfoView> {
    // The region's rule (issue 22): in Japan the kana are required and full-width katakana; the same schema as the SPA's form.
    const checked = billingInfoSchema(billingKanaAsked(shard)).safeParse(input);
    if (!checked.success) throw ServiceError.form(fieldMessages(checked.error.issues));
    const current = await this.infos.find(shard, clientUuid);
    const changed = current ? changedFields(pick(current), pick(input)) : [...FIELDS].filter((f) => input[f] !== '');
    // A save that changes nothing writes and logs nothing (as the company page).
    if (current && !changed.length) return view(shard, current);
    const saved = await this.uow.run(shard, async (tx) => {
      const written = await this.infos.save(tx, clientUuid, input, accountUuid);
      await log(tx, current, changed);
      return written;
    });
    return view(shard, saved);
  }

  /** The client an operator's request addresses, if it exists in the region the request names (licence owns clients); else not found. */
  private async addressed(principal: TPrincipal, region: TRegion, uuid: string): Promise<string> {
    requireOperator(principal);
    const { clients } = await ask(this.transport, INTERNAL_ROUTES.clientNames, { clients: [{ region, uuid }] });
    const found = clients.find((c) => c.region === region && c.uuid.toLowerCase() === uuid.toLowerCase());
    if (!found) throw ServiceError.notFound();
    return found.uuid;
  }
}

const pick = (r: TBillingInfo): Record<string, string> => Object.fromEntries(FIELDS.map((f) => [f, r[f]]));

function view(region: string, record: BillingInfoRecord | null): TBillingInfoView {
  const kana = billingKanaAsked(region);
  if (!record) return { registered: false, billing_info: null, kana };
  const { updatedAt, ...info } = record;
  return { registered: true, billing_info: { ...info, updated_at: updatedAt.toISOString() }, kana };
}
