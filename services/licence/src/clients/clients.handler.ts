import { Inject, Injectable } from '@nestjs/common';
import { Events, Subjects, ZClientListQuery, type TClientListQuery, type TClientRegistered } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import { ClientListService } from './client-list.service.js';
import { ClientsRepository } from './clients.repository.js';

/** Clients: created when identity registers a company (events.identity.client.registered); the partner's and operator's list. */
@Injectable()
export class ClientsHandler {
  constructor(
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(ClientListService) private readonly list: ClientListService,
  ) {}

  @Handles(Subjects.licence.clientList, ZClientListQuery)
  clientList(query: TClientListQuery) {
    return this.list.list(requirePrincipal(), query);
  }

  @OnEvent(Events.identity.clientRegistered)
  clientRegistered(event: TClientRegistered, msgId: string): Promise<void> {
    return this.clients.createRegistered(requireContext().region, event, msgId);
  }
}
