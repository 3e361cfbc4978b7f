import { Inject, Injectable } from '@nestjs/common';
import type { TPartnerListQuery, TRegion, TSearchTerm } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { Prisma } from '../generated/prisma/client.js';
import type { LicenceDb, Tx } from '../db.js';

/** A partner as stored (licence's `partners`, global shard; slice A's columns and slice B's). */
export interface PartnerRow {
  uuid: string;
  name: string;
  region: string;
  parent_partner_uuid: string | null;
  parent_name: string | null;
  is_primary: boolean;
  grantable_contracts: string;
  review_state: string;
  status: string;
  created_at: Date;
  representative: string;
  phone: string;
  address: string;
  owner_email: string;
  owner_family_name: string;
  owner_given_name: string;
  owner_language: string;
  billing_name: string;
  billing_email: string;
  billing_phone: string;
  billing_address: string;
  payment_method: string | null;
  client_registration: boolean;
  form_origins: string[];
  notification_email: string;
}

export interface NewPartner {
  uuid: string;
  name: string;
  region: TRegion;
  parentPartnerUuid: string | null;
  isPrimary: boolean;
  grantableContracts: string;
  reviewState: 'approved' | 'pending';
  representative: string;
  phone: string;
  address: string;
  ownerEmail: string;
  ownerFamilyName: string;
  ownerGivenName: string;
  ownerLanguage: string;
  billingName: string;
  billingEmail: string;
  billingPhone: string;
  billingAddress: string;
  paymentMethod: string | null;
  clientRegistration: boolean;
  formOrigins: string[];
  createdBy: string;
  idempotencyKey: string;
}

const SELECT = Prisma.sql`
  SELECT p.uuid::text AS uuid, p.name, p.region, p.parent_partner_uuid::text AS parent_partner_uuid, parent.name AS parent_name,
         p.is_primary, p.grantable_contracts, p.review_state, p.status, p.created_at, p.representative, p.phone, p.address,
         p.owner_email, p.owner_family_name, p.owner_given_name, p.owner_language, p.billing_name, p.billing_email, p.billing_phone,
         p.billing_address, p.payment_method, p.client_registration, p.form_origins, p.notification_email
  FROM partners p LEFT JOIN partners parent ON parent.uuid = p.parent_partner_uuid`;

/** `%q%` for ILIKE, with the pattern characters taken literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Issue 25: what the partner list's search selects (PartnersService.search). */
export interface PartnerSearch {
  term: TSearchTerm | null;
  /** The term is a partner's UUID. */
  uuid: string | null;
  /** Partners whose staff accounts matched (identity's answer). */
  alsoMatched: string[];
  truncated: boolean;
}
const NO_SEARCH: PartnerSearch = { term: null, uuid: null, alsoMatched: [], truncated: false };

/**
 * Issue 14, slice B: partners (global shard: a primary partner's sub-partners and clients may sit
 * in any region) and the clients of a partner (their region's shard). Only this repository touches them.
 */
@Injectable()
export class PartnersRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  async list(filter: Omit<TPartnerListQuery, 'page' | 'per_page'>, search: PartnerSearch, take: number | null, skip: number): Promise<{ rows: PartnerRow[]; total: number; pending: number }> {
    const where = this.where(filter, search);
    const client = this.db.client('global');
    const limit = take === null ? Prisma.empty : Prisma.sql`LIMIT ${take} OFFSET ${skip}`;
    const direction = Prisma.raw(filter.order === 'asc' ? 'ASC' : 'DESC');
    const orderBy = filter.sort === 'company_name' ? Prisma.sql`p.name COLLATE "C" ${direction}, p.uuid ${direction}` : Prisma.sql`p.created_at ${direction}, p.uuid ${direction}`;
    const [rows, count, pending] = await Promise.all([
      client.$queryRaw<PartnerRow[]>`${SELECT} ${where} ORDER BY ${orderBy} ${limit}`,
      client.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM partners p ${where}`,
      client.$queryRaw<{ total: bigint }[]>`SELECT count(*) AS total FROM partners WHERE review_state = 'pending'`,
    ]);
    return { rows, total: Number(count[0]?.total ?? 0), pending: Number(pending[0]?.total ?? 0) };
  }

  async find(uuid: string, tx?: Tx): Promise<PartnerRow | null> {
    const on = tx ?? this.db.client('global');
    const rows = await on.$queryRaw<PartnerRow[]>`${SELECT} WHERE p.uuid = ${uuid}::uuid`;
    return rows[0] ?? null;
  }

  async findByKey(tx: Tx, key: string): Promise<PartnerRow | null> {
    const rows = await tx.$queryRaw<PartnerRow[]>`${SELECT} WHERE p.idempotency_key = ${key}`;
    return rows[0] ?? null;
  }

  subPartners(parentUuid: string): Promise<PartnerRow[]> {
    return this.db.client('global').$queryRaw<PartnerRow[]>`${SELECT} WHERE p.parent_partner_uuid = ${parentUuid}::uuid ORDER BY p.created_at DESC, p.uuid DESC`;
  }

  /** Inserts unless a partner with the same idempotency key exists; true when this call inserted it. */
  async insert(tx: Tx, p: NewPartner): Promise<boolean> {
    const inserted = await tx.$executeRaw`
      INSERT INTO partners (uuid, name, region, parent_partner_uuid, is_primary, grantable_contracts, review_state, status, representative, phone,
        address, owner_email, owner_family_name, owner_given_name, owner_language, billing_name, billing_email, billing_phone, billing_address,
        payment_method, client_registration, form_origins, created_by, idempotency_key, updated_at)
      VALUES (${p.uuid}::uuid, ${p.name}, ${p.region}, ${p.parentPartnerUuid}::uuid, ${p.isPrimary}, ${p.grantableContracts}, ${p.reviewState}, 'active',
        ${p.representative}, ${p.phone}, ${p.address}, ${p.ownerEmail}, ${p.ownerFamilyName}, ${p.ownerGivenName}, ${p.ownerLanguage}, ${p.billingName},
        ${p.billingEmail}, ${p.billingPhone}, ${p.billingAddress}, ${p.paymentMethod}, ${p.clientRegistration}, ${p.formOrigins}::text[],
        ${p.createdBy}::uuid, ${p.idempotencyKey}, now())
      ON CONFLICT (idempotency_key) DO NOTHING`;
    return inserted === 1;
  }

  async setContracts(tx: Tx, uuid: string, grantable: string): Promise<void> {
    await tx.$executeRaw`UPDATE partners SET grantable_contracts = ${grantable}, updated_at = now() WHERE uuid = ${uuid}::uuid`;
  }

  async setStatus(tx: Tx, uuid: string, status: string): Promise<void> {
    await tx.$executeRaw`UPDATE partners SET status = ${status}, updated_at = now() WHERE uuid = ${uuid}::uuid`;
  }

  /** Decides a pending review; false when it was no longer pending (a second operator decided first). */
  async decide(tx: Tx, uuid: string, state: 'approved' | 'rejected'): Promise<boolean> {
    return (await tx.$executeRaw`UPDATE partners SET review_state = ${state}, updated_at = now() WHERE uuid = ${uuid}::uuid AND review_state = 'pending'`) === 1;
  }

  async updateSettings(tx: Tx, uuid: string, s: { name: string; representative: string; phone: string; address: string; notificationEmail: string; formOrigins: string[] }): Promise<void> {
    await tx.$executeRaw`UPDATE partners SET name = ${s.name}, representative = ${s.representative}, phone = ${s.phone}, address = ${s.address},
      notification_email = ${s.notificationEmail}, form_origins = ${s.formOrigins}::text[], updated_at = now() WHERE uuid = ${uuid}::uuid`;
  }

  /** The operator's client registration switch and the form origins (f14-regswitch). */
  async setRegistration(tx: Tx, uuid: string, on: boolean, origins: readonly string[]): Promise<void> {
    await tx.$executeRaw`UPDATE partners SET client_registration = ${on}, form_origins = ${[...origins]}::text[], updated_at = now() WHERE uuid = ${uuid}::uuid`;
  }

  /** The embed-code screen (slice C) edits the same origins as the partner's settings and the operator's wizard. */
  async setFormOrigins(tx: Tx, uuid: string, origins: readonly string[]): Promise<void> {
    await tx.$executeRaw`UPDATE partners SET form_origins = ${[...origins]}::text[], updated_at = now() WHERE uuid = ${uuid}::uuid`;
  }

  /** The embedded form's settings of some partners (the operator's embed-code list). */
  formSettings(uuids: readonly string[]): Promise<{ uuid: string; client_registration: boolean; form_origins: string[] }[]> {
    if (!uuids.length) return Promise.resolve([]);
    return this.db.client('global').$queryRaw`SELECT uuid::text AS uuid, client_registration, form_origins FROM partners WHERE uuid = ANY(${[...uuids]}::uuid[])`;
  }

  /**
   * Direct contract for one client (its scope already checked through ClientsRepository.inScope in
   * the same unit of work): no agency, contract type none. The row after, for identity's copy.
   */
  async toDirect(tx: Tx, uuid: string): Promise<{ uuid: string; contractType: string; licenceType: string; status: string; partnerUuid: string | null; euRestricted: boolean } | null> {
    const rows = await tx.$queryRaw<{ uuid: string; contractType: string; licenceType: string; status: string; partnerUuid: string | null; euRestricted: boolean }[]>`
      UPDATE clients SET contract_type = 'none', partner_uuid = NULL, updated_at = now() WHERE uuid = ${uuid}::uuid
      RETURNING uuid::text AS uuid, contract_type AS "contractType", licence_type AS "licenceType", status, partner_uuid::text AS "partnerUuid", eu_restricted AS "euRestricted"`;
    return rows[0] ?? null;
  }

  private where(filter: Omit<TPartnerListQuery, 'page' | 'per_page'>, search: PartnerSearch = NO_SEARCH): Prisma.Sql {
    const conditions: Prisma.Sql[] = [];
    if (search.uuid) conditions.push(Prisma.sql`p.uuid = ${search.uuid}::uuid`);
    else if (search.term) {
      // Each branch has its pg_trgm GIN index (migration 20261225100000_one_search), the last the primary key.
      const text = likePattern(search.term.text);
      const compact = likePattern(search.term.compact);
      conditions.push(Prisma.sql`(p.name ILIKE ${text} OR p.owner_email ILIKE ${text}
        OR (p.owner_family_name || p.owner_given_name) ILIKE ${compact} OR (p.owner_given_name || p.owner_family_name) ILIKE ${compact}
        OR p.uuid = ANY(${search.alsoMatched}::uuid[]))`);
    }
    if (filter.status) conditions.push(Prisma.sql`p.status = ${filter.status}`);
    if (filter.review_state) conditions.push(Prisma.sql`p.review_state = ${filter.review_state}`);
    return conditions.length ? Prisma.sql`WHERE ${Prisma.join(conditions, ' AND ')}` : Prisma.empty;
  }
}
