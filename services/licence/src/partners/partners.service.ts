import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccessCode, Events, Headers, INTERNAL_ROUTES, PARTNER_LIST_MAX_DEPTH, REGIONS, SEARCH_MATCH_LIMIT, regionTimeZone, searchTerm, zonedDate,
  type TClientScope,
  type TPartnerCreate, type TPartnerDetail, type TPartnerList, type TPartnerListQuery, type TPartnerRegistrationChange, type TPartnerSettingsUpdate, type TPrincipal,
  type TRegion, type TSubPartnerCreate, type TShard, type ApiReply,
} from '@portal/proto';
import { ask } from '@portal/service-common/ask';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { recordOperation } from '@portal/service-common/audit';
import { requireContext, hostRegion } from '@portal/service-common/context';
import { csvDocument } from '@portal/service-common/csv';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { ServiceError } from '@portal/service-common/errors';
import { TRANSPORT } from '@portal/service-common/service-host';
import type { Transport } from '@portal/service-common/transport/transport';
import type { Tx } from '../db.js';
import { ClientsRepository } from '../clients/clients.repository.js';
import { publishClientChanged } from '../clients/client-state.js';
import { PartnersRepository, type PartnerRow, type PartnerSearch } from './partners.repository.js';
import { PARTNER_CSV_COLUMNS, partnerChanged, partnerCsvCells, partnerDetail, partnerRow } from './partners.rules.js';

/** The clients a partner's info page lists, per region. */
const CLIENTS_PER_REGION = 200;
/** An unknown partner (or a partner session without one): 404, as slice A answers a client outside the scope. */
const notFound = () => ServiceError.notFound();
const emailTaken = () => new ServiceError(AccessCode.FORM_ERROR, 'signup.email_exists', undefined, { email: [{ key: 'signup.email_exists' }] });

/**
 * Issue 14, slice B: partners and sub-partners. Licence owns them (rows in the global shard, each
 * with its home region); identity keeps its tenant copy and the first account from
 * `events.licence.partner.changed`. Tenancy comes from the principal: operator routes take a
 * partner by uuid, partner routes act only on the caller's own partner.
 */
@Injectable()
export class PartnersService {
  constructor(
    @Inject(PartnersRepository) private readonly partners: PartnersRepository,
    @Inject(ClientsRepository) private readonly clients: ClientsRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
    @Inject(TRANSPORT) private readonly transport: Transport,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(query: TPartnerListQuery): Promise<TPartnerList> {
    const depth = query.page * query.per_page;
    if (depth > PARTNER_LIST_MAX_DEPTH) throw ServiceError.form({ page: [{ key: 'validation.invalid', params: { field: 'page' } }] });
    const search = await this.search(query.q);
    const { rows, total, pending } = await this.partners.list(query, search, query.per_page, depth - query.per_page);
    return {
      partners: rows.map(partnerRow), total, pending, search_truncated: search.truncated,
      exact: search.uuid && rows.length === 1 && rows[0]!.uuid === search.uuid ? search.uuid : null,
    };
  }

  /**
   * Issue 25 point 4: the partner list's one search. A UUID names one partner; any other term is
   * part of the company name, the owner's email or name (here), or of a staff account's email or
   * name (identity's answer, at most SEARCH_MATCH_LIMIT partners); either matches.
   */
  private async search(q: string | undefined): Promise<PartnerSearch> {
    if (!q) return { term: null, uuid: null, alsoMatched: [], truncated: false };
    const term = searchTerm(q);
    if (term.uuid) return { term, uuid: term.uuid, alsoMatched: [], truncated: false };
    const found = await ask(this.transport, INTERNAL_ROUTES.tenantSearch, { term: term.text, kind: 'partner', partners: null, limit: SEARCH_MATCH_LIMIT });
    return { term, uuid: null, alsoMatched: found.tenants.map((t) => t.uuid), truncated: found.truncated };
  }

  async csv(query: Omit<TPartnerListQuery, 'page' | 'per_page'>): Promise<ApiReply<'operatorPartnerCsv'>> {
    const { rows } = await this.partners.list(query, await this.search(query.q), PARTNER_LIST_MAX_DEPTH, 0);
    const stamp = zonedDate(this.clock.now(), regionTimeZone(hostRegion())).replace(/-/g, '');
    return {
      file_name: `partners_${stamp}.csv`, content_type: 'text/csv; charset=utf-8',
      content: csvDocument(PARTNER_CSV_COLUMNS, rows.map((r) => partnerCsvCells(partnerRow(r)))), rows: rows.length,
    };
  }

  async detail(uuid: string): Promise<TPartnerDetail> {
    const row = await this.partners.find(uuid);
    if (!row) throw notFound();
    return this.describe(row);
  }

  /** A wizard step that names the first account: the address must be nobody's yet (identity's emailOwner, slice C's look-up). */
  async checkEmail(email: string): Promise<{ valid: true }> {
    if ((await ask(this.transport, INTERNAL_ROUTES.emailOwner, { email })).owner) throw emailTaken();
    return { valid: true };
  }

  /** The wizard's confirm: one partner per idempotency key (a double click or a second tab answers the first). */
  async create(principal: TPrincipal, input: TPartnerCreate): Promise<TPartnerDetail> {
    const existing = await this.uow.run('global', (tx) => this.partners.findByKey(tx, input.idempotency_key));
    if (existing) return this.describe(existing);
    await this.checkEmail(input.email);
    const region = hostRegion();
    const row = await this.insert(principal, region, null, input.idempotency_key, {
      isPrimary: input.is_primary, grantableContracts: input.grantable_contracts, reviewState: 'approved', info: input,
      billingName: input.billing_name, billingEmail: input.billing_email, billingPhone: input.billing_phone, billingAddress: input.billing_address,
      paymentMethod: input.payment_method, clientRegistration: input.client_registration, formOrigins: input.form_origins,
    });
    return this.describe(row);
  }

  async setContracts(principal: TPrincipal, uuid: string, grantable: TPartnerDetail['grantable_contracts']): Promise<TPartnerDetail> {
    const row = await this.change(uuid, async (tx, before) => {
      if (before.grantable_contracts === grantable) return false;
      await this.partners.setContracts(tx, uuid, grantable);
      await this.log(tx, before, principal, 'partner_contracts_changed', { before: before.grantable_contracts, after: grantable });
      return false;
    });
    return this.describe(row);
  }

  /**
   * The operator switches client registration and sets the form origins (the wizard's step 4 on an
   * existing partner). Nothing caches either: the partner's registration calls and the embedded
   * form read the row on every request (MigrationService), so a switch applies to the next call;
   * identity's copy holds neither, so no event. Logged with both values before and after.
   */
  async setRegistration(principal: TPrincipal, input: TPartnerRegistrationChange): Promise<TPartnerDetail> {
    const row = await this.change(input.partner_uuid, async (tx, before) => {
      const origins = [...new Set(input.form_origins)];
      const same = before.client_registration === input.client_registration && before.form_origins.join('\n') === origins.join('\n');
      if (same) return false;
      await this.partners.setRegistration(tx, before.uuid, input.client_registration, origins);
      await this.log(tx, before, principal, 'partner_registration_changed', {
        before: { client_registration: before.client_registration, form_origins: before.form_origins },
        after: { client_registration: input.client_registration, form_origins: origins },
      });
      return false;
    });
    return this.describe(row);
  }

  /** Suspend or resume: identity applies the change (ending the partner's sessions on suspension); logged. */
  async setStatus(principal: TPrincipal, uuid: string, status: 'active' | 'suspended'): Promise<TPartnerDetail> {
    const row = await this.change(uuid, async (tx, before) => {
      if (before.review_state !== 'approved') throw ServiceError.form({ status: [{ key: 'partner.not_approved' }] });
      if (before.status === status) return false;
      await this.partners.setStatus(tx, uuid, status);
      await this.log(tx, before, principal, status === 'suspended' ? 'partner_suspended' : 'partner_resumed', {});
      return true;
    });
    return this.describe(row);
  }

  /** Allow or reject a sub-partner awaiting review; allowing lets identity invite its first account. */
  async review(principal: TPrincipal, uuid: string, decision: 'allow' | 'reject'): Promise<TPartnerDetail> {
    const row = await this.change(uuid, async (tx, before) => {
      const state = decision === 'allow' ? 'approved' : 'rejected';
      if (!(await this.partners.decide(tx, uuid, state))) throw ServiceError.form({ decision: [{ key: 'partner.not_pending' }] });
      await this.log(tx, before, principal, decision === 'allow' ? 'partner_review_allowed' : 'partner_review_rejected', {});
      return true;
    });
    return this.describe(row);
  }

  /**
   * Clients taken out of the partner's scope become direct contracts. Every chosen client must be
   * in the partner's own scope (slice A's scope rule, read in every region first: nothing is
   * written otherwise); each region's clients change in one unit of work with their log entries
   * and events.licence.client.changed, so identity's copy follows.
   */
  async toDirectContract(principal: TPrincipal, uuid: string, clientUuids: readonly string[]): Promise<{ moved: number }> {
    const partner = await this.partners.find(uuid);
    if (!partner) throw notFound();
    const scope: TClientScope = { partner: uuid, includeSubPartners: false };
    const wanted = new Set(clientUuids.map((c) => c.toLowerCase()));
    const found = await Promise.all(REGIONS.map(async (shard) => {
      const own = await this.clients.inScope(this.clients.reader(shard), scope, {}, { sort: 'created_at', order: 'asc', take: 100_000 });
      return { shard, uuids: own.rows.map((r) => r.uuid).filter((c) => wanted.has(c)) };
    }));
    if (found.reduce((n, f) => n + f.uuids.length, 0) !== wanted.size) {
      throw ServiceError.form({ client_uuids: [{ key: 'partner.clients_not_in_scope' }] });
    }
    let moved = 0;
    for (const { shard, uuids } of found.filter((f) => f.uuids.length)) {
      moved += await this.uow.run(shard, async (tx) => {
        let done = 0;
        for (const client of uuids) {
          // Still the partner's in this transaction (another operator may have moved it meanwhile).
          if (!(await this.clients.oneInScope(tx, scope, client))) continue;
          const after = await this.partners.toDirect(tx, client);
          if (!after) continue;
          await publishClientChanged(tx, shard, after);
          await recordOperation(tx, { shard, clientUuid: client, accountUuid: principal.account_uuid, operation: 'contract_moved_direct', detail: { partner: partner.name } });
          done += 1;
        }
        return done;
      });
    }
    await this.uow.run('global', (tx) => this.log(tx, partner, principal, 'partner_clients_moved', { count: moved }));
    return { moved };
  }

  async subPartners(principal: TPrincipal): Promise<ApiReply<'partnerSubPartnerList'>> {
    const own = principal.partner_uuid ? await this.partners.find(principal.partner_uuid) : null;
    if (!own) return { partners: [], can_register: false };
    const subs = await this.partners.subPartners(own.uuid);
    return { partners: subs.map(partnerRow), can_register: own.is_primary && own.status === 'active' };
  }

  /** A primary partner registers a sub-partner in its own region; it waits for the operator's review. */
  async registerSubPartner(principal: TPrincipal, input: TSubPartnerCreate): Promise<ApiReply<'partnerSubPartnerList'>> {
    const own = principal.partner_uuid ? await this.partners.find(principal.partner_uuid) : null;
    if (!own || !own.is_primary || own.status !== 'active') throw ServiceError.form({ company_name: [{ key: 'http.forbidden' }] });
    const existing = await this.uow.run('global', (tx) => this.partners.findByKey(tx, input.idempotency_key));
    if (!existing) {
      await this.checkEmail(input.email);
      const region = (REGIONS as readonly string[]).includes(own.region) ? (own.region as TRegion) : hostRegion();
      await this.insert(principal, region, own.uuid, input.idempotency_key, {
        isPrimary: false, grantableContracts: own.grantable_contracts, reviewState: 'pending', info: input,
        billingName: '', billingEmail: '', billingPhone: '', billingAddress: '', paymentMethod: null, clientRegistration: false, formOrigins: [],
      });
    }
    return this.subPartners(principal);
  }

  async settings(principal: TPrincipal): Promise<ApiReply<'partnerSettingsGet'>> {
    const own = principal.partner_uuid ? await this.partners.find(principal.partner_uuid) : null;
    if (!own) throw notFound();
    return settingsOf(own);
  }

  async updateSettings(principal: TPrincipal, input: TPartnerSettingsUpdate): Promise<ApiReply<'partnerSettingsGet'>> {
    if (!principal.partner_uuid) throw notFound();
    const row = await this.change(principal.partner_uuid, async (tx, before) => {
      await this.partners.updateSettings(tx, before.uuid, {
        name: input.company_name, representative: input.representative, phone: input.phone, address: input.address,
        notificationEmail: input.notification_email, formOrigins: input.form_origins,
      });
      await this.log(tx, before, principal, 'partner_settings_changed', {});
      return before.name !== input.company_name;
    });
    return settingsOf(row);
  }

  private async insert(principal: TPrincipal, region: TRegion, parent: string | null, key: string, p: {
    isPrimary: boolean; grantableContracts: string; reviewState: 'approved' | 'pending';
    info: Pick<TPartnerCreate, 'company_name' | 'representative' | 'phone' | 'address' | 'email' | 'family_name' | 'given_name'>;
    billingName: string; billingEmail: string; billingPhone: string; billingAddress: string; paymentMethod: string | null;
    clientRegistration: boolean; formOrigins: string[];
  }): Promise<PartnerRow> {
    return this.uow.run('global', async (tx) => {
      const uuid = randomUUID();
      const inserted = await this.partners.insert(tx, {
        uuid, name: p.info.company_name, region, parentPartnerUuid: parent, isPrimary: p.isPrimary, grantableContracts: p.grantableContracts,
        reviewState: p.reviewState, representative: p.info.representative, phone: p.info.phone, address: p.info.address,
        ownerEmail: p.info.email.trim().toLowerCase(), ownerFamilyName: p.info.family_name, ownerGivenName: p.info.given_name,
        ownerLanguage: requireContext().language, billingName: p.billingName, billingEmail: p.billingEmail, billingPhone: p.billingPhone,
        billingAddress: p.billingAddress, paymentMethod: p.paymentMethod, clientRegistration: p.clientRegistration, formOrigins: p.formOrigins,
        createdBy: principal.account_uuid, idempotencyKey: key,
      });
      // Two confirms racing with one key: the second finds the first's partner.
      const row = inserted ? await this.partners.find(uuid, tx) : await this.partners.findByKey(tx, key);
      if (!row) throw notFound();
      if (inserted) {
        await this.announce(tx, row);
        await this.log(tx, row, principal, 'partner_created', { primary: p.isPrimary });
      }
      return row;
    });
  }

  /** One change of one partner in a unit of work; `work` answers whether identity must hear of it. */
  private async change(uuid: string, work: (tx: Tx, before: PartnerRow) => Promise<boolean>): Promise<PartnerRow> {
    return this.uow.run('global', async (tx) => {
      const before = await this.partners.find(uuid, tx);
      if (!before) throw notFound();
      const tell = await work(tx, before);
      const after = (await this.partners.find(uuid, tx))!;
      if (tell) await this.announce(tx, after);
      return after;
    });
  }

  private async announce(tx: Tx, row: PartnerRow): Promise<void> {
    const ctx = requireContext();
    const event = partnerChanged(row);
    await enqueueEvent(tx, Events.licence.partnerChanged, event, {
      [Headers.region]: event.region satisfies TShard, [Headers.requestId]: ctx.requestId,
      ...(ctx.publicOrigin ? { [Headers.publicOrigin]: ctx.publicOrigin } : {}),
    });
  }

  /** The partner's own operation log (its region), with who acted. */
  private log(tx: Tx, partner: PartnerRow, principal: TPrincipal, operation: string, detail: Record<string, unknown>): Promise<void> {
    const region = partnerChanged(partner).region;
    return recordOperation(tx, { shard: region, clientUuid: partner.uuid, accountUuid: principal.account_uuid, operation, detail: { ...detail, partner: partner.name }, target: { type: 'partner', id: partner.uuid } });
  }

  private async describe(row: PartnerRow): Promise<TPartnerDetail> {
    const [subs, clients] = await Promise.all([
      this.partners.subPartners(row.uuid),
      Promise.all(REGIONS.map(async (shard) => (await this.clients.inScope(this.clients.reader(shard), { partner: row.uuid, includeSubPartners: false }, {}, { sort: 'company_name', order: 'asc', take: CLIENTS_PER_REGION })).rows)),
    ]);
    return partnerDetail(row, subs, clients.flat());
  }
}

function settingsOf(row: PartnerRow): ApiReply<'partnerSettingsGet'> {
  const d = partnerRow(row);
  return {
    company_name: row.name, representative: row.representative, phone: row.phone, address: row.address, notification_email: row.notification_email,
    client_registration: row.client_registration, form_origins: row.form_origins, is_primary: row.is_primary, grantable_contracts: d.grantable_contracts,
  };
}
