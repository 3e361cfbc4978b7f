import { Events, Headers, ZContractType, type TShard } from '@portal/proto';
import { currentContext } from '@portal/service-common/context';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import type { Client, Tx } from '../db.js';
import { writtenAt } from '@portal/service-common/clock';

/**
 * Issue 14, slice A: licence owns a client's contract type, licence type, status and partner.
 * Every write of one of them calls this in the same unit of work, so identity's tenant copy (login,
 * sessions) follows through the outbox (events.licence.client.changed, in the client's region).
 */
export async function publishClientChanged(tx: Tx, shard: TShard, client: Pick<Client, 'uuid' | 'contractType' | 'licenceType' | 'status' | 'partnerUuid' | 'euRestricted'>): Promise<void> {
  await enqueueEvent(tx, Events.licence.clientChanged, {
    client_uuid: client.uuid,
    contract_type: ZContractType.catch('none').parse(client.contractType),
    licence_type: client.licenceType,
    status: client.status === 'active' ? 'active' : 'inactive',
    partner_uuid: client.partnerUuid,
    eu_restricted: client.euRestricted,
    changed_at: writtenAt().toISOString(),
  }, { [Headers.region]: shard, [Headers.requestId]: currentContext()?.requestId ?? 'internal' });
}
