import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { UsageLogDb } from '../db.js';

export interface ProductKeyRow { product: string; keyId: string; ciphertext: string; createdAt: Date; expiresAt: Date | null }

/** Product signing keys (global shard: operator-wide). Only this repository touches the table. */
@Injectable()
export class ProductKeysRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: UsageLogDb) {}

  /** The keys not yet expired, newest first (the current one has no expiry). */
  async live(product: string | undefined, now: Date): Promise<ProductKeyRow[]> {
    return this.db.client('global').productKey.findMany({
      where: { ...(product ? { product } : {}), OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
      orderBy: { createdAt: 'desc' },
      select: { product: true, keyId: true, ciphertext: true, createdAt: true, expiresAt: true },
    });
  }

  /**
   * A new current key for the product; the current one (if any) expires at `previousExpiresAt`,
   * and older rotated-out keys at once. One transaction.
   */
  async rotate(product: string, row: { keyId: string; ciphertext: string; createdBy: string | null }, now: Date, previousExpiresAt: Date): Promise<{ createdAt: Date; previousExpiresAt: Date | null }> {
    return this.db.client('global').$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`product-key:${product}`}))`;
      await tx.productKey.updateMany({ where: { product, expiresAt: { gt: now } }, data: { expiresAt: now } });
      const current = await tx.productKey.updateMany({ where: { product, expiresAt: null }, data: { expiresAt: previousExpiresAt } });
      const created = await tx.productKey.create({ data: { product, keyId: row.keyId, ciphertext: row.ciphertext, createdBy: row.createdBy, createdAt: now } });
      return { createdAt: created.createdAt, previousExpiresAt: current.count ? previousExpiresAt : null };
    });
  }

  /** Whether the product has any key, live or not (the seed makes one only once). */
  async any(product: string): Promise<boolean> {
    return (await this.db.client('global').productKey.count({ where: { product } })) > 0;
  }
}
