import { z } from 'zod';
import { SHARDS, type TServiceName, type TShard } from '@portal/proto';
import { ConfigError } from '../config.js';

/**
 * The shard map: which database each shard (the 11 regions plus `global`) lives in. By default all
 * shards share DATABASE_URL; DATABASE_URL_<SHARD> (e.g. DATABASE_URL_JPN, DATABASE_URL_GLOBAL)
 * moves one shard to another database. Inside a database every (shard, service) pair is its own
 * PostgreSQL schema, see schemaName().
 */
export type ShardMap = Readonly<Record<TShard, string>>;

const ZDbUrl = z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL');

export function shardUrlKey(shard: TShard): string {
  return `DATABASE_URL_${shard.toUpperCase()}`;
}

/** Zod fragment for a service's config schema: `ZBaseConfig.extend(ZShardMapConfig.shape)`. */
export const ZShardMapConfig = z.object({
  DATABASE_URL: ZDbUrl,
  ...(Object.fromEntries(SHARDS.map((s) => [shardUrlKey(s), ZDbUrl.optional()])) as Record<string, z.ZodOptional<typeof ZDbUrl>>),
});
export type TShardMapConfig = { DATABASE_URL: string } & Partial<Record<string, string>>;

/**
 * Issue 24: DATABASE_URL_<X> variables that name no shard (a misspelt `DATABASE_URL_JAPAN` would
 * otherwise be ignored, and that region's data would land in the default database).
 */
export function unknownShardKeys(input: Readonly<Record<string, string | undefined>>): string[] {
  const known = new Set(SHARDS.map(shardUrlKey));
  return Object.keys(input).filter((key) => key.startsWith('DATABASE_URL_') && !known.has(key));
}

/**
 * Builds the shard map from env-like strings (parsed config or a plain record; this never reads
 * process.env). Empty strings count as unset. Throws a ZodError on a bad URL.
 */
export function parseShardMap(input: Readonly<Record<string, string | undefined>>): ShardMap {
  const unknown = unknownShardKeys(input);
  if (unknown.length) {
    throw new ConfigError(`Invalid configuration:\n${unknown.map((k) => `  ${k}: not a shard; the shards' variables are ${SHARDS.map(shardUrlKey).join(', ')}`).join('\n')}`);
  }
  const cleaned = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZShardMapConfig.parse(cleaned) as Record<string, string | undefined>;
  const defaultUrl = parsed.DATABASE_URL as string;
  return Object.freeze(Object.fromEntries(SHARDS.map((s) => [s, parsed[shardUrlKey(s)] ?? defaultUrl]))) as ShardMap;
}

/** A shard map with every shard in one database. */
export function singleDatabaseShardMap(url: string): ShardMap {
  return parseShardMap({ DATABASE_URL: url });
}

/** The PostgreSQL schema of one service in one shard: `jpn_identity`, `global_usage_log`. */
export function schemaName(shard: TShard, service: TServiceName | string): string {
  const name = `${shard}_${service.replace(/-/g, '_')}`;
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid schema name ${name}`);
  return name;
}

/**
 * The URL with search_path set to `schema` (for tools that take only a URL, such as the Prisma CLI
 * or the schema engine). Queries through PrismaPg pass `{ schema }` instead.
 */
export function urlWithSearchPath(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
