import { Inject, Injectable } from '@nestjs/common';
import { Events, ZMailRequested } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { OnEvent } from '@portal/service-common/service-host';
import { MailService } from './mail.service.js';

@Injectable()
export class MailHandler {
  constructor(@Inject(MailService) private readonly mail: MailService) {}

  @OnEvent(Events.notification.mailRequested)
  async mailRequested(payload: unknown, msgId: string): Promise<void> {
    await this.mail.send(requireContext().region, ZMailRequested.parse(payload), msgId);
  }
}
