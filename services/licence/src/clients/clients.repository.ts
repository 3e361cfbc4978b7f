import { Inject, Injectable } from '@nestjs/common';
import type { TClientListSort, TClientRegistered, TClientScope, TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { LicenceDb, Tx } from '../db.js';

/** One client as the back-office lists and screens read it. */
export interface ClientRow {
  uuid: string; company_name: string; region: string; contract_type: string; licence_type: string; status: string;
  partner_uuid: string | null; created_at: Date;
}

/** What a client query narrows by, on top of the scope (issue 14: the list's search and filters). */
export interface ClientFilters {
  /** Part of the company name (case-insensitive; `%` and `_` literal). */
  q?: string;
  /** Issue 25: clients of this shard the search matched elsewhere (an account's email or name): either matches. */
  alsoMatched?: readonly string[];
  uuid?: string;
  /** Issue 25: only these clients (a bulk action's selection in this shard). */
  uuids?: readonly string[];
  status?: string;
  licenceType?: string;
  contractType?: string;
  /** A product the client holds a live licence or contract for. */
  product?: string;
  /** A plan the client has a live contract on. */
  plan?: string;
}

export interface ClientPage { sort: TClientListSort; order: 'asc' | 'desc'; take: number }

/**
 * Text keys sort by code point (`COLLATE "C"`, i.e. UTF-8 byte order), so that the rows of every
 * shard can be merged in the service with the same order the database used.
 */
const ORDER_COLUMN: Record<TClientListSort, Prisma.Sql> = {
  company_name: Prisma.raw('company_name COLLATE "C"'),
  region: Prisma.raw('region COLLATE "C"'),
  contract_type: Prisma.raw('contract_type COLLATE "C"'),
  status: Prisma.raw('status COLLATE "C"'),
  created_at: Prisma.raw('created_at'),
};

/** `%` and `_` are literal in a company-name search. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A contract that still holds (not ended, rejected or under review). */
const LIVE_CONTRACT = Prisma.raw(`k.status IN ('scheduled', 'active', 'cancelling')`);

/** Licence's client records. */
@Injectable()
export class ClientsRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /**
   * Issue 14, slice A: THE client query of the back office (docs/design/backoffice.md "Scope").
   * Every read of clients for an operator or partner goes through here, so no route builds its own
   * `WHERE partner_uuid`: the scope (clientScope) becomes the partner set (a primary partner's
   * sub-partners are read from the partners of the global shard), then the filters narrow it.
   * `tx` is the shard's client or a unit of work's transaction (a write that checks scope first).
   */
  async inScope(tx: Tx, scope: TClientScope, filters: ClientFilters, page: ClientPage = { sort: 'created_at', order: 'desc', take: 1 }): Promise<{ rows: ClientRow[]; total: number }> {
    const where = await this.where(scope, filters);
    const direction = Prisma.raw(page.order === 'asc' ? 'ASC' : 'DESC');
    const [rows, count] = await Promise.all([
      tx.$queryRaw<ClientRow[]>`
        SELECT uuid::text AS uuid, company_name, region, contract_type, licence_type, status, partner_uuid::text AS partner_uuid, created_at
        FROM clients c ${where}
        ORDER BY ${ORDER_COLUMN[page.sort]} ${direction}, uuid ${direction}
        LIMIT ${page.take}`,
      tx.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM clients c ${where}`,
    ]);
    return { rows, total: Number(count[0]?.total ?? 0) };
  }

  /** One client of the shard, if it is in scope (else null: the caller answers 404, never 403). */
  async oneInScope(tx: Tx, scope: TClientScope, uuid: string): Promise<ClientRow | null> {
    return (await this.inScope(tx, scope, { uuid })).rows[0] ?? null;
  }

  /** The shard's query client (reads outside a unit of work). */
  reader(shard: TShard): Tx {
    return this.db.client(shard) as unknown as Tx;
  }

  /** A primary partner's sub-partners (global shard; approved or not: their clients are its scope). */
  async subPartners(partnerUuid: string): Promise<string[]> {
    const rows = await this.db.client('global').partner.findMany({ where: { parentPartnerUuid: partnerUuid }, select: { uuid: true } });
    return rows.map((r) => r.uuid);
  }

  private async where(scope: TClientScope, filters: ClientFilters): Promise<Prisma.Sql> {
    const conditions: Prisma.Sql[] = [];
    if (!('all' in scope)) {
      const partners = [scope.partner, ...(scope.includeSubPartners ? await this.subPartners(scope.partner) : [])];
      conditions.push(Prisma.sql`c.partner_uuid = ANY(${partners}::uuid[])`);
    }
    if (filters.uuid) conditions.push(Prisma.sql`c.uuid = ${filters.uuid}::uuid`);
    if (filters.uuids) conditions.push(Prisma.sql`c.uuid = ANY(${[...filters.uuids]}::uuid[])`);
    if (filters.q && filters.alsoMatched?.length) {
      // The company name's pg_trgm GIN index or the primary key: a BitmapOr of two index scans.
      conditions.push(Prisma.sql`(c.company_name ILIKE ${likePattern(filters.q)} OR c.uuid = ANY(${[...filters.alsoMatched]}::uuid[]))`);
    } else if (filters.q) conditions.push(Prisma.sql`c.company_name ILIKE ${likePattern(filters.q)}`);
    if (filters.status) conditions.push(Prisma.sql`c.status = ${filters.status}`);
    if (filters.licenceType) conditions.push(Prisma.sql`c.licence_type = ${filters.licenceType}`);
    if (filters.contractType) conditions.push(Prisma.sql`c.contract_type = ${filters.contractType}`);
    if (filters.product) {
      conditions.push(Prisma.sql`(EXISTS (SELECT 1 FROM licences l WHERE l.client_uuid = c.uuid AND l.product = ${filters.product} AND l.ended_at IS NULL)
        OR EXISTS (SELECT 1 FROM contracts k WHERE k.client_uuid = c.uuid AND k.product = ${filters.product} AND ${LIVE_CONTRACT}))`);
    }
    if (filters.plan) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM contracts k WHERE k.client_uuid = c.uuid AND k.plan_id = ${filters.plan} AND ${LIVE_CONTRACT})`);
    return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  }

  /** Issue 25: the clients of one shard whose agency is one of these partners (at most `take`). */
  async ofPartners(shard: TShard, partners: readonly string[], take: number): Promise<{ uuid: string; companyName: string }[]> {
    return this.db.client(shard).client.findMany({ where: { partnerUuid: { in: [...partners] } }, select: { uuid: true, companyName: true }, orderBy: { uuid: 'asc' }, take });
  }

  /** Issue 11, slice B: the clients of one shard among these, with their company names. */
  async names(shard: TShard, uuids: readonly string[]): Promise<{ uuid: string; companyName: string }[]> {
    if (uuids.length === 0) return [];
    return this.db.client(shard).client.findMany({ where: { uuid: { in: [...uuids] } }, select: { uuid: true, companyName: true } });
  }

  /** Issue 23: the client's corporate number, for its invoices (empty when none or unknown). */
  async corporateNumber(shard: TShard, uuid: string): Promise<string> {
    const row = await this.db.client(shard).client.findUnique({ where: { uuid }, select: { corporateNumber: true } });
    return row?.corporateNumber ?? '';
  }

  /** The client of a registration (in the consumer's unit of work, once per event). */
  async createRegistered(tx: Tx, event: TClientRegistered): Promise<void> {
    const survey = event.survey;
    await tx.client.create({
      data: {
        uuid: event.client_uuid, companyName: event.company_name, phone: event.phone, region: event.region, logoDataUrl: event.logo,
        // Issue 22: the registration survey and the EU declaration (the registration's time).
        ...(survey ? { position: survey.position, division: survey.division, industry: survey.industry, subIndustry: survey.sub_industry, employees: survey.employees, budget: survey.budget } : {}),
        euDeclaredAt: event.eu_declared ? new Date(event.registered_at) : null,
      },
    });
  }

  /** The whole record (after a scope check). */
  async full(shard: TShard, uuid: string) {
    return this.db.client(shard).client.findUnique({ where: { uuid } });
  }

  /** The products the client holds a live licence for. */
  async products(shard: TShard, uuid: string): Promise<string[]> {
    const rows = await this.db.client(shard).licence.findMany({ where: { clientUuid: uuid, endedAt: null }, select: { product: true }, orderBy: { product: 'asc' } });
    return rows.map((r) => r.product);
  }

  async setLicenceType(tx: Tx, uuid: string, licenceType: string) {
    const updated = await tx.client.updateManyAndReturn({ where: { uuid }, data: { licenceType } });
    return updated[0] ?? null;
  }

  /** Issue 22: mark a client as subject to the EU data-protection rule, or lift it; the row after, or null. */
  async setEuRestricted(tx: Tx, uuid: string, euRestricted: boolean) {
    const updated = await tx.client.updateManyAndReturn({ where: { uuid }, data: { euRestricted } });
    return updated[0] ?? null;
  }

  /** Issue 14, slice A: set a client's status (in scope already checked); the row after, or null. */
  async setStatus(tx: Tx, uuid: string, status: 'active' | 'inactive') {
    const updated = await tx.client.updateManyAndReturn({ where: { uuid }, data: { status } });
    return updated[0] ?? null;
  }
}
