import { Inject, Injectable } from '@nestjs/common';
import { Events, Subjects, ZClientListQuery, ZRegion, type TClientListQuery } from '@portal/proto';
import { requireContext } from '@portal/service-common/context';
import { idempotent } from '@portal/service-common/db/idempotent';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import { requirePrincipal } from '@portal/service-common/principal';
import { Handles, OnEvent } from '@portal/service-common/service-host';
import { z } from 'zod';
import type { PrismaClient } from '../generated/prisma/client.js';
import { ClientListService } from './client-list.service.js';

const ZClientRegistered = z.object({
  client_uuid: z.uuid(),
  company_name: z.string(),
  phone: z.string(),
  region: ZRegion,
  logo: z.string().nullable(),
});

/** Clients: created when identity registers a company (events.identity.client.registered); the partner's and operator's list. */
@Injectable()
export class ClientsHandler {
  constructor(
    @Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>,
    @Inject(ClientListService) private readonly list: ClientListService,
  ) {}

  @Handles(Subjects.licence.clientList, ZClientListQuery)
  clientList(query: TClientListQuery) {
    return this.list.list(requirePrincipal(), query);
  }

  @OnEvent(Events.identity.clientRegistered)
  async clientRegistered(payload: unknown, msgId: string): Promise<void> {
    const event = ZClientRegistered.parse(payload);
    const shard = requireContext().region;
    await this.db.client(shard).$transaction(async (tx) => {
      if (!(await idempotent(tx, 'licence-client-registered', msgId))) return;
      await tx.client.create({ data: { uuid: event.client_uuid, companyName: event.company_name, phone: event.phone, region: event.region, logoDataUrl: event.logo } });
    });
  }
}
