import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drill } from '../../scripts/backup-restore.js';
import { createTestDatabase, type TestDatabase } from '../support/harness.js';

/** Issue 15, item 5: a backup restores into a new database with every table's rows (docs/operations.md). */
describe('backup and restore drill', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('dumps every shard schema, restores it into a new database and finds the same row counts', async () => {
    const result = await drill(db.url);
    expect(result.differences).toEqual([]);
    expect(result.tables).toBeGreaterThan(50);
    expect(result.rows).toBeGreaterThan(0);
  });
});
