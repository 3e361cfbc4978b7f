import { Inject, Injectable } from '@nestjs/common';
import { INGEST_PRODUCT_IDS, type TProductKeyCreated, type TProductKeyList } from '@portal/proto';
import { CLOCK, type Clock } from '@portal/service-common/clock';
import { recordOperation } from '@portal/service-common/audit';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import type { Tx } from '../db.js';
import { newKeyId, newSecret, openKey, sealKey } from './product-keys.crypto.js';
import { ProductKeysRepository } from './product-keys.repository.js';
import { USAGE_CONFIG, productKeySecret, type TUsageConfig } from './usage.config.js';

/** Operators' product signing keys: made, rotated with an overlap, looked up by the gateway. */
@Injectable()
export class ProductKeysService {
  private readonly kek: Buffer;

  constructor(
    @Inject(ProductKeysRepository) private readonly keys: ProductKeysRepository,
    @Inject(USAGE_CONFIG) private readonly config: TUsageConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {
    this.kek = productKeySecret(config);
  }

  /** A new key for the product (a rotation when it has one); the secret is in this answer only. */
  async create(product: string, createdBy: string | null): Promise<TProductKeyCreated> {
    const secret = newSecret();
    const keyId = newKeyId(product);
    const now = this.clock.now();
    const overlapEnds = new Date(now.getTime() + this.config.PRODUCT_KEY_OVERLAP_HOURS * 3_600_000);
    const made = await this.keys.rotate(product, { keyId, ciphertext: sealKey(this.kek, product, secret), createdBy }, now, overlapEnds);
    // Issue 25: who issued it (never the secret), in the global log.
    await this.uow.run('global', (tx) => recordOperation(tx, { shard: 'global', clientUuid: null, accountUuid: null, operation: 'product_key_created', detail: { product, title: keyId }, target: { type: 'product_key', id: keyId } }));
    return {
      product: product as TProductKeyCreated['product'], key_id: keyId, secret,
      created_at: made.createdAt.toISOString(), previous_expires_at: made.previousExpiresAt?.toISOString() ?? null,
    };
  }

  async list(): Promise<TProductKeyList> {
    const live = await this.keys.live(undefined, this.clock.now());
    return {
      products: INGEST_PRODUCT_IDS.map((product) => {
        const current = live.find((k) => k.product === product && k.expiresAt === null);
        const previous = live.find((k) => k.product === product && k.expiresAt !== null);
        return {
          product, key_id: current?.keyId ?? null, created_at: current?.createdAt.toISOString() ?? null,
          previous_key_id: previous?.keyId ?? null, previous_expires_at: previous?.expiresAt?.toISOString() ?? null,
        };
      }),
    };
  }

  /** The keys that verify the product's signatures now, in clear (for the gateway only). */
  async verifying(product: string): Promise<Array<{ key_id: string; secret: string }>> {
    const live = await this.keys.live(product, this.clock.now());
    return live.map((k) => ({ key_id: k.keyId, secret: openKey(this.kek, k.product, k.ciphertext) }));
  }

  /** The demo seed (never in production): a key with a known secret, so developers can sign sandbox requests. */
  async importDemo(product: string, secret: string): Promise<void> {
    if (this.config.NODE_ENV === 'production') return;
    const now = this.clock.now();
    await this.keys.rotate(product, { keyId: `pk_${product}_demo`, ciphertext: sealKey(this.kek, product, secret), createdBy: null }, now, now);
  }

  async hasAny(product: string): Promise<boolean> {
    return this.keys.any(product);
  }
}
