import { Inject, Injectable } from '@nestjs/common';
import { NOTIFICATION_NOTICE_ROUTES as R, type ApiRequest } from '@portal/proto';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles } from '@portal/service-common/service-host';
import { InquiriesService } from './inquiries.service.js';

/** Inquiries (issue 12, slice B): clients send (ANY_CLIENT); partners and the operator receive; partners keep receivers. */
@Injectable()
export class InquiriesHandler {
  constructor(@Inject(InquiriesService) private readonly inquiries: InquiriesService) {}

  @Handles(R.inquirySend)
  send(input: ApiRequest<'inquirySend'>) { return this.inquiries.send(requirePrincipal(), input); }

  @Handles(R.inquiryMine)
  mine() { return this.inquiries.mine(requirePrincipal()); }

  @Handles(R.inquiryInbox)
  inbox(query: ApiRequest<'inquiryInbox'>) { return this.inquiries.inbox(requirePrincipal(), query); }

  @Handles(R.inquiryStatus)
  status(input: ApiRequest<'inquiryStatus'>) { return this.inquiries.setStatus(requirePrincipal(), input.id, input.status); }

  @Handles(R.inquiryReceivers)
  receivers() { return this.inquiries.receivers(requirePrincipal()); }

  @Handles(R.inquiryReceiverAdd)
  addReceiver(input: ApiRequest<'inquiryReceiverAdd'>) { return this.inquiries.addReceiver(requirePrincipal(), input.email, input.name); }

  @Handles(R.inquiryReceiverRemove)
  removeReceiver(input: ApiRequest<'inquiryReceiverRemove'>) { return this.inquiries.removeReceiver(requirePrincipal(), input.email); }
}
