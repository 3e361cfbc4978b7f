import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, INTERNAL_ROUTES, areaOf, type TClientCreate, type TClientCreated, type TMessageRef, type TPrincipal, type TRegion,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { actorOf, recordOperation } from '@portal/service-common/audit';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { ClientCreateRepository } from './client-create.repository.js';

type Licence = TClientCreate['licence'];
type ClientStep = TClientCreate['client'];

/** A uuid made from text (SHA-256, version and variant bits set): the same key gives the same client. */
export function derivedUuid(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Which contracts a partner may grant (reseller | referral | both); a single-content-provider contract goes with any. */
function grantable(partnerGrants: string, contract: string): boolean {
  if (contract === 'single_content_provider') return true;
  return partnerGrants === 'both' || partnerGrants === contract;
}

/** A 40011 whose fields are prefixed (`email` → `client.email` on confirm). */
function prefixed(error: unknown, prefix: string): unknown {
  if (!(error instanceof ServiceError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [`${prefix}${k}`, v]));
  return new ServiceError(error.code, error.messageKey, error.params, fields, error.data);
}

/**
 * Issue 14, slice A: the create-client command (licence + identity), reusable by the operator's
 * wizard and slice C's partner registration and embedded form. Each step is checked alone by the
 * wizard's `…/check` routes with the same schema and rules (nothing written); confirm checks all of
 * them again, then identity creates the tenant and its invited owner and licence the client and its
 * free licences. One client per (caller's tenant, idempotency key): the client's uuid is derived
 * from them, and both halves are idempotent by it, so a double click or a retry creates one client.
 */
@Injectable()
export class ClientCreateService {
  constructor(
    @Inject(ClientCreateRepository) private readonly repo: ClientCreateRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async partnerOptions() {
    return { partners: (await this.repo.partnerOptions()).map((p) => ({ uuid: p.uuid, name: p.name, grantable_contracts: p.grantableContracts })) };
  }

  /** Step 1: the partner exists, is active and approved, and may grant the contract. */
  async checkLicence(input: Licence, prefix = ''): Promise<{ ok: true }> {
    if (input.partner_uuid) {
      const partner = await this.repo.partner(input.partner_uuid);
      if (!partner || partner.status !== 'active' || partner.reviewState !== 'approved') throw form(`${prefix}partner_uuid`, 'client_create.partner_unknown');
      if (!grantable(partner.grantableContracts, input.contract_type)) throw form(`${prefix}contract_type`, 'client_create.contract_not_grantable');
    }
    return { ok: true };
  }

  /** Step 2: the owner's email has no account anywhere (the spec's message). */
  async checkClient(region: TRegion, input: ClientStep, prefix = ''): Promise<{ ok: true }> {
    try {
      await ask(this.transport, INTERNAL_ROUTES.identityClientCreate, {
        ...this.identityPayload('00000000-0000-4000-8000-000000000000', region, input, { region, contract_type: 'none', partner_uuid: null, licence_type: 'normal' }),
        dry_run: true,
      });
    } catch (error) {
      throw prefixed(error, prefix);
    }
    return { ok: true };
  }

  /** Step 3: every product is offered in the client's region. */
  async checkProducts(region: TRegion, products: readonly string[], prefix = ''): Promise<{ ok: true }> {
    const offered = new Set(await this.repo.offeredProducts(region));
    const fields: Record<string, TMessageRef[]> = {};
    products.forEach((p, i) => { if (!offered.has(p)) fields[`${prefix}products.${i}`] = [{ key: 'client_create.product_not_offered' }]; });
    if (Object.keys(fields).length) throw ServiceError.form(fields);
    return { ok: true };
  }

  async create(principal: TPrincipal, input: TClientCreate): Promise<TClientCreated> {
    const region = input.licence.region;
    const licence = this.licenceFor(principal, input.licence);
    await this.checkLicence(licence, 'licence.');
    await this.checkProducts(region, input.products.products, 'products.');
    const tenantKey = areaOf(principal) === 'operator' ? 'operator' : `partner:${principal.partner_uuid}`;
    const uuid = derivedUuid(`client-create:${tenantKey}:${input.idempotency_key}`);
    const ownerEmail = input.client.email.trim().toLowerCase();
    if (await this.repo.exists(region, uuid)) return { uuid, region, owner_email: ownerEmail, created: false };
    try {
      await ask(this.transport, INTERNAL_ROUTES.identityClientCreate, { ...this.identityPayload(uuid, region, input.client, licence), dry_run: false });
    } catch (error) {
      throw prefixed(error, 'client.');
    }
    const now = this.clock.now();
    const created = await this.uow.run(region, async (tx) => {
      const fresh = await this.repo.create(tx, {
        uuid, companyName: input.client.company_name, phone: input.client.phone, address: input.client.address, region,
        contractType: licence.contract_type, licenceType: licence.licence_type, partnerUuid: licence.partner_uuid,
        // Issue 22: the creator answered the EU data-protection question with no (a yes never gets here).
        euDeclaredAt: input.licence.eu_subject === false ? now : null,
      });
      if (!fresh) return false;
      await this.repo.freeLicences(tx, uuid, input.products.products, now);
      await recordOperation(tx, {
        shard: region, clientUuid: uuid, accountUuid: principal.account_uuid, operation: 'client_created',
        detail: { company_name: input.client.company_name, products: input.products.products },
        // The command's principal (the embedded form's stands for its partner, outside any session).
        actor: actorOf(principal, null, region),
      });
      return true;
    });
    return { uuid, region, owner_email: ownerEmail, created };
  }

  /** A partner creates clients of its own only (the contract's partner is itself). */
  private licenceFor(principal: TPrincipal, licence: Licence): Licence {
    if (areaOf(principal) === 'operator') return licence;
    if (!principal.partner_uuid) throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    return { ...licence, partner_uuid: principal.partner_uuid, contract_type: licence.contract_type === 'none' ? 'referral' : licence.contract_type };
  }

  private identityPayload(uuid: string, region: TRegion, client: ClientStep, licence: Licence) {
    return {
      client_uuid: uuid, owner_uuid: derivedUuid(`client-owner:${uuid}`), region, company_name: client.company_name,
      contract_type: licence.contract_type, licence_type: licence.licence_type, partner_uuid: licence.partner_uuid,
      owner: { family_name: client.family_name, given_name: client.given_name, email: client.email, language: client.language },
    };
  }
}

const form = (field: string, key: string) => ServiceError.form({ [field]: [{ key }] });
