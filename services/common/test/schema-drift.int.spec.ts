import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICES } from '@portal/proto';
import { diffFromEmpty } from '../../../scripts/prisma-diff.js';
import { defaultMigrationsDir } from '../src/db/migrate.js';
import { TEST_DATABASE_URL } from './db-helpers.js';

/**
 * Each service's migrations must create exactly what its schema.prisma describes. While a service
 * has only its init migration, that migration must equal the schema engine's diff from empty
 * (regenerate with `tsx scripts/prisma-diff.ts <service>` after deleting it, before the first release).
 */
describe('migrations match schema.prisma', () => {
  for (const service of SERVICES) {
    it(service, async () => {
      const dir = defaultMigrationsDir(service);
      const migrations = (await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
      expect(migrations.length).toBeGreaterThan(0);
      if (migrations.length > 1) return; // later migrations: covered by review and migrate tests
      const sql = await readFile(path.join(dir, migrations[0], 'migration.sql'), 'utf8');
      const expected = await diffFromEmpty(path.join(dir, '..', 'schema.prisma'), TEST_DATABASE_URL);
      expect(sql).toBe(expected);
      expect(sql).not.toMatch(/"public"|CREATE SCHEMA/);
    });
  }
});
