import { Inject, Injectable } from '@nestjs/common';
import type { TShard } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { Prisma } from '../generated/prisma/client.js';
import type { ClientRegistrationModel as Registration, EmbedFormModel as EmbedForm, MigrationModel as Migration } from '../generated/prisma/models.js';
import type { LicenceDb, Tx } from '../db.js';

export type { Migration, Registration, EmbedForm };
export type NewMigration = Omit<Prisma.MigrationCreateManyInput, 'createdAt'>;
export type NewRegistration = Omit<Prisma.ClientRegistrationCreateManyInput, 'createdAt'>;

/** Issue 14, slice C: migrations, client registrations and embedded forms. Only this repository touches them. */
@Injectable()
export class MigrationRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: LicenceDb) {}

  /** Inserts unless the (requester, key) pair exists; answers the row that holds the pair either way. */
  async insertMigration(tx: Tx, row: NewMigration): Promise<{ row: Migration; created: boolean }> {
    const { count } = await tx.migration.createMany({ data: [row], skipDuplicates: true });
    const found = await tx.migration.findUniqueOrThrow({ where: { requestedBy_idempotencyKey: { requestedBy: row.requestedBy, idempotencyKey: row.idempotencyKey } } });
    return { row: found, created: count === 1 };
  }

  findMigration(shard: TShard, requestedBy: string, key: string): Promise<Migration | null> {
    return this.db.client(shard).migration.findUnique({ where: { requestedBy_idempotencyKey: { requestedBy, idempotencyKey: key } } });
  }


  listMigrations(shard: TShard): Promise<Migration[]> {
    return this.db.client(shard).migration.findMany({ orderBy: [{ createdAt: 'desc' }, { uuid: 'asc' }], take: 50 });
  }

  clientName(shard: TShard, uuid: string): Promise<{ uuid: string; companyName: string } | null> {
    return this.db.client(shard).client.findUnique({ where: { uuid }, select: { uuid: true, companyName: true } });
  }

  searchClients(shard: TShard, q: string): Promise<{ uuid: string; companyName: string }[]> {
    return this.db.client(shard).client.findMany({
      where: q ? { companyName: { contains: q, mode: 'insensitive' } } : {},
      select: { uuid: true, companyName: true }, orderBy: [{ companyName: 'asc' }, { uuid: 'asc' }], take: 20,
    });
  }

  async insertRegistration(tx: Tx, row: NewRegistration): Promise<{ row: Registration; created: boolean }> {
    const { count } = await tx.clientRegistration.createMany({ data: [row], skipDuplicates: true });
    const found = await tx.clientRegistration.findUniqueOrThrow({ where: { partnerUuid_idempotencyKey: { partnerUuid: row.partnerUuid, idempotencyKey: row.idempotencyKey } } });
    return { row: found, created: count === 1 };
  }

  findRegistration(shard: TShard, partnerUuid: string, key: string): Promise<Registration | null> {
    return this.db.client(shard).clientRegistration.findUnique({ where: { partnerUuid_idempotencyKey: { partnerUuid, idempotencyKey: key } } });
  }


  listRegistrations(shard: TShard, partnerUuid: string): Promise<Registration[]> {
    return this.db.client(shard).clientRegistration.findMany({ where: { partnerUuid }, orderBy: [{ createdAt: 'desc' }, { uuid: 'asc' }], take: 50 });
  }

  embedForm(shard: TShard, partnerUuid: string): Promise<EmbedForm | null> {
    return this.db.client(shard).embedForm.findUnique({ where: { partnerUuid } });
  }

  /**
   * Records the origins a token is signed for (the partner's `form_origins` are the source): other
   * origins raise the token version (the old snippet stops working); the same origins change nothing.
   */
  async setOrigins(tx: Tx, partnerUuid: string, origins: string[]): Promise<EmbedForm> {
    // Insert-or-skip, then a conditional update: two screens signing at once neither fail on the key nor raise the version twice.
    await tx.embedForm.createMany({ data: [{ partnerUuid, origins }], skipDuplicates: true });
    await tx.embedForm.updateMany({ where: { partnerUuid, NOT: { origins: { equals: origins } } }, data: { origins, tokenVersion: { increment: 1 } } });
    return tx.embedForm.findUniqueOrThrow({ where: { partnerUuid } });
  }
}
