import { Inject, Injectable } from '@nestjs/common';
import { ZRegion, type TDirectoryChanged, type TRegion } from '@portal/proto';
import { SERVICE_DB } from '@portal/service-common/service-db';
import type { IdentityDb, Tx } from '../db.js';

/**
 * The directory of home regions (issue 9 item 9), in the global shard only: email -> the region
 * whose shard holds the account. Only this repository touches the table.
 */
@Injectable()
export class DirectoryRepository {
  constructor(@Inject(SERVICE_DB) private readonly db: IdentityDb) {}

  /** The home region of an address, or null (unknown, or an operator's: those live in global). */
  async homeOf(email: string): Promise<TRegion | null> {
    const row = await this.db.client('global').accountDirectory.findUnique({ where: { email: email.trim().toLowerCase() } });
    const region = ZRegion.safeParse(row?.region);
    return region.success ? region.data : null;
  }

  /**
   * Applies one change in the consumer's unit of work (global shard). A removal names the account,
   * so that an older "removed" arriving after the address was taken again changes nothing.
   */
  async apply(tx: Tx, change: TDirectoryChanged): Promise<void> {
    const email = change.email.trim().toLowerCase();
    if (change.removed) {
      await tx.accountDirectory.deleteMany({ where: { email, accountUuid: change.account_uuid } });
      return;
    }
    // An address held by an account of another region stays with the account listed first: the
    // directory never moves a login away from an account that still has the address.
    await tx.accountDirectory.createMany({ data: [{ email, region: change.region, accountUuid: change.account_uuid }], skipDuplicates: true });
    await tx.accountDirectory.updateMany({ where: { email, accountUuid: change.account_uuid }, data: { region: change.region } });
  }
}
