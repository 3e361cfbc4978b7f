/**
 * Issue 22: a data repair that needs two shards, so it cannot be a migration (migration SQL runs in
 * one schema): contract items stored before issue 22 kept an initial cost's name in the
 * applicant's language only, holding the Japanese name when the master had none in it. Each such
 * item gets the plan master's names (repairedItemName). Idempotent: a repaired item has a Japanese
 * name and is not read again. Run after the migrations, before the services start (migrate.ts,
 * the all-in-one and distributed starts).
 */
import pg from 'pg';
import { REGIONS } from '@portal/proto';
import { schemaName, type ShardMap } from '@portal/service-common/db/shard-map';
import { repairedItemName } from '../services/licence/src/plans/plans.rules.js';

/** Returns the items repaired (0 once done). */
export async function repairContractItemNames(shardMap: ShardMap): Promise<number> {
  const master = new Map<string, Record<string, string>>();
  const global = new pg.Client({ connectionString: shardMap.global });
  let repaired = 0;
  await global.connect();
  try {
    const clients = new Map<string, pg.Client>();
    try {
      for (const region of REGIONS) {
        let client = clients.get(shardMap[region]);
        if (!client) {
          client = new pg.Client({ connectionString: shardMap[region] });
          await client.connect();
          clients.set(shardMap[region], client);
        }
        const licence = schemaName(region, 'licence');
        const items = (await client.query<{ id: string; plan_id: string; name: Record<string, string> }>(
          `SELECT id, plan_id, name FROM "${licence}".contract_items WHERE jsonb_typeof(name) = 'object' AND NOT (name ? 'ja-jp')`)).rows;
        const missing = [...new Set(items.map((i) => i.plan_id))].filter((id) => !master.has(id));
        if (missing.length) {
          const rows = await global.query<{ id: string; name: Record<string, string> }>(
            `SELECT id, name FROM "${schemaName('global', 'licence')}".plans WHERE id = ANY($1)`, [missing]);
          for (const row of rows.rows) master.set(row.id, row.name);
        }
        for (const item of items) {
          const name = repairedItemName(item.name, master.get(item.plan_id));
          if (!name) continue;
          await client.query(`UPDATE "${licence}".contract_items SET name = $2 WHERE id = $1`, [item.id, JSON.stringify(name)]);
          repaired += 1;
        }
      }
    } finally {
      await Promise.all([...clients.values()].map((c) => c.end()));
    }
  } finally {
    await global.end();
  }
  return repaired;
}
