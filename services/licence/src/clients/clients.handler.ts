import { Inject, Injectable } from '@nestjs/common';
import { Events, type TClientRegistered } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { OnEvent } from '@portal/service-common/service-host';
import { ClientsRepository } from './clients.repository.js';

/** Clients: created when identity registers a company (events.identity.client.registered). */
@Injectable()
export class ClientsHandler {
  constructor(@Inject(ClientsRepository) private readonly clients: ClientsRepository) {}

  @OnEvent(Events.identity.clientRegistered)
  clientRegistered(event: TClientRegistered, msgId: string): Promise<void> {
    return this.clients.createRegistered(requireContext().region, event, msgId);
  }
}
