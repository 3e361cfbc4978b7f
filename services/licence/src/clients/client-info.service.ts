import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, INTERNAL_ROUTES, ZClientStatus, ZContractType, ZLicenceType, ZProductId, areaOf, clientScope, writableScope,
  type TClientInfo, type TLicenceType, type TPrincipal, type TRegion,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { recordOperation } from '@portal/service-common/audit';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { ClientCreateRepository } from './client-create.repository.js';
import { licenceTypeChangeRefusal, settableLicenceTypes, type LicenceTypeContext } from './client-licence.rules.js';
import { readOnly } from './client-list.service.js';
import { publishClientChanged } from './client-state.js';
import { notFound } from './client-status.service.js';
import { ClientsRepository } from './clients.repository.js';

/**
 * Issue 14, slice A: one client for the operator's and partner's client info (company, licence
 * fields, products, billing info and payment method from billing), and its licence type.
 */
@Injectable()
export class ClientInfoService {
  constructor(
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(ClientCreateRepository) private readonly partners: ClientCreateRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
  ) {}

  async info(principal: TPrincipal, region: TRegion, uuid: string): Promise<TClientInfo> {
    const scope = clientScope(principal);
    if (!scope) throw notFound();
    const found = await this.clients.oneInScope(this.clients.reader(region), scope, uuid);
    if (!found) throw notFound();
    const [client, products, billing, names, ctx] = await Promise.all([
      this.clients.full(region, uuid),
      this.clients.products(region, uuid),
      ask(this.transport, INTERNAL_ROUTES.clientBillingSummary, { region, uuid }),
      this.partners.partnerNames(found.partner_uuid ? [found.partner_uuid] : []),
      this.licenceContext(principal, region, uuid, found.partner_uuid),
    ]);
    if (!client) throw notFound();
    const ro = readOnly(principal, found);
    return {
      uuid, region, company_name: client.companyName, phone: client.phone, address: client.address, location: client.location, representative: client.representative,
      corporate_number: client.corporateNumber,
      contract_type: ZContractType.catch('none').parse(client.contractType),
      licence_type: ZLicenceType.nullable().catch(null).parse(client.licenceType),
      status: ZClientStatus.catch('inactive').parse(client.status),
      partner_name: found.partner_uuid ? (names.get(found.partner_uuid) ?? null) : null,
      created_at: client.createdAt.toISOString(),
      products: products.flatMap((p) => { const id = ZProductId.safeParse(p); return id.success ? [id.data] : []; }),
      read_only: ro,
      licence_types_settable: ro ? [] : settableLicenceTypes(client.licenceType, ctx),
      billing: billing.billing,
      payment_method: billing.payment_method,
      eu_restricted: client.euRestricted,
      eu_declared_at: client.euDeclaredAt?.toISOString() ?? null,
    };
  }

  /**
   * Issue 22: an operator marks the client as subject to the EU data-protection rule (spec §1), or
   * lifts the mark. Logged in the client's operation log; identity's copy follows (support logins),
   * and licence refuses the client's product logins, trials and plan starts from then on.
   */
  async setEuRestricted(principal: TPrincipal, region: TRegion, uuid: string, euRestricted: boolean): Promise<TClientInfo> {
    const scope = clientScope(principal);
    if (!scope || areaOf(principal) !== 'operator') throw notFound();
    await this.uow.run(region, async (tx) => {
      const found = await this.clients.oneInScope(tx, scope, uuid);
      if (!found) throw notFound();
      const before = await this.clients.full(region, uuid);
      // Marking a marked client (a double click, two tabs) changes, logs and tells nothing.
      if (!before || before.euRestricted === euRestricted) return;
      const updated = await this.clients.setEuRestricted(tx, uuid, euRestricted);
      if (!updated) throw notFound();
      await recordOperation(tx, {
        shard: region, clientUuid: uuid, accountUuid: principal.account_uuid, operation: 'eu_rule_changed', detail: { before: before.euRestricted, after: euRestricted },
      });
      await publishClientChanged(tx, region, updated);
    });
    return this.info(principal, region, uuid);
  }

  /** Sets the licence type by the rules of client-licence.rules.ts (logged; identity's copy follows). */
  async setLicenceType(principal: TPrincipal, region: TRegion, uuid: string, to: TLicenceType): Promise<TClientInfo> {
    const scope = clientScope(principal);
    if (!scope) throw notFound();
    const found = await this.clients.oneInScope(this.clients.reader(region), writableScope(scope), uuid);
    if (!found) throw notFound();
    const ctx = await this.licenceContext(principal, region, uuid, found.partner_uuid);
    if (found.licence_type !== to) {
      const refusal = licenceTypeChangeRefusal(found.licence_type, to, ctx);
      if (refusal) throw new ServiceError(AccessCode.FORM_ERROR, `client_licence.${refusal}`, undefined, { licence_type: [{ key: `client_licence.${refusal}` }] });
      await this.uow.run(region, async (tx) => {
        const again = await this.clients.oneInScope(tx, writableScope(scope), uuid);
        if (!again) throw notFound();
        const updated = await this.clients.setLicenceType(tx, uuid, to);
        if (!updated) throw notFound();
        await recordOperation(tx, {
          shard: region, clientUuid: uuid, accountUuid: principal.account_uuid, operation: 'client_licence_changed', detail: { before: again.licence_type, after: to },
        });
        await publishClientChanged(tx, region, updated);
      });
    }
    return this.info(principal, region, uuid);
  }

  /** Who sets it, and whether the client lets its partner support-login (identity's answer for the caller). */
  private async licenceContext(principal: TPrincipal, region: TRegion, uuid: string, partnerUuid: string | null): Promise<LicenceTypeContext> {
    const area = areaOf(principal);
    const via = area === 'operator' ? 'operator' : principal.proxy ? 'partner_support_login' : 'partner';
    let partnerProxyAllowed = false;
    if (via === 'partner_support_login') {
      const answer = await ask(this.transport, INTERNAL_ROUTES.proxyEligibility, { clients: [{ uuid, region }] });
      const verdict = answer.clients[0];
      // The client's permission for its partner, under a contract that has partner support login;
      // the client's IP restriction (judged against the operator's address here) does not matter.
      partnerProxyAllowed = Boolean(verdict && (verdict.reason === null || verdict.reason === 'ip_denied'));
    }
    return { via, partnerProxyAllowed, hasPartner: partnerUuid !== null && partnerUuid === principal.partner_uuid };
  }
}
