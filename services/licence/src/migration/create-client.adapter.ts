import { Inject, Injectable } from '@nestjs/common';
import type { TClientCreate } from '@portal/proto';
import { ClientCreateService } from '../clients/client-create.service.js';
import type { ClientCreator, NewClientRequest } from './client-creator.port.js';

/**
 * CLIENT_CREATOR bound to slice A's create-client command. A migration links products the client
 * already uses outside the portal, so it starts no free licences (`products: []`).
 */
@Injectable()
export class CreateClientCommandAdapter implements ClientCreator {
  constructor(@Inject(ClientCreateService) private readonly command: ClientCreateService) {}

  async checkLicence(r: Pick<NewClientRequest, 'region' | 'contract_type' | 'partner_uuid' | 'licence_type'>, prefix = ''): Promise<void> {
    await this.command.checkLicence(licenceOf(r), prefix);
  }

  async create(r: NewClientRequest): Promise<{ client_uuid: string }> {
    const created = await this.command.create(r.principal, {
      licence: { ...licenceOf(r), eu_subject: r.eu_subject },
      client: {
        company_name: r.company_name, phone: r.phone, address: '', family_name: r.owner.family_name, given_name: r.owner.given_name,
        email: r.owner.email, language: r.owner.language as TClientCreate['client']['language'],
      },
      products: { products: [] },
      idempotency_key: r.idempotency_key,
    });
    return { client_uuid: created.uuid };
  }
}

function licenceOf(r: Pick<NewClientRequest, 'region' | 'contract_type' | 'partner_uuid' | 'licence_type'>): TClientCreate['licence'] {
  return { region: r.region, contract_type: r.contract_type, partner_uuid: r.partner_uuid, licence_type: r.licence_type as TClientCreate['licence']['licence_type'] };
}
