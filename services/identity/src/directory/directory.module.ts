import { Global, Module } from '@nestjs/common';
import { DirectoryHandler } from './directory.handler.js';
import { DirectoryRepository } from './directory.repository.js';

/** The directory of home regions in the global shard (login from any region's host, issue 9 item 9). */
@Global()
@Module({ providers: [DirectoryHandler, DirectoryRepository], exports: [DirectoryRepository] })
export class DirectoryModule {}
