import { describe, expect, it, vi } from 'vitest';
import { SHARDS } from '@portal/proto';
import { parseShardMap, schemaName, shardUrlKey, urlWithSearchPath, ZShardMapConfig } from './shard-map.js';
import { RegionRouter } from './region-router.js';
import { migrationChecksum } from './migrate.js';

describe('shard map', () => {
  it('gives every shard the default URL', () => {
    const map = parseShardMap({ DATABASE_URL: 'postgresql://a@h/db' });
    expect(Object.keys(map).sort()).toEqual([...SHARDS].sort());
    expect(new Set(Object.values(map))).toEqual(new Set(['postgresql://a@h/db']));
  });

  it('takes per-shard overrides and ignores empty and unrelated values', () => {
    const map = parseShardMap({
      DATABASE_URL: 'postgresql://a@h/db',
      DATABASE_URL_JPN: 'postgresql://a@jp/db',
      DATABASE_URL_GLOBAL: 'postgres://a@g/db',
      DATABASE_URL_THA: '',
      OTHER: 'x',
    });
    expect(map.jpn).toBe('postgresql://a@jp/db');
    expect(map.global).toBe('postgres://a@g/db');
    expect(map.tha).toBe('postgresql://a@h/db');
    expect(map.usa).toBe('postgresql://a@h/db');
  });

  it('refuses a DATABASE_URL_<X> that names no shard, naming it (issue 24: a misspelt region must not fall back to the default database)', () => {
    const bad = () => parseShardMap({ DATABASE_URL: 'postgresql://a@h/db', DATABASE_URL_JAPAN: 'postgresql://a@jp/db', DATABASE_URL_USA: 'postgresql://a@us/db' });
    expect(bad).toThrow(/DATABASE_URL_JAPAN: not a shard/);
    expect(bad).not.toThrow(/DATABASE_URL_USA: not a shard/);
    expect(() => parseShardMap({ DATABASE_URL: 'postgresql://a@h/db', DATABASE_URL_global: 'postgresql://a@g/db' })).toThrow(/DATABASE_URL_global/);
  });

  it('rejects a missing or malformed URL', () => {
    expect(() => parseShardMap({})).toThrow();
    expect(() => parseShardMap({ DATABASE_URL: 'mysql://x' })).toThrow();
    expect(() => parseShardMap({ DATABASE_URL: 'postgresql://a@h/db', DATABASE_URL_USA: 'nope' })).toThrow();
  });

  it('is a zod fragment usable in a config schema', () => {
    expect(ZShardMapConfig.shape).toHaveProperty(shardUrlKey('jpn'));
    expect(shardUrlKey('global')).toBe('DATABASE_URL_GLOBAL');
  });

  it('names schemas shard_service with dashes as underscores', () => {
    expect(schemaName('jpn', 'identity')).toBe('jpn_identity');
    expect(schemaName('global', 'licence')).toBe('global_licence');
    expect(schemaName('jpn', 'usage-log')).toBe('jpn_usage_log');
    expect(() => schemaName('jpn', 'bad"name')).toThrow();
  });

  it('adds search_path to a URL', () => {
    const u = new URL(urlWithSearchPath('postgresql://u:p@h:5432/db?sslmode=disable', 'jpn_identity'));
    expect(u.searchParams.get('options')).toBe('-c search_path=jpn_identity');
    expect(u.searchParams.get('sslmode')).toBe('disable');
  });
});

describe('RegionRouter', () => {
  const map = parseShardMap({ DATABASE_URL: 'postgresql://a@h/db', DATABASE_URL_JPN: 'postgresql://a@jp/db' });

  it('creates one client per shard lazily, with the shard schema, and caches it', () => {
    const factory = vi.fn((c: { url: string; schema: string }) => ({ ...c, $disconnect: vi.fn(async () => {}) }));
    const router = new RegionRouter(map, 'usage-log', factory);
    expect(factory).not.toHaveBeenCalled();
    const jpn = router.client('jpn');
    expect(router.client('jpn')).toBe(jpn);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(jpn.schema).toBe('jpn_usage_log');
    expect(jpn.url.startsWith('postgresql://a@jp/db?options=')).toBe(true);
    expect(router.client('tha').schema).toBe('tha_usage_log');
    expect(router.shards()).toEqual(SHARDS);
  });

  it('disconnects every client it created', async () => {
    const clients: { $disconnect: ReturnType<typeof vi.fn> }[] = [];
    const router = new RegionRouter(map, 'identity', () => {
      const c = { $disconnect: vi.fn(async () => {}) };
      clients.push(c);
      return c;
    });
    router.client('jpn');
    router.client('usa');
    await router.disconnectAll();
    expect(clients.map((c) => c.$disconnect.mock.calls.length)).toEqual([1, 1]);
    router.client('jpn');
    expect(clients).toHaveLength(3);
  });

  it('refuses an unknown shard', () => {
    const router = new RegionRouter(map, 'identity', () => ({}), ['jpn']);
    expect(() => router.client('usa')).toThrow(/Unknown shard/);
  });
});

describe('migrationChecksum', () => {
  it('is the sha256 hex of the file, as Prisma records it', () => {
    expect(migrationChecksum('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});
