import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, partnerMayLogIn, type ApiRequest, type TPartnerChanged, type TRegion } from '@portal/proto';
import { recordOperation } from '@portal/service-common/audit';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { InquiriesRepository } from './inquiries.repository.js';

/**
 * Issue 14, slice B: a partner's inquiry receivers from the operator's side (the partner's region
 * shard), and its first receiver: when licence announces an approved, active partner with a first
 * account and no receiver yet, that address becomes its receiver, so a partner always has one
 * (spec §5: the last one cannot be unset).
 */
@Injectable()
export class PartnerReceiversHandler {
  constructor(
    @Inject(InquiriesRepository) private readonly inquiries: InquiriesRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  @Handles(API_ROUTES.operatorPartnerReceivers)
  async list(query: ApiRequest<'operatorPartnerReceivers'>) {
    return { receivers: await this.inquiries.receivers(query.region, query.partner_uuid) };
  }

  @Handles(API_ROUTES.operatorPartnerReceiverAdd)
  async add(input: ApiRequest<'operatorPartnerReceiverAdd'>) {
    await this.inquiries.addReceiver(input.region, input.partner_uuid, input.email.toLowerCase(), input.name);
    await this.record(input, 'inquiry_receiver_added');
    return this.list(input);
  }

  @Handles(API_ROUTES.operatorPartnerReceiverRemove)
  async remove(input: ApiRequest<'operatorPartnerReceiverRemove'>) {
    const result = await this.inquiries.removeReceiver(input.region, input.partner_uuid, input.email.toLowerCase());
    if (result === 'last') throw ServiceError.form({ email: [{ key: 'inquiry.receiver_last' }] });
    if (result === 'absent') throw ServiceError.form({ email: [{ key: 'inquiry.receiver_unknown' }] });
    await this.record(input, 'inquiry_receiver_removed');
    return this.list(input);
  }

  /** Issue 25: in the partner's log and the audit log (after the repository's own statement). */
  private record(input: { region: TRegion; partner_uuid: string; email: string }, operation: string): Promise<void> {
    return this.uow.run(input.region, (tx) => recordOperation(tx, {
      shard: input.region, clientUuid: input.partner_uuid, accountUuid: null, operation, detail: { email: input.email.toLowerCase() }, target: { type: 'partner', id: input.partner_uuid },
    }));
  }

  @OnEvent(Events.licence.partnerChanged)
  partnerChanged(event: TPartnerChanged, msgId: string): Promise<void> {
    return this.uow.once(event.region, 'notification-partner-changed', msgId, async (tx) => {
      if (!event.owner || !partnerMayLogIn(event)) return;
      if ((await tx.inquiryReceiver.count({ where: { partnerUuid: event.partner_uuid } })) > 0) return;
      await tx.inquiryReceiver.create({ data: { partnerUuid: event.partner_uuid, email: event.owner.email.toLowerCase(), name: event.name } });
    });
  }
}
