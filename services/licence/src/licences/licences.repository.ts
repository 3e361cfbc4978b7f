import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { Tx } from '../db.js';
import { contractProducts } from '../plans/plans.rules.js';

/** A product of the catalogue (global shard) with its descriptions. */
export interface CatalogueRow {
  id: string;
  kind: string;
  trialDays: number | null;
  freePlan: boolean;
  regions: string[];
  tags: string[];
  sortOrder: number;
  updatedAt: Date;
  texts: { language: string; description: string }[];
}

export interface LicenceRecord {
  clientUuid: string;
  product: string;
  kind: string;
  startedAt: Date;
  trialEndsOn: string | null;
  endedAt: Date | null;
  notifyEmail: string | null;
  notifyName: string | null;
  notifyLanguage: string | null;
  mail3dSentAt: Date | null;
  mailEndSentAt: Date | null;
}

const toDay = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
const fromDay = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);

type LicenceModel = {
  clientUuid: string; product: string; kind: string; startedAt: Date; trialEndsOn: Date | null; endedAt: Date | null;
  notifyEmail: string | null; notifyName: string | null; notifyLanguage: string | null; trialMail3dSentAt: Date | null; trialMailEndSentAt: Date | null;
};
const record = (r: LicenceModel): LicenceRecord => ({
  clientUuid: r.clientUuid, product: r.product, kind: r.kind, startedAt: r.startedAt, trialEndsOn: toDay(r.trialEndsOn), endedAt: r.endedAt,
  notifyEmail: r.notifyEmail, notifyName: r.notifyName, notifyLanguage: r.notifyLanguage, mail3dSentAt: r.trialMail3dSentAt, mailEndSentAt: r.trialMailEndSentAt,
});

/** The catalogue (global shard) and the licences and domains of clients (their region's shard). */
@Injectable()
export class LicencesRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  shards(): readonly TShard[] {
    return this.db.shards();
  }

  catalogue(): Promise<CatalogueRow[]> {
    return this.db.client('global').product.findMany({
      include: { texts: { select: { language: true, description: true } } },
      orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
    });
  }

  async catalogueProduct(id: string): Promise<CatalogueRow | null> {
    return this.db.client('global').product.findUnique({ where: { id }, include: { texts: { select: { language: true, description: true } } } });
  }

  /** An operator's edit: trial length, regions, and the descriptions given (an empty one is removed). */
  async updateProduct(tx: Tx, id: string, data: { trialDays: number | null; regions: string[]; descriptions: Record<string, string> }): Promise<void> {
    await tx.product.update({ where: { id }, data: { trialDays: data.trialDays, regions: data.regions } });
    for (const [language, description] of Object.entries(data.descriptions)) {
      if (description) {
        await tx.productText.upsert({ where: { productId_language: { productId: id, language } }, create: { productId: id, language, description }, update: { description } });
      } else {
        await tx.productText.deleteMany({ where: { productId: id, language } });
      }
    }
  }

  async licencesOf(shard: TShard, clientUuid: string): Promise<LicenceRecord[]> {
    return (await this.db.client(shard).licence.findMany({ where: { clientUuid } })).map(record);
  }

  /** Issue 22: whether the client is marked as subject to the EU data-protection rule. */
  async euRestricted(shard: TShard, clientUuid: string): Promise<boolean> {
    const row = await this.db.client(shard).client.findUnique({ where: { uuid: clientUuid }, select: { euRestricted: true } });
    return row?.euRestricted ?? false;
  }

  async licence(shard: TShard, clientUuid: string, product: string): Promise<LicenceRecord | null> {
    const row = await this.db.client(shard).licence.findUnique({ where: { clientUuid_product: { clientUuid, product } } });
    return row ? record(row) : null;
  }

  /**
   * Issue 22: serialises starts of one (client, product) until the transaction ends (a
   * transaction-level advisory lock): ten concurrent starts run one after the other, and each
   * reads what the one before it committed.
   */
  async lockStart(tx: Tx, clientUuid: string, product: string): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`licence-start:${clientUuid}:${product}`}))`;
  }

  /** The licence row as the transaction sees it (after lockStart). */
  async licenceIn(tx: Tx, clientUuid: string, product: string): Promise<LicenceRecord | null> {
    const row = await tx.licence.findUnique({ where: { clientUuid_product: { clientUuid, product } } });
    return row ? record(row) : null;
  }

  /** Whether the client has had a trial of the product (issue 22: its trial record, kept for ever). */
  async trialUsedIn(tx: Tx, clientUuid: string, product: string): Promise<boolean> {
    return (await tx.trial.count({ where: { clientUuid, product } })) > 0;
  }

  /**
   * Records the client's one trial of the product: false, and nothing written, when it already
   * has one (the primary key decides, so two transactions cannot both record it).
   */
  async recordTrial(tx: Tx, t: { clientUuid: string; product: string; startedAt: Date; endsOn: string; startedBy: string }): Promise<boolean> {
    const written = await tx.trial.createMany({ data: [{ ...t, endsOn: fromDay(t.endsOn)! }], skipDuplicates: true });
    return written.count === 1;
  }

  /** The products the client has had a trial of. */
  async trialsOf(shard: TShard, clientUuid: string): Promise<Set<string>> {
    const rows = await this.db.client(shard).trial.findMany({ where: { clientUuid }, select: { product: true } });
    return new Set(rows.map((r) => r.product));
  }

  /** Starts (or restarts, after an ended free licence) a client's licence for a product. */
  async start(tx: Tx, row: { clientUuid: string; product: string; kind: 'free' | 'trial'; startedAt: Date; trialEndsOn: string | null; startedBy: string; notifyEmail: string | null; notifyName: string | null; notifyLanguage: string }): Promise<void> {
    const data = {
      kind: row.kind, startedAt: row.startedAt, trialEndsOn: fromDay(row.trialEndsOn), endedAt: null, startedBy: row.startedBy,
      notifyEmail: row.notifyEmail, notifyName: row.notifyName, notifyLanguage: row.notifyLanguage, trialMail3dSentAt: null, trialMailEndSentAt: null,
    };
    await tx.licence.upsert({ where: { clientUuid_product: { clientUuid: row.clientUuid, product: row.product } }, create: { clientUuid: row.clientUuid, product: row.product, ...data }, update: data });
  }

  /** Free licences for `products` (kept on unlink): a trial or an ended licence becomes the free plan. */
  async makeFree(tx: Tx, clientUuid: string, products: string[], at: Date): Promise<void> {
    for (const product of products) {
      await tx.licence.upsert({
        where: { clientUuid_product: { clientUuid, product } },
        create: { clientUuid, product, kind: 'free', startedAt: at },
        update: { kind: 'free', trialEndsOn: null, endedAt: null },
      });
    }
  }

  /** Ends the licences of `products` (not kept on unlink). */
  async end(tx: Tx, clientUuid: string, products: string[], at: Date): Promise<void> {
    await tx.licence.updateMany({ where: { clientUuid, product: { in: products }, endedAt: null }, data: { endedAt: at } });
  }

  /** Trials not yet ended whose reminder may be due (last day on or before `until`). */
  async openTrials(shard: TShard, until: string): Promise<LicenceRecord[]> {
    return (await this.db.client(shard).licence.findMany({ where: { kind: 'trial', endedAt: null, trialEndsOn: { lte: fromDay(until)! } } })).map(record);
  }

  /**
   * Of these clients, the products each has applied for under a paid plan that is not over: under
   * review, allowed, live or cancelling (a package stands for the products it grants), as
   * `client_uuid` → products. The trial job mails no reminder for them.
   */
  async paidApplied(shard: TShard, clientUuids: readonly string[]): Promise<Map<string, Set<string>>> {
    const out = new Map<string, Set<string>>();
    if (!clientUuids.length) return out;
    const rows = await this.db.client(shard).contract.findMany({
      where: { clientUuid: { in: [...new Set(clientUuids)] }, status: { in: ['reviewing', 'scheduled', 'active', 'cancelling'] }, monthlyAmount: { gt: 0 } },
      select: { clientUuid: true, product: true, grants: true },
    });
    for (const r of rows) {
      const products = out.get(r.clientUuid) ?? new Set<string>();
      for (const p of contractProducts(r)) products.add(p);
      out.set(r.clientUuid, products);
    }
    return out;
  }

  /** Marks a mail sent, once: false when another run marked it first. */
  async markMail(tx: Tx, clientUuid: string, product: string, which: '3d' | 'end', at: Date): Promise<boolean> {
    const field = which === '3d' ? 'trialMail3dSentAt' : 'trialMailEndSentAt';
    const r = await tx.licence.updateMany({ where: { clientUuid, product, kind: 'trial', [field]: null }, data: { [field]: at } });
    return r.count === 1;
  }

  async endTrial(tx: Tx, clientUuid: string, product: string, at: Date): Promise<boolean> {
    const r = await tx.licence.updateMany({ where: { clientUuid, product, kind: 'trial', endedAt: null }, data: { endedAt: at } });
    return r.count === 1;
  }

  async domainsOf(shard: TShard, clientUuid: string): Promise<{ domain: string; product: string; verifiedAt: Date }[]> {
    return this.db.client(shard).clientDomain.findMany({ where: { clientUuid }, orderBy: [{ domain: 'asc' }, { product: 'asc' }] });
  }

  async link(tx: Tx, clientUuid: string, domain: string, products: string[], at: Date): Promise<void> {
    await tx.clientDomain.createMany({ data: products.map((product) => ({ clientUuid, product, domain, verifiedAt: at })), skipDuplicates: true });
  }

  /** Removes a domain's entries; answers the products that were linked with it. */
  async unlink(tx: Tx, clientUuid: string, domain: string): Promise<string[]> {
    const rows = await tx.clientDomain.findMany({ where: { clientUuid, domain }, select: { product: true } });
    await tx.clientDomain.deleteMany({ where: { clientUuid, domain } });
    return rows.map((r) => r.product);
  }
}
