import { Inject, Injectable } from '@nestjs/common';
import { Events, type TDirectoryChanged } from '@portal/proto';
import { UnitOfWork } from '@portal/service-common/db/unit-of-work';
import { OnEvent } from '@portal/service-common/service-host';
import type { Tx } from '../db.js';
import { DirectoryRepository } from './directory.repository.js';

/** Keeps the global shard's directory of home regions in step with the accounts (issue 9 item 9). */
@Injectable()
export class DirectoryHandler {
  constructor(
    @Inject(DirectoryRepository) private readonly directory: DirectoryRepository,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork<Tx>,
  ) {}

  /** Once per event: a redelivery changes nothing. */
  @OnEvent(Events.identity.directoryChanged)
  changed(event: TDirectoryChanged, msgId: string): Promise<void> {
    return this.uow.once('global', 'identity-directory', msgId, (tx) => this.directory.apply(tx, event));
  }
}
