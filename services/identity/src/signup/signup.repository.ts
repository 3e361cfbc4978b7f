import { Inject, Injectable } from '@nestjs/common';
import { Events, type TMailRequested, type TShard } from '@portal/proto';
import { enqueueEvent } from '@portal/service-common/db/outbox';
import { SERVICE_DB, type ServiceDb } from '@portal/service-common/service-db';
import type { PrismaClient } from '../generated/prisma/client.js';

export interface NewTemporaryRegistration {
  email: string;
  tokenHash: string;
  language: string;
  region: string;
  expiresAt: Date;
}

@Injectable()
export class SignupRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: ServiceDb<PrismaClient>) {}

  /** A mail alone (through the outbox), for an address that already has an account. */
  async mailOnly(shard: TShard, mail: TMailRequested, headers: Record<string, string>): Promise<void> {
    await this.db.client(shard).$transaction(async (tx) => {
      await enqueueEvent(tx, Events.notification.mailRequested, mail, headers);
    });
    this.db.kick(shard);
  }

  /** The registration and its mail commit together (transactional outbox). */
  async createTemporary(shard: TShard, row: NewTemporaryRegistration, mail: TMailRequested, headers: Record<string, string>): Promise<void> {
    await this.db.client(shard).$transaction(async (tx) => {
      await tx.temporaryRegistration.create({ data: row });
      await enqueueEvent(tx, Events.notification.mailRequested, mail, headers);
    });
    this.db.kick(shard);
  }
}
