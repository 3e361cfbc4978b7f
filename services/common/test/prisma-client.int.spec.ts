import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TShard } from '@portal/proto';
import { generateService } from '../../../scripts/generate.js';
import { defaultMigrationsDir, migrateService } from '../src/db/migrate.js';
import { enqueue } from '../src/db/outbox.js';
import { idempotent } from '../src/db/idempotent.js';
import { RegionRouter } from '../src/db/region-router.js';
import { dropSchemas, testShardMap, uniqueService } from './db-helpers.js';

type ClientModule = typeof import('../../identity/src/generated/prisma/client.js');

const SHARDS: TShard[] = ['jpn', 'usa'];
const service = uniqueService('identity');

/**
 * The generated Prisma client of a real service through RegionRouter: model queries land in the
 * shard's schema (PrismaPg `{ schema }`) and raw SQL too (search_path in the router's URL).
 */
describe('Prisma client per shard (PostgreSQL)', () => {
  let mod: ClientModule;
  let router: RegionRouter<InstanceType<ClientModule['PrismaClient']>>;

  beforeAll(async () => {
    await generateService('identity');
    mod = await import('../../identity/src/generated/prisma/client.js');
    await migrateService({ service, migrationsDir: defaultMigrationsDir('identity'), shardMap: testShardMap, shards: SHARDS });
    router = new RegionRouter(testShardMap, service, ({ url, schema }) =>
      new mod.PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 2 }, { schema }) }), SHARDS);
  });
  afterAll(async () => {
    await router?.disconnectAll();
    await dropSchemas(service, SHARDS);
  });

  it('keeps each shard in its own schema and enqueues in the same transaction', async () => {
    const jpn = router.client('jpn');
    const id = await jpn.$transaction(async (tx) => {
      await tx.temporaryRegistration.create({ data: { email: 'a@example.com', language: 'ja-jp', region: 'jpn' } });
      return enqueue(tx, { subject: 'events.identity.signup.temporary-registered', payload: { region: 'jpn' } });
    });
    await expect(jpn.$transaction(async (tx) => {
      await tx.temporaryRegistration.create({ data: { email: 'b@example.com', language: 'ja-jp', region: 'jpn' } });
      await enqueue(tx, { subject: 'events.identity.signup.temporary-registered', payload: {} });
      throw new Error('abort');
    })).rejects.toThrow('abort');

    expect(await jpn.temporaryRegistration.count()).toBe(1);
    expect((await jpn.outbox.findMany()).map((r) => r.id)).toEqual([id]);
    expect(await router.client('usa').temporaryRegistration.count()).toBe(0);
    expect(await router.client('usa').outbox.count()).toBe(0);

    expect(await jpn.$transaction((tx) => idempotent(tx, 'c', 'm1'))).toBe(true);
    expect(await jpn.$transaction((tx) => idempotent(tx, 'c', 'm1'))).toBe(false);
    expect(await router.client('usa').$transaction((tx) => idempotent(tx, 'c', 'm1'))).toBe(true);
  });
});
