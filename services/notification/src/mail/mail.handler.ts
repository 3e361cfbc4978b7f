import { Inject, Injectable } from '@nestjs/common';
import { Events, type TMailRequested } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { OnEvent } from '@portal/service-common/service-host';
import { MailService } from './mail.service.js';

@Injectable()
export class MailHandler {
  constructor(@Inject(MailService) private readonly mail: MailService) {}

  @OnEvent(Events.notification.mailRequested)
  mailRequested(mail: TMailRequested, msgId: string): Promise<void> {
    return this.mail.send(requireContext().region, mail, msgId);
  }
}
