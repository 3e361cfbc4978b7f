import { Inject, Injectable } from '@nestjs/common';
import { Events, type TSupportSessionEnded } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { OnEvent } from '@portal/service-common/service-host';
import { SupportSummaryService } from './support-summary.service.js';

/** Issue 21: a support session ended; its summary goes to the client's owners. */
@Injectable()
export class SupportSummaryHandler {
  constructor(@Inject(SupportSummaryService) private readonly summaries: SupportSummaryService) {}

  @OnEvent(Events.identity.supportSessionEnded)
  ended(event: TSupportSessionEnded, msgId: string): Promise<void> {
    return this.summaries.mail(event, requireContext().region, msgId);
  }
}
