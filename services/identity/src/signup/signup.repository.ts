import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_DB } from '@portal/service-common/service-db';
import { executor, type IdentityDb, type TemporaryRegistration, type Tx, type TxOrShard } from '../db.js';

/**
 * Temporary registrations: an address waiting for full registration, in the host's region. Its
 * link is a one-time token (purpose `signup`) that names the registration.
 */
@Injectable()
export class SignupRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  async create(tx: Tx, row: Pick<TemporaryRegistration, 'email' | 'language' | 'region' | 'euDeclared'>): Promise<string> {
    return (await tx.temporaryRegistration.create({ data: row, select: { id: true } })).id;
  }

  find(on: TxOrShard, id: string): Promise<TemporaryRegistration | null> {
    return executor(this.db, on).temporaryRegistration.findUnique({ where: { id } });
  }

  /** The registration is done: its row goes (the used link stays, and says "already registered"). */
  async delete(tx: Tx, id: string): Promise<void> {
    await tx.temporaryRegistration.deleteMany({ where: { id } });
  }
}
