import { Inject, Injectable } from '@nestjs/common';
import { API_ROUTES, Events, type ApiRequest, type TClientRegistered } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { requirePrincipal } from '@portal/service-common/principal';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { ClientListService } from './client-list.service.js';
import { ClientsRepository } from './clients.repository.js';

/** Clients: created when identity registers a company (events.identity.client.registered); the partner's and operator's list. */
@Injectable()
export class ClientsHandler {
  constructor(
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(ClientListService) private readonly list: ClientListService,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  @Handles(API_ROUTES.clientList)
  clientList(query: ApiRequest<'clientList'>) {
    return this.list.list(requirePrincipal(), query);
  }

  /** Once per event: a redelivery changes nothing. */
  @OnEvent(Events.identity.clientRegistered)
  clientRegistered(event: TClientRegistered, msgId: string): Promise<void> {
    return this.uow.once(requireContext().region, 'licence-client-registered', msgId, (tx) => this.clients.createRegistered(tx, event));
  }
}
