import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { IdentityDb } from '../db.js';

export interface SigningKeyRow { kid: string; privateJwk: object; publicJwk: object }

/** The SSO signing keys, in the global shard. Only this repository touches the table. */
@Injectable()
export class SigningKeysRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  newest(take: number) {
    return this.db.client('global').signingKey.findMany({ orderBy: { createdAt: 'desc' }, take });
  }

  byKid(kid: string) {
    return this.db.client('global').signingKey.findUnique({ where: { kid } });
  }

  /** Stores a key unless one with its kid exists (instances that race each store their own). */
  async insert(row: SigningKeyRow): Promise<void> {
    await this.db.client('global').signingKey.createMany({ data: [row], skipDuplicates: true });
  }
}
