import type { TShard } from '@portal/proto';
import type { RegionRouter } from './db/region-router.js';

/** A statement with `$n` placeholders and its values (a Prisma.Sql has both, as `text` and `values`). */
export interface SqlStatement { readonly text: string; readonly values: readonly unknown[] }

/** What a repository needs: the client of a shard, and a way to hurry the outbox relay. */
export interface ServiceDb<C> {
  client(shard: TShard): C;
  /**
   * For a hot read only: the statement straight on the shard's connection pool, as a named
   * prepared statement (parsed once per connection, and after five runs planned once, where Prisma
   * sends every statement unnamed and PostgreSQL plans it on every call), rows as node-postgres
   * gives them (json parsed, timestamps as Dates). The name is `label` and a digest of the text,
   * so each shape of a statement is its own prepared statement. The pool's search_path is the
   * service's schema, as for $queryRaw. docs/decisions.md, "Hardening: speed (second pass)".
   */
  prepared<R>(shard: TShard, label: string, statement: SqlStatement): Promise<R[]>;
  /** After a commit that wrote outbox rows: publish them now instead of at the next sweep. */
  kick(shard: TShard): void;
  shards(): readonly TShard[];
  ping(): Promise<boolean>;
  readonly router: RegionRouter<C & object>;
}
export const SERVICE_DB = Symbol('ServiceDb');
