/**
 * Issue 24: reference data, apart from demo data. What every install needs before its first
 * operator logs in, in production as much as in a demo: the product catalogue, the plan master,
 * tax and FX rates, the mail templates and common parts, the terms of use and their URLs.
 *
 * Idempotent and never overwriting an operator's edit: every row is inserted only when missing
 * (INSERT … ON CONFLICT DO NOTHING; the catalogue's columns are filled once, while empty). A row an
 * operator edited stays as it is; one an operator deleted comes back (archive a plan instead: its
 * status). Mail texts nobody edited follow the code's wording at every notification start
 * (MailTemplatesRepository.sync, the `edited` marker); this step only installs the missing ones,
 * so that they exist before notification first starts.
 *
 * Run by scripts/migrate.ts after the migrations (every deploy: the chart's migration Job), by
 * `npm start` and by the demo seed (scripts/seed.ts), which adds the demo accounts and clients.
 */
import pg from 'pg';
import { LANGUAGES, PRODUCT_IDS, REGION_PROFILES, type TProductId } from '@portal/proto';
import { schemaName, type ShardMap } from '@portal/service-common/db/shard-map';
import { seededParts, seededVersions, templateNames } from '@portal/notification';
import { seedCatalogue } from './seed-catalogue.js';
import { seedPlanMaster, seedTerms } from './seed-plan-master.js';
import { seedTaxFx } from './seed-tax-fx.js';

/** Product kinds and trial lengths (spec/NOTES.md "Products"); operators edit them later. */
const PRODUCT_KINDS: Record<TProductId, { kind: string; trialDays: number | null }> = {
  bownow: { kind: 'marketing_automation', trialDays: 15 },
  actibook: { kind: 'ebook_maker', trialDays: 15 },
  cocoar: { kind: 'ar_tool', trialDays: 15 },
  lessar: { kind: 'web_ar_tool', trialDays: 15 },
  izanai: { kind: 'chatbot', trialDays: 15 },
  aichat: { kind: 'ai_faq_chatbot', trialDays: null },
  bluemonkey: { kind: 'cms', trialDays: null },
  plusdb: { kind: 'no_code_database', trialDays: null },
  cmp: { kind: 'consent_management', trialDays: null },
  lpbuilder: { kind: 'landing_page_builder', trialDays: 7 },
  fullstar: { kind: 'customer_success_tutorial', trialDays: 15 },
  appgoose: { kind: 'app_builder', trialDays: null },
  creca: { kind: 'smartphone_lp_maker', trialDays: null },
  crowdbooth: { kind: 'website_builder', trialDays: null },
  metabadge: { kind: 'unspecified', trialDays: null },
};

async function seedProducts(client: pg.Client): Promise<number> {
  const products = schemaName('global', 'licence');
  const overseas = new Set(REGION_PROFILES.usa.products);
  let inserted = 0;
  for (const [index, id] of PRODUCT_IDS.entries()) {
    const { kind, trialDays } = PRODUCT_KINDS[id];
    const result = await client.query(
      `INSERT INTO "${products}".products (id, kind, trial_days, offered_overseas, sort_order) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [id, kind, trialDays, overseas.has(id), index + 1],
    );
    inserted += result.rowCount ?? 0;
  }
  return inserted;
}

/** The system mail templates and common parts of the code, where missing (notification's start keeps unedited ones in step). */
async function seedMailTemplates(client: pg.Client): Promise<number> {
  const schema = schemaName('global', 'notification');
  const names = [...templateNames()];
  const versions = names.flatMap((name) => Object.entries(seededVersions(name)).map(([language, t]) => ({ name, language, ...t! })));
  const parts = LANGUAGES.flatMap((language) => Object.entries(seededParts(language)).map(([part, text]) => ({ part, language, text })));
  let inserted = (await client.query(`INSERT INTO "${schema}".mail_templates (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING`, [names])).rowCount ?? 0;
  inserted += (await client.query(
    `INSERT INTO "${schema}".mail_template_versions (template, language, subject, body) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) ON CONFLICT (template, language) DO NOTHING`,
    [versions.map((v) => v.name), versions.map((v) => v.language), versions.map((v) => v.subject), versions.map((v) => v.body)],
  )).rowCount ?? 0;
  inserted += (await client.query(
    `INSERT INTO "${schema}".mail_parts (part, language, text) SELECT * FROM unnest($1::text[], $2::text[], $3::text[]) ON CONFLICT (part, language) DO NOTHING`,
    [parts.map((p) => p.part), parts.map((p) => p.language), parts.map((p) => p.text)],
  )).rowCount ?? 0;
  return inserted;
}

/** Installs the reference data on an open connection to the global shard; returns the rows inserted. */
export async function installReferenceData(client: pg.Client): Promise<number> {
  let inserted = await seedProducts(client);
  inserted += await seedCatalogue(client);
  inserted += await seedTaxFx(client);
  inserted += await seedPlanMaster(client);
  inserted += await seedTerms(client);
  inserted += await seedMailTemplates(client);
  return inserted;
}

/** The reference-data step against a shard map (its global shard); returns the rows inserted (0: all present). */
export async function seedReferenceData(shardMap: ShardMap): Promise<number> {
  const client = new pg.Client({ connectionString: shardMap.global });
  await client.connect();
  try {
    return await installReferenceData(client);
  } finally {
    await client.end();
  }
}
